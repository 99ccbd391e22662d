#!/usr/bin/env bash
# Signals and output errors as CPython has them (issue M13): SIGINT raises
# KeyboardInterrupt that the script can catch (its finally blocks run); an uncaught one
# prints its traceback and ends the process by SIGINT (status 130 in a shell); output
# written with flush=True is not lost when the process dies; a failed write to stdout
# (/dev/full) exits 120 with CPython's message; WICK_NUM_THREADS is range-checked;
# SIGTERM ends the process by SIGTERM with its output flushed; time.sleep wakes for both
# signals; a full disk stops TORCH_TRACE / TORCH_LOGS_OUT with a warning, never the program.
# Usage: run_signals.sh WICK
set -u
# Job control: each background job gets a process group of its own and keeps SIGINT's
# default disposition (a non-interactive shell would start it with SIGINT ignored).
set -m
wick="$1"
# Bazel's per-test temporary folder when there is one (removed by Bazel), else ours.
work="$(mktemp -d "${TEST_TMPDIR:-/tmp}/signals.XXXXXX")"
passed=0 failed=0
check() {  # check NAME CONDITION-STATUS DETAILS
  if [[ "$2" == 0 ]]; then
    echo "ok   $1"; passed=$((passed + 1))
  else
    echo "FAIL $1"; echo "$3"; failed=$((failed + 1))
  fi
}
# Runs SCRIPT in the background, waits for its first line of output, sends SIGINT, and
# waits for it to end.
interrupt() {
  local script="$1" out="$2" err="$3"
  # A previous case's output must not count as this one's first line.
  rm -f "$out" "$err"
  "$wick" run "$script" > "$out" 2> "$err" &
  local pid=$! i
  # Up to a minute for the first line: a loaded machine starts wick slowly, and a SIGINT
  # before the script runs would end it before its handler exists.
  for i in $(seq 1 1200); do [[ -s "$out" ]] && break; sleep 0.05; done
  kill -INT "$pid"
  wait "$pid"
  return $?
}

cat > "$work/caught.py" <<'PY'
n = 0
try:
    print("start", flush=True)
    while True:
        n += 1
except KeyboardInterrupt as e:
    print("caught", type(e).__name__, repr(e))
finally:
    print("finally runs")
print("after", n > 0)
PY
interrupt "$work/caught.py" "$work/out" "$work/err"; rc=$?
check "KeyboardInterrupt is catchable" $([[ $rc == 0 && "$(cat "$work/out")" == $'start\ncaught KeyboardInterrupt KeyboardInterrupt()\nfinally runs\nafter True' ]]; echo $?) \
  "rc=$rc out=$(cat "$work/out") err=$(cat "$work/err")"

cat > "$work/context.py" <<'PY'
class Guard:
    def __enter__(self):
        print("enter", flush=True)
    def __exit__(self, *exc):
        print("exit", exc[0].__name__)
def spin(k):
    while True:
        k += 1
with Guard():
    spin(0)
PY
interrupt "$work/context.py" "$work/out2" "$work/err2"; rc=$?
check "uncaught: __exit__ runs, traceback, exit by SIGINT" \
  $([[ $rc == 130 && "$(cat "$work/out2")" == $'enter\nexit KeyboardInterrupt' && "$(tail -n 1 "$work/err2")" == KeyboardInterrupt ]]; echo $?) \
  "rc=$rc out=$(cat "$work/out2") err=$(cat "$work/err2")"

printf 'print("hello")\n' > "$work/full.py"
"$wick" run "$work/full.py" > /dev/full 2> "$work/err"; rc=$?
check "/dev/full: exit 120 with CPython's message" \
  $([[ $rc == 120 && "$(tail -n 1 "$work/err")" == "OSError: [Errno 28] No space left on device" ]]; echo $?) \
  "rc=$rc err=$(cat "$work/err")"

cat > "$work/flush.py" <<'PY'
import sys
print("a", flush=True)
sys.stdout.write("b\n")
sys.stdout.flush()
print("c", file=sys.stdout, flush=True)
print("d")
while True:
    pass
PY
"$wick" run "$work/flush.py" > "$work/out3" 2> /dev/null &
pid=$!
for i in $(seq 1 1200); do [[ "$(wc -l < "$work/out3" 2> /dev/null)" -ge 3 ]] && break; sleep 0.05; done
kill -KILL "$pid"; wait "$pid" 2> /dev/null
check "flush=True and flush() reach the file before a crash" \
  $([[ "$(cat "$work/out3")" == $'a\nb\nc' ]]; echo $?) "out=$(cat "$work/out3")"

printf 'import torch\nprint((torch.ones(100000) * 2).sum())\n' > "$work/threads.py"
WICK_NUM_THREADS=65536 "$wick" run "$work/threads.py" > "$work/out" 2> "$work/err"; rc=$?
check "WICK_NUM_THREADS past the limit is clamped with a warning" \
  $([[ $rc == 0 && "$(cat "$work/out")" == "tensor(200000.)" && "$(cat "$work/err")" == *"is more than 256"* ]]; echo $?) \
  "rc=$rc out=$(cat "$work/out") err=$(cat "$work/err")"

