# torch._dynamo for wick: the compiler's Python face, registered by the runtime
# (runtime/python_face.cc) together with its native module `_wick_runtime`. The markers
# the tracer recognises by identity (graph_break, skip_frame, ...) are the VM's
# (torch._compile_markers, vm/torch/nn/compile_markers.py), re-exported here.
import torch
from torch._dynamo import config
from torch._dynamo import exc
from torch._dynamo import testing
from torch._dynamo import utils
from torch._dynamo import eval_frame
from torch._dynamo._regions import allow_in_graph
from torch._compile_markers import graph_break, skip_frame, step_unsupported
from torch._compile_markers import nonstrict_trace, is_compiling
from torch._compile_markers import mark_dynamic, maybe_mark_dynamic, mark_static
# PyTorch 2.x has these attributes after `import torch`; wick's native torch module
# only imports torch.nn, so importing torch._dynamo makes them available too.
import torch.compiler
import torch._logging

# `import torch` imports this package, so torch.compile and Module.compile are rebound
# to the runtime here, before any program runs (the native torch.compile and the
# prelude's Module.compile are the eager stand-ins of builds without the runtime).
torch.compile = eval_frame.compile
torch.nn.Module.compile = eval_frame.module_compile
reset = eval_frame.reset
disable = eval_frame._disable
explain = eval_frame.explain
disable_nested_graph_breaks = eval_frame.disable_nested_graph_breaks
error_on_graph_break = eval_frame.error_on_graph_break
register_backend = eval_frame.register_backend
lookup_backend = eval_frame.lookup_backend
list_backends = eval_frame.list_backends


# torch._dynamo.optimize(backend, ...) returns a decorator that compiles.
def optimize(backend="inductor", *, nopython=False, dynamic=None, disable=False):
    def decorator(fn):
        return eval_frame.compile(fn, fullgraph=nopython, dynamic=dynamic,
                                  backend=backend, disable=disable)
    return decorator
