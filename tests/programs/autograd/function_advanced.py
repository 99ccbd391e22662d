# torch.autograd.Function beyond the basics: needs_input_grad with mixed inputs,
# returning None for inputs, mark_non_differentiable, once_differentiable (and the error
# of differentiating it twice), set_materialize_grads, mark_dirty for an in-place
# forward, saving outputs, a Function inside a Function's backward (double backward),
# and a Function with keyword-free non-tensor arguments.
import torch
from torch.autograd.function import once_differentiable

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


class ScaleAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y, alpha, flag):
        ctx.alpha = alpha
        ctx.flag = flag
        return x * alpha + y

    @staticmethod
    def backward(ctx, g):
        print("  needs", ctx.needs_input_grad, ctx.flag)
        gx = g * ctx.alpha if ctx.needs_input_grad[0] else None
        gy = g if ctx.needs_input_grad[1] else None
        return gx, gy, None, None


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = torch.tensor([3.0, 4.0])
out = ScaleAdd.apply(x, y, 3.0, "a")
print(out.grad_fn.name(), out.requires_grad)
out.sum().backward()
print(x.grad)
y.requires_grad_()
ScaleAdd.apply(x.detach(), y, 2.0, "b").sum().backward()
print(y.grad)


class ExpOut(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        e = x.exp()
        ctx.save_for_backward(e)
        return e

    @staticmethod
    def backward(ctx, g):
        (e,) = ctx.saved_tensors
        return g * e


x = torch.tensor([0.0, 1.0, -1.0], dtype=torch.float64, requires_grad=True)
e = ExpOut.apply(x)
(gx,) = torch.autograd.grad(e.sum(), x, create_graph=True)
print("first", [round(v, 6) for v in gx.tolist()], gx.requires_grad)
(ggx,) = torch.autograd.grad(gx.sum(), x)
print("second", [round(v, 6) for v in ggx.tolist()])


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x ** 3

    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return 3 * x * x * g


x = torch.tensor([1.0, 2.0], requires_grad=True)
(g,) = torch.autograd.grad(Cube.apply(x).sum(), x, create_graph=True)
print("once", g.tolist(), g.requires_grad)
try:
    g.sum().backward()
except RuntimeError as err:
    print("RuntimeError:", str(err).split("\n")[0])


class TwoOut(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, g1, g2):
        print("  grads None?", g1 is None, g2 is None)
        out = torch.zeros(2)
        if g1 is not None:
            out = out + 2 * g1
        if g2 is not None:
            out = out + 3 * g2
        return out


x = torch.tensor([1.0, 1.0], requires_grad=True)
a, b = TwoOut.apply(x)
a.sum().backward()
print(x.grad)


class TwoOutMat(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, g1, g2):
        print("  materialized", g1.tolist(), g2.tolist())
        return 2 * g1 + 3 * g2


x = torch.tensor([1.0, 1.0], requires_grad=True)
TwoOutMat.apply(x)[1].sum().backward()
print(x.grad)


class AddOneInplace(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        x.add_(1)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, g):
        return g


x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.clone()
z = AddOneInplace.apply(y)
print("dirty", z is y, z.tolist(), z.grad_fn.name())
(z * z).sum().backward()
print(x.grad)


class ArgMaxPick(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        idx = x.argmax()
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(idx)
        ctx.n = x.numel()
        return x.max(), idx

    @staticmethod
    def backward(ctx, g, gi):
        (idx,) = ctx.saved_tensors
        out = torch.zeros(ctx.n)
        out[idx] = g
        return out


x = torch.tensor([0.5, 3.0, -1.0], requires_grad=True)
m, i = ArgMaxPick.apply(x)
print("nondiff", i.item(), i.requires_grad, m.requires_grad)
(m * 2).backward()
print(x.grad)
