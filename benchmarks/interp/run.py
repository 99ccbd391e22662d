#!/usr/bin/python3
"""Times the interpreter benchmarks under wick and under CPython in one run.

    benchmarks/interp/run.py [--wick PATH] [--repeat N] [--filter NAME] [--python PATH]

Every benchmark program times its own `main()` with time.perf_counter and prints its
result followed by `BENCH_SECONDS <s>`, so process start-up and `import torch` are not
counted. Runs are interleaved (CPython, wick, CPython, wick, ...) so that machine load
affects both sides alike; the table shows the best and the median of N runs, and the
ratio wick/CPython of the medians (lower is better for wick). The result line printed by
wick must equal CPython's, otherwise the row is marked WRONG. The pure-Python programs
give the geomean; tensor_loop.py (10k `x = x + 1` on a 1-element tensor) is reported on
its own line as the small-tensor eager overhead against PyTorch 1.13 eager.
Without --wick (or if the binary is missing) only CPython's times are printed.
"""

import argparse
import math
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TENSOR_PROGRAMS = {"tensor_loop.py"}


def programs(filters):
    names = sorted(n for n in os.listdir(HERE)
                   if n.endswith(".py") and n != "run.py" and not n.startswith("_"))
    return [n for n in names if not filters or any(f in n for f in filters)]


def run_once(argv, name, timeout_s):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TORCH_"))}
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["OMP_NUM_THREADS"] = "1"  # wick's eager default is one thread
    try:
        p = subprocess.run(argv + [name], cwd=HERE, env=env, capture_output=True,
                           text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return None, None, "timed out"
    if p.returncode != 0:
        return None, None, f"exit {p.returncode}: {p.stderr.strip()[-300:]}"
    lines = p.stdout.rstrip("\n").split("\n")
    if not lines or not lines[-1].startswith("BENCH_SECONDS "):
        return None, None, "no BENCH_SECONDS line"
    return float(lines[-1].split()[1]), "\n".join(lines[:-1]), None


def fmt(seconds):
    return "-" if seconds is None else f"{seconds:8.3f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wick", help="path to the wick binary")
    parser.add_argument("--python", default="/usr/bin/python3", help="reference CPython")
    parser.add_argument("--repeat", "-n", type=int, default=5)
    parser.add_argument("--filter", action="append", default=[])
    parser.add_argument("--timeout", type=float, default=300)
    args = parser.parse_args()

    sides = {"cpython": [args.python]}
    if args.wick and os.path.isfile(args.wick) and os.access(args.wick, os.X_OK):
        sides["wick"] = [os.path.abspath(args.wick), "run"]
    else:
        reason = "not given" if not args.wick else f"not found at {args.wick}"
        print(f"wick binary {reason}: printing CPython times only")

    names = programs(args.filter)
    times = {(n, s): [] for n in names for s in sides}
    results = {}
    errors = {}
    for _ in range(args.repeat):
        for name in names:
            for side, argv in sides.items():
                if (name, side) in errors:
                    continue
                seconds, result, error = run_once(argv, name, args.timeout)
                if error:
                    errors[(name, side)] = error
                    continue
                times[(name, side)].append(seconds)
                results.setdefault((name, side), result)

    header = f"{'benchmark':<22}{'cpy best':>9}{'cpy med':>9}"
    if "wick" in sides:
        header += f"{'wick best':>10}{'wick med':>9}{'ratio':>8}"
    print(header)
    ratios = []
    tensor_lines = []
    for name in names:
        row = f"{name[:-3]:<22}"
        med = {}
        for side in sides:
            ts = times[(name, side)]
            best = min(ts) if ts else None
            med[side] = statistics.median(ts) if ts else None
            row += f"{fmt(best):>9}{fmt(med[side]):>9}" if side == "cpython" else \
                f"{fmt(best):>10}{fmt(med[side]):>9}"
        if "wick" in sides:
            note = ""
            if med["cpython"] and med["wick"]:
                ratio = med["wick"] / med["cpython"]
                row += f"{ratio:8.2f}"
                if results.get((name, "wick")) != results.get((name, "cpython")):
                    note = "  WRONG result: " + repr(results.get((name, "wick")))
                elif name in TENSOR_PROGRAMS:
                    tensor_lines.append((name, ratio))
                else:
                    ratios.append(ratio)
            row += note
        for side in sides:
            if (name, side) in errors:
                row += f"  [{side} failed: {errors[(name, side)]}]"
        print(row)
    if "wick" in sides:
        if ratios:
            geomean = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
            print(f"geomean wick/CPython over {len(ratios)} pure-Python programs: "
                  f"{geomean:.2f}")
        for name, ratio in tensor_lines:
            print(f"small-tensor eager overhead ({name[:-3]}): wick/PyTorch 1.13 eager = "
                  f"{ratio:.2f}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
