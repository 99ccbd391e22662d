# torch.compiler for wick, registered by the runtime with torch._dynamo: reset,
# set_stance and disable reach the runtime (torch._dynamo.eval_frame). is_compiling() is
# False eagerly (the tracer folds it to True inside compiled code).
from torch._dynamo import eval_frame as _eval_frame
from torch._dynamo._regions import allow_in_graph
from torch._compile_markers import is_compiling

is_dynamo_compiling = is_compiling
reset = _eval_frame.reset
set_stance = _eval_frame.set_stance
disable = _eval_frame._disable
list_backends = _eval_frame.list_backends
