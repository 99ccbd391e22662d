# lezcano/geotorch (examples/copying_problem.py with the geotorch package): the copy-memory
# task's data, the ExpRNN cell with an orthogonal recurrent kernel through
# torch.nn.utils.parametrize (geotorch.orthogonal, right_inverse assignment,
# parametrize.cached()), the model's loss and accuracy, and the orthogonality of the
# kernel. Training (M16): the script's main() (backward, Adam parameter groups) with the
# globals this driver sets (cp.batch_size ... cp.S, cp.iterations), eagerly and compiled.
import corpus_util as cu

cu.setup()

import re

import torch
import torch.nn.functional as F
import copying_problem as cp

cp.device = torch.device("cpu")
cp.batch_size, cp.hidden_size, cp.iterations, cp.L, cp.S = 8, 32, 5, 20, 5

torch.manual_seed(0)
model = cp.Model(cp.alphabet_size, cp.hidden_size).to(cp.device)
W = model.rnn.recurrent_kernel.weight
print("orthogonality error < 1e-5", (W @ W.t() - torch.eye(cp.hidden_size)).abs().max().item() < 1e-5)
print("params", sum(p.numel() for p in model.parameters()))
x, y = cp.copy_data(cp.batch_size)
print("data", tuple(x.shape), x[0].tolist(), y[0].tolist())
onehot = F.one_hot(x, num_classes=cp.alphabet_size + 2).float()
with torch.no_grad():
    logits = model(onehot)
    cu.show("logits", logits)
    print("loss", cu.num(model.loss(logits, y).item()), "accuracy",
          cu.num(model.accuracy(logits, y).item()))
    clogits = cu.compiled(model)(onehot)
    cu.diff("compiled logits", clogits, logits)

torch.manual_seed(1)
fresh = cp.Model(cp.alphabet_size, cp.hidden_size).rnn.recurrent_kernel.weight
print("fresh orthogonality error < 1e-5",
      (fresh @ fresh.t() - torch.eye(cp.hidden_size)).abs().max().item() < 1e-5)

# Training: the script's own main() (Adam with parameter groups, the orthogonal kernel's
# own lr and betas, one_hot data from copy_data) for 3 iterations, eagerly and with the
# model it builds compiled (main() builds it as Model(...): the driver wraps that name),
# from the same seed; then the parameters and the orthogonality of the trained kernels.
# main() prints the loss with 6 decimals, finer than float32 implementations agree on (the
# orthogonal kernel's matrix_exp differs from PyTorch's by about 5e-7, as accurate against
# float64): the driver gives the script a print that rounds its numbers to 4 decimals.
cp.iterations = 3
Model = cp.Model
built = {}


def print_4_decimals(*args):
    text = " ".join(str(a) for a in args)
    print(re.sub(r"\d+\.\d{5,}", lambda m: cu.num(float(m.group())), text))


cp.print = print_4_decimals


def recording(label, compile_it):
    def make(*args):
        cp.Model = Model  # Model.__init__ calls super(Model, self) on the global name
        model = Model(*args)
        cp.Model = make
        built[label] = model
        return cu.compiled(model) if compile_it else model
    return make


for label, compile_it in (("eager", False), ("compiled", True)):
    print(label, "main()")
    cp.Model = recording(label, compile_it)
    torch.manual_seed(3)
    cp.main()
cp.Model = Model
del cp.print
print("compiled main params maxdiff=%s"
      % cu.num(cu.params_maxdiff(built["eager"], built["compiled"])))
for label in ("eager", "compiled"):
    with torch.no_grad():
        W = built[label].rnn.recurrent_kernel.weight
        print(label, "trained orthogonality error < 1e-5",
              (W @ W.t() - torch.eye(cp.hidden_size)).abs().max().item() < 1e-5)
