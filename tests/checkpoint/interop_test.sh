#!/bin/bash
# Checkpoints across runtimes: PyTorch 1.13 saves, wick loads; wick saves, PyTorch loads.
# Each load prints every value exactly (checkpoint_io.py); all four loads must print the
# same, and wick's file must also load back in wick.
set -euo pipefail
export OMP_NUM_THREADS=1
WICK="${WICK:-$(pwd)/tools/wick}"
HERE="tests/checkpoint"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
run_torch() { /usr/bin/python3 -P "$HERE/checkpoint_io.py" "$@"; }
run_wick() { "$WICK" run "$HERE/checkpoint_io.py" "$@"; }

run_torch save "$TMP/torch.pt"
run_wick save "$TMP/wick.pt"
run_torch load "$TMP/torch.pt" > "$TMP/torch_reads_torch.txt"
run_wick load "$TMP/torch.pt" > "$TMP/wick_reads_torch.txt"
run_torch load "$TMP/wick.pt" > "$TMP/torch_reads_wick.txt"
run_wick load "$TMP/wick.pt" > "$TMP/wick_reads_wick.txt"
status=0
for f in wick_reads_torch torch_reads_wick wick_reads_wick; do
  if diff -u "$TMP/torch_reads_torch.txt" "$TMP/$f.txt"; then
    echo "PASS $f"
  else
    echo "FAIL $f"
    status=1
  fi
done
# wick's archive layout: PyTorch's record names, stored members, 64-byte aligned data.
/usr/bin/python3 -P - "$TMP/wick.pt" <<'PY' || status=1
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = z.namelist()
assert names[0] == "wick/data.pkl" and names[-1] == "wick/version", names
assert z.read("wick/version") == b"3\n"
with open(sys.argv[1], "rb") as f:
    data = f.read()
for info in z.infolist():
    assert info.compress_type == zipfile.ZIP_STORED
    start = info.header_offset + 30 + len(info.filename) + int.from_bytes(
        data[info.header_offset + 28:info.header_offset + 30], "little")
    assert start % 64 == 0, (info.filename, start)
print("PASS layout", len(names), "records")
PY
if [ $status -eq 0 ]; then echo "4 passed, 0 failed"; else echo "some checks failed"; fi
exit $status
