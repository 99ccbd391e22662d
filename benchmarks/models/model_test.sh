#!/usr/bin/env bash
# Runs one model script (argument) under wick in the compiled-eager and compiled-onednn
# modes with --check and a few timed calls; fails unless both print CHECK OK.
set -u
dir="${TEST_SRCDIR:-.}/wick/benchmarks/models"
wick="${TEST_SRCDIR:-.}/wick/tools/wick"
model="$1"
failed=0
# A second argument --training also checks one training step of each compiled mode
# (loss and parameters after the SGD step equal eager's).
runs=("compiled-eager" "compiled-onednn")
if [[ "${2:-}" == "--training" ]]; then
  runs+=("compiled-eager --training" "compiled-onednn --training")
fi
for run in "${runs[@]}"; do
  read -r mode extra <<<"$run"
  out="$(OMP_NUM_THREADS=1 "$wick" run "$dir/$model" --mode "$mode" ${extra:-} --check --iters 3 --warmup 1 2>&1)"
  status=$?
  grep -E '^(BENCH|CHECK) ' <<<"$out"
  if [[ $status -ne 0 ]] || ! grep -q '^CHECK OK ' <<<"$out"; then
    echo "FAIL $model --mode $mode ${extra:-}(exit status $status):"
    tail -n 20 <<<"$out"
    failed=1
  fi
done
exit $failed
