# ParameterList / ParameterDict (tensors become Parameters, other values are kept),
# Identity, Bilinear, CosineSimilarity and PairwiseDistance.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
pl = nn.ParameterList([nn.Parameter(torch.randn(2, 3)), torch.zeros(4)])
pl.append(torch.ones(1, dtype=torch.float64))
pl.append("text")
print(pl)
print(len(pl), type(pl[1]).__name__, pl[-1], [n for n, _ in pl.named_parameters()])
pl[0] = torch.full((1,), 3.0)
print(pl[0], type(pl[1:3]).__name__, len(pl[1:3]))
pl.extend([torch.zeros(2)])
print(len(pl), len(list(pl.parameters())))
for name, fn in [("index", lambda: pl[10]), ("extend", lambda: pl.extend(torch.zeros(2))),
                 ("call", lambda: pl(1))]:
    try:
        fn()
    except Exception as e:
        print(name, type(e).__name__, e)

pd = nn.ParameterDict({"b": nn.Parameter(torch.zeros(2)), "a": torch.ones(3)})
pd["c"] = 5
print(pd)
print(list(pd.keys()), "a" in pd, len(pd), pd.get("z", 7))
print([n for n, _ in pd.named_parameters()])
print(pd.pop("c"), list(pd))
pd.update([("z", torch.zeros(1)), ("y", torch.ones(1))])
print(list(pd.keys()))
try:
    pd[1] = torch.zeros(1)
except TypeError as e:
    print(e)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.ws = nn.ParameterList([nn.Parameter(torch.randn(3, 3)) for _ in range(2)])
        self.scales = nn.ParameterDict({"s": nn.Parameter(torch.tensor(2.0))})
        self.skip = nn.Identity(54, unused="x")

    def forward(self, x):
        for w in self.ws:
            x = x @ w
        return self.skip(x) * self.scales["s"]


net = Net()
print(net)
print(sorted(net.state_dict().keys()))
with torch.no_grad():
    print(net(torch.ones(1, 3)))

torch.manual_seed(1)
bl = nn.Bilinear(3, 4, 2)
print(bl, bl.weight.shape, bl.bias)
a = torch.randn(5, 3)
b = torch.randn(5, 4)
with torch.no_grad():
    print(bl(a, b))
    print(F.bilinear(a[0], b[0], bl.weight, None))
    print(nn.Bilinear(2, 2, 1, bias=False))
try:
    F.bilinear(a, b[:, :3], bl.weight)
except RuntimeError as e:
    print(e)

x1 = torch.tensor([[1.0, 2.0, 3.0], [0.0, 1.0, 0.0]])
x2 = torch.tensor([[1.0, 2.0, 4.0], [1.0, 0.0, 0.0]])
print(nn.CosineSimilarity()(x1, x2), nn.CosineSimilarity(dim=0)(x1, x2))
print(nn.PairwiseDistance()(x1, x2), nn.PairwiseDistance(p=1.0, keepdim=True)(x1, x2))
print(F.pairwise_distance(x1, x2[0]), F.pairwise_distance(x1, x2, p=float("inf")))
print(nn.PairwiseDistance(), nn.CosineSimilarity())
