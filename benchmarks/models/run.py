#!/usr/bin/python3
"""Times every model script under wick (3 modes) and PyTorch 1.13 (3 modes) in one run.

    benchmarks/models/run.py [--wick PATH] [--filter NAME]... [--repeat N] [--out DIR]
                             [--threads 1[,2]] [--modes M,M,...] [--min-time S]
                             [--triad-binary PATH] [--sgemm-binary PATH]

Each model script (every *.py here that imports the harness) runs once per mode and
repetition in its own process and prints one `BENCH ...` line: the median of its timed
calls after a warm-up (see _harness.py). Repetitions are interleaved (every model and
mode once, then again, with the mode order rotated) so that machine load hits all modes
alike; the table and the CSV use the median over repetitions. The first repetition runs
with --check (each mode's output against eager, float32 tolerance), so a wrong result
shows as WRONG instead of a speedup.

Writes, under --out (default /tmp/wick-bench-models):
  models.csv     upstream's benchmark-harness columns (speedup = wick compiled-onednn
                 against the best PyTorch mode) followed by the peer columns
  models.svg     bar chart of compiled-onednn's speedup against every other mode
  models_threads2.csv / .svg  the same for --threads 2 (noisy on shared machines)
  models_training.csv / .svg  with --training: one training step per timed call
                 (forward, mean(out**2) loss, backward, SGD step) of TRAINING_MODELS
The probes (--triad-binary: BM_StreamTriad of //tensor/ops/pointwise:pointwise_benchmark,
--sgemm-binary: BM_MatmulRawOneDnn/1024 of //tensor/ops/linalg:linalg_benchmark) give
the machine's single-core bandwidth and sgemm rate, so that memory-bound models are
reported as a fraction of bandwidth and matmul models in GFLOP/s and as a fraction of
raw oneDNN sgemm. `./wick bench models` builds everything and passes all paths.
"""

import argparse
import csv
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WICK_MODES = ["eager", "compiled-eager", "compiled-onednn"]
TORCH_MODES = ["torch-eager", "torch-mkldnn", "torch-jit"]
ALL_MODES = WICK_MODES + TORCH_MODES
TARGET = "compiled-onednn"
TRAINING = False  # --training: the table says what was timed
# Upstream's performance CSV (benchmarks/dynamo/common.py, speedup_experiment), in order.
UPSTREAM_COLUMNS = ["dev", "name", "batch_size", "speedup", "abs_latency",
                    "compilation_latency", "compression_ratio", "eager_peak_mem",
                    "dynamo_peak_mem", "calls_captured", "unique_graphs", "graph_breaks",
                    "unique_graph_breaks", "autograd_captures", "autograd_compiles",
                    "cudagraph_skips"]
HARNESS_IMPORT = "from _harness import run_model"
# glibc malloc settings for every timed process (--no-malloc-tuning drops them): keep
# freed memory in the heap instead of returning it to the OS. PyTorch's CPU allocator has
# no cache, so each large tensor is a fresh malloc; with glibc's defaults the memory goes
# back to the OS on free and every call page-faults it in again, which on these VMs costs
# up to 10x (LayerNorm+GELU on 12 MiB: 3.5 ms or 40 ms per call, bimodal). wick's
# caching allocator does not care either way.
MALLOC_TUNABLES = "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967295"


# --training times these (the MLP, transformer encoder, conv net, GPT-style model).
TRAINING_MODELS = ["mlp", "transformer_encoder", "resnet_bottleneck", "gpt_block"]


def models(filters):
    """Model script names (without .py): the scripts here that use the harness."""
    names = []
    for n in sorted(os.listdir(HERE)):
        if not n.endswith(".py") or n.startswith("_"):
            continue
        with open(os.path.join(HERE, n)) as f:
            if not any(line.startswith(HARNESS_IMPORT) for line in f):
                continue
        if not filters or any(f in n for f in filters):
            names.append(n[:-3])
    return names


