#!/usr/bin/env bash
# Fails when a model script's harness copy differs from _harness.py.
set -u
exec /usr/bin/python3 "${TEST_SRCDIR:-.}/wick/benchmarks/models/sync_harness.py" --check
