#!/usr/bin/env bash
# ./wick bench tensor: builds every tensor micro-benchmark (cc_binary targets named
# *_benchmark under //tensor and //logging), runs them single-threaded, times the same
# ops in PyTorch 1.13 eager in the same run, and prints wick/PyTorch ratios.
# Extra arguments go to compare_torch.py (e.g. --filter=add).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
mapfile -t targets < <(bazel query 'filter("_benchmark$", kind(cc_binary, //tensor/... + //logging/...))' 2>/dev/null)
if [[ ${#targets[@]} -eq 0 ]]; then
  echo "wick bench: no benchmark targets found" >&2
  exit 1
fi
bazel build ${WICK_BAZEL_FLAGS:-} "${targets[@]}" >&2
bin="$(bazel info ${WICK_BAZEL_FLAGS:-} bazel-bin 2>/dev/null)"
binaries=()
for t in "${targets[@]}"; do
  pkg="${t#//}"; pkg="${pkg%%:*}"; name="${t##*:}"
  binaries+=("$bin/$pkg/$name")
done
export OMP_NUM_THREADS="${OMP_NUM_THREADS:-1}" WICK_NUM_THREADS="${WICK_NUM_THREADS:-1}"
exec /usr/bin/python3 benchmarks/tensor/compare_torch.py "$@" "${binaries[@]}"