def parse_bench(stdout):
    """The key=value fields of the BENCH line (numbers converted), plus `check`."""
    fields = None
    check = None
    for line in stdout.splitlines():
        if line.startswith("BENCH "):
            fields = {}
            for item in line.split()[1:]:
                key, _, value = item.partition("=")
                try:
                    fields[key] = float(value) if "." in value or "e" in value else int(value)
                except ValueError:
                    fields[key] = value
        elif line.startswith("CHECK "):
            check = line.split()[1]  # OK or FAIL
    if fields is not None:
        fields["check"] = check
    return fields


def run_once(argv, env, timeout_s):
    """Runs argv; returns (stdout, stderr, exit code or None on timeout, peak RSS bytes)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        p = subprocess.Popen(argv, cwd=HERE, env=env, stdout=out, stderr=err)
        deadline = time.monotonic() + timeout_s
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid == p.pid:
                break
            if time.monotonic() > deadline:
                p.kill()
                os.wait4(p.pid, 0)
                return "", "", None, 0
            time.sleep(0.01)
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return (out.read().decode(errors="replace"), err.read().decode(errors="replace"),
                p.returncode, usage.ru_maxrss * 1024)


def run_google_benchmark(binary, name, key):
    """Runs one Google Benchmark; returns the best of 3 repetitions of counter `key`."""
    cmd = [binary, f"--benchmark_filter=^{name}$", "--benchmark_format=json",
           "--benchmark_repetitions=3", "--benchmark_min_time=0.2"]
    env = dict(os.environ, OMP_NUM_THREADS="1", WICK_NUM_THREADS="1")
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env).stdout
    values = [b[key] for b in json.loads(out)["benchmarks"]
              if b.get("run_type") == "iteration" and key in b]
    if not values:
        raise RuntimeError(f"{binary} did not report {name}")
    return max(values)


def probe(args):
    """Single-core triad bandwidth (bytes/s) and raw oneDNN sgemm rate (FLOP/s), or None."""
    triad = sgemm = None
    if args.triad_binary and os.path.isfile(args.triad_binary):
        triad = run_google_benchmark(args.triad_binary, "BM_StreamTriad", "bytes_per_second")
    if args.sgemm_binary and os.path.isfile(args.sgemm_binary):
        sgemm = run_google_benchmark(args.sgemm_binary, "BM_MatmulRawOneDnn/1024",
                                     "GFLOP/s") * 1e9
    return triad, sgemm


def measure(args, names, modes, threads):
    """Interleaved repetitions; returns {(model, mode): {"runs": [fields], "error": str}}."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "TORCH_"))}
    env.update(PYTHONDONTWRITEBYTECODE="1", OMP_NUM_THREADS=str(threads),
               WICK_NUM_THREADS=str(threads))
    if args.malloc_tuning:
        env["GLIBC_TUNABLES"] = MALLOC_TUNABLES
    results = {(n, m): {"runs": [], "error": None, "rss": []} for n in names for m in modes}
    for rep in range(args.repeat):
        order = modes[rep % len(modes):] + modes[:rep % len(modes)]
        for name in names:
            for mode in order:
                r = results[(name, mode)]
                if r["error"]:
                    continue
                runner = [args.wick, "run"] if mode in WICK_MODES else [args.python]
                argv = runner + [f"{name}.py", "--mode", mode, "--threads", str(threads),
                                 "--min-time", str(args.min_time)]
                if args.training:
                    argv.append("--training")
                if rep == 0:
                    argv.append("--check")
                stdout, stderr, code, rss = run_once(argv, env, args.timeout)
                fields = parse_bench(stdout)
                if code is None:
                    r["error"] = f"timed out after {args.timeout:.0f} s"
                elif fields is not None and fields["check"] == "FAIL":
                    r["error"] = "WRONG: " + next(l for l in stdout.splitlines()
                                                  if l.startswith("CHECK FAIL"))
                elif code != 0 or fields is None:
                    tail = (stderr.strip() or stdout.strip()).splitlines()[-1:] or [""]
                    r["error"] = f"exit {code}: {tail[0][:200]}"
                else:
                    r["runs"].append(fields)
                    r["rss"].append(rss)
                status = r["error"] or f"{fields['median_ms']:.3f} ms"
                print(f"  [{rep + 1}/{args.repeat}] {name:22s} {mode:16s} {status}",
                      file=sys.stderr, flush=True)
    return results


