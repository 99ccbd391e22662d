# torch._dynamo.eval_frame for wick: torch.compile's Python face over the runtime's
# native module `_wick_runtime` (runtime/module.cc): the compile entry point with its
# decorator forms, OptimizedModule for torch.compile(module), the GraphModule custom
# backends receive, and set_stance. Imported only when the runtime is linked.
import torch
import _wick_runtime


# The graph module a custom backend receives: print(gm.code), gm.graph.nodes (each with
# .op, .name, .target), gm.print_readable(), and gm(*inputs) runs the graph eagerly.
class Node:
    def __init__(self, op, name, target):
        self.op = op
        self.name = name
        self.target = target

    def __repr__(self):
        return self.name


class Graph:
    def __init__(self, nodes):
        self.nodes = nodes

    def __repr__(self):
        return "<wick graph with " + str(len(self.nodes)) + " nodes>"


class GraphModule:
    def __init__(self, handle):
        self._handle = handle
        nodes = [Node(op, name, target) for op, name, target in _wick_runtime._graph_nodes(handle)]
        self.graph = Graph(nodes)

    @property
    def code(self):
        return _wick_runtime._graph_code(self._handle)

    def print_readable(self, print_output=True):
        text = _wick_runtime._graph_readable(self._handle)
        if print_output:
            print(text)
        return text

    def forward(self, *args):
        return _wick_runtime._graph_run(self._handle, list(args))

    def __call__(self, *args):
        return _wick_runtime._graph_run(self._handle, list(args))


# torch.compile(module): a Module whose call runs the original module compiled; its
# parameters appear under `_orig_mod.` and other attributes come from the original.
class OptimizedModule(torch.nn.Module):
    def __init__(self, mod, compiled_call):
        super().__init__()
        self._orig_mod = mod
        object.__setattr__(self, "_compiled_call", compiled_call)

    def forward(self, *args, **kwargs):
        return self._compiled_call(*args, **kwargs)

    def __getattr__(self, name):
        modules = object.__getattribute__(self, "_modules")
        if name == "_orig_mod":
            return modules["_orig_mod"]
        return getattr(modules["_orig_mod"], name)


def _compile_callable(fn, fullgraph, dynamic, backend, mode, disable):
    if isinstance(backend, str):
        return _wick_runtime.compile(fn, fullgraph, dynamic, backend, None, mode, disable)
    return _wick_runtime.compile(fn, fullgraph, dynamic, "", backend, mode, disable)


# torch.compile(model=None, *, fullgraph=False, dynamic=None, backend="inductor",
# mode=None, options=None, disable=False): call form, and decorator with or without
# arguments.
def compile(model=None, *, fullgraph=False, dynamic=None, backend="inductor", mode=None,
            options=None, disable=False):
    if model is None:
        def decorator(fn):
            return compile(fn, fullgraph=fullgraph, dynamic=dynamic, backend=backend,
                           mode=mode, options=options, disable=disable)
        return decorator
    if not callable(model):
        raise RuntimeError("torch.compile() expects a callable, got " + type(model).__name__)
    if isinstance(model, torch.nn.Module):
        call = _compile_callable(model.__call__, fullgraph, dynamic, backend, mode, disable)
        return OptimizedModule(model, call)
    return _compile_callable(model, fullgraph, dynamic, backend, mode, disable)


# Module.compile(): compiles the module's forward in place (type and state_dict keys
# unchanged).
def module_compile(module, *args, **kwargs):
    object.__setattr__(module, "forward", compile(module.forward, *args, **kwargs))
    return None


# torch.compiler.set_stance: takes effect when called; as a context manager it restores
# the previous stance on exit; as a decorator it applies only while the function runs.
class set_stance:
    def __init__(self, stance="default", *, skip_guard_eval_unsafe=False, force_backend=None):
        self.stance = stance
        self.skip_guard_eval_unsafe = skip_guard_eval_unsafe
        self.prev = _wick_runtime.set_stance(stance, skip_guard_eval_unsafe)

    def __enter__(self):
        _wick_runtime.set_stance(self.stance, self.skip_guard_eval_unsafe)
        return self

    def __exit__(self, exc_type, exc, tb):
        _wick_runtime.set_stance(self.prev[0], self.prev[1])
        return False

    def __call__(self, fn):
        _wick_runtime.set_stance(self.prev[0], self.prev[1])
        stance = self

        def wrapper(*args, **kwargs):
            with stance:
                return fn(*args, **kwargs)

        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        return wrapper


def reset():
    _wick_runtime.reset()
    from torch._dynamo.utils import counters
    counters.clear()


class _GradModeRestore:
    # The __exit__ of a `with torch.no_grad()`-style block that a graph break cut: the
    # runtime puts one on the rebuilt frame's stack so leaving the block restores `mode`.
    def __init__(self, mode):
        self.mode = mode

    def __call__(self, exc_type, exc, tb):
        torch.set_grad_enabled(self.mode)
        return False


class _ErrorOnGraphBreakRestore:
    # The same for a `with torch._dynamo.error_on_graph_break(flag)` block.
    def __init__(self, mode):
        self.mode = mode

    def __call__(self, exc_type, exc, tb):
        _wick_runtime.set_error_on_graph_break(self.mode)
        return False


def _disable(fn=None, recursive=True, *, reason=None):
    # torch.compiler.disable: calling the result from compiled code is a graph break at
    # the call; it then runs `fn` with the compiler off for its whole extent
    # (recursive=True) or for its own frame only (recursive=False).
    if fn is None:
        def decorator(f):
            return _disable(f, recursive, reason=reason)
        return decorator
    if isinstance(fn, torch.nn.Module):
        fn.forward = _disable(fn.forward, recursive, reason=reason)
        return fn

    def _disabled(*args, **kwargs):
        return _wick_runtime.call_disabled(fn, recursive, args, kwargs)
    _disabled._torchdynamo_disable = True
    _disabled._torchdynamo_disable_recursive = recursive
    _disabled._torchdynamo_disable_msg = reason
    _disabled._torchdynamo_orig_callable = fn
    _disabled.__name__ = getattr(fn, "__name__", "_disabled")
    _disabled.__qualname__ = getattr(fn, "__qualname__", "_disabled")
    _disabled.__wrapped__ = fn
    return _disabled


class error_on_graph_break:
    # torch._dynamo.error_on_graph_break(flag) as a context manager and a decorator: while
    # it is in effect a graph break raises Unsupported instead of splitting the graph.
    def __init__(self, error_on_graph_break):
        if not isinstance(error_on_graph_break, bool):
            raise TypeError("error_on_graph_break() expects a bool, got " +
                            type(error_on_graph_break).__name__)
        self.error_on_graph_break = error_on_graph_break
        self.prev = False

    def __enter__(self):
        self.prev = _wick_runtime.set_error_on_graph_break(self.error_on_graph_break)

    def __exit__(self, exc_type, exc, tb):
        _wick_runtime.set_error_on_graph_break(self.prev)
        return False

    def __call__(self, fn):
        flag = self.error_on_graph_break

        def wrapper(*args, **kwargs):
            with error_on_graph_break(flag):
                return fn(*args, **kwargs)
        wrapper.__name__ = getattr(fn, "__name__", "wrapper")
        wrapper.__wrapped__ = fn
        return wrapper
