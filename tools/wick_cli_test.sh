#!/usr/bin/env bash
# The CLI's contract: version/help exit 0, an invalid TORCH_LOGS prints upstream's
# message and exits 1, TORCH_LOGS=help prints the help and exits 0.
set -u
WICK="${TEST_SRCDIR:-.}/wick/tools/wick"
[[ -x "$WICK" ]] || WICK="tools/wick"
fail() { echo "FAIL: $*"; exit 1; }

out=$("$WICK" --version) || fail "--version exited $?"
[[ "$out" == wick* ]] || fail "--version printed '$out'"

"$WICK" --help | grep -q "TORCH_LOGS" || fail "--help lacks TORCH_LOGS"

err=$(TORCH_LOGS=+nonsense "$WICK" --version 2>&1 >/dev/null); rc=$?
[[ $rc -eq 1 ]] || fail "invalid TORCH_LOGS exited $rc"
grep -q "^ValueError: " <<<"$err" || fail "no ValueError line: $err"
grep -q "Invalid log settings: +nonsense, must be a comma separated list" <<<"$err" \
  || fail "not upstream's message: $err"

out=$(TORCH_LOGS=help "$WICK" --version); rc=$?
[[ $rc -eq 0 ]] || fail "TORCH_LOGS=help exited $rc"
grep -q "dynamo" <<<"$out" || fail "help output lacks components"

# wick explain: the script's own output, then the run's graphs, breaks and guards.
script="${TEST_TMPDIR:-/tmp}/explain_me.py"
cat > "$script" <<'PY'
import torch
import torch._dynamo

@torch.compile(backend="eager")
def f(x):
    y = x * 2
    torch._dynamo.graph_break()
    return y + 1

print(f(torch.ones(2)))
PY
out=$("$WICK" explain "$script" 2>/dev/null); rc=$?
[[ $rc -eq 0 ]] || fail "explain exited $rc"
grep -q "^tensor(\[3., 3.\])$" <<<"$out" || fail "explain lost the script's output: $out"
grep -q "^Graphs: 2, ops: 2, graph breaks: 1, skipped frames: 0, recompiles: 0$" <<<"$out" \
  || fail "explain summary: $out"
grep -q "torch_dynamo_resume_in_f_at_7" <<<"$out" || fail "explain lacks the resume entry: $out"
grep -q "Call to \`torch._dynamo.graph_break()\`" <<<"$out" || fail "explain lacks the break: $out"
grep -q "TREE_GUARD_MANAGER" <<<"$out" || fail "explain lacks guards: $out"

# --format=json: the script's output, then one JSON object with the same facts.
json=$("$WICK" explain --format=json "$script" 2>/dev/null | sed -n '/^{/,$p')
python3 -c '
import json, sys
d = json.loads(sys.argv[1])
assert d["summary"] == {"graphs": 2, "ops": 2, "graph_breaks": 1, "skipped_frames": 0,
                        "recompiles": 0}, d["summary"]
kinds = [e["kind"] for e in d["events"]]
assert kinds == ["break", "graph", "graph"], kinds
assert d["events"][0]["user_stack"][-1]["line"] == 7, d["events"][0]
assert d["events"][2]["frame"] == "torch_dynamo_resume_in_f_at_7", d["events"][2]
' "$json" || fail "explain --format=json: $json"
"$WICK" explain --format=yaml "$script" 2>/dev/null; [[ $? -eq 2 ]] || fail "bad format should exit 2"

# run --dot DIR: one Graphviz file per captured graph (two here: before and after the
# break), each a digraph with the placeholder, the ops and the output.
dots="${TEST_TMPDIR:-/tmp}/dots"
out=$("$WICK" run --dot "$dots" "$script" 2>/dev/null) || fail "run --dot failed"
grep -q "^tensor(\[3., 3.\])$" <<<"$out" || fail "run --dot lost the script's output: $out"
[[ $(ls "$dots" | wc -l) -eq 2 ]] || fail "run --dot: expected 2 files, got $(ls "$dots")"
first="$dots/$(ls "$dots" | head -1)"
grep -q '^digraph "__compiled_fn_' "$first" || fail "run --dot: not a digraph: $(cat "$first")"
grep -q 'shape=ellipse' "$first" || fail "run --dot: no placeholder: $(cat "$first")"
grep -q -- '-> n' "$first" || fail "run --dot: no edges: $(cat "$first")"
"$WICK" run --dot 2>/dev/null; [[ $? -eq 2 ]] || fail "run --dot without DIR should exit 2"

"$WICK" frobnicate 2>/dev/null; [[ $? -eq 2 ]] || fail "unknown command should exit 2"
echo "wick CLI: all checks passed"