def summarize(results, names, modes):
    """Per model: medians per mode and the derived figures for the CSV and the table."""
    rows = []
    for name in names:
        row = {"name": name, "ms": {}, "error": {}, "first_ms": {}, "rss": {}}
        for mode in modes:
            r = results[(name, mode)]
            if r["error"]:
                row["error"][mode] = r["error"]
            if r["runs"]:
                row["ms"][mode] = statistics.median(x["median_ms"] for x in r["runs"])
                row["first_ms"][mode] = statistics.median(x["first_ms"] for x in r["runs"])
                row.setdefault("own_compile_ms", {})[mode] = statistics.median(
                    x["compile_ms"] for x in r["runs"])
                row["rss"][mode] = max(r["rss"])
                row.setdefault("first", r["runs"][0])
            if mode == "torch-mkldnn" and r["runs"]:
                row["mkldnn_note"] = r["runs"][0]["note"]
        target = results.get((name, TARGET), {"runs": []})["runs"]
        row["stats"] = target[0] if target else row.get("first", {})
        # The compile cost, as upstream measures it: the compiled first call minus the
        # eager first call (both pay for first-touch allocation; only one compiles).
        # Without an eager run: the compiled first call minus its own median.
        row["compile_ms"] = {}
        for m in ("compiled-eager", TARGET):
            if m in row["first_ms"] and "eager" in row["first_ms"]:
                row["compile_ms"][m] = row["first_ms"][m] - row["first_ms"]["eager"]
            elif m in row["first_ms"]:
                row["compile_ms"][m] = row["own_compile_ms"][m]
        # torch-mkldnn that fell back to eager is torch-eager again: not a configuration
        # of its own, so it does not compete for "best" (the min of two samples of one
        # configuration would only pick the luckier one).
        torch_ms = {m: row["ms"][m] for m in TORCH_MODES if m in row["ms"] and not (
            m == "torch-mkldnn" and "not-applicable" in row.get("mkldnn_note", ""))}
        row["best_torch"] = min(torch_ms, key=torch_ms.get) if torch_ms else None
        rows.append(row)
    return rows


def speedup(row, other):
    if TARGET not in row["ms"] or other not in row["ms"]:
        return None
    return row["ms"][other] / row["ms"][TARGET]


def geomean(values):
    values = [v for v in values if v]
    if not values:
        return None
    return math.exp(sum(math.log(v) for v in values) / len(values))


def efficiency(row, triad, sgemm):
    """Text for the table: GFLOP/s (and % of raw sgemm) or % of triad bandwidth."""
    s = row["stats"]
    if TARGET not in row["ms"]:
        return "", None, None
    seconds = row["ms"][TARGET] / 1e3
    gflops = s.get("flops", 0) / seconds / 1e9 if s.get("flops") else None
    bw_fraction = s.get("bytes", 0) / seconds / triad if s.get("bytes") and triad else None
    text = ""
    if gflops is not None:
        text = f"{gflops:.0f} GF/s"
        if sgemm:
            text += f" {gflops * 1e9 / sgemm:.0%}"
    elif bw_fraction is not None:
        text = f"{bw_fraction:.0%} BW"
    return text, gflops, bw_fraction


def column(mode):
    """A mode as a CSV column stem: wick_eager, compiled_onednn, torch_mkldnn, ..."""
    return "wick_eager" if mode == "eager" else mode.replace("-", "_")


