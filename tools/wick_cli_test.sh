#!/usr/bin/env bash
# The CLI's contract: version/help exit 0, an invalid TORCH_LOGS prints upstream's
# message and exits 1, TORCH_LOGS=help prints the help and exits 0.
set -u
WICK="${TEST_SRCDIR:-.}/wick/tools/wick"
[[ -x "$WICK" ]] || WICK="tools/wick"
fail() { echo "FAIL: $*"; exit 1; }

out=$("$WICK" --version) || fail "--version exited $?"
[[ "$out" == wick* ]] || fail "--version printed '$out'"

"$WICK" --help | grep -q "TORCH_LOGS" || fail "--help lacks TORCH_LOGS"

err=$(TORCH_LOGS=+nonsense "$WICK" --version 2>&1 >/dev/null); rc=$?
[[ $rc -eq 1 ]] || fail "invalid TORCH_LOGS exited $rc"
grep -q "^ValueError: " <<<"$err" || fail "no ValueError line: $err"
grep -q "Invalid log settings: +nonsense, must be a comma separated list" <<<"$err" \
  || fail "not upstream's message: $err"

out=$(TORCH_LOGS=help "$WICK" --version); rc=$?
[[ $rc -eq 0 ]] || fail "TORCH_LOGS=help exited $rc"
grep -q "dynamo" <<<"$out" || fail "help output lacks components"

"$WICK" frobnicate 2>/dev/null; [[ $? -eq 2 ]] || fail "unknown command should exit 2"
echo "wick CLI: all checks passed"
