# facebookresearch/param (train/compute/pt/standalone/pytorch_linear.py): the MLP that
# reuses one hidden nn.Linear layer_num times, at the sizes of
# `--device cpu --layer-num 3 --batch-size 16 --input-size 32 --hidden-size 24
# --output-size 10`, with its softmax output and cross-entropy. Training (M16): the
# script's run_single() and train() loops (SGD), eagerly and compiled (timings not printed).
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

# Training: the script's run_single() (torch.manual_seed(1), Net, SGD lr=0.01, then
# train_cpu's loop: per-step randn/randint batches, softmax + CrossEntropy, backward, step)
# with the arguments of `--device cpu --layer-num 3 --batch-size 16 --input-size 32
# --hidden-size 24 --output-size 10 --steps 5 --warmups 1`. It returns the elapsed time
# (not printed) and the last loss. Then the same loop through the script's train() with
# the model built as run_single does, eagerly and compiled, and the parameters compared.
import argparse

args = argparse.Namespace(device="cpu", optimizer_type="sgd", dtype="float", layer_num=3,
                          batch_size=16, input_size=32, hidden_size=24, output_size=10, steps=5,
                          warmups=1)
_, loss = pl.run_single(args, 3, 32, 24, 10, 16)
print("run_single last loss", cu.num(loss.item()))
trained = {}
for label in ("train", "compiled train"):
    torch.manual_seed(1)
    model = pl.Net(32, 24, 10, 3)
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    fwd = cu.compiled(model) if label.startswith("compiled") else model
    _, loss = pl.train(fwd, torch.device("cpu"), opt, torch.float32, 32, 10, 16, args)
    print(label, "last loss", cu.num(loss.item()))
    cu.grad_norm(label, model, "linear_hid.weight")
    trained[label] = model
print("compiled train params maxdiff=%s" % cu.num(
    cu.params_maxdiff(trained["train"], trained["compiled train"])))
