# A module of its own for test_namedtuples_functions.py: its globals are read by functions
# inlined from another module.
import collections

import torch

Params = collections.namedtuple("Params", ["rate", "top", "name"])
DEFAULT = Params(0.5, True, "swish")


class SwishFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, i):
        result = i * torch.sigmoid(i)
        ctx.save_for_backward(i)
        return result


class MemoryEfficientSwish(torch.nn.Module):
    def forward(self, x):
        return SwishFn.apply(x) * DEFAULT.rate
