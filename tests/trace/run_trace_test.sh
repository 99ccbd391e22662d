#!/usr/bin/env bash
# Bazel wrapper: check_trace.py over the programs of three suites.
set -u
root="${TEST_SRCDIR:-.}/wick"
[[ -d "$root" ]] || root="$(cd "$(dirname "$0")/../.." && pwd)"
wick="$(cd "$root/tools" && pwd)/wick"
exec /usr/bin/python3 "$root/tests/trace/check_trace.py" "$wick" \
  "$root"/tests/conformance/item*.py "$root"/examples/graph_breaks/s*.py \
  "$root"/tests/dynamic/[0-9]*.py
