#!/usr/bin/python3
"""Runs the program corpus and compares every run with the stored expectations.

    tests/programs/run_programs.py --wick PATH [--compile-all] [--filter area/] [--jobs N]
    tests/programs/run_programs.py --parity   [--filter area/] [--jobs N]

--wick runs each program as `PATH run area/name.py` with cwd tests/programs.
--parity re-runs CPython + Debian's PyTorch live (run_reference.py, with the prelude),
so drift between the stored expectations and the reference is caught.
--compile-all runs wick with WICK_COMPILE_ALL=1 (every function of the program compiled
with the eager backend; breaks run eagerly) and compares with the same expectations, then
prints how many frames compiled and broke (summed over the corpus), breaks by gb_type.
Both may be given together. For each program the exit status must equal `.code` (0 if
absent), stdout must equal `.out`, and stderr must equal `.err` (empty if absent).
Prints one PASS/FAIL line per program (with unified diffs on failure) and ends with
`N passed, M failed`; exits 1 if anything failed. Programs in excluded.txt are not
compared: under --wick they must only exit 0 (reported as PASS (run only)); under
--parity they are skipped. Programs in unsupported.txt use a feature wick does not have
yet: under --wick they must exit 1 with a "not supported by wick" error (never a wrong
answer); under --parity they are compared as usual.
"""

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile
import threading

sys.dont_write_bytecode = True  # keep tests/programs free of __pycache__
import corpus  # noqa: E402

_STATS_LOCK = threading.Lock()  # programs run on worker threads
_STATS_LINE = re.compile(r"compile-all: (\d+) frames compiled, (\d+) graphs, (\d+) breaks")


# grad_fn class names (AddBackward0, CompiledFunctionBackward), masked under AOT autograd.
_GRAD_FN = re.compile(r"\b[A-Z]\w*Backward\d*\b|\btorch::autograd::CopySlices\b|\bCopySlices\b")
# Programs whose output under AOT autograd differs from PyTorch eager by design, with
# the error they may end in: gradcheck perturbs its input in place between the forward
# and the backward, and a compiled forward that saved that input for its backward then
# raises PyTorch's in-place error, as upstream's does; double backward through a
# compiled graph raises upstream's error.
AOT_EXCLUDED = {
    "autograd/gradcheck_api.py": "modified by an inplace operation",
    # create_graph through a compiled function: upstream refuses double backward there.
    "autograd/functional_jacobian.py": "does not currently support double backward",
    "autograd/jacobian_hessian_grads.py": "does not currently support double backward",
    "autograd/double_backward.py": "does not currently support double backward",
}


def run_compile_all(wick, rel, timeout_s, totals, backend="eager"):
    """Runs `wick run rel` under WICK_COMPILE_ALL; adds its stats file to `totals`."""
    with tempfile.TemporaryDirectory() as tmp:
        stats = os.path.join(tmp, "stats.txt")
        env = corpus._env()
        env["WICK_COMPILE_ALL"] = "1" if backend == "eager" else backend
        env["WICK_COMPILE_ALL_STATS"] = stats
        try:
            p = subprocess.run([os.path.abspath(wick), "run", rel], cwd=corpus.ROOT, env=env,
                               stdin=subprocess.DEVNULL, capture_output=True,
                               timeout=timeout_s)
            got = corpus.Run(corpus._text(p.stdout), corpus._text(p.stderr), p.returncode)
        except subprocess.TimeoutExpired as e:
            got = corpus.Run(corpus._text(e.stdout or b""), corpus._text(e.stderr or b""),
                             None, timed_out=True)
        if os.path.exists(stats):
            with open(stats, encoding="utf-8") as f:
                lines = f.read().splitlines()
            add_stats(lines, totals)
    return got


def add_stats(lines, totals):
    """Adds one program's stats file lines to `totals`."""
    with _STATS_LOCK:
        m = _STATS_LINE.match(lines[0]) if lines else None
        if m:
            totals["frames compiled"] += int(m.group(1))
            totals["graphs"] += int(m.group(2))
            totals["breaks"] += int(m.group(3))
        for line in lines[1:]:
            kind, _, count = line.rpartition(": ")
            totals[kind] += int(count)


