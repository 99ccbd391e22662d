# lezcano/geotorch (examples/copying_problem.py with the geotorch package): the copy-memory
# task's data, the ExpRNN cell with an orthogonal recurrent kernel through
# torch.nn.utils.parametrize (geotorch.orthogonal, right_inverse assignment,
# parametrize.cached()), the model's loss and accuracy, and the orthogonality of the
# kernel. The script's main() trains (backward, Adam parameter groups): it is left to the
# autograd issue (M16), with the globals this driver sets (cp.batch_size ... cp.S).
import corpus_util as cu

cu.setup()

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
