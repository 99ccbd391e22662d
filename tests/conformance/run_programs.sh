#!/usr/bin/env bash
# Bazel wrapper around run_conformance.py for a directory of programs other than this
# one: run_programs.sh DIR NAME_REGEX, DIR relative to the workspace (tests/upstream).
set -u
root="${TEST_SRCDIR:-.}/wick"
wick="$(cd "$root/tools" 2>/dev/null && pwd)/wick"
exec /usr/bin/python3 "$root/tests/conformance/run_conformance.py" "$wick" "$root/$1" "$2"
