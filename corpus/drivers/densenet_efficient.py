# gpleiss/efficient_densenet_pytorch (models/densenet.py): DenseNet-BC built with
# add_module / OrderedDict, varargs dense layers, in-place ReLU; the plain and the
# "efficient" (checkpointing) variants sharing one state dict, and the ImageNet stem.
# Checkpointing only runs when an input requires grad: the gradient comparison is left to
# the autograd issue (M16).
import corpus_util as cu

cu.setup()

import torch
from models import DenseNet

torch.manual_seed(0)
plain = DenseNet(growth_rate=8, block_config=(3, 3, 3), num_init_features=16, num_classes=10)
efficient = DenseNet(growth_rate=8, block_config=(3, 3, 3), num_init_features=16, num_classes=10,
                     efficient=True)
efficient.load_state_dict(plain.state_dict())
print("params", sum(p.numel() for p in plain.parameters()))
print("children", [name for name, _ in plain.features.named_children()])
x = torch.randn(4, 3, 32, 32)
with torch.no_grad():
    y = plain(x)  # train mode: batch statistics (and running-stat updates)
    cu.show("train", y)
    cu.diff("efficient vs plain train", efficient(x), y)
    plain.eval()
    efficient.eval()
    y = plain(x)
    cu.show("eval", y)
    cu.diff("efficient vs plain", efficient(x), y)
    cu.diff("compiled", cu.compiled(plain)(x), y)

torch.manual_seed(1)
big = DenseNet(growth_rate=8, block_config=(2, 2, 2, 2), num_init_features=16, num_classes=10,
               small_inputs=False)
big.eval()
xb = torch.randn(2, 3, 64, 64)
with torch.no_grad():
    yb = big(xb)
    cu.show("imagenet stem", yb)
    cu.diff("compiled imagenet stem", cu.compiled(big)(xb), yb)
