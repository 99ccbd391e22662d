# lukemelas/EfficientNet-PyTorch (efficientnet_pytorch/model.py, utils.py): a small
# EfficientNet (MBConv, depthwise convs, squeeze-excite, static "same" padding, the
# custom-Function swish), extract_endpoints, and from_name with dynamic "same" padding and
# the plain swish. Training (M16): backward through the custom-Function swish against the
# plain one; SGD steps of both models (TRAIN_ADAPTIVE_POOL).
import corpus_util as cu

cu.setup()

import torch
from efficientnet_pytorch import EfficientNet, BlockDecoder, efficientnet, get_model_params

blocks, params = efficientnet(width_coefficient=0.5, depth_coefficient=0.5, image_size=64,
                              num_classes=10)
print("blocks", len(blocks), blocks[1].kernel_size, blocks[1].stride, blocks[1].expand_ratio)
print("decoded", BlockDecoder.decode(["r1_k3_s11_e1_i32_o16_se0.25"])[0].output_filters)
torch.manual_seed(0)
m = EfficientNet(blocks, params)
m.eval()
print("params", sum(p.numel() for p in m.parameters()))
x = torch.randn(2, 3, 64, 64)
with torch.no_grad():
    y = m(x)
    cu.show("static pad", y)
    ends = m.extract_endpoints(x)
    for k in sorted(ends):
        print("endpoint", k, tuple(ends[k].shape))
    cu.diff("compiled static pad", cu.compiled(m)(x), y)

torch.manual_seed(1)
d = EfficientNet.from_name('efficientnet-b0', num_classes=5, image_size=None, in_channels=1)
d.set_swish(False)
d.eval()
print("dynamic params", sum(p.numel() for p in d.parameters()))
xd = torch.randn(1, 1, 48, 40)
with torch.no_grad():
    yd = d(xd)
    cu.show("dynamic pad", yd)
    cu.diff("compiled dynamic pad", cu.compiled(d)(xd), yd)

# Backward through the MemoryEfficientSwish custom autograd.Function on its own, against
# autograd through the plain Swish, eagerly and compiled.
from efficientnet_pytorch.utils import MemoryEfficientSwish, Swish

torch.manual_seed(3)
xs = torch.randn(4, 8).requires_grad_(True)
ws = torch.randn(4, 8)
(MemoryEfficientSwish()(xs) * ws).sum().backward()
g_custom = xs.grad.clone()
cu.show("custom swish grad", g_custom)
xs.grad = None
(Swish()(xs) * ws).sum().backward()
cu.diff("plain vs custom swish grad", xs.grad, g_custom)
xs.grad = None
(cu.compiled(MemoryEfficientSwish())(xs) * ws).sum().backward()
cu.diff("compiled custom swish grad", xs.grad, g_custom)

# Training: 3 Adam steps of cross-entropy in train mode (BatchNorm, dropout, drop-connect:
# the steps reseed identically), backward through the MemoryEfficientSwish custom
# autograd.Function; then 2 SGD steps of the dynamic-pad model with the plain swish. (An
# eval forward after training would show the null-gradient BatchNorm biases that Adam
# moves by about lr: left out.)
# wick: copy.deepcopy of a namedtuple fails ("BlockArgs.__new__() missing 7 required
# positional arguments"; the blocks keep their BlockArgs), so the copies are rebuilt and
# loaded with the model's state dict instead of deep-copied.
# wick: "RuntimeError: derivative for aten::adaptive_avg_pool2d is not implemented" (the
# head's and the squeeze-excite's pooling); set True once it has a derivative.
TRAIN_ADAPTIVE_POOL = True
# A batch of 4: with 2 images, train-mode BatchNorm on the 2x2 maps of the last blocks
# makes the steps ill-conditioned (float32 losses differ from float64 ones by 5e-5).
torch.manual_seed(2)
x4 = torch.randn(4, 3, 64, 64)
labels = torch.randint(0, 10, (4,))


def rebuild(model, ctor):
    def make():
        fresh = ctor()
        fresh.load_state_dict(model.state_dict())
        fresh.train()
        return fresh
    return make


def dynamic_model():
    model = EfficientNet.from_name('efficientnet-b0', num_classes=5, image_size=None, in_channels=1)
    model.set_swish(False)
    return model


if TRAIN_ADAPTIVE_POOL:
    # SGD (see below): Adam's second loss depends on float32 rounding in its fifth digit.
    cu.train_both("train", m, lambda ps: torch.optim.SGD(ps, lr=0.01, momentum=0.9),
                  lambda fwd, step: torch.nn.functional.cross_entropy(fwd(x4), labels),
                  grad="_conv_stem.weight",
                  make_copy=rebuild(m, lambda: EfficientNet(blocks, params)))
    # A batch of 4 here too (with one image, float32 gradients differ from float64 by 1e-3),
    # and SGD: after Adam's first step (every weight moves by about lr whatever its
    # gradient), the second loss differs from float64 by up to 4e-5.
    torch.manual_seed(3)
    xd4 = torch.randn(4, 1, 48, 40)
    labels4 = torch.tensor([3, 0, 4, 1])
    cu.train_both("dynamic train", d, lambda ps: torch.optim.SGD(ps, lr=0.01, momentum=0.9),
                  lambda fwd, step: torch.nn.functional.cross_entropy(fwd(xd4), labels4),
                  steps=2, grad="_conv_stem.weight", make_copy=rebuild(d, dynamic_model))
