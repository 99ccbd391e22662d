# state_dict keys/values and load_state_dict between two models.
import torch
import torch.nn as nn

torch.manual_seed(0)
a = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
torch.manual_seed(1)
b = nn.Sequential(nn.Linear(2, 2), nn.ReLU(), nn.Linear(2, 1))
sd = a.state_dict()
print(list(sd.keys()))
print(sd["0.weight"])
x = torch.tensor([[0.5, -0.5]])
with torch.no_grad():
    print(a(x), b(x))
result = b.load_state_dict(sd)
print(result)
print(b(x).detach(), torch.equal(a(x), b(x)))
sd["2.bias"].fill_(10.0)
print(a[2].bias)
try:
    b.load_state_dict({"0.weight": torch.zeros(2, 2)})
except RuntimeError as e:
    print("RuntimeError:", e)
