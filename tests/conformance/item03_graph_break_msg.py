# env: TORCH_LOGS=graph_breaks
# Item 3: graph_break(msg="hi") -> the record's explanation reads "Message: hi" (and the
# msg shows in the context's kwargs); without msg it reads "Message: None".
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def with_msg(x):
    x = x + 1
    torch._dynamo.graph_break(msg="hi")
    return x + 2


def without_msg(x):
    x = x - 1
    torch._dynamo.graph_break()
    return x - 2


x = torch.ones(3)
print("with msg == eager:", torch.equal(torch.compile(with_msg, backend=cnt)(x), with_msg(x)))
print("without msg == eager:",
      torch.equal(torch.compile(without_msg, backend=cnt)(x), without_msg(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
