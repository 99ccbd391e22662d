# The harness of the ported test files (ported_*.py): each file registers tests that
# follow PyTorch's test/dynamo tests one for one and calls main() at its end.
#
# Under CPython 3.11 + PyTorch 1.13 (no torch.compile) every test runs eagerly and prints
# one line: its name and a digest of its results; that run's stdout is the file's .out.
# Under wick the same test also compiles: the compiled results must equal eager's and the
# counts upstream asserts (frames, ops, recompiles) must hold, else the line reads
# "FAIL name: why" and the program exits with status 1.
#
# A test that wick does not pass yet is registered with known="reason": under wick it runs
# eagerly only (its line still compares with CPython's). One that wick cannot even run
# eagerly has skip="reason": both runs print "name skipped" (CPython still runs it). The
# reasons are listed in README.md. WICK_UPSTREAM_ALL=1 runs the known and skipped ones
# compiled too and reports on stderr which pass (XPASS) or fail (XFAIL), for the tally.
import math
import os
import re
import sys

import torch

compiling = hasattr(torch, "compile")
run_all = bool(os.environ.get("WICK_UPSTREAM_ALL"))
if os.environ.get("WICK_UPSTREAM_EAGER"):  # triage: run every test eagerly only
    compiling = False

_tests = []
_state = {"active": False, "lines": []}


class _NoCounter:
    """Stands for CompileCounter where nothing compiles (PyTorch 1.13, known failures)."""

    frame_count = 0
    op_count = 0

    def __call__(self, gm, example_inputs):
        return gm.forward


def active():
    """Whether the running test compiles (wick, and not a skipped known failure)."""
    return _state["active"]


def counter():
    if active():
        from torch._dynamo.testing import CompileCounter
        return CompileCounter()
    return _NoCounter()


def compile(fn=None, **kwargs):
    """torch.compile where the test compiles, else fn itself."""
    if fn is None:
        return lambda f: compile(f, **kwargs)
    if active():
        kwargs.setdefault("backend", "eager")
        return torch.compile(fn, **kwargs)
    return fn


def reset():
    if active():
        torch._dynamo.reset()


def graph_break():
    """torch._dynamo.graph_break() where it exists; nothing under PyTorch 1.13."""
    if compiling:
        torch._dynamo.graph_break()


class _Null:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def config(**changes):
    """torch._dynamo.config.patch(**changes) where the test compiles, else nothing."""
    if active():
        return torch._dynamo.config.patch(**changes)
    return _Null()


class Failure(Exception):
    pass


def expect(cond, what="check"):
    """A compile-only fact: asserted where the test compiles."""
    if active() and not cond:
        raise Failure(what)


def expect_eq(got, want, what="value"):
    if active() and got != want:
        raise Failure(f"{what}: {got!r}, want {want!r}")


def ifdynstaticdefault(static, dynamic):
    """Upstream's helper: the count expected with static shapes assumed (the default) or,
    under assume_static_by_default=False (the _dynamic_shapes variants), the other."""
    if active() and not torch._dynamo.config.assume_static_by_default:
        return dynamic
    return static


def expect_frames(cnt, n, ops=None):
    expect_eq(cnt.frame_count, n, "frame_count")
    if isinstance(ops, tuple):  # (static, dynamic) as upstream's expected_ops_dynamic
        ops = ifdynstaticdefault(*ops)
    if ops is not None:
        expect_eq(cnt.op_count, ops, "op_count")


def raises(exc_type, fn, *args, **kwargs):
    """Calls fn; returns 'ExcName: message' of the exception of exc_type it raises."""
    try:
        fn(*args, **kwargs)
    except exc_type as e:
        return f"{type(e).__name__}: {e}"
    raise Failure(f"{getattr(fn, '__name__', fn)} did not raise {exc_type.__name__}")


