#!/usr/bin/env bash
# Bazel wrapper around run_differential.py: 40 programs of seed 1 under the wick binary
# Bazel built. The last line is the runner's "N passed, M failed".
set -u
here="${TEST_SRCDIR:-.}/wick/tests/differential"
[[ -d "$here" ]] || here="$(dirname "$0")"
wick="$(cd "${TEST_SRCDIR:-.}/wick/tools" 2>/dev/null && pwd)/wick"
exec /usr/bin/python3 "$here/run_differential.py" "$wick" 40 1 -j 2
