#!/bin/bash
# Runs print_fuzz.py (3000 random tensors and print options) against print_fuzz_main.
cd "${TEST_SRCDIR}/${TEST_WORKSPACE}" || exit 1
exec /usr/bin/python3 -B tensor/print/print_fuzz.py tensor/print/print_fuzz_main