def digest(v):
    """A short print form of a result that eager PyTorch and wick print alike."""
    if isinstance(v, torch.Tensor):
        if v.dtype == torch.bool:
            s = str(int(v.sum().item()))
        elif v.numel() == 0:
            s = "-"
        else:
            total = float(v.to(torch.float64).sum().item())
            s = _num(total)
        dt = str(v.dtype).replace("torch.", "")
        return f"T{list(v.shape)}{dt}:{s}"
    if isinstance(v, float):
        return _num(v)
    if isinstance(v, tuple) and type(v) is not tuple and hasattr(v, "_fields"):
        return type(v).__name__ + "(" + ", ".join(digest(x) for x in v) + ")"
    if isinstance(v, (tuple, list)):
        inner = ", ".join(digest(x) for x in v)
        return ("[" + inner + "]") if isinstance(v, list) else ("(" + inner + ("," if len(v) == 1 else "") + ")")
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k!r}: {digest(x)}" for k, x in v.items()) + "}"
    if isinstance(v, torch.Size):
        return repr(v)
    return repr(v)


def _num(x):
    if math.isnan(x) or math.isinf(x):
        return repr(x)
    if abs(x) < 5e-4:
        x = 0.0
    return f"{x:.3f}"


def same(a, b):
    """Compiled equals eager: tensors to float tolerance (NaN where NaN), the rest exactly."""
    if isinstance(a, torch.Tensor):
        if not isinstance(b, torch.Tensor) or a.shape != b.shape or a.dtype != b.dtype:
            return False
        if a.dtype == torch.bool or not a.is_floating_point():
            return bool(torch.equal(a, b))
        return bool(torch.allclose(a, b, rtol=1e-4, atol=1e-5, equal_nan=True))
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return (type(a) is type(b) and list(a.keys()) == list(b.keys()) and
                all(same(a[k], b[k]) for k in a))
    if isinstance(a, float) and isinstance(b, float):
        return (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=1e-5, abs_tol=1e-6)
    return type(a) is type(b) and a == b


def inputs(n, seed=0, shape=(10, 10)):
    """n deterministic float32 tensors with exact values (multiples of 1/8, none zero)."""
    count = 1
    for d in shape:
        count *= d
    out = []
    for i in range(n):
        k = torch.arange(count, dtype=torch.float32) * (7 + 4 * i + 6 * seed) + 3 * (i + seed)
        out.append(((k % 23) - 11.5).div(8).reshape(shape))
    return out


def out(*values):
    """Adds values to the running test's printed line."""
    _state["lines"].append(" ".join(digest(v) for v in values))


def _argcount(fn):
    """How many positional parameters fn has: co_argcount where code objects have it,
    else read from the TypeError a call with too many arguments raises."""
    code = getattr(fn, "__code__", None)
    if hasattr(code, "co_argcount"):
        return code.co_argcount
    try:
        fn(*[None] * 9)
    except TypeError as e:
        m = re.search(r"takes (\d+) positional argument", str(e))
        if m:
            return int(m.group(1))
    raise ValueError(f"cannot tell how many arguments {fn.__name__} takes")


def standard(fn, n, frames=1, ops=None, fullgraph=None):
    """Upstream's standard_test: fn takes n 10x10 tensors; compiled (with no graph break
    allowed when frames <= 1), it is called with two sets of inputs twice each and must
    equal eager, having compiled `frames` graphs (and `ops` ops)."""
    full = frames <= 1 if fullgraph is None else fullgraph
    args1 = inputs(n, 0)
    args2 = inputs(n, 1)
    want1 = fn(*[a.clone() for a in args1])
    want2 = fn(*[a.clone() for a in args2])
    if active():
        cnt = counter()
        opt = torch.compile(fn, backend=cnt, fullgraph=full)
        got = [opt(*[a.clone() for a in args1]), opt(*[a.clone() for a in args2]),
               opt(*[a.clone() for a in args1]), opt(*[a.clone() for a in args2])]
        for i, (g, w) in enumerate(zip(got, [want1, want2, want1, want2])):
            if not same(w, g):
                raise Failure(f"call {i + 1}: compiled {digest(g)} != eager {digest(w)}")
        expect_frames(cnt, frames, ops)
    out(want1)
    out(want2)


