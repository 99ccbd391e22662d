# nn.init after torch.manual_seed: orthogonal_ (both shapes, gain, 4-d), trunc_normal_,
# the xavier/kaiming variants and modes, sparse_, eye_, dirac_, constants, calculate_gain
# and the messages; the global stream afterwards shows each drew what PyTorch draws.
import math
import warnings

import torch
import torch.nn as nn
from torch.nn import init

warnings.simplefilter("ignore")
torch.manual_seed(0)
w = torch.empty(4, 3)
init.orthogonal_(w)
print(w)
print(torch.allclose(w.t() @ w, torch.eye(3), atol=1e-5))
w = torch.empty(2, 5)
init.orthogonal_(w, gain=2.0)
print(w)
print(torch.allclose(w @ w.t(), 4 * torch.eye(2), atol=1e-5))
c = torch.empty(3, 2, 2, 2)
init.orthogonal_(c, gain=init.calculate_gain("relu"))
print(c[1])
print(torch.rand(2))

torch.manual_seed(1)
t = torch.empty(3, 4)
init.trunc_normal_(t)
print(t)
init.trunc_normal_(t, mean=1.0, std=0.02, a=0.98, b=1.01)
print(t)
print(torch.randn(2))

torch.manual_seed(2)
for fn in [init.xavier_uniform_, init.xavier_normal_]:
    print(fn(torch.empty(2, 3), gain=0.5))
print(init.kaiming_uniform_(torch.empty(2, 3), mode="fan_out", nonlinearity="relu"))
print(init.kaiming_normal_(torch.empty(2, 3, 2), a=0.2))
print(init.kaiming_uniform_(torch.empty(3, 2), a=math.sqrt(5)))
print(init.uniform_(torch.empty(3), -2, 2), init.normal_(torch.empty(3), 5.0, 0.1))
print(init.constant_(torch.empty(2), 0.3), init.ones_(torch.empty(2)), init.zeros_(torch.empty(2)))
s = init.sparse_(torch.empty(5, 3), sparsity=0.4)
print(s, (s == 0).sum(0))
print(torch.rand(1))

print(init.eye_(torch.empty(2, 4)), init.eye_(torch.empty(3, 2)))
d = init.dirac_(torch.empty(4, 2, 3))
print(d)
print(init.dirac_(torch.empty(4, 2, 3, 3), groups=2)[2:, :, 1])
print(init.dirac_(torch.empty(2, 2, 1, 1, 3)).flatten())

for name in ["linear", "conv2d", "sigmoid", "tanh", "relu", "leaky_relu", "selu"]:
    print(name, init.calculate_gain(name))
print(init.calculate_gain("leaky_relu", 0.2))

torch.manual_seed(3)
print(init.normal(torch.empty(2)), init.xavier_uniform(torch.empty(2, 2)))
print(init.orthogonal(torch.empty(2, 2)))

# A layer re-initialised the way real models do it.
torch.manual_seed(4)
lstm_like = nn.Linear(6, 4)
init.orthogonal_(lstm_like.weight)
init.zeros_(lstm_like.bias)
print(lstm_like.weight.detach())


def show(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: init.orthogonal_(torch.empty(3)))
show(lambda: init.sparse_(torch.empty(2, 2, 2), 0.5))
show(lambda: init.eye_(torch.empty(2, 2, 2)))
show(lambda: init.dirac_(torch.empty(2, 2)))
show(lambda: init.dirac_(torch.empty(3, 2, 3), groups=2))
show(lambda: init.calculate_gain("swish"))
show(lambda: init.calculate_gain("leaky_relu", "x"))
show(lambda: init.kaiming_uniform_(torch.empty(2, 2), mode="fan_avg"))
show(lambda: init.xavier_uniform_(torch.empty(3)))
print(init.orthogonal_(torch.empty(0, 3)).shape)
