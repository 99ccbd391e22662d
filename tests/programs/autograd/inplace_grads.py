# Gradients through in-place ops on non-leaf tensors: relu_, mul_, add_, clamp_,
# sigmoid_, masked_fill_, an in-place op on a view, chained in-place ops, and
# the errors for an in-place write to a leaf that requires grad and for modifying a
# tensor saved for backward (version counter).
import torch

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


x = torch.tensor([-1.0, 0.5, 2.0, -0.3], dtype=torch.float64, requires_grad=True)


def run(name, fn):
    x.grad = None
    y = fn(x * 1.5)
    (y * torch.tensor([1.0, 2.0, 3.0, 4.0], dtype=torch.float64)).sum().backward()
    print(name, y.grad_fn.name(), r(y), r(x.grad))


run("relu_", lambda t: t.relu_())
run("mul_", lambda t: t.mul_(t.detach() + 1))
run("add_", lambda t: t.add_(torch.ones(4, dtype=torch.float64), alpha=3))
run("clamp_", lambda t: t.clamp_(-1.0, 1.0))
run("sigmoid_", lambda t: t.sigmoid_())
run("exp_chain", lambda t: t.mul_(2).sub_(1).exp_())
run("masked_fill_", lambda t: t.masked_fill_(t > 0, 0.0))
run("div_", lambda t: t.div_(2))
run("pow_", lambda t: t.pow_(2))


def view_write(t):
    t[1:3].mul_(10)
    return t


run("view_mul_", view_write)


def transpose_view(t):
    m = t.view(2, 2)
    m.t()[0].zero_()
    return t


run("t_view_zero_", transpose_view)

leaf = torch.ones(2, requires_grad=True)
try:
    leaf.add_(1)
except RuntimeError as e:
    print("RuntimeError:", e)

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = a * 2
c = b.sin()
b.mul_(3)
try:
    c.sum().backward()
except RuntimeError as e:
    print("RuntimeError:", str(e).split(";")[0])
print("version", b._version)
