# The model scripts' shared harness: every script here ends with
#   from _harness import run_model
# (the script's directory is sys.path[0] under wick and CPython alike).
#
# run_model(...) parses the command line, builds the model for --mode, times it and
# prints one line `BENCH name=... mode=... median_ms=...` (and, with --check, a line
# `CHECK OK` or `CHECK FAIL` comparing the mode's output with plain eager).
import sys
import time

import torch

WICK_MODES = ["eager", "compiled-eager", "compiled-onednn"]
TORCH_MODES = ["torch-eager", "torch-mkldnn", "torch-jit"]
USAGE = ("usage: MODEL.py [--mode " + "|".join(WICK_MODES + TORCH_MODES) +
         "] [--check] [--training] [--iters N] [--warmup N] [--min-time SECONDS] "
         "[--threads N]")


def _parse_args(argv):
    opts = {"mode": "eager", "check": False, "training": False, "iters": 0, "warmup": 3,
            "min_time": 0.4, "threads": 1}
    i = 1
    while i < len(argv):
        arg = argv[i]
        key = arg
        value = None
        if "=" in arg:
            key, value = arg.split("=", 1)
        if key in ("--check", "--training"):
            opts[key[2:]] = True
            i += 1
            continue
        if key not in ("--mode", "--iters", "--warmup", "--min-time", "--threads"):
            print(USAGE)
            sys.exit(2)
        if value is None:
            if i + 1 >= len(argv):
                print(USAGE)
                sys.exit(2)
            value = argv[i + 1]
            i += 1
        i += 1
        if key == "--mode":
            opts["mode"] = value
        elif key == "--min-time":
            opts["min_time"] = float(value)
        else:
            opts[key[2:]] = int(value)
    if opts["mode"] not in WICK_MODES + TORCH_MODES:
        print(USAGE)
        sys.exit(2)
    return opts


