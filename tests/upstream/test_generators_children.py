# Generator expressions consumed by builtins, and module traversal inside forward.
# Follows upstream's test/dynamo/test_misc.py (test_any_all_*, test_generator_*,
# inlined generator expressions run to exhaustion) and test_modules.py
# (test_named_children, test_module_list iteration, DenseNet-style varargs layers).
# Under PyTorch 1.13 (no torch.compile) the file runs eagerly: its stdout is the
# expected output.
import torch
import torch.nn as nn

from harness import Counter, compiling, run  # beside this file


def any_all(x, *xs):
    a = x + 1 if any(t.requires_grad for t in xs) else x - 1
    b = all(t.dim() == 1 for t in xs)
    c = any(n > 2 for n in [1, 2, 3])
    d = all([])
    return a, b, c, d, list(t.shape[0] * 2 for t in xs), tuple(i * i for i in range(4))


run("any/all over generator expressions", any_all, torch.ones(2), torch.ones(3),
    torch.zeros(2, 2), frames=1)


def sums(x):
    return sum(i for i in range(5)) + x, max(len(s) for s in ["a", "abc"])


run("builtins over generators", sums, torch.zeros(1), frames=1)


class Dense(nn.Module):
    def __init__(self):
        super().__init__()
        self.add_module("a", nn.ReLU())
        self.add_module("b", nn.Tanh())
        self.shared = self.a  # the same child twice: listed once

    def forward(self, x):
        feats = [x]
        for name, layer in self.named_children():
            feats.append(layer(*feats[-1:]))
        names = [n for n, _ in self.named_modules()]
        return torch.cat(feats, 0), names, len(list(self.children()))


torch.manual_seed(0)
x = torch.randn(3)
run("named_children in forward", Dense(), x, frames=1)
run("Sequential", nn.Sequential(nn.ReLU(), nn.Tanh(), nn.Sequential(nn.Sigmoid())), x, frames=1)
print([n for n, _ in Dense().named_modules(remove_duplicate=False)])
memo = set()
print([n for n, _ in Dense().named_modules(memo=memo)], len(memo))
