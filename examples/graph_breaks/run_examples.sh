#!/usr/bin/env bash
# Bazel wrapper around run_examples.py with the wick binary Bazel built.
set -u
here="${TEST_SRCDIR:-.}/wick/examples/graph_breaks"
[[ -d "$here" ]] || here="$(dirname "$0")"
wick="$(cd "${TEST_SRCDIR:-.}/wick/tools" 2>/dev/null && pwd)/wick"
exec /usr/bin/python3 "$here/run_examples.py" "$wick" "$here"
