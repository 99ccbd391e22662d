# torch._dynamo.eval_frame for wick: torch.compile's Python face over the runtime's
# native module `_wick_runtime` (runtime/module.cc): the compile entry point with its
# decorator forms, OptimizedModule for torch.compile(module), the GraphModule custom
# backends receive, and set_stance. Registered by the runtime with `_wick_runtime`.
import operator

import torch
import _wick_runtime


# A call_function node's target as the callable upstream's FX node holds
# (operator.add, torch.sin, torch._C._set_grad_enabled); other targets stay strings.
def _resolve_target(op, target):
    if op != "call_function" or "." not in target:
        return target
    parts = target.split(".")
    roots = {"operator": operator, "torch": torch}
    if parts[0] not in roots:
        return target
    obj = roots[parts[0]]
    for part in parts[1:]:
        obj = getattr(obj, part, None)
        if obj is None:
            return target
    return obj


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
        nodes = [Node(op, name, _resolve_target(op, target))
                 for op, name, target in _wick_runtime._graph_nodes(handle)]
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


_MODES = ("default", "reduce-overhead", "max-autotune", "max-autotune-no-cudagraphs")

# The backend registry (upstream's torch._dynamo.backends.registry): wick's built-in
# backends with upstream's tags ("aot_eager" runs the graph op by op like "eager", its
# training graphs split into forward and backward first), and the Python backends
# register_backend adds.
_BUILTIN_BACKENDS = {"inductor": (), "onednn": (), "eager": ("debug",), "aot_eager": ("debug",)}
_REGISTERED_BACKENDS = {}


def register_backend(compiler_fn=None, name=None, tags=()):
    if compiler_fn is None:  # @register_backend(name=...)
        return lambda fn: register_backend(fn, name=name, tags=tags)
    assert callable(compiler_fn)
    name = name or compiler_fn.__name__
    assert name not in _REGISTERED_BACKENDS and name not in _BUILTIN_BACKENDS, \
        f"duplicate name: {name}"
    _REGISTERED_BACKENDS[name] = (compiler_fn, tuple(tags))
    return compiler_fn


def lookup_backend(compiler_fn):
    # A registered backend's function; a built-in backend's name (wick's built-in
    # backends are native, with no Python function).
    if isinstance(compiler_fn, str):
        if compiler_fn in _REGISTERED_BACKENDS:
            return _REGISTERED_BACKENDS[compiler_fn][0]
        if compiler_fn not in _BUILTIN_BACKENDS:
            raise torch._dynamo.exc.InvalidBackend(compiler_fn)
    return compiler_fn


def list_backends(exclude_tags=("debug", "experimental")):
    exclude = set(exclude_tags or ())
    names = [n for n, tags in _BUILTIN_BACKENDS.items() if not exclude.intersection(tags)]
    names += [n for n, (_, tags) in _REGISTERED_BACKENDS.items()
              if not exclude.intersection(tags)]
    return sorted(names)


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
    # Upstream's checks (torch.compile and the inductor wrapper's apply_mode). The modes
    # differ upstream in CUDA graphs and autotuning only: wick's backend runs the same
    # code for each.
    if mode is not None and options is not None:
        raise RuntimeError("Either mode or options can be specified, but both can't be "
                           "specified at the same time.")
    if backend == "inductor" and mode is not None and mode not in _MODES:
        raise RuntimeError("Unrecognized mode={}, should be one of: {}".format(
            mode, ", ".join(_MODES)))
    backend = lookup_backend(backend)
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


class _FrameSummary:
    def __init__(self, filename, lineno, name):
        self.filename = filename
        self.lineno = lineno
        self.name = name

    def __repr__(self):
        return "<FrameSummary file " + self.filename + ", line " + str(self.lineno) + \
            " in " + self.name + ">"


class _GraphCompileReason:
    def __init__(self, reason, user_stack):
        self.reason = reason
        self.user_stack = user_stack
        self.graph_break = True


class _ExplainGuard:
    def __init__(self, name, source, create_fn):
        self.name = name
        self.source = source
        self.create_fn_name = create_fn

    def __str__(self):
        return "Name: " + repr(self.name) + "\n    Source: " + self.source + \
            "\n    Create Function: " + self.create_fn_name + \
            "\n    Guard Types: ['" + self.create_fn_name + "']\n"


