# torch._dynamo for wick. M2 EAGER STAND-IN: every API runs the program eagerly, as
# tests/programs/prelude.py does on PyTorch 1.13; milestone M3 puts the compiler behind
# the same names.
import torch
from torch._dynamo import config
from torch._dynamo import exc
from torch._dynamo import testing
from torch._dynamo import utils
from torch._dynamo._regions import decorator_with_optional_args, identity, noop
from torch._dynamo._regions import noop_region, returns_false
# PyTorch 2.x has these attributes after `import torch`; wick's native torch module
# only imports torch.nn, so importing torch._dynamo makes them available too.
import torch.compiler
import torch._logging

graph_break = noop
skip_frame = noop
reset = noop
mark_dynamic = noop
mark_static = noop
maybe_mark_dynamic = noop
disable = decorator_with_optional_args
allow_in_graph = identity
error_on_graph_break = noop_region
is_compiling = returns_false


# torch._dynamo.optimize(backend, ...) returns a decorator; eagerly it changes nothing.
def optimize(*args, **kwargs):
    return identity
