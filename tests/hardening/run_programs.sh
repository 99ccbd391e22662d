#!/usr/bin/env bash
# Bazel wrapper: the conformance runner over this directory's programs whose names match
# $1 (a Python regex; default every test_*.py).
set -u
root="${TEST_SRCDIR:-.}/wick"
here="$root/tests/hardening"
[[ -d "$here" ]] || here="$(dirname "$0")"
wick="$(cd "$root/tools" 2>/dev/null && pwd)/wick"
exec /usr/bin/python3 "$root/tests/conformance/run_conformance.py" "$wick" "$here" "${1:-test_.*\.py\$}"
