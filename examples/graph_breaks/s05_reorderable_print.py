# Reference section 5 (common graph breaks): with print in
# torch._dynamo.config.reorderable_logging_functions, print is not a graph break; it is
# deferred to the end of the traced function. The doc: `log!` is printed, then the
# tensor; no graph break (1 graph: [add_, sin]).
import torch
from torch._dynamo.testing import CompileCounter

torch._dynamo.config.reorderable_logging_functions.add(print)
cnt = CompileCounter()


@torch.compile(backend=cnt)
def fn(x):
    x += 1
    print("log!")
    return torch.sin(x)


print(fn(torch.ones(3, 3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
