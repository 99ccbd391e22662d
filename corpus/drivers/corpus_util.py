"""Shared helpers of the corpus drivers (corpus/README.md). Runs under wick and under
PyTorch 1.13, which has no torch.compile: there the compiled parts run eagerly and print
the same lines, so one expected output serves both."""
import copy
import os
import sys

import torch


def setup():
    """Puts the entry's upstream folders (the runner passes them as arguments) first on
    sys.path, so the upstream files import unchanged."""
    for p in reversed(sys.argv[1:]):
        sys.path.insert(0, p)


def num(x):
    """A float with 4 decimals; -0.0000 prints as 0.0000."""
    s = "%.4f" % x
    if s == "-0.0000":
        s = "0.0000"
    return s


def show(label, t):
    """A tensor as its shape, mean, mean of absolute values and first 4 values, reduced in
    float64 so that the order of float32 sums matters less."""
    t = t.detach().double()
    head = ", ".join(num(v) for v in t.reshape(-1)[:4].tolist())
    print("%s shape=%s mean=%s absmean=%s head=[%s]" % (
        label, tuple(t.shape), num(t.mean().item()), num(t.abs().mean().item()), head))


def maxdiff(a, b):
    return (a.detach().double() - b.detach().double()).abs().max().item()


def diff(label, a, b):
    print("%s maxdiff=%s" % (label, num(maxdiff(a, b))))


torch_compile = getattr(torch, "compile", None)


def compiled(fn, **kwargs):
    """torch.compile(fn) where it exists; fn itself on PyTorch 1.13. Under
    WICK_CORPUS_FORWARD_STATS=1 (run_corpus.py --forward-stats), the first call of the
    result first measures the compiled forward (forward_stats)."""
    if torch_compile is None:
        return fn
    if os.environ.get("WICK_CORPUS_FORWARD_STATS") != "1":
        return torch_compile(fn, **kwargs)
    return _MeasuredOnFirstCall(fn, kwargs)


class _MeasuredOnFirstCall:
    """torch.compile(fn) whose first call first runs forward_stats; other attributes
    (`.to`, `.parameters`, ...) are the compiled object's."""

    def __init__(self, fn, compile_kwargs):
        self._fn = fn
        self._compile_kwargs = compile_kwargs
        self._compiled = torch_compile(fn, **compile_kwargs)
        self._measured = False

    def __call__(self, *args, **kwargs):
        if not self._measured:
            self._measured = True
            label = getattr(self._fn, "__qualname__", None) or type(self._fn).__name__
            forward_stats(label, self._fn, args, kwargs, self._compile_kwargs)
        return self._compiled(*args, **kwargs)

    def __getattr__(self, name):
        value = getattr(self._compiled, name)
        if value is self._compiled:
            return self
        if callable(value) and getattr(value, "__self__", None) is self._compiled:
            def method(*args, **kwargs):
                out = value(*args, **kwargs)
                return self if out is self._compiled else out
            return method
        return value


def forward_stats(label, fn, args, kwargs, compile_kwargs, calls=5):
    """Compiles fn afresh (after torch._dynamo.reset()), calls it `calls` times with copies
    of the same arguments in the caller's grad mode, and writes to stderr the graphs, graph
    breaks and skipped frames of the first call and the graphs compiled and recompiles of
    the later ones:
    "forward-stats LABEL: graphs=G breaks=B skips=S | later: graphs=G recompiles=R".
    Resets again afterwards, so the driver's own compiled calls start from nothing. The
    extra calls may change the model's state (BatchNorm statistics, caches): the output of
    a run that measures is not compared."""
    import _wick_runtime
    torch._dynamo.reset()
    probe = torch_compile(fn, **compile_kwargs)
    counts = []
    if True:  # in the caller's grad mode: a training forward compiles for autograd
        for i in range(calls):
            _wick_runtime.explain_begin()
            try:
                # A fresh copy per call: a function that mutates its arguments (a cache
                # list) must see the same inputs each time.
                a, k = copy.deepcopy((args, kwargs))
            except Exception:
                a, k = args, kwargs
            try:
                probe(*a, **k)
            finally:
                events = _wick_runtime.explain_end()
            kinds = [e[0] for e in events]
            counts.append({k: kinds.count(k) for k in ("graph", "break", "skip", "recompile")})
    torch._dynamo.reset()
    first = counts[0]
    later_graphs = sum(c["graph"] for c in counts[1:])
    later_recompiles = sum(c["recompile"] for c in counts[1:])
    sys.stderr.write("forward-stats %s: graphs=%d breaks=%d skips=%d | later: graphs=%d "
                     "recompiles=%d\n" % (label, first["graph"], first["break"], first["skip"],
                                          later_graphs, later_recompiles))


