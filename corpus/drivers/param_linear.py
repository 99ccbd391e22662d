# facebookresearch/param (train/compute/pt/standalone/pytorch_linear.py): the MLP that
# reuses one hidden nn.Linear layer_num times, at the sizes of
# `--device cpu --layer-num 3 --batch-size 16 --input-size 32 --hidden-size 24
# --output-size 10`, with its softmax output and cross-entropy. Running the script itself
# trains (backward, SGD) and prints timings: it is left to the autograd issue (M16).
import corpus_util as cu

cu.setup()

import torch
import torch.nn as nn
import pytorch_linear as pl

torch.manual_seed(0)
net = pl.Net(32, 24, 10, 3)
print("params", sum(p.numel() for p in net.parameters()))
data = torch.randn(16, 32)
target = torch.randint(10, [16], dtype=torch.long)
with torch.no_grad():
    out = net(data)
    cu.show("softmax", out)
    print("row sums", cu.num(out.sum(dim=1).mean().item()))
    print("loss", cu.num(nn.CrossEntropyLoss()(out.float(), target).item()))
    cu.diff("compiled", cu.compiled(net)(data), out)
    net.layer_num = 5  # a Python int the compiled forward loops over: guarded
    out5 = net(data)
    cu.diff("compiled layer_num=5", cu.compiled(net)(data), out5)
