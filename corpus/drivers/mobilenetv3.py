# d-li14/mobilenetv3.pytorch (mobilenetv3.py): MobileNetV3 small and large with width
# multipliers; a train-mode forward (BatchNorm batch statistics, Dropout) and eval
# forwards, eagerly and compiled. The SGD steps are left to the autograd issue (M16).
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
