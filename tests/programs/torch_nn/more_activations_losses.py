# Activations and losses written over existing ops: values (4 decimals), reprs, errors,
# compiled == eager.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randn(3, 4) * 3
for m in (nn.LeakyReLU(), nn.LeakyReLU(0.2, inplace=True), nn.ELU(), nn.ELU(0.5), nn.SELU(),
          nn.CELU(2.0), nn.GLU(), nn.Softmin(1), nn.LogSigmoid(), nn.Tanhshrink(),
          nn.Softsign(), nn.Mish(), nn.Threshold(0.5, -1.0), nn.PReLU(), nn.PReLU(3, 0.1)):
    inp = x.clone() if not isinstance(m, nn.PReLU) or m.num_parameters == 1 else x[:, :3].clone()
    with torch.no_grad():
        print(m, m(inp))
try:
    F.glu(torch.ones(3))
except RuntimeError as e:
    print("RuntimeError:", e)
y = torch.randn(3, 4)
p = torch.rand(3, 4)
for loss in (nn.L1Loss(), nn.L1Loss(reduction="sum"), nn.SmoothL1Loss(), nn.SmoothL1Loss(beta=0.5),
             nn.HuberLoss(delta=2.0), nn.HuberLoss(reduction="none"),
             nn.KLDivLoss(reduction="batchmean"), nn.KLDivLoss(reduction="sum", log_target=True),
             nn.BCEWithLogitsLoss(), nn.BCEWithLogitsLoss(pos_weight=torch.full((4,), 2.0)),
             nn.BCEWithLogitsLoss(weight=torch.rand(4), reduction="sum")):
    target = p if isinstance(loss, (nn.BCEWithLogitsLoss, nn.KLDivLoss)) else y
    print(loss, loss(x.log_softmax(1) if isinstance(loss, nn.KLDivLoss) else x, target))
try:
    F.binary_cross_entropy_with_logits(x, y[:2])
except ValueError as e:
    print("ValueError:", e)


def f(a, b):
    return (F.leaky_relu(a, 0.1) + F.elu(a) + F.selu(a) + F.mish(a)).sum() + \
        F.smooth_l1_loss(a, b) + F.binary_cross_entropy_with_logits(a, torch.sigmoid(b))


print((torch.compile(f)(x, y) - f(x, y)).abs().item() < 1e-5)
