# env: TORCH_LOGS=graph_breaks
# Item 13, [main] second case (reference section 19): when tensor ops were traced before
# the user-defined `with` (a resumable point with an empty stack), the break under it is a
# step graph break: the prefix x * 2 is compiled (1 graph), the rest of fn runs eagerly.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


class CustomCtxManager:
    def __enter__(self):
        pass

    def __exit__(self, exc_type, exc_value, traceback):
        pass


def fn(x):
    x = x * 2
    with CustomCtxManager():
        x = x + 1
        torch._dynamo.graph_break()
        return x + 1


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
