#!/usr/bin/env python3
"""Startup cost of standard-library imports under wick.

Runs `wick run` on an empty program and on one program per import set, N times each,
and prints the median wall time and the median extra over the empty program. The
issue M9 budget: typing + dataclasses + collections together add <= 10 ms.

    benchmarks/startup/run.py [--wick bazel-bin/tools/wick] [-n 21] [--cpu]
"""

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

SETS = {
    "empty": "",
    "typing+dataclasses+collections": "import typing, dataclasses, collections",
    "re": "import re",
    "json": "import json",
    "random": "import random",
    "itertools+functools": "import itertools, functools",
    "os+pathlib": "import os, pathlib",
    "argparse": "import argparse",
    "warnings": "import warnings",
}


def time_run(wick, path, n, cpu):
    # Wall time, or the child's user+system CPU time (steadier on a loaded machine).
    times = []
    for _ in range(n):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([wick, "run", path], check=True, stdout=subprocess.DEVNULL)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        times.append(used if cpu else wall)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wick", default="bazel-bin/tools/wick")
    ap.add_argument("-n", type=int, default=21)
    ap.add_argument("--cpu", action="store_true", help="measure CPU time instead of wall time")
    args = ap.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as d:
        for name, source in SETS.items():
            path = os.path.join(d, name.replace("+", "_") + ".py")
            with open(path, "w") as f:
                f.write(source + "\n")
            results[name] = time_run(args.wick, path, args.n, args.cpu)
    base = results["empty"]
    print("%-34s %10s %10s" % ("imports", "median ms", "extra ms"))
    for name, t in results.items():
        print("%-34s %10.2f %10.2f" % (name, t * 1e3, (t - base) * 1e3))
    extra = (results["typing+dataclasses+collections"] - base) * 1e3
    return 0 if extra <= 10.0 else 1


if __name__ == "__main__":
    sys.exit(main())