# SIGTERM: the process ends by SIGTERM as CPython's does (no finally blocks run), at the
# next safe point, and what the script printed reaches the file (CPython would lose its
# buffered output; wick flushes it first).
cat > "$work/term.py" <<'PY'
print("start", flush=True)
print("buffered")
try:
    while True:
        pass
finally:
    print("finally")
PY
rm -f "$work/out4"
"$wick" run "$work/term.py" > "$work/out4" 2> "$work/err4" &
pid=$!
for i in $(seq 1 1200); do [[ -s "$work/out4" ]] && break; sleep 0.05; done
kill -TERM "$pid"; wait "$pid"; rc=$?
check "SIGTERM: ends by SIGTERM, printed output kept, no finally" \
  $([[ $rc == 143 && "$(cat "$work/out4")" == $'start\nbuffered' ]]; echo $?) \
  "rc=$rc out=$(cat "$work/out4") err=$(cat "$work/err4")"

# time.sleep waits in slices: SIGINT raises KeyboardInterrupt in it, SIGTERM ends it,
# both within a fraction of a second (not after the whole minute).
cat > "$work/sleep.py" <<'PY'
import time
try:
    print("sleeping", flush=True)
    time.sleep(60)
except KeyboardInterrupt:
    print("woken")
PY
start=$SECONDS
interrupt "$work/sleep.py" "$work/out5" "$work/err5"; rc=$?
check "SIGINT interrupts time.sleep" \
  $([[ $rc == 0 && "$(cat "$work/out5")" == $'sleeping\nwoken' && $((SECONDS - start)) -lt 30 ]]; echo $?) \
  "rc=$rc out=$(cat "$work/out5") err=$(cat "$work/err5")"
rm -f "$work/out6"
start=$SECONDS
"$wick" run "$work/sleep.py" > "$work/out6" 2> "$work/err6" &
pid=$!
for i in $(seq 1 1200); do [[ -s "$work/out6" ]] && break; sleep 0.05; done
kill -TERM "$pid"; wait "$pid"; rc=$?
check "SIGTERM ends time.sleep" \
  $([[ $rc == 143 && "$(cat "$work/out6")" == sleeping && $((SECONDS - start)) -lt 30 ]]; echo $?) \
  "rc=$rc out=$(cat "$work/out6") err=$(cat "$work/err6")"

# TORCH_TRACE and TORCH_LOGS_OUT on a full disk (a file size limit stands in for one:
# writes past 8 KiB fail with EFBIG once SIGXFSZ is ignored): one warning each, the
# program runs to its end with status 0.
cat > "$work/trace.py" <<'PY'
import torch
def f(x):
    return torch.relu(x) * 2 + 1
for i in range(40):
    torch._dynamo.reset()
    torch.compile(f)(torch.ones(i + 1))
print("done")
PY
mkdir -p "$work/trace"
# (stderr goes through a pipe to a process without the limit, which drops the logs.)
(trap '' XFSZ; ulimit -f 8
 TORCH_TRACE="$work/trace" TORCH_LOGS=graph_code TORCH_LOGS_OUT="$work/trace/logs.txt" \
   "$wick" run "$work/trace.py" 2>&1 > "$work/out7") | grep -v '^V' > "$work/err7"
rc=${PIPESTATUS[0]}
warnings="$(grep -c '^wick: TORCH_\(TRACE\|LOGS_OUT\): cannot write' "$work/err7")"
check "a full disk stops TORCH_TRACE and TORCH_LOGS_OUT with one warning each" \
  $([[ $rc == 0 && "$(cat "$work/out7")" == done && $warnings == 2 ]]; echo $?) \
  "rc=$rc warnings=$warnings out=$(cat "$work/out7") err=$(cat "$work/err7")"

# A TORCH_LOGS_OUT or TORCH_TRACE that cannot be opened: one warning, the program runs.
TORCH_TRACE=/dev/null/trace TORCH_LOGS=graph_code TORCH_LOGS_OUT=/nonexistent-dir/logs.txt \
  "$wick" run "$work/trace.py" > "$work/out8" 2> "$work/err8"; rc=$?
warnings="$(grep -c '^wick: TORCH_\(TRACE\|LOGS_OUT\): ' "$work/err8")"
check "an unwritable TORCH_TRACE / TORCH_LOGS_OUT warns once each and the program runs" \
  $([[ $rc == 0 && "$(cat "$work/out8")" == done && $warnings == 2 ]]; echo $?) \
  "rc=$rc warnings=$warnings out=$(cat "$work/out8") err=$(cat "$work/err8")"

[[ -z "${TEST_TMPDIR:-}" ]] && rm -rf "$work"
echo "$passed passed, $failed failed"
[[ $failed == 0 ]]
