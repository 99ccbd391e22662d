# d-li14/mobilenetv3.pytorch (mobilenetv3.py): MobileNetV3 small and large with width
# multipliers; a train-mode forward (BatchNorm batch statistics, Dropout) and eval
# forwards, eagerly and compiled. Training (M16): 2 SGD-momentum steps, eagerly and
# compiled, behind TRAIN_ADAPTIVE_POOL (off: a wick failure).
import corpus_util as cu

cu.setup()

import torch
from mobilenetv3 import mobilenetv3_large, mobilenetv3_small, _make_divisible

print("make_divisible", _make_divisible(16 * 0.35, 8), _make_divisible(37, 8), _make_divisible(3, 8))
torch.manual_seed(0)
x = torch.randn(4, 3, 64, 64)
for name, ctor, width in (("small", mobilenetv3_small, 0.5), ("large", mobilenetv3_large, 0.35)):
    torch.manual_seed(1)
    m = ctor(num_classes=10, width_mult=width)
    print(name, "params", sum(p.numel() for p in m.parameters()))
    with torch.no_grad():
        m.eval()
        out = m(x)
        cu.show(name + " eval x1000", out * 1000)
        m.train()
        train_out = m(x)  # batch statistics; updates running stats
        print(name, "train shape", tuple(train_out.shape))
        bn = [mod for mod in m.modules() if isinstance(mod, torch.nn.BatchNorm2d)][0]
        cu.show(name + " running mean x1000", bn.running_mean * 1000)
        print(name, "batches tracked", bn.num_batches_tracked.item())
        m.eval()
        out2 = m(x)
        cu.show(name + " eval after train x1000", out2 * 1000)
        cu.diff(name + " compiled eval x1000", cu.compiled(m)(x) * 1000, out2 * 1000)

# Training: 2 SGD-momentum steps of cross-entropy in train mode (BatchNorm batch
# statistics, Dropout: the steps reseed identically), eagerly and with the compiled
# forward, then an eval forward of the trained models.
# wick: "RuntimeError: derivative for aten::adaptive_avg_pool2d is not implemented" (the SE
# blocks' and the head's nn.AdaptiveAvgPool2d); set True once it has a derivative.
TRAIN_ADAPTIVE_POOL = True
torch.manual_seed(2)
labels = torch.randint(0, 10, (4,))
for name, ctor, width in (("small", mobilenetv3_small, 0.5),
                          ("large", mobilenetv3_large, 0.35)) if TRAIN_ADAPTIVE_POOL else ():
    torch.manual_seed(1)
    m = ctor(num_classes=10, width_mult=width)
    m.train()
    em, cm = cu.train_both(name + " train", m,
                           lambda ps: torch.optim.SGD(ps, lr=0.01, momentum=0.9),
                           lambda fwd, step: torch.nn.functional.cross_entropy(fwd(x), labels),
                           steps=2, grad="features.0.0.weight")
    em.eval()
    cm.eval()
    with torch.no_grad():
        out = em(x)
        cu.show(name + " eval after training x1000", out * 1000)
        cu.diff(name + " compiled eval after training x1000", cm(x) * 1000, out * 1000)
