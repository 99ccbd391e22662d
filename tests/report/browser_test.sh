#!/usr/bin/env bash
# wick report in a real browser: runs tests/report/scenario.py with TORCH_TRACE, builds the
# report, opens its pages in headless Chromium (no network, no GPU, no sandbox) and checks
# that the index shows the run's frames with their statuses, that every link resolves to
# a file of the report, that no page logs a console error, and saves a screenshot of the
# index as a test output (TEST_UNDECLARED_OUTPUTS_DIR/report_index.png).
set -u
root="${TEST_SRCDIR:-.}/wick"
[[ -d "$root" ]] || root="$(cd "$(dirname "$0")/../.." && pwd)"
wick="$(cd "$root/tools" && pwd)/wick"
tmp="${TEST_TMPDIR:-$(mktemp -d)}"
outputs="${TEST_UNDECLARED_OUTPUTS_DIR:-$tmp}"
fail() { echo "FAIL: $*" >&2; exit 1; }

browser=""
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" >/dev/null 2>&1; then browser="$b"; break; fi
done
[[ -n "$browser" ]] || fail "no chromium (./wick setup installs Debian's chromium package)"

cp "$root/tests/report/scenario.py" "$tmp/scenario.py"
(cd "$tmp" && TORCH_TRACE="$tmp/trace" "$wick" run scenario.py >/dev/null 2>&1) \
  || fail "the scenario failed to run"
rm -rf "$tmp/report"
"$wick" report "$tmp/trace" -o "$tmp/report" || fail "wick report failed"
[[ -f "$tmp/report/index.html" ]] || fail "no index.html"

chrome() {
  # --dump-dom prints the DOM after load; console messages go to stderr with logging on.
  "$browser" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --no-first-run --user-data-dir="$tmp/chrome" --enable-logging=stderr --v=0 "$@"
}

dom=$(chrome --dump-dom "file://$tmp/report/index.html" 2>"$tmp/console.txt") \
  || fail "chromium could not load the index"
grep -q 'id="stack-trie"' <<<"$dom" || fail "index has no stack trie: $dom"
for frame in "in f" "torch_dynamo_resume_in_f_at_8" "in no_ops"; do
  grep -q "$frame" <<<"$dom" || fail "index does not show frame '$frame'"
done
for status in status-break status-ok status-empty; do
  grep -q "class=\"$status\"" <<<"$dom" || fail "index has no $status compile id"
done
grep -q '\[0/1\]' <<<"$dom" || fail "index does not show the recompile [0/1]"
grep -q 'failures_and_restarts.html' <<<"$dom" || fail "index does not link the failures page"

# Every relative link of the index and of the pages it links to names a file that exists.
checked=0
while read -r href; do
  [[ "$href" == http* || "$href" == \#* ]] && continue
  [[ -e "$tmp/report/$href" ]] || fail "broken link $href"
  checked=$((checked + 1))
done < <(grep -o 'href="[^"]*"' <<<"$dom" | sed 's/^href="//; s/"$//' | sort -u)
[[ $checked -ge 5 ]] || fail "only $checked links in the index"

# The linked pages load without console errors too (one per kind).
pages=("failures_and_restarts.html")
metrics=$(cd "$tmp/report" && ls -d -- */compilation_metrics_*.html 2>/dev/null | head -1)
[[ -n "$metrics" ]] && pages+=("$metrics")
for page in "${pages[@]}"; do
  chrome --dump-dom "file://$tmp/report/$page" >/dev/null 2>>"$tmp/console.txt" \
    || fail "chromium could not load $page"
done
if grep -E 'CONSOLE|Uncaught' "$tmp/console.txt" >&2; then
  fail "console errors (above)"
fi
grep -q 'restart' "$tmp/report/failures_and_restarts.html" -i || fail "no restart row"

chrome --screenshot="$outputs/report_index.png" --window-size=1280,1000 \
  "file://$tmp/report/index.html" >/dev/null 2>&1 || fail "screenshot failed"
[[ -s "$outputs/report_index.png" ]] || fail "empty screenshot"
echo "report browser test: all checks passed ($checked links)"
