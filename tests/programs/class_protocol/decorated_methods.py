# Decorators returning callables bind as methods: functools.wraps and torch grad modes.
import functools

import torch


def logged(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        print("calling", fn.__name__)
        return fn(*args, **kwargs)
    return wrapper


class Gen(torch.nn.Module):
    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.lin = torch.nn.Linear(3, 3)

    @torch.no_grad()
    def generate(self, x):
        return self.lin(x), torch.is_grad_enabled()

    @torch.inference_mode()
    def infer(self, x):
        return torch.is_grad_enabled()

    @torch.enable_grad()
    def train_step(self):
        return torch.is_grad_enabled()

    @logged
    def helper(self, k):
        return k * 2


g = Gen()
out, grad = g.generate(torch.ones(3))
print(out, grad)
print(g.infer(1), g.train_step(), g.helper(21), g.helper.__name__, Gen.helper.__wrapped__.__name__)
print(Gen.generate(g, torch.zeros(3))[1])


@torch.compile
def run(x):
    return g.generate(x)[0] + 1


print(run(torch.ones(3)))