def params_maxdiff(a, b):
    """The largest difference between the parameters of two copies of a model."""
    return max(maxdiff(p, q) for p, q in zip(a.parameters(), b.parameters()))


def grad_norm(label, model, name):
    """Prints the norm of the gradient of the parameter called name."""
    g = dict(model.named_parameters())[name].grad
    # Four significant digits: a norm sums many float32 squares, so its fifth digit
    # depends on the summation order.
    print("%s grad norm %s %s" % (label, name, "%.4g" % g.norm().item()))


def first_grads(model):
    """Each parameter's gradient (absolute values), to call after the first backward."""
    return {name: None if p.grad is None else p.grad.detach().abs().clone()
            for name, p in model.named_parameters()}


def trained_maxdiff(a, b, first):
    """The largest difference between the parameters of two trained copies of a model,
    leaving out the elements whose first gradient (first_grads) is null, at most 1e-4 of the
    largest one (a bias before a normalization, a key bias before a softmax, entries that a
    shift drops): their gradient is rounding noise, which Adam scales up to steps of lr."""
    largest = max([g.max().item() for g in first.values() if g is not None] or [0.0])
    bparams = dict(b.named_parameters())
    diff = 0.0
    for name, p in a.named_parameters():
        d = (p.detach().double() - bparams[name].detach().double()).abs()
        if first[name] is not None:
            d = d * (first[name] > 1e-4 * largest)
        diff = max(diff, d.max().item())
    return diff


def train_steps(label, model, forward, opt, loss_fn, steps, seed=0, grad=None):
    """steps optimizer steps on loss_fn(forward, i) (forward is model or its compiled
    version; the optimizer step stays eager). Reseeds with seed + i before each step, so
    that dropout and other random draws are the same on both sides. Prints each step's
    loss, and after the first backward the gradient norm of the parameter named grad.
    Returns first_grads(model) of the first step."""
    first = None
    for i in range(steps):
        torch.manual_seed(seed + i)
        opt.zero_grad()
        loss = loss_fn(forward, i)
        loss.backward()
        if i == 0:
            first = first_grads(model)
            if grad is not None:
                grad_norm(label, model, grad)
        opt.step()
        print("%s step %d loss %s" % (label, i, num(loss.item())))
    return first


def train_both(label, model, make_opt, loss_fn, steps=3, seed=0, grad=None, make_copy=None):
    """Trains a copy of model eagerly and another one through compiled(copy) with the same
    steps and seeds (train_steps), then prints the largest parameter difference between
    the two (trained_maxdiff: null-gradient elements left out). The copies are
    copy.deepcopy(model), or make_copy() where given. Returns (eager copy, compiled copy)."""
    make_copy = make_copy or (lambda: copy.deepcopy(model))
    eager = make_copy()
    comp = make_copy()
    first = train_steps(label, eager, eager, make_opt(eager.parameters()), loss_fn, steps, seed,
                        grad)
    train_steps("compiled " + label, comp, compiled(comp), make_opt(comp.parameters()), loss_fn,
                steps, seed, grad)
    print("compiled %s params maxdiff=%s" % (label, num(trained_maxdiff(eager, comp, first))))
    return eager, comp
