#!/bin/bash
# Runs validate_against_torch.py (cases only; the corpus programs take ~20 s) with the
# reference interpreter, CPython 3.11 + PyTorch 1.13.
set -euo pipefail
export OMP_NUM_THREADS=1
exec /usr/bin/python3 -P vm/torch/nn/validate_against_torch.py --no-programs
