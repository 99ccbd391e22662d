#!/usr/bin/env python3
"""Runs the corpus of public model files (corpus/README.md) under wick.

usage: run_corpus.py WICK [--compile-stats] [--timeout S] [names...]
       run_corpus.py --record [--python PY] [names...]

For each manifest entry (or the ones named) prints one line:
  PASS name
  FAIL name: <the first line that differs from expected/<name>.out, or the error's last line>
  SKIP name (not fetched)
then "N passed, N failed, N skipped". The exit status is 1 when an entry failed.

--compile-stats  runs each driver through `WICK explain --format=json` and also prints
                 the number of graphs, graph breaks and recompiles (with the first
                 break reasons)
--forward-stats  runs each driver with WICK_CORPUS_FORWARD_STATS=1: before its first call,
                 every compiled forward is compiled afresh and called 5 times with the
                 same arguments; prints the graphs, breaks and skipped frames of the first
                 call and the graphs and recompiles of the other four (output not compared)
--record         writes expected/<name>.out from the driver run by PY (default
                 /usr/bin/python3: CPython 3.11 with PyTorch 1.13)
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SUMMARY_MARK = '{"summary": {"graphs": '


def load_entries():
    with open(os.path.join(HERE, "manifest.json")) as f:
        return json.load(f)["entries"]


def upstream_root(e):
    return os.path.join(HERE, "upstream", e["name"])


def fetched(e):
    root = upstream_root(e)
    return all(os.path.isfile(os.path.join(root, fl["dest"])) for fl in e["files"])


def driver_args(e):
    root = upstream_root(e)
    return [os.path.join(HERE, e["driver"])] + [os.path.normpath(os.path.join(root, p))
                                                 for p in e["sys_path"]]


def run(cmd, timeout, env=None):
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=timeout, cwd=HERE, env=env)
    except subprocess.TimeoutExpired:
        return None, "", "timed out after %ss" % timeout
    return (r.returncode, r.stdout.decode("utf-8", "replace"),
            r.stderr.decode("utf-8", "replace"))


def last_line(text):
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[-1].strip() if lines else "(no output)"


def first_difference(expected, got):
    exp, out = expected.splitlines(), got.splitlines()
    for i in range(max(len(exp), len(out))):
        a = exp[i] if i < len(exp) else "<end of output>"
        b = out[i] if i < len(out) else "<end of output>"
        if a != b:
            return "line %d: expected %r, got %r" % (i + 1, a, b)
    return None


def split_explain(stdout):
    """(the script's own stdout, the explain JSON object or None)."""
    at = stdout.rfind(SUMMARY_MARK)
    if at < 0:
        return stdout, None
    try:
        return stdout[:at], json.loads(stdout[at:])
    except ValueError:
        return stdout, None


def stats_line(report):
    if report is None:
        return "  stats: (no explain report)"
    s = report["summary"]
    line = "  stats: %d graphs, %d graph breaks, %d recompiles, %d skipped frames, %d ops" % (
        s["graphs"], s["graph_breaks"], s["recompiles"], s["skipped_frames"], s["ops"])
    reasons = []
    for ev in report["events"]:
        if ev["kind"] in ("break", "recompile"):
            text = ev["text"].strip().splitlines()[0] if ev["text"].strip() else ""
            item = "%s: %s" % (ev["kind"], text)
            if item not in reasons:
                reasons.append(item)
    for r in reasons[:5]:
        line += "\n    " + r
    if len(reasons) > 5:
        line += "\n    ... %d more distinct reasons" % (len(reasons) - 5)
    return line


def record(entries, python, timeout):
    failed = 0
    for e in entries:
        if not fetched(e):
            print("SKIP %s (not fetched)" % e["name"])
            continue
        rc, out, err = run([python] + driver_args(e), timeout)
        if rc != 0:
            print("FAIL %s: %s" % (e["name"], last_line(err)))
            failed += 1
            continue
        with open(os.path.join(HERE, e["expected"]), "w") as f:
            f.write(out)
        print("recorded %s (%d lines)" % (e["name"], len(out.splitlines())))
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split("\n\n")[1].strip().replace("usage: ", ""))
    ap.add_argument("wick", nargs="?")
    ap.add_argument("names", nargs="*")
    ap.add_argument("--compile-stats", action="store_true")
    ap.add_argument("--forward-stats", action="store_true")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--record", action="store_true")
    ap.add_argument("--python", default="/usr/bin/python3")
    args = ap.parse_intermixed_args()
    entries = load_entries()
    names = list(args.names)
    if args.record and args.wick:
        names.insert(0, args.wick)  # no WICK with --record: the first word is a name
    known = {e["name"] for e in entries}
    for n in names:
        if n not in known:
            sys.exit("run_corpus.py: unknown entry '%s' (known: %s)" % (n, ", ".join(sorted(known))))
    selected = [e for e in entries if not names or e["name"] in names]
    if args.record:
        return record(selected, args.python, args.timeout)
    if not args.wick:
        ap.error("WICK (the wick binary) is required")
    wick = os.path.abspath(args.wick)
    passed = failed = skipped = 0
    for e in selected:
        name = e["name"]
        if not fetched(e):
            print("SKIP %s (not fetched)" % name)
            skipped += 1
            continue
        verb = ["explain", "--format=json"] if args.compile_stats else ["run"]
        env = None
        if args.forward_stats:
            env = dict(os.environ, WICK_CORPUS_FORWARD_STATS="1")
        rc, out, err = run([wick] + verb + driver_args(e), args.timeout, env)
        report = None
        if args.compile_stats:
            out, report = split_explain(out)
        expected_path = os.path.join(HERE, e["expected"])
        expected = open(expected_path).read() if os.path.isfile(expected_path) else None
        if rc != 0:
            if rc is not None and rc < 0:
                why = "killed by signal %d (%s)" % (-rc, last_line(err))
            else:
                why = last_line(err)
            print("FAIL %s: %s" % (name, why))
            failed += 1
        elif args.forward_stats:
            print("RAN %s" % name)
            passed += 1
        elif expected is None:
            print("FAIL %s: no expected output (run_corpus.py --record %s)" % (name, name))
            failed += 1
        else:
            d = first_difference(expected, out)
            if d:
                print("FAIL %s: %s" % (name, d))
                failed += 1
            else:
                print("PASS %s" % name)
                passed += 1
        if args.compile_stats:
            print(stats_line(report))
        if args.forward_stats:
            for l in err.splitlines():
                if l.startswith("forward-stats "):
                    print("  " + l[len("forward-stats "):])
        sys.stdout.flush()
    print("%d passed, %d failed, %d skipped" % (passed, failed, skipped))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
