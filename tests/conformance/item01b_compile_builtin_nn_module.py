# env: TORCH_LOGS=graph_breaks,recompiles
# Item 1 for torch.nn's own modules: torch.compile(nn.Linear) and torch.compile(
# nn.Sequential) capture their forward in one graph each (upstream inlines torch.nn, so
# its forwards compile like a user's), with results equal to eager.
import torch
from torch._dynamo.testing import CompileCounter

torch.manual_seed(0)
lin = torch.nn.Linear(4, 3)
seq = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 2))
x = torch.randn(2, 4)

cnt = CompileCounter()
opt_lin = torch.compile(lin, backend=cnt)
opt_seq = torch.compile(seq, backend=cnt)
print("linear == eager:", torch.equal(opt_lin(x), lin(x)))
print("sequential == eager:", torch.equal(opt_seq(x), seq(x)))
print("again:", torch.equal(opt_seq(x), seq(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)

# The same module under another backend: a recompile whose reason is the backend guard.
default = torch.compile(seq)
print("default backend close to eager:", torch.allclose(default(x), seq(x), atol=1e-6))
