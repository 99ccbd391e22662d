#!/usr/bin/env bash
# Bazel wrapper around run_dynamic.py with the wick binary Bazel built.
set -u
here="${TEST_SRCDIR:-.}/wick/tests/dynamic"
[[ -d "$here" ]] || here="$(dirname "$0")"
wick="$(cd "${TEST_SRCDIR:-.}/wick/tools" 2>/dev/null && pwd)/wick"
exec /usr/bin/python3 "$here/run_dynamic.py" "$wick" "$here"
