# torch.nn.functional: relu, gelu, silu, softmax, log_softmax, linear, layer_norm, dropout,
# embedding.
import torch
import torch.nn.functional as F

x = torch.tensor([[-1.0, 0.0, 2.0], [3.0, -4.0, 0.5]])
w = torch.tensor([[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]])
b = torch.tensor([0.1, -0.1])
print(F.relu(x), F.gelu(x), F.silu(x))
print(F.softmax(x, dim=-1), F.log_softmax(x, dim=1))
print(F.linear(x, w), F.linear(x, w, b))
print(F.layer_norm(x, (3,), eps=1e-5))
print(F.dropout(x, p=0.0, training=True), F.dropout(x, training=False))
print(F.embedding(torch.tensor([2, 0]), torch.tensor([[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]])))
