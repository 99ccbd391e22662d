#!/bin/bash
# The PyTorch parity test: evaluates the case files given as arguments with wick
# (parity_eval) and with /usr/bin/python3 + torch (run_torch.py), then compares the
# records (compare.py), printing every mismatch and "N cases, M mismatches".
# Runs under Bazel (//tests/parity:parity_test) or by hand from the workspace root
# after `bazel build //tests/parity:parity_eval`:
#   PARITY_EVAL=bazel-bin/tests/parity/parity_eval tests/parity/parity_test.sh tests/parity/cases/*.txt
set -u

if [[ -n "${TEST_SRCDIR:-}" ]]; then
  # Under Bazel: the tools are runfiles; case-file arguments are relative to the root.
  cd "${TEST_SRCDIR}/${TEST_WORKSPACE}"
  here="$(pwd)/tests/parity"
else
  here="$(cd "$(dirname "$0")" && pwd)"
fi
eval_bin="${PARITY_EVAL:-${here}/parity_eval}"
py=/usr/bin/python3
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
export PYTHONDONTWRITEBYTECODE=1

if [[ $# -eq 0 ]]; then
  echo "parity_test: no case files given" >&2
  exit 1
fi
for f in "$@"; do
  if [[ ! -f "$f" ]]; then
    echo "parity_test: case file $f does not exist (not written yet?)" >&2
    exit 1
  fi
done

"${eval_bin}" "$@" > "${tmp}/wick.txt" 2> "${tmp}/wick.err"
eval_rc=$?
if [[ ${eval_rc} -ne 0 ]]; then
  echo "parity_test: parity_eval exited with status ${eval_rc}; its stderr:" >&2
  cat "${tmp}/wick.err" >&2
  exit 1
fi
if [[ -s "${tmp}/wick.err" ]]; then
  echo "--- parity_eval stderr ---"
  head -n 50 "${tmp}/wick.err"
  echo "---"
fi

"${py}" -B "${here}/run_torch.py" "$@" > "${tmp}/torch.txt"
torch_rc=$?
if [[ ${torch_rc} -ne 0 ]]; then
  echo "parity_test: run_torch.py exited with status ${torch_rc}" >&2
  exit 1
fi

"${py}" -B "${here}/compare.py" --wick "${tmp}/wick.txt" --torch "${tmp}/torch.txt" \
  ${PARITY_COMPARE_FLAGS:-} "$@"
