# Gradients of conv1d (groups, dilation), conv2d with padding='valid'/'same' (odd and
# even kernels: the asymmetric pad), conv_transpose2d (stride, output_padding, groups)
# and conv_transpose1d: input, weight and bias gradients against PyTorch's.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter("ignore")  # padding='same' with an even kernel warns in PyTorch only
torch.manual_seed(0)
# Under WICK_COMPILE_ALL every function compiles: more versions than the default 8.
torch._dynamo.config.recompile_limit = 64
def show(t): print([round(v, 4) for v in t.reshape(-1)[:6].tolist()], round(t.sum().item(), 2))
x = torch.randn(2, 4, 9, requires_grad=True)
c1 = nn.Conv1d(4, 6, 3, stride=2, padding=1, dilation=1)
(c1(x) ** 2).sum().backward(); show(x.grad); show(c1.weight.grad); show(c1.bias.grad)
x.grad = None
c1g = nn.Conv1d(4, 4, 3, padding=2, groups=4)
(c1g(x) ** 2).sum().backward(); show(x.grad); show(c1g.weight.grad)
x2 = torch.randn(2, 3, 8, 7, requires_grad=True)
for pad in ["valid", "same"]:
    for k in (3, 4):
        x2.grad = None
        c = nn.Conv2d(3, 5, k, padding=pad, dilation=1)
        (c(x2).sin()).sum().backward(); show(x2.grad); show(c.weight.grad)
ct = nn.ConvTranspose2d(3, 4, 3, stride=2, padding=1, output_padding=1)
x2.grad = None
(ct(x2) ** 2).sum().backward(); show(x2.grad); show(ct.weight.grad); show(ct.bias.grad)
ctg = nn.ConvTranspose2d(4, 6, 2, stride=2, groups=2)
x4 = torch.randn(1, 4, 3, 3, requires_grad=True)
(ctg(x4) ** 2).sum().backward(); show(x4.grad); show(ctg.weight.grad)
ct1 = nn.ConvTranspose1d(4, 2, 3, stride=2)
x.grad = None
(ct1(x) ** 2).sum().backward(); show(x.grad); show(ct1.weight.grad)
print(ct(x2).grad_fn.name(), c1(x).grad_fn.name())
