#!/usr/bin/env bash
# Runs every example under wick; each must exit 0 and print exactly its .out file.
set -u
dir="${TEST_SRCDIR:-.}/wick/examples"
wick="${TEST_SRCDIR:-.}/wick/tools/wick"
failed=0
for py in "$dir"/*.py; do
  name="$(basename "$py" .py)"
  if ! out="$(OMP_NUM_THREADS=1 "$wick" run "$py" 2>&1)"; then
    echo "FAIL $name: exit status $?"; echo "$out"; failed=1; continue
  fi
  if ! diff -u "$dir/$name.out" <(echo "$out") >/dev/null; then
    echo "FAIL $name: output differs"; diff -u "$dir/$name.out" <(echo "$out"); failed=1
  else
    echo "PASS $name"
  fi
done
exit $failed