def write_csv(path, rows, modes, triad, sgemm):
    peer = ["best_torch_mode"] + [f"{column(m)}_ms" for m in modes]
    peer += [f"speedup_vs_{column(m)}" for m in modes if m != TARGET]
    peer += ["compiled_eager_compile_ms", "onednn_first_minus_median_ms", "onednn_gflops", "onednn_fraction_of_sgemm",
             "onednn_fraction_of_bandwidth", "torch_mkldnn_note", "errors"]

    def f6(x):
        return "0" if x is None else f"{x:.6f}"

    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(UPSTREAM_COLUMNS + peer)
        for row in rows:
            s = row["stats"]
            best = row["best_torch"]
            eager_mem = row["rss"].get("eager")
            dynamo_mem = row["rss"].get(TARGET)
            _, gflops, bw = efficiency(row, triad, sgemm)
            compile_s = row["compile_ms"].get(TARGET)
            w.writerow([
                "cpu", row["name"], s.get("batch", 0),
                f6(speedup(row, best) if best else None),
                f6(row["ms"].get(TARGET)),
                f6(compile_s / 1e3 if compile_s is not None else None),
                f6(eager_mem / dynamo_mem if eager_mem and dynamo_mem else None),
                f6(eager_mem / 1e9 if eager_mem else None),
                f6(dynamo_mem / 1e9 if dynamo_mem else None),
                s.get("calls_captured", 0), s.get("graphs", 0), s.get("graph_breaks", 0),
                s.get("unique_graph_breaks", 0), 0, 0, 0,
            ] + [
                best or "",
            ] + [f6(row["ms"].get(m)) for m in modes] + [
                f6(speedup(row, m)) for m in modes if m != TARGET
            ] + [
                f6(row["compile_ms"].get("compiled-eager")),
                f6(row.get("own_compile_ms", {}).get(TARGET)), f6(gflops),
                f6(gflops * 1e9 / sgemm if gflops and sgemm else None), f6(bw),
                row.get("mkldnn_note", ""),
                "; ".join(f"{m}: {e}" for m, e in row["error"].items()),
            ])


SHORT = {"eager": "w-eager", "compiled-eager": "c-eager", "compiled-onednn": "c-onednn",
         "torch-eager": "t-eager", "torch-mkldnn": "t-mkldnn", "torch-jit": "t-jit"}


def print_table(rows, modes, triad, sgemm, threads, malloc_tuning):
    head = f"{'model':20s}" + "".join(f"{SHORT[m]:>10s}" for m in modes)
    head += f"{'best torch':>11s}{'vs best':>8s}{'vs w-eag':>9s}{'compile':>9s}{'1st-med':>8s}"
    head += f"{'gr/br':>6s}"
    head += "  efficiency"
    what = "training step (forward, backward, SGD step)" if TRAINING else "call"
    print(f"\nmedian ms per {what}, {threads} thread(s); speedups are compiled-onednn's; "
          f"{'GLIBC_TUNABLES=' + MALLOC_TUNABLES if malloc_tuning else 'default malloc'}")
    print(head)
    print("-" * len(head))
    for row in rows:
        line = f"{row['name']:20s}"
        for m in modes:
            v = row["ms"].get(m)
            line += f"{'ERR' if m in row['error'] and v is None else fmt_ms(v):>10s}"
        best = row["best_torch"]
        vb, ve = (speedup(row, best) if best else None), speedup(row, "eager")
        comp = row["compile_ms"].get(TARGET)
        s = row["stats"]
        line += f"{(SHORT[best] if best else '-'):>11s}{fmt_x(vb):>8s}{fmt_x(ve):>9s}"
        own = row.get("own_compile_ms", {}).get(TARGET)
        line += f"{(f'{comp:.1f}' if comp is not None else '-'):>9s}"
        line += f"{(f'{own:.1f}' if own is not None else '-'):>8s}"
        line += f"{str(s.get('graphs', '-')) + '/' + str(s.get('graph_breaks', '-')):>6s}"
        line += "  " + efficiency(row, triad, sgemm)[0]
        print(line)
        for m, e in row["error"].items():
            print(f"    {m}: {e}")
    print("-" * len(head))
    gb = geomean(speedup(r, r["best_torch"]) for r in rows if r["best_torch"])
    ge = geomean(speedup(r, "eager") for r in rows)
    print(f"geomean speedup of compiled-onednn: vs best PyTorch {fmt_x(gb)}, "
          f"vs wick eager {fmt_x(ge)}")
    others = [m for m in modes if m != TARGET]
    print("  vs each mode: " + ", ".join(
        f"{m} {fmt_x(geomean(speedup(r, m) for r in rows))}" for m in others))
    print("compile: compiled-onednn's first call minus wick eager's first call (upstream's "
          "compilation_latency, ms); 1st-med: its first call minus its median (ms)")
    probes = []
    if triad:
        probes.append(f"triad bandwidth {triad / 1e9:.1f} GB/s (1 core)")
    if sgemm:
        probes.append(f"raw oneDNN sgemm 1024^3 {sgemm / 1e9:.0f} GFLOP/s (1 core)")
    print("probes: " + ("; ".join(probes) if probes else
                        "none (pass --triad-binary / --sgemm-binary; ./wick bench models does)"))
    notes = [r["name"] for r in rows if "not-applicable" in r.get("mkldnn_note", "")]
    if notes:
        print("t-mkldnn ran plain eager (nothing to_mkldnn could convert and run) for: " +
              ", ".join(notes))


