# Gradients through RNNCell (tanh, relu), LSTMCell and GRUCell unrolled over a few steps,
# for the inputs, the initial state and every weight and bias.
import torch
import torch.nn as nn

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def report(name, cell, xs, h0, out):
    out.backward()
    print(name, round(out.item(), 6))
    print("  x", r(xs.grad.sum((0, 1))))
    print("  h0", r(h0.grad))
    for pname, p in cell.named_parameters():
        print("  " + pname, r(p.grad.sum(0)))


torch.manual_seed(8)
for nl in ("tanh", "relu"):
    cell = nn.RNNCell(3, 4, nonlinearity=nl).double()
    xs = torch.randn(4, 2, 3, dtype=torch.float64, requires_grad=True)
    h0 = torch.randn(2, 4, dtype=torch.float64, requires_grad=True)
    h = h0
    for t in range(4):
        h = cell(xs[t], h)
    report("rnn_" + nl, cell, xs, h0, h.pow(2).sum())

cell = nn.LSTMCell(3, 2).double()
xs = torch.randn(3, 2, 3, dtype=torch.float64, requires_grad=True)
h0 = torch.randn(2, 2, dtype=torch.float64, requires_grad=True)
c = torch.zeros(2, 2, dtype=torch.float64)
h = h0
for t in range(3):
    h, c = cell(xs[t], (h, c))
report("lstm", cell, xs, h0, (h * c).sum() + h.sum())

cell = nn.GRUCell(3, 2, bias=False).double()
xs = torch.randn(3, 2, 3, dtype=torch.float64, requires_grad=True)
h0 = torch.randn(2, 2, dtype=torch.float64, requires_grad=True)
h = h0
for t in range(3):
    h = cell(xs[t], h)
report("gru", cell, xs, h0, h.exp().sum())

# An unbatched cell call.
cell = nn.GRUCell(2, 2).double()
x = torch.randn(2, dtype=torch.float64, requires_grad=True)
h = cell(x)
h.sum().backward()
print("unbatched", tuple(h.shape), r(x.grad))
