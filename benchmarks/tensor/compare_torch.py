#!/usr/bin/env python3
"""Runs wick's Google Benchmark binaries and the same ops in PyTorch 1.13, side by side.

    /usr/bin/python3 benchmarks/tensor/compare_torch.py BINARY [BINARY ...] [--filter RE]

For every benchmark that has a PyTorch equivalent (tables in torch_cases/*.py: each module
defines CASES = {benchmark name: dict(setup, stmt, bytes=None, number=1)}) it prints

    op, wick time, torch time, ratio (wick/torch), and for ops with a byte count the
    fraction of this machine's triad bandwidth each side reaches.

Times are CPU time per call, PyTorch single-threaded (torch.set_num_threads(1)). The
machines this runs on are shared, so each benchmark alternates --rounds times between
the wick binary and PyTorch and each side keeps its best round: both see the same load.
To add rows for another op group, drop a module with a CASES table into torch_cases/; a
BASELINES table {wick benchmark: raw oneDNN benchmark} adds a second table of ratios
against oneDNN called directly. Benchmarks without a PyTorch case print their time only.
"""

import argparse
import glob
import importlib.util
import json
import os
import subprocess
import sys
import time

import torch

_UNIT_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def load_cases():
    """Merges the CASES and BASELINES tables of torch_cases/*.py (names must be unique)."""
    cases, triad, baselines = {}, None, {}
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch_cases")
    for path in sorted(glob.glob(os.path.join(here, "*.py"))):
        spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for name, case in getattr(module, "CASES", {}).items():
            if name in cases:
                sys.exit(f"{path}: benchmark {name} already has a PyTorch case")
            cases[name] = case
        baselines.update(getattr(module, "BASELINES", {}))
        triad = triad or getattr(module, "TRIAD", None)
    return cases, triad, baselines


def list_benchmarks(binary, bench_filter):
    cmd = [binary, "--benchmark_list_tests"]
    if bench_filter:
        cmd.append(f"--benchmark_filter={bench_filter}")
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return [line.strip() for line in out.splitlines() if line.strip()]


def run_wick(binary, name, min_time):
    """Runs one benchmark; returns (cpu ns per iteration, bytes/s or None)."""
    cmd = [binary, "--benchmark_format=json", f"--benchmark_min_time={min_time}",
           f"--benchmark_filter=^{name}$"]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    for b in json.loads(out)["benchmarks"]:
        if b.get("run_type", "iteration") == "iteration" and b["name"] == name:
            ns = b["cpu_time"] * _UNIT_NS[b.get("time_unit", "ns")]
            return ns, b.get("bytes_per_second")
    raise RuntimeError(f"{binary} did not report {name}")


def time_torch(case, samples):
    """Best CPU ns per call of case['stmt'] over `samples` timing samples."""
    env = {"torch": torch}
    exec(case["setup"], env)  # pylint: disable=exec-used
    code = compile(case["stmt"], "<stmt>", "exec")
    number = case.get("number", 1)
    for _ in range(max(1, number // 10)):  # Warm up (allocator, caches).
        exec(code, env)  # pylint: disable=exec-used
    best = float("inf")
    for _ in range(samples):
        start = time.process_time_ns()
        for _ in range(number):
            exec(code, env)  # pylint: disable=exec-used
        best = min(best, (time.process_time_ns() - start) / number)
    return best


def fmt_time(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.3f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} us"
    return f"{ns:.0f} ns"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binaries", nargs="+", help="Google Benchmark binaries to run")
    parser.add_argument("--filter", default="", help="--benchmark_filter for the binaries")
    parser.add_argument("--min_time", default="0.2", help="--benchmark_min_time (seconds)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="alternations between wick and PyTorch per benchmark")
    args = parser.parse_args()

    torch.set_num_threads(1)
    cases, triad_name, baselines = load_cases()
    rows = []  # (name, wick ns, wick bytes/s, torch ns or None)
    for binary in args.binaries:
        for name in list_benchmarks(binary, args.filter):
            case = cases.get(name)
            wick_ns, wick_bps, torch_ns = float("inf"), None, float("inf")
            for _ in range(args.rounds):
                ns, bps = run_wick(binary, name, args.min_time)
                if ns < wick_ns:
                    wick_ns, wick_bps = ns, bps
                if case is not None:
                    torch_ns = min(torch_ns, time_torch(case, samples=3))
            rows.append((name, wick_ns, wick_bps, torch_ns if case is not None else None))
    triad_bw = next((bps for name, _, bps, _ in rows if name == triad_name), None)

    print(f"PyTorch {torch.__version__}, 1 thread; best CPU time per call over "
          f"{args.rounds} alternating rounds" +
          (f"; triad bandwidth {triad_bw / 1e9:.1f} GB/s" if triad_bw else ""))
    header = (f"{'op':30s} {'wick':>11s} {'torch':>11s} {'ratio':>7s} "
              f"{'wick BW':>8s} {'torch BW':>8s}")
    print(header)
    print("-" * len(header))
    for name, ns, bytes_per_s, torch_ns in rows:
        if torch_ns is None:  # No PyTorch case: time, and bandwidth where measured.
            frac = f"{bytes_per_s / triad_bw:.0%}" if bytes_per_s and triad_bw else ""
            print(f"{name:30s} {fmt_time(ns):>11s} {'':>11s} {'':>7s} {frac:>8s}")
            continue
        case = cases[name]
        wick_bw = torch_bw = ""
        if case.get("bytes") and triad_bw:
            wick_bw = f"{case['bytes'] / (ns * 1e-9) / triad_bw:.0%}"
            torch_bw = f"{case['bytes'] / (torch_ns * 1e-9) / triad_bw:.0%}"
        print(f"{name:30s} {fmt_time(ns):>11s} {fmt_time(torch_ns):>11s} "
              f"{ns / torch_ns:7.2f} {wick_bw:>8s} {torch_bw:>8s}")
    print_baselines(rows, baselines)


def print_baselines(rows, baselines):
    """wick ops against the same computation written directly in oneDNN (same binary)."""
    times = {name: ns for name, ns, _, _ in rows}
    pairs = [(op, raw) for op, raw in baselines.items() if op in times and raw in times]
    if not pairs:
        return
    print()
    header = f"{'op':30s} {'wick':>11s} {'raw oneDNN':>11s} {'ratio':>7s}"
    print(header)
    print("-" * len(header))
    for op, raw in pairs:
        print(f"{op:30s} {fmt_time(times[op]):>11s} {fmt_time(times[raw]):>11s} "
              f"{times[op] / times[raw]:7.2f}")


if __name__ == "__main__":
    main()