def fmt_ms(v):
    if v is None:
        return "-"
    return f"{v:.3f}" if v < 10 else f"{v:.1f}"


def fmt_x(v):
    return "-" if v is None else f"{v:.2f}x"


def write_svg(path, rows, modes, threads):
    """A grouped bar chart (log scale) of compiled-onednn's speedup against the best
    PyTorch mode and against every other mode."""
    others = [m for m in modes if m != TARGET]
    if any(m in TORCH_MODES for m in modes):
        others = ["best-torch"] + others
    colors = {"best-torch": "#333333", "eager": "#4c72b0", "compiled-eager": "#8172b2",
              "torch-eager": "#dd8452", "torch-mkldnn": "#55a868", "torch-jit": "#c44e52"}
    labels = {"best-torch": "vs best PyTorch", "eager": "vs wick eager",
              "compiled-eager": "vs wick compiled-eager"}

    def value(row, m):
        if m == "best-torch":
            return speedup(row, row["best_torch"]) if row["best_torch"] else None
        return speedup(row, m)

    values = [value(r, m) for r in rows for m in others]
    present = [v for v in values if v]
    lo = min([0.5] + present)
    hi = max([2.0] + present)
    lo_e, hi_e = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    width_per = 18 * len(others) + 24
    left, top, plot_h = 60, 40, 300
    width = max(left + width_per * len(rows) + 200, 640)
    height = top + plot_h + 110

    def y(v):
        return top + plot_h * (hi_e - math.log10(v)) / (hi_e - lo_e)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="20" font-size="14">wick compiled-onednn speedup per model '
           f'({threads} thread{"s" if threads > 1 else ""}; log scale, higher is better)</text>']
    for e in range(lo_e, hi_e + 1):
        for mult in (1, 2, 5):
            v = mult * 10 ** e
            if v < 10 ** lo_e or v > 10 ** hi_e:
                continue
            yy = y(v)
            stroke = "#999" if mult == 1 else "#e5e5e5"
            out.append(f'<line x1="{left}" x2="{left + width_per * len(rows)}" y1="{yy:.1f}" '
                       f'y2="{yy:.1f}" stroke="{stroke}"/>')
            out.append(f'<text x="{left - 6}" y="{yy + 4:.1f}" text-anchor="end">'
                       f'{v:g}x</text>')
    y1 = y(1.0)
    out.append(f'<line x1="{left}" x2="{left + width_per * len(rows)}" y1="{y1:.1f}" '
               f'y2="{y1:.1f}" stroke="black" stroke-width="1.5"/>')
    for i, row in enumerate(rows):
        x0 = left + i * width_per + 12
        for j, m in enumerate(others):
            v = value(row, m)
            if not v:
                continue
            yy = y(v)
            top_y, h = (yy, y1 - yy) if v >= 1 else (y1, yy - y1)
            out.append(f'<rect x="{x0 + 18 * j}" y="{top_y:.1f}" width="15" '
                       f'height="{max(h, 0.5):.1f}" fill="{colors[m]}">'
                       f'<title>{row["name"]} vs {m}: {v:.2f}x</title></rect>')
        cx = x0 + 9 * len(others)
        out.append(f'<text transform="translate({cx},{top + plot_h + 14}) rotate(30)" '
                   f'text-anchor="start">{row["name"]}</text>')
    lx = left + width_per * len(rows) + 20
    for j, m in enumerate(others):
        ly = top + 10 + 18 * j
        out.append(f'<rect x="{lx}" y="{ly - 10}" width="12" height="12" fill="{colors[m]}"/>')
        out.append(f'<text x="{lx + 18}" y="{ly}">{labels.get(m, "vs " + m)}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wick", help="path to the wick binary (without it: PyTorch only)")
    parser.add_argument("--python", default="/usr/bin/python3", help="CPython with PyTorch")
    parser.add_argument("--filter", action="append", default=[], help="model name substring")
    parser.add_argument("--repeat", "-n", type=int, default=3)
    parser.add_argument("--out", default="/tmp/wick-bench-models")
    parser.add_argument("--threads", default="1", help="thread counts, e.g. 1 or 1,2")
    parser.add_argument("--training", action="store_true",
                        help="time training steps (forward, backward, SGD step) of the "
                             "models in TRAINING_MODELS instead of inference calls")
    parser.add_argument("--modes", default=",".join(ALL_MODES))
    parser.add_argument("--min-time", type=float, default=0.4,
                        help="seconds of timed calls per process (at least 3 calls)")
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--no-malloc-tuning", dest="malloc_tuning", action="store_false",
                        help="run with glibc's default malloc settings (see MALLOC_TUNABLES)")
    parser.add_argument("--triad-binary", help="pointwise_benchmark (BM_StreamTriad)")
    parser.add_argument("--sgemm-binary", help="linalg_benchmark (BM_MatmulRawOneDnn/1024)")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)
    global TRAINING
    TRAINING = args.training

    modes = [m for m in args.modes.split(",") if m]
    unknown = [m for m in modes if m not in ALL_MODES]
    if unknown:
        parser.error(f"unknown modes {unknown}; known: {ALL_MODES}")
    if not (args.wick and os.access(args.wick, os.X_OK)):
        print(f"wick binary {'not given' if not args.wick else 'not found: ' + args.wick}: "
              "PyTorch modes only", file=sys.stderr)
        modes = [m for m in modes if m in TORCH_MODES]
    else:
        args.wick = os.path.abspath(args.wick)
    names = models(args.filter)
    if args.training:
        names = [n for n in names if n in TRAINING_MODELS]
    if not names or not modes:
        sys.exit("nothing to run")
    os.makedirs(args.out, exist_ok=True)
    triad, sgemm = probe(args)
    failed = False
    for threads in [int(t) for t in args.threads.split(",")]:
        print(f"{len(names)} models x {len(modes)} modes x {args.repeat} repetitions, "
              f"{threads} thread(s)", file=sys.stderr)
        results = measure(args, names, modes, threads)
        rows = summarize(results, names, modes)
        suffix = ("_training" if args.training else "") + (
            "" if threads == 1 else f"_threads{threads}")
        write_csv(os.path.join(args.out, f"models{suffix}.csv"), rows, modes, triad, sgemm)
        write_svg(os.path.join(args.out, f"models{suffix}.svg"), rows, modes, threads)
        print_table(rows, modes, triad, sgemm, threads, args.malloc_tuning)
        print(f"wrote {args.out}/models{suffix}.csv and models{suffix}.svg")
        failed = failed or any(r["error"] for r in rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
