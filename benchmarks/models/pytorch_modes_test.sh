#!/usr/bin/env bash
# Runs each model script (arguments) under CPython + PyTorch 1.13 in the torch-eager,
# torch-mkldnn and torch-jit modes with --check and one timed call.
set -u
dir="${TEST_SRCDIR:-.}/wick/benchmarks/models"
failed=0
for model in "$@"; do
  for mode in torch-eager torch-mkldnn torch-jit; do
    out="$(OMP_NUM_THREADS=1 /usr/bin/python3 "$dir/$model" --mode "$mode" --check --iters 1 --warmup 0 2>&1)"
    status=$?
    if [[ $status -ne 0 ]] || ! grep -q '^CHECK OK ' <<<"$out"; then
      echo "FAIL $model --mode $mode (exit status $status):"
      tail -n 20 <<<"$out"
      failed=1
    else
      grep '^CHECK ' <<<"$out"
    fi
  done
done
exit $failed
