# torch.compiler for wick. With the runtime linked, reset, set_stance and disable reach it
# (torch._dynamo.eval_frame); without it (builds of //vm alone) they are eager stand-ins
# and disable leaves functions as they are. is_compiling() is False eagerly (the tracer
# folds it to True inside compiled code).
from torch._dynamo._regions import decorator_with_optional_args, noop, noop_region
from torch._dynamo._regions import allow_in_graph, returns_false

disable = decorator_with_optional_args
reset = noop
set_stance = noop_region
is_compiling = returns_false
is_dynamo_compiling = returns_false


try:
    import _wick_runtime
except ImportError:
    _wick_runtime = None

if _wick_runtime is not None:
    from torch._dynamo import eval_frame as _eval_frame
    reset = _eval_frame.reset
    set_stance = _eval_frame.set_stance
    disable = _eval_frame._disable
