# relu, gelu (none and tanh), silu, sigmoid, tanh, softmax as tensor/functional calls.
import torch
import torch.nn.functional as F

x = torch.linspace(-3, 3, 7)
print(torch.relu(x), F.relu(x), x.relu())
print(F.gelu(x), F.gelu(x, approximate="tanh"))
print(F.silu(x), torch.sigmoid(x), torch.tanh(x))
print(F.softmax(x, dim=0), F.log_softmax(x, dim=0))
y = x.clone()
F.relu(y, inplace=True)
print(y)
z = x.clone()
z.relu_()
print(z, torch.relu(torch.tensor([-1, 2])))
