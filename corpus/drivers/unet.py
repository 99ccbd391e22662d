# jvanvugt/pytorch-unet (unet.py): the unpadded U-Net with center-crop skips and
# ConvTranspose2d upsampling, and the padded one with BatchNorm and bilinear Upsample;
# cross-entropy against a random mask. The Adam step is left to the autograd issue (M16).
import corpus_util as cu

cu.setup()

import torch
import torch.nn.functional as F
from unet import UNet

torch.manual_seed(0)
a = UNet(1, 2, depth=3, wf=3, padding=False)
a.eval()
print("unpadded params", sum(p.numel() for p in a.parameters()))
xa = torch.randn(2, 1, 60, 60)
with torch.no_grad():
    ya = a(xa)
    cu.show("unpadded", ya)
    cu.diff("compiled unpadded", cu.compiled(a)(xa), ya)

torch.manual_seed(1)
b = UNet(3, 4, depth=4, wf=3, padding=True, batch_norm=True, up_mode='upsample')
print("padded params", sum(p.numel() for p in b.parameters()))
xb = torch.randn(2, 3, 64, 64)
target = torch.randint(0, 4, (2, 64, 64))
with torch.no_grad():
    yb = b(xb)  # train mode: batch statistics
    cu.show("padded train", yb)
    print("loss", cu.num(F.cross_entropy(yb, target).item()))
    b.eval()
    yb = b(xb)
    cu.show("padded eval", yb)
    cu.diff("compiled padded", cu.compiled(b)(xb), yb)
