# gpleiss/efficient_densenet_pytorch (models/densenet.py): DenseNet-BC built with
# add_module / OrderedDict, varargs dense layers, in-place ReLU; the plain and the
# "efficient" (checkpointing) variants sharing one state dict, and the ImageNet stem.
# Checkpointing only runs when an input requires grad. Training (M16): feature gradients
# with and without checkpointing compared; the compiled variant
# (COMPILED_CHECKPOINT_INPLACE) and 3 Adam steps of the whole model (TRAIN_ADAPTIVE_POOL)
# are off: wick failures.
import corpus_util as cu

cu.setup()

import copy

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

# Gradients with and without checkpointing: the dense features of the plain and the
# efficient model (same state dict, train mode) on an input that requires grad, an MSE
# loss against a fixed random target; input and parameter gradients compared, also for the
# compiled efficient features.
# (The in-place relu2 on the checkpoint's output inside the compiled frame once failed
# with "a leaf Variable that requires grad is being used in an in-place operation".)
COMPILED_CHECKPOINT_INPLACE = True
torch.manual_seed(2)
labels = torch.randint(0, 10, (4,))
feat_target = torch.randn(4, 46, 8, 8)
plain.train()
efficient.train()
grads = {}
variants = [("plain", plain, plain.features), ("efficient", efficient, efficient.features)]
if COMPILED_CHECKPOINT_INPLACE:
    variants.append(("compiled efficient", efficient, cu.compiled(efficient.features)))
for name, model, fwd in variants:
    xg = x.clone().requires_grad_(True)
    model.zero_grad()
    torch.nn.functional.mse_loss(fwd(xg), feat_target).backward()
    grads[name] = [xg.grad.clone()] + [p.grad.clone() for p in model.parameters()
                                       if p.grad is not None]
    cu.grad_norm(name + " features", model, "features.denseblock1.denselayer1.conv1.weight")
print("param grads", len(grads["plain"]) - 1, len(grads["efficient"]) - 1)
for name in [v[0] for v in variants[1:]]:
    cu.diff(name + " vs plain input grad", grads[name][0], grads["plain"][0])
    print("%s vs plain param grads maxdiff=%s" % (name, cu.num(
        max(cu.maxdiff(a, b) for a, b in zip(grads[name][1:], grads["plain"][1:])))))
plain.zero_grad()
efficient.zero_grad()

# Training: 3 Adam steps of cross-entropy for the whole plain model and the whole efficient
# (checkpointing) model in train mode, eagerly and with the compiled forward (the compiled
# efficient model only with COMPILED_CHECKPOINT_INPLACE), and the two trained models
# compared.
# wick: "RuntimeError: derivative for aten::adaptive_avg_pool2d is not implemented" (the
# forward's F.adaptive_avg_pool2d); set True once it has a derivative.
TRAIN_ADAPTIVE_POOL = True
if TRAIN_ADAPTIVE_POOL:
    def ce(fwd, step):
        return torch.nn.functional.cross_entropy(fwd(x.clone().requires_grad_(True)), labels)

    def adam(ps):
        return torch.optim.Adam(ps, lr=1e-3)

    grad = "features.denseblock1.denselayer1.conv1.weight"
    tp, _ = cu.train_both("plain train", plain, adam, ce, grad=grad)
    if COMPILED_CHECKPOINT_INPLACE:
        te, _ = cu.train_both("efficient train", efficient, adam, ce, grad=grad)
    else:
        te = copy.deepcopy(efficient)
        cu.train_steps("efficient train", te, te, adam(te.parameters()), ce, 3, grad=grad)
    print("plain vs efficient trained params maxdiff=%s" % cu.num(cu.params_maxdiff(tp, te)))
