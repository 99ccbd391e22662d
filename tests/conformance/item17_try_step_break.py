# env: TORCH_LOGS=graph_breaks
# Item 17, [main] second case (reference section 19): when tensor ops were traced before
# the `try`, the break inside it is a step graph break: the prefix x * 2 is compiled
# (1 graph), the rest of fn runs eagerly.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def fn(x):
    x = x * 2
    try:
        x = x + 1
        torch._dynamo.graph_break()
        return x + 1
    except Exception:
        pass


opt = torch.compile(fn, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), fn(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
