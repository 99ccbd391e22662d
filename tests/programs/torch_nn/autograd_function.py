# torch.autograd.Function's forward half, torch.utils.checkpoint without grads and the
# legacy tensor types as constructors.
import torch
import torch.utils.checkpoint as cp


class Scale(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k=2):
        ctx.save_for_backward(x)
        ctx.k = k
        print("forward", torch.is_grad_enabled(), ctx.needs_input_grad, len(ctx.saved_tensors))
        return x * k

    @staticmethod
    def backward(ctx, grad):
        return grad * ctx.k, None


class Swish(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i * torch.sigmoid(i)
        ctx.save_for_backward(i)
        return result


print(Scale.apply(torch.ones(2), 3))
print(Swish.apply(torch.tensor([-1.0, 0.0, 2.0])))
try:
    Scale.apply(torch.ones(2), k=3)
except TypeError as e:
    print("TypeError:", e)


class Empty(torch.autograd.Function):
    pass


try:
    Empty.apply(torch.ones(2))
except NotImplementedError as e:
    print("NotImplementedError:", e)
print(torch.autograd.Function, torch.autograd.Variable(torch.ones(1)))
with torch.no_grad():
    print(cp.checkpoint(lambda a, b: a + b, torch.ones(1), torch.ones(1), use_reentrant=False))
    print(cp.checkpoint(lambda a, b: a * b, torch.ones(1), b=torch.full((1,), 3.0),
                        use_reentrant=False))
    seq = torch.nn.Sequential(torch.nn.ReLU(), torch.nn.Tanh())
try:
    cp.checkpoint(lambda a, b: a + b, torch.ones(1), b=torch.ones(1))
except ValueError as e:
    print("ValueError:", e)
try:
    cp.checkpoint_sequential(seq, 2, torch.ones(1), use_reentrant=False)
except ValueError as e:
    print("ValueError:", e)
print(torch.LongTensor([1, 2]), torch.FloatTensor(2, 3).shape, torch.FloatTensor([[1]]).dtype)
print(torch.DoubleTensor([0.5]), torch.IntTensor([7]), torch.BoolTensor([1, 0]))
print(torch.LongTensor([1.7, -2.5]), torch.LongTensor().shape, torch.FloatTensor(torch.Size([2])).shape)
print(torch.LongTensor, torch.FloatTensor.__name__)
t = torch.ones(2)
print(torch.FloatTensor(t) is t)
print(isinstance(torch.zeros(2, dtype=torch.long), torch.LongTensor),
      isinstance(torch.zeros(2), torch.LongTensor), isinstance(3, torch.FloatTensor),
      isinstance(torch.zeros(1), torch.FloatTensor))


def to_float(t: torch.LongTensor) -> torch.FloatTensor:
    return t.float()


print(to_float(torch.LongTensor([3])), to_float.__annotations__)
