"""Runs generated graph-break programs under wick and checks compiled == eager (issue 5).

Usage: /usr/bin/python3 run_differential.py WICK N SEED [--out DIR] [-j J] [--reference]
                                                            [--strict-cache]

Generates N programs with gen_programs.py (seed SEED) and runs each with `WICK run`
(10 s limit). A program fails when it exits non-zero, crashes, times out, prints a
`MISMATCH` line (its own torch.equal check of compiled against eager), or when the
printed output of any compiled section (`== a nested=... fresh`, ...) differs from the
eager section of the same input (`== a` / `== b`): inside one wick run, compiled output
must equal eager output line for line. `#` lines (graph counts) are not compared;
`# CACHE-MISS` lines (a cached call that compiled a new graph) are counted and reported
but fail the run only with --strict-cache (caching is a performance property).

--reference additionally runs each program under CPython + PyTorch 1.13 (with the
no-op compile prelude of tests/programs) and requires wick's whole non-`#` output to
equal it. It imports torch once per program (~1.5 s each), so it is off in CI.

Prints one line per failure with the program's path and source, then
`N passed, M failed`; exits 1 when anything failed.
"""

import argparse
import concurrent.futures
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_programs  # noqa: E402

TIMEOUT_S = 10


def sections(stdout):
    """Splits output into {label: [lines]} at `== label` headers; drops `#` lines."""
    out = {}
    current = None
    for line in stdout.splitlines():
        if line.startswith("== "):
            current = line[3:]
            out[current] = []
        elif line.startswith("#"):
            continue
        elif current is not None:
            out[current].append(line)
    return out


def first_difference(want, got):
    for k in range(max(len(want), len(got))):
        w = want[k] if k < len(want) else "<missing>"
        g = got[k] if k < len(got) else "<missing>"
        if w != g:
            return "line %d: eager %r, compiled %r" % (k + 1, w, g)
    return None


def run_one(wick, path, reference):
    """Returns (problems, cache_misses) for one program."""
    problems = []
    try:
        proc = subprocess.run([wick, "run", path], capture_output=True, text=True,
                              timeout=TIMEOUT_S, cwd=os.path.dirname(path))
    except subprocess.TimeoutExpired:
        return ["timeout after %d s" % TIMEOUT_S], 0
    if proc.returncode != 0:
        tail = "\n".join(proc.stderr.splitlines()[-15:])
        problems.append("exit status %d; stderr tail:\n%s" % (proc.returncode, tail))
    lines = proc.stdout.splitlines()
    problems += [l for l in lines if l.startswith("MISMATCH")]
    cache_misses = sum(1 for l in lines if l.startswith("# CACHE-MISS"))
    secs = sections(proc.stdout)
    if proc.returncode == 0:
        for label in ("a", "b"):
            if label not in secs:
                problems.append("no eager section %r" % label)
        for label, got in secs.items():
            if label in ("a", "b"):
                continue
            want = secs.get(label.split(" ")[0], [])
            diff = first_difference(want, got)
            if diff:
                problems.append("section %r differs from eager: %s" % (label, diff))
        if len(secs) != 2 + 12:
            problems.append("expected 14 sections, got %d" % len(secs))
    if reference and not problems:
        ref = subprocess.run(
            [sys.executable, "-P", os.path.join(HERE, "..", "programs", "run_reference.py"),
             path], capture_output=True, text=True, timeout=60, cwd=os.path.dirname(path))
        strip = lambda s: [l for l in s.splitlines() if not l.startswith("#")]
        if ref.returncode != 0:
            problems.append("reference exit status %d:\n%s" % (ref.returncode,
                                                                ref.stderr[-2000:]))
        else:
            diff = first_difference(strip(ref.stdout), strip(proc.stdout))
            if diff:
                problems.append("differs from CPython + PyTorch: " +
                                diff.replace("eager", "reference").replace("compiled", "wick"))
    return problems, cache_misses


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("wick")
    parser.add_argument("n", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("--out", help="directory for the programs (default: a temp dir)")
    parser.add_argument("-j", type=int, default=2)
    parser.add_argument("--reference", action="store_true")
    parser.add_argument("--strict-cache", action="store_true")
    args = parser.parse_args()
    wick = os.path.abspath(args.wick)
    out = args.out or tempfile.mkdtemp(prefix="wick-differential-",
                                       dir=os.environ.get("TEST_TMPDIR"))
    paths = gen_programs.write_programs(os.path.abspath(out), args.n, args.seed)
    failed = 0
    misses = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        results = list(pool.map(lambda p: run_one(wick, p, args.reference), paths))
    for path, (problems, cache_misses) in zip(paths, results):
        misses += cache_misses
        if cache_misses and args.strict_cache:
            problems = problems + ["%d cached calls compiled a new graph" % cache_misses]
        if not problems:
            continue
        failed += 1
        print("FAIL %s" % path)
        for p in problems:
            print("  " + p.replace("\n", "\n  "))
        with open(path, encoding="utf-8") as f:
            print("  --- source ---\n  " + f.read().replace("\n", "\n  "))
    if misses:
        print("note: %d cached calls compiled a new graph (# CACHE-MISS)" % misses)
    if failed == 0 and not args.out:
        shutil.rmtree(out, ignore_errors=True)
    print("%d passed, %d failed" % (len(paths) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
