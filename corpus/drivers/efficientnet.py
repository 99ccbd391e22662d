# lukemelas/EfficientNet-PyTorch (efficientnet_pytorch/model.py, utils.py): a small
# EfficientNet (MBConv, depthwise convs, squeeze-excite, static "same" padding, the
# custom-Function swish), extract_endpoints, and from_name with dynamic "same" padding and
# the plain swish. Backward (through the custom Function) is left to M16.
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
