"""Shared helpers of the corpus drivers (corpus/README.md). Runs under wick and under
PyTorch 1.13, which has no torch.compile: there the compiled parts run eagerly and print
the same lines, so one expected output serves both."""
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
    """torch.compile(fn) where it exists; fn itself on PyTorch 1.13."""
    if torch_compile is None:
        return fn
    return torch_compile(fn, **kwargs)
