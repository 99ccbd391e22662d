# In-place writes through views of tensors in the autograd graph (PyTorch's CopySlices):
# the base's history is rewritten, so gradients reach both the written values and the
# untouched part of the base; views taken before the write see the new history.
import torch

torch.manual_seed(0)


def fmt(t):
    return None if t is None else [round(v, 4) for v in t.flatten().tolist()]


# A buffer filled row by row (RNN outputs): every row's gradient reaches its source.
w = torch.randn(3, requires_grad=True)
h = torch.randn(4, 3, requires_grad=True)
out = torch.zeros(4, 3)
for t in range(4):
    out[t] = h[t] * w
print(type(out.grad_fn).__name__, out.requires_grad, out._version)
(out * torch.arange(12.0).reshape(4, 3)).sum().backward()
print("w.grad", fmt(w.grad))
print("h.grad", fmt(h.grad))

# Overwriting part of a non-leaf: the overwritten part gets no gradient from before.
a = torch.randn(3, 4, requires_grad=True)
x = a * 2
x[:, 0] = 0
x[1] = torch.ones(4)
print(type(x.grad_fn).__name__)
x.sum().backward()
print("a.grad", fmt(a.grad))

# A scalar written into a slice, and a value that requires grad written into a slice.
a.grad = None
v = torch.randn(2, requires_grad=True)
x = a.sin()
x[0, 1:3] = v
x[2, :2] = 5.0
(x * x).sum().backward()
print("a.grad", fmt(a.grad))
print("v.grad", fmt(v.grad))

# In-place ops on views: base gets CopySlices, the view AsStridedBackward0.
a.grad = None
x = a * 1
r = x[0]
r.mul_(3)
print(type(x.grad_fn).__name__, type(r.grad_fn).__name__)
x.narrow(1, 1, 2).add_(torch.ones(3, 2))
x.t()[0].sub_(1)
x.pow(2).sum().backward()
print("a.grad", fmt(a.grad))

# A view taken before its base is written sees the base's new history.
a.grad = None
x = a + 0
early = x[:, :2]
x[:, 0] = 0
print(type(early.grad_fn).__name__)
early.sum().backward()
print("a.grad", fmt(a.grad))

# Advanced indices: index_put_ on the tensor itself, or through a basic view.
b = torch.randn(5, 2, requires_grad=True)
vals = torch.randn(2, 2, requires_grad=True)
y = b * 1
y[torch.tensor([0, 3])] = vals
print(type(y.grad_fn).__name__)
z = torch.zeros(3, 4)
z[torch.tensor([2, 0]), 1:3] = vals
print(type(z.grad_fn).__name__)
(y.sum() + (z * torch.arange(12.0).reshape(3, 4)).sum()).backward()
print("b.grad", fmt(b.grad))
print("vals.grad", fmt(vals.grad))

# Values with leading ones and broadcast values.
p = torch.randn(1, 3, requires_grad=True)
q = torch.randn(1, requires_grad=True)
m = torch.zeros(2, 3)
m[0] = p
m[1] = q
(m * torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])).sum().backward()
print("p.grad", fmt(p.grad))
print("q.grad", fmt(q.grad))

# Gradients through saved views: mul of the written buffer.
c = torch.randn(2, 2, requires_grad=True)
buf = torch.ones(2, 2)
buf[0] = c[1] * 2
loss = (buf * buf).sum()
loss.backward()
print("c.grad", fmt(c.grad))

# Errors: writing through a view of a leaf, and into a leaf.
leaf = torch.zeros(2, 3, requires_grad=True)


def write_row():
    leaf[0] = torch.ones(3)


def write_indexed():
    leaf[torch.tensor([0])] = 1.0


for f in (lambda: leaf[0].mul_(2), write_row, write_indexed):
    try:
        f()
    except RuntimeError as e:
        print("RuntimeError:", e)

# Without grad mode nothing is recorded.
with torch.no_grad():
    n = torch.zeros(2)
    n[0] = w[0]
print(n.requires_grad, n.grad_fn)
