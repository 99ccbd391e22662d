#!/usr/bin/env bash
# Bazel wrapper around run_programs.py: `--wick` runs the corpus under the wick binary
# built by Bazel, `--compile-all` the same with every function compiled
# (WICK_COMPILE_ALL=1; `--compile-all=inductor` with that backend, which sends training
# graphs through AOT autograd), `--parity` under CPython + PyTorch. The last line is the runner's
# "N passed, M failed".
set -u
here="${TEST_SRCDIR:-.}/wick/tests/programs"
[[ -d "$here" ]] || here="$(dirname "$0")"
case "${1:-}" in
  --wick)
    wick="$(cd "${TEST_SRCDIR:-.}/wick/tools" 2>/dev/null && pwd)/wick"
    exec /usr/bin/python3 "$here/run_programs.py" --wick "$wick" -j 2 ;;
  --compile-all)
    wick="$(cd "${TEST_SRCDIR:-.}/wick/tools" 2>/dev/null && pwd)/wick"
    exec /usr/bin/python3 "$here/run_programs.py" --wick "$wick" --compile-all -j 2 ;;
  --compile-all=*)  # a built-in backend: --compile-all=aot_eager, --compile-all=inductor
    wick="$(cd "${TEST_SRCDIR:-.}/wick/tools" 2>/dev/null && pwd)/wick"
    exec /usr/bin/python3 "$here/run_programs.py" --wick "$wick" --compile-all \
      --backend "${1#--compile-all=}" -j 2 ;;
  --parity)
    exec /usr/bin/python3 "$here/run_programs.py" --parity -j 2 ;;
  *) echo "usage: run_corpus.sh --wick|--compile-all[=BACKEND]|--parity" >&2; exit 2 ;;
esac