class ExplainOutput:
    # torch._dynamo.explain's result, printed as upstream's ExplainOutput.__str__.
    def __init__(self, graphs, graph_count, graph_break_count, break_reasons, op_count,
                 ops_per_graph, out_guards, compile_times):
        self.graphs = graphs
        self.graph_count = graph_count
        self.graph_break_count = graph_break_count
        self.break_reasons = break_reasons
        self.op_count = op_count
        self.ops_per_graph = ops_per_graph
        self.out_guards = out_guards
        self.compile_times = compile_times

    def __str__(self):
        out = "Graph Count: " + str(self.graph_count) + "\n"
        out += "Graph Break Count: " + str(self.graph_break_count) + "\n"
        out += "Op Count: " + str(self.op_count) + "\n"
        out += "Break Reasons:\n"
        for i, reason in enumerate(self.break_reasons):
            out += "  Break Reason " + str(i + 1) + ":\n"
            out += "    Reason: " + reason.reason + "\n"
            out += "    User Stack:\n"
            for frame in reason.user_stack:
                out += "      " + repr(frame) + "\n"
        out += "Ops per Graph:\n"
        for i, ops in enumerate(self.ops_per_graph):
            out += "  Ops " + str(i + 1) + ":\n"
            for op in ops:
                out += "    " + str(op) + "\n"
        out += "Out Guards:\n"
        for i, guard in enumerate(self.out_guards):
            out += "  Guard " + str(i + 1) + ":\n"
            out += "    " + str(guard)
        out += "Compile Times: " + self.compile_times + "\n"
        return out


def explain(f, *extra_args, **extra_kwargs):
    # torch._dynamo.explain(f)(*args): compiles f with a backend that keeps every graph,
    # runs it once, and reports graphs, breaks, ops and guards (reset before and after).
    def inner(*args, **kwargs):
        reset()
        graphs = []

        def backend(gm, example_inputs):
            graphs.append(gm)
            return gm.forward
        _wick_runtime.explain_begin()
        try:
            compile(f, backend=backend)(*args, **kwargs)
        finally:
            events = _wick_runtime.explain_end()
        reset()
        reasons = []
        guards = []
        ops_per_graph = []
        seconds = 0.0
        for kind, text, stack, ops, guard_list, compile_seconds in events:
            if kind == "break":
                frames = [_FrameSummary(fn, line, name) for fn, line, name in stack]
                reasons.append(_GraphCompileReason(text, frames))
            elif kind == "graph":
                ops_per_graph.append(ops)
                seconds += compile_seconds
                for name, source, create_fn in guard_list:
                    guards.append(_ExplainGuard(name, source, create_fn))
        op_count = 0
        for ops in ops_per_graph:
            op_count += len(ops)
        times = "TorchDynamo compilation metrics:\nFunction    Runtimes (s)\n" + \
            "----------  --------------\n_compile    " + str(round(seconds, 4))
        return ExplainOutput(graphs, len(graphs), len(graphs) - 1, reasons, op_count,
                             ops_per_graph, guards, times)
    if extra_args or extra_kwargs:
        return inner(*extra_args, **extra_kwargs)
    return inner


class _NestedGraphBreaksOff:
    # The region torch._dynamo.disable_nested_graph_breaks covers: config
    # nested_graph_breaks is False inside it (the tracer also sees the block, so a break
    # below it moves out to the call into the region, as upstream's legacy regime does).
    def __enter__(self):
        from torch._dynamo import config
        self.prev = config.nested_graph_breaks
        config.nested_graph_breaks = False

    def __exit__(self, exc_type, exc, tb):
        from torch._dynamo import config
        config.nested_graph_breaks = self.prev
        return False


class _NestedGraphBreaksRestore:
    # The exit of a disable_nested_graph_breaks() block a graph break cut: sets the
    # config back to `mode` (its value outside the block).
    def __init__(self, mode):
        self.mode = mode

    def __call__(self, exc_type, exc, tb):
        from torch._dynamo import config
        config.nested_graph_breaks = self.mode
        return False


def disable_nested_graph_breaks(fn=None):
    # As a decorator (@disable_nested_graph_breaks) or a context manager
    # (with disable_nested_graph_breaks():): the legacy nested regime for the region
    # and everything it calls.
    if fn is None:
        return _NestedGraphBreaksOff()

    def wrapper(*args, **kwargs):
        with _NestedGraphBreaksOff():
            return fn(*args, **kwargs)
    wrapper.__name__ = getattr(fn, "__name__", "wrapper")
    wrapper.__wrapped__ = fn
    return wrapper
