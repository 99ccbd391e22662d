# torch._dynamo for wick. With the runtime linked (`_wick_runtime`, runtime/), reset and
# optimize reach the compiler; without it (builds of //vm alone) every API keeps the M2
# eager stand-in behaviour, as tests/programs/prelude.py does on PyTorch 1.13.
import torch
from torch._dynamo import config
from torch._dynamo import exc
from torch._dynamo import testing
from torch._dynamo import utils
from torch._dynamo._regions import decorator_with_optional_args, identity, noop
from torch._dynamo._regions import allow_in_graph, noop_region, returns_false
# PyTorch 2.x has these attributes after `import torch`; wick's native torch module
# only imports torch.nn, so importing torch._dynamo makes them available too.
import torch.compiler
import torch._logging

# graph_break and skip_frame are their own functions: the tracer recognises them by
# identity, so they must not share an object with the other no-ops.
def graph_break(msg=None):
    pass


def skip_frame(msg=None):
    pass


def step_unsupported(msg=None):
    pass


# torch._dynamo.nonstrict_trace: compiled code traces the function's tensor work into
# its graph without breaking at graph_break() inside it (reference §6); eagerly a no-op.
def nonstrict_trace(fn):
    fn._torchdynamo_nonstrict_trace = True
    return fn


reset = noop


# torch._dynamo.mark_dynamic(t, dim): dimension `dim` (an int or a list of them) of `t`
# gets a symbol from the first compile; mark_static keeps a dimension static even under
# dynamic=True. Both are forbidden inside a compiled region (upstream's forbid_in_graph:
# tracing them is an error, not a graph break).
def mark_dynamic(t, index, min=None, max=None, specialize_on=None):
    import torch._C
    torch._C._wick_mark_dims(t, index, False)


def maybe_mark_dynamic(t, index):
    import torch._C
    torch._C._wick_mark_dims(t, index, False)


def mark_static(t, index=None):
    import torch._C
    if index is None:
        index = list(range(t.dim()))
    torch._C._wick_mark_dims(t, index, True)


mark_dynamic._dynamo_forbidden = True
maybe_mark_dynamic._dynamo_forbidden = True
mark_static._dynamo_forbidden = True
disable = decorator_with_optional_args
error_on_graph_break = noop_region
is_compiling = returns_false


# torch._dynamo.optimize(backend, ...) returns a decorator; eagerly it changes nothing.
def optimize(*args, **kwargs):
    return identity


try:
    import _wick_runtime
except ImportError:
    _wick_runtime = None

if _wick_runtime is not None:
    from torch._dynamo import eval_frame
    reset = eval_frame.reset
    # `import torch` imports this package, so torch.compile and Module.compile are
    # rebound to the runtime here, before any program runs (the native torch.compile
    # and the prelude's Module.compile are the eager stand-ins).
    torch.compile = eval_frame.compile
    torch.nn.Module.compile = eval_frame.module_compile
    disable = eval_frame._disable
    explain = eval_frame.explain
    disable_nested_graph_breaks = eval_frame.disable_nested_graph_breaks
    error_on_graph_break = eval_frame.error_on_graph_break

    def optimize(backend="inductor", *, nopython=False, dynamic=None, disable=False):
        def decorator(fn):
            return eval_frame.compile(fn, fullgraph=nopython, dynamic=dynamic,
                                      backend=backend, disable=disable)
        return decorator
