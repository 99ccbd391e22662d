# jvanvugt/pytorch-unet (unet.py): the unpadded U-Net with center-crop skips and
# ConvTranspose2d upsampling, and the padded one with BatchNorm and bilinear Upsample;
# cross-entropy against a random mask. Training (M16): Adam steps of both models behind
# TRAIN_UPSAMPLE_BILINEAR / TRAIN_CONV_TRANSPOSE (off: wick failures).
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

# Training: 3 Adam steps of cross-entropy against a random mask, for the padded U-Net in
# train mode (BatchNorm, bilinear Upsample) and the unpadded one (ConvTranspose2d, crops),
# eagerly and with the compiled forward.
# wick: "RuntimeError: derivative for aten::upsample_bilinear2d is not implemented" (the
# padded model's nn.Upsample) and "... aten::conv_transpose2d ..." (the unpadded model's
# ConvTranspose2d); set True once they have derivatives.
TRAIN_UPSAMPLE_BILINEAR = True
TRAIN_CONV_TRANSPOSE = True
b.train()
if TRAIN_UPSAMPLE_BILINEAR:
    cu.train_both("padded train", b, lambda ps: torch.optim.Adam(ps, lr=1e-3),
                  lambda fwd, step: F.cross_entropy(fwd(xb), target),
                  grad="down_path.0.block.0.weight")
torch.manual_seed(2)
target_a = torch.randint(0, 2, (2, 20, 20))
if TRAIN_CONV_TRANSPOSE:
    cu.train_both("unpadded train", a, lambda ps: torch.optim.Adam(ps, lr=1e-3),
                  lambda fwd, step: F.cross_entropy(fwd(xa), target_a), grad="last.weight")
