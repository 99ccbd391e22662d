# env: TORCH_LOGS=recompiles
# Item 57 (second half): with a graph_break() before the c-dependent part, only the
# resume function recompiles when the int c changes (dynamic=False): the prefix compiles
# once (1 graph) and the resume function 4 times; the 3 recompile messages name
# torch_dynamo_resume_in_gn_at_<line of the break>.
import torch
from torch._dynamo.testing import CompileCounter


def gn(x, c):
    y = x * 2
    torch._dynamo.graph_break()
    return y + c


cnt = CompileCounter()
opt = torch.compile(gn, backend=cnt, dynamic=False)
x = torch.ones(2)
for c in range(1, 5):
    print(opt(x, c))
print("graphs:", cnt.frame_count)
