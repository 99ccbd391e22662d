#!/usr/bin/env bash
# run.py end to end on one small model: exit 0, the CSV starts with upstream's columns and
# has one row, the SVG and the table's geomean line are written.
set -u
dir="${TEST_SRCDIR:-.}/wick/benchmarks/models"
wick="$(cd "${TEST_SRCDIR:-.}/wick/tools" && pwd)/wick"
out="${TEST_TMPDIR:-/tmp}/run_py_test"
rm -rf "$out"
if ! log="$(/usr/bin/python3 "$dir/run.py" --wick "$wick" --filter small_tensors --repeat 1 \
    --min-time 0.05 --modes eager,compiled-onednn,torch-eager --out "$out" 2>&1)"; then
  echo "FAIL: run.py exited with an error"; echo "$log"; exit 1
fi
echo "$log"
header="dev,name,batch_size,speedup,abs_latency,compilation_latency,compression_ratio,eager_peak_mem,dynamo_peak_mem,calls_captured,unique_graphs,graph_breaks,unique_graph_breaks,autograd_captures,autograd_compiles,cudagraph_skips,"
failed=0
[[ "$(head -n 1 "$out/models.csv")" == "$header"* ]] || { echo "FAIL: CSV header"; failed=1; }
[[ "$(wc -l < "$out/models.csv")" == 2 ]] || { echo "FAIL: CSV rows"; failed=1; }
grep -q '^cpu,small_tensors,4,' "$out/models.csv" || { echo "FAIL: CSV row"; failed=1; }
grep -q '</svg>' "$out/models.svg" || { echo "FAIL: SVG"; failed=1; }
grep -q '^geomean speedup of compiled-onednn: vs best PyTorch [0-9.]*x' <<<"$log" \
  || { echo "FAIL: geomean line"; failed=1; }
exit $failed