def make_test(fn=None, frames=1, ops=None, known=None, skip=None, nargs=None, fullgraph=None,
              name=None):
    """Registers standard(fn, ...) as a test named after fn (upstream's make_test)."""
    if fn is None:
        return lambda f: make_test(f, frames=frames, ops=ops, known=known, skip=skip,
                                   nargs=nargs, fullgraph=fullgraph, name=name)
    n = _argcount(fn) if nargs is None else nargs
    register(name or fn.__name__, lambda: standard(fn, n, frames, ops, fullgraph), known, skip)
    return fn


def deterministic(module):
    """Gives every parameter and buffer of module fixed values (no RNG), so that eager
    PyTorch and wick start from the same weights."""
    with torch.no_grad():
        for i, (_, t) in enumerate(list(module.named_parameters()) + list(module.named_buffers())):
            if t.is_floating_point():
                k = torch.arange(t.numel(), dtype=torch.float32) * (5 + 2 * i) + i
                t.copy_((((k % 17) - 8) / 32).reshape(t.shape))
    return module


def case(fn=None, known=None, skip=None):
    """A test written out in full: it calls compile()/counter()/expect()/out() itself."""
    if fn is None:
        return lambda f: case(f, known=known, skip=skip)
    register(fn.__name__, fn, known, skip)
    return fn


def register(name, body, known=None, skip=None):
    """known: why wick fails the compiled part (wick then runs the test eagerly only).
    skip: why wick cannot run the test at all, not even eagerly (both print a fixed line;
    CPython still runs it)."""
    # Names repeat only across files (upstream's FunctionTests and MiscTests both have a
    # test_is_floating_point), where a variant file imports both.
    _tests.append((name, body, known, skip))


def as_variant(suffix, known=None, skip=None, **changes):
    """Turns every test registered so far into upstream's variant of it: named
    name + suffix, run under torch._dynamo.config.patch(**changes) (upstream's
    make_test_cls_with_patches). known/skip: {name: reason} for what fails only in the
    variant; what fails in the original fails here too."""
    known = known or {}
    skip = skip or {}
    originals = list(_tests)
    del _tests[:]
    for name, body, k, s in originals:
        def patched(body=body):
            with config(**changes):
                body()

        register(name + suffix, patched, known.get(name, k), skip.get(name, s))


def _first_line(e):
    """The first line of an error, with the Explanation line of a graph-break error."""
    lines = [line.strip() for line in str(e).strip().splitlines()]
    extra = [line[len("Explanation: "):] for line in lines if line.startswith("Explanation: ")]
    return " - ".join((lines[:1] if lines else []) + extra)


def _run(name, body, active_now):
    _state["active"] = active_now
    _state["lines"] = []
    reset()
    try:
        body()
    finally:
        _state["active"] = False
    return name + " " + " | ".join(_state["lines"])


def main():
    failed = 0
    for name, body, known, skip in _tests:
        try:
            if skip is not None and compiling and not run_all:
                print(f"{name} skipped")
                continue
            line = _run(name, body, compiling and ((known is None and skip is None) or run_all))
            if skip is not None:
                line = f"{name} skipped"
            if (known or skip) and compiling and run_all:
                print(f"XPASS {name}", file=sys.stderr)
            print(line)
        except Exception as e:  # a wrong count or value, or an error of the compiled run
            if (known or skip) and run_all:
                print(f"XFAIL {name}: {type(e).__name__}: {_first_line(e)}", file=sys.stderr)
                print(f"{name} skipped" if skip else _run(name, body, False))
                continue
            failed += 1
            print(f"FAIL {name}: {type(e).__name__}: {_first_line(e)}")
    known_count = sum(1 for t in _tests if t[2] is not None or t[3] is not None)
    print(f"{len(_tests)} tests, {known_count} known failures")
    if failed:
        sys.exit(1)
