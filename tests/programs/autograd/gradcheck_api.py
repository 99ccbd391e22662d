# torch.autograd.gradcheck: True for correct derivatives (several inputs and outputs),
# GradcheckError with PyTorch's message for a wrong one (a custom Function), False with
# raise_exception=False, and its input checks.
import warnings

import torch

torch.manual_seed(0)
a = torch.randn(3, dtype=torch.float64, requires_grad=True)
b = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
print(torch.autograd.gradcheck(lambda x, y: (x * y).sin().sum(0), (a, b)))
print(torch.autograd.gradcheck(lambda x: (x.exp(), x.tanh() * 2), a))
print(torch.autograd.gradcheck(lambda y: y @ y.t(), (b,)))


class WrongSquare(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * 3 * x  # should be 2 * x


x = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
try:
    torch.autograd.gradcheck(WrongSquare.apply, (x,))
except RuntimeError as e:
    print(type(e).__name__, e)
print(torch.autograd.gradcheck(WrongSquare.apply, (x,), raise_exception=False))
try:
    torch.autograd.gradcheck(lambda t: t * 2, (torch.ones(2, dtype=torch.float64),))
except ValueError as e:
    print("ValueError:", e)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    ok = torch.autograd.gradcheck(lambda t: t * 2, (torch.ones(2, requires_grad=True),),
                                  atol=1e-2, rtol=1e-2, eps=1e-3)
print(ok, [str(w.message)[:60] for w in caught])