def _median(values):
    s = sorted(values)
    n = len(s)
    if n % 2 == 1:
        return s[n // 2]
    return (s[n // 2 - 1] + s[n // 2]) / 2


def _count_linears(model):
    n = 0
    for m in model.modules():
        if isinstance(m, torch.nn.Linear):
            n += 1
    return n


def _count_convs(model):
    return sum(1 for m in model.modules() if isinstance(m, torch.nn.Conv2d))


# Returns (callable, note) for `mode`; `note` says what the mode did to the model.
def _prepare(mode, model, inputs, jit):
    if mode in WICK_MODES:
        if not hasattr(torch, "compile"):
            print(f"mode {mode} needs torch.compile (wick); this is PyTorch {torch.__version__}")
            sys.exit(2)
        if mode == "eager":
            return model, "-"
        if mode == "compiled-eager":
            return torch.compile(model, backend="eager"), "-"
        return torch.compile(model), "-"
    if not hasattr(torch, "jit"):
        print(f"mode {mode} needs PyTorch (torch.jit, torch.utils.mkldnn)")
        sys.exit(2)
    if mode == "torch-eager":
        return model, "-"
    if mode == "torch-mkldnn":
        # nn.Linear -> MkldnnLinear (weights in oneDNN layout); models without nn.Linear
        # run plain eager, which the note says.
        import torch.utils.mkldnn as mkldnn_utils
        n = _count_linears(model)
        convs = _count_convs(model)
        if convs > 0:
            # Conv2d -> MkldnnConv2d (and BatchNorm2d -> MkldnnBatchNorm): these take
            # and give oneDNN-layout tensors, so inputs are converted in and the result
            # out, inside the timed call (what a user of to_mkldnn writes).
            import copy
            converted = mkldnn_utils.to_mkldnn(copy.deepcopy(model))

            def run(*xs):
                out = converted(*[x.to_mkldnn() for x in xs])
                return out.to_dense() if out.is_mkldnn else out
            try:
                run(*inputs)
            except (RuntimeError, NotImplementedError):
                # An op without an MkldnnCPU kernel (hardtanh_, a transposed conv...):
                # PyTorch cannot run this model that way; it runs eager, as the note says.
                return model, "mkldnn-not-applicable:eager"
            return run, f"mkldnn-convs:{convs}+linears:{n}"
        if n == 0:
            return model, "mkldnn-not-applicable:eager"
        return mkldnn_utils.to_mkldnn(model), f"mkldnn-linears:{n}"
    if jit == "script":
        scripted = torch.jit.script(model)
    else:
        scripted = torch.jit.trace(model, inputs)
    return torch.jit.freeze(scripted.eval()), f"jit-{jit}+freeze"


# Graph and break counts from torch._dynamo.utils.counters (wick modes; 0 for PyTorch).
def _counter_stats(mode):
    if mode not in WICK_MODES:
        return {"graphs": 0, "graph_breaks": 0, "unique_graph_breaks": 0, "calls_captured": 0}
    from torch._dynamo.utils import counters
    breaks = counters["graph_break"]
    total = 0
    unique = 0
    for k in breaks:
        if breaks[k] > 0:
            total += breaks[k]
            unique += 1
    return {"graphs": counters["stats"]["unique_graphs"], "graph_breaks": total,
            "unique_graph_breaks": unique,
            "calls_captured": counters["stats"]["calls_captured"]}


# --training: what one timed call is. A forward, the loss mean(out**2), backward and an
# SGD step (upstream's harness flag: forward + backward + optimizer step per iteration).
# The model stays in eval mode (no dropout: the check compares against eager). wick's
# compiled modes compile the forward; the default backend then compiles its joint
# forward/backward (AOT autograd). torch-jit traces (or scripts) the model without
# freezing, which keeps it trainable; to_mkldnn modules cannot train, so torch-mkldnn
# runs plain eager and says so.
def _prepare_training(mode, model, inputs, jit):
    note = "-"
    if mode in WICK_MODES:
        if not hasattr(torch, "compile"):
            print(f"mode {mode} needs torch.compile (wick); this is PyTorch {torch.__version__}")
            sys.exit(2)
        fwd = model
        if mode == "compiled-eager":
            fwd = torch.compile(model, backend="eager")
        elif mode == "compiled-onednn":
            fwd = torch.compile(model)
    elif mode == "torch-jit":
        fwd = torch.jit.script(model) if jit == "script" else torch.jit.trace(model, inputs)
        note = f"jit-{jit}"
    else:
        fwd = model
        if mode == "torch-mkldnn":
            note = "mkldnn-not-applicable:eager"
    opt = torch.optim.SGD(model.parameters(), lr=1e-4)

    def step(*xs):
        opt.zero_grad(set_to_none=True)
        out = fwd(*xs)
        loss = (out * out).mean()
        loss.backward()
        opt.step()
        return loss
    return step, note


def _compare_params(model, ref_model):
    worst = 0.0
    for p, q in zip(model.parameters(), ref_model.parameters()):
        ok, _ = _compare(p.detach(), q.detach())
        worst = max(worst, (p.detach() - q.detach()).abs().max().item())
        if not ok:
            return False, f"parameters after one step differ: max_abs_diff={worst:.3e}"
    return True, f"params_max_abs_diff={worst:.3e}"


# Float32 tolerance of the issue: |out - ref| <= 1e-5 + 1e-4 * |ref| everywhere.
def _compare(out, ref):
    if tuple(out.shape) != tuple(ref.shape):
        return False, f"shape {tuple(out.shape)} != {tuple(ref.shape)}"
    diff = (out - ref).abs()
    ok = bool((diff <= 1e-5 + 1e-4 * ref.abs()).all().item())
    return ok, f"max_abs_diff={diff.max().item():.3e}"


# Runs one model in one mode. make_model() and make_inputs() are called after
# torch.manual_seed(0); flops (multiply-adds count 2) and bytes_moved (the least memory
# traffic of one call) let the driver report GFLOP/s and bandwidth; jit is "trace" or
# "script". With --check, compiled modes must also produce `graphs` unique graphs and
# `breaks` graph breaks, so that a model that silently stops compiling fails its test.
def run_model(name, make_model, make_inputs, batch, flops=0, bytes_moved=0, jit="trace",
              graphs=1, breaks=0):
    opts = _parse_args(sys.argv)
    mode = opts["mode"]
    if mode in TORCH_MODES and hasattr(torch, "set_num_threads"):
        torch.set_num_threads(opts["threads"])
    torch.manual_seed(0)
    with torch.set_grad_enabled(opts["training"]):
        model = make_model().eval()
        inputs = make_inputs()
        ref = None
        if opts["training"]:
            import copy
            ref_model = copy.deepcopy(model) if opts["check"] else None
            fn, note = _prepare_training(mode, model, inputs, jit)
            if ref_model is not None:
                ref, _ = _prepare_training("torch-eager", ref_model, inputs, jit)
                ref = ref(*inputs)
        else:
            if opts["check"]:
                ref = model(*inputs)
            fn, note = _prepare(mode, model, inputs, jit)
        start = time.perf_counter()
        out = fn(*inputs)
        first = time.perf_counter() - start
        check = None
        if opts["check"]:
            check = _compare(out.detach(), ref.detach())
            if check[0] and opts["training"]:
                check = _compare_params(model, ref_model)
        for _ in range(opts["warmup"]):
            fn(*inputs)
        times = []
        spent = 0.0
        while True:
            if opts["iters"] > 0:
                if len(times) >= opts["iters"]:
                    break
            elif len(times) >= 3 and (spent >= opts["min_time"] or len(times) >= 10000):
                break
            start = time.perf_counter()
            fn(*inputs)
            t = time.perf_counter() - start
            times.append(t)
            spent += t
    stats = _counter_stats(mode)
    med = _median(times)
    if opts["training"]:
        # A training step multiplies about three times as much as the forward (the
        # backward's input and weight gradients); bytes are not estimated.
        flops, bytes_moved = 3 * flops, 0
    print(f"BENCH name={name} mode={mode} batch={batch} median_ms={med * 1e3:.4f} "
          f"min_ms={min(times) * 1e3:.4f} first_ms={first * 1e3:.4f} "
          f"compile_ms={(first - med) * 1e3:.4f} iters={len(times)} "
          f"graphs={stats['graphs']} graph_breaks={stats['graph_breaks']} "
          f"unique_graph_breaks={stats['unique_graph_breaks']} "
          f"calls_captured={stats['calls_captured']} flops={flops} bytes={bytes_moved} "
          f"threads={opts['threads']} training={int(opts['training'])} note={note}")
    if check is not None and check[0] and mode in ("compiled-eager", "compiled-onednn"):
        if stats["graphs"] != graphs or stats["graph_breaks"] != breaks:
            check = (False, f"graphs={stats['graphs']} graph_breaks={stats['graph_breaks']}, "
                            f"expected graphs={graphs} graph_breaks={breaks}")
    if check is not None:
        if check[0]:
            print(f"CHECK OK name={name} mode={mode} {check[1]}")
        else:
            print(f"CHECK FAIL name={name} mode={mode} {check[1]}")
            sys.exit(1)
