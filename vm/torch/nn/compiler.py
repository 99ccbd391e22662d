# torch.compiler for wick. M2 EAGER STAND-IN (see torch._dynamo): disable leaves
# functions as they are, set_stance is a region that changes nothing, and nothing is
# ever being compiled.
from torch._dynamo._regions import decorator_with_optional_args, noop, noop_region
from torch._dynamo._regions import returns_false

disable = decorator_with_optional_args
reset = noop
set_stance = noop_region
is_compiling = returns_false
is_dynamo_compiling = returns_false