def print_stats(totals):
    print(f"compile-all: {totals['frames compiled']} frames compiled, "
          f"{totals['graphs']} graphs, {totals['breaks']} breaks")
    kinds = sorted(((k, v) for k, v in totals.items() if k.startswith("break ")),
                   key=lambda kv: (-kv[1], kv[0]))
    for kind, count in kinds[:10]:
        print(f"  {kind}: {count}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wick", help="path to the wick binary")
    parser.add_argument("--parity", action="store_true",
                        help="compare live CPython + PyTorch runs with the expectations")
    parser.add_argument("--compile-all", action="store_true",
                        help="with --wick: compile every function (WICK_COMPILE_ALL=1)")
    parser.add_argument("--backend", default="eager",
                        help="with --compile-all: the built-in backend (aot_eager, inductor)")
    parser.add_argument("--filter", action="append", default=[],
                        help="only programs whose path starts with this (repeatable)")
    parser.add_argument("--jobs", "-j", type=int, default=corpus.default_jobs())
    parser.add_argument("--timeout", type=float, default=corpus.DEFAULT_TIMEOUT_S,
                        help="seconds per program run")
    args = parser.parse_args()
    if not args.wick and not args.parity:
        parser.error("give --wick PATH and/or --parity")

    excluded = corpus.read_excluded()
    unsupported = corpus.read_excluded("unsupported.txt")
    programs = corpus.list_programs(args.filter)
    if not programs:
        print("no programs match the filter")
        return 1

    tasks = []
    if args.wick:
        tasks += [("wick", p) for p in programs]
    if args.parity:
        tasks += [("parity", p) for p in programs if p not in excluded]

    totals = collections.Counter()

    def run(task):
        side, rel = task
        if side == "wick":
            if args.compile_all:
                got = run_compile_all(args.wick, rel, args.timeout, totals, args.backend)
            else:
                got = corpus.run_wick(args.wick, rel, args.timeout)
            if rel in unsupported:
                # A feature wick does not have yet: it must refuse clearly, not misbehave.
                if got.code == 1 and "not supported by wick" in got.stderr:
                    return "PASS", f"(refused as unsupported: {unsupported[rel]})"
                return "FAIL", (f"expected exit 1 with a 'not supported by wick' error; got "
                                f"exit status {got.code}\nstderr:\n{got.stderr}")
            if rel in excluded:
                if got.code == 0 and not got.timed_out:
                    return "PASS", f"(run only: {excluded[rel]})"
                return "FAIL", (f"exit status {got.code} (run only)\n"
                                f"stderr:\n{got.stderr}")
        else:
            got = corpus.run_reference(rel, args.timeout)
        want = corpus.expected(rel)
        if side == "wick" and args.compile_all:
            # grad_fn names are checked eagerly only: under AOT autograd compiled graphs'
            # outputs have the grad_fn upstream gives them, CompiledFunctionBackward; with
            # the eager backend they are the nodes of the ops wick composes a function
            # from (F.mish's last multiply), where the eager run names the function.
            if args.backend != "eager" and rel in AOT_EXCLUDED:
                if got.code == 0 or AOT_EXCLUDED[rel] in got.stderr:
                    return "PASS", "(run only under AOT autograd)"
            got.stdout = _GRAD_FN.sub("<grad_fn>", got.stdout)
            want.stdout = _GRAD_FN.sub("<grad_fn>", want.stdout)
        report = corpus.compare(rel, got, want)
        return ("FAIL", report) if report else ("PASS", "")

    passed = failed = 0
    label_width = 6 if args.wick and args.parity else 0
    for (side, rel), (verdict, detail) in corpus.parallel_map(run, tasks, args.jobs):
        label = f"[{side}]".ljust(label_width + 2) + " " if label_width else ""
        if verdict == "PASS":
            passed += 1
            print(f"PASS {label}{rel} {detail}".rstrip())
        else:
            failed += 1
            print(f"FAIL {label}{rel}")
            print("".join("    " + line + "\n" for line in detail.rstrip("\n").split("\n")))
        sys.stdout.flush()
    if args.compile_all:
        print_stats(totals)
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
