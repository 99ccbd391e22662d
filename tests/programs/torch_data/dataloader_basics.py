# DataLoader over map-style datasets: batching, drop_last, len, the shuffled order
# after torch.manual_seed (and the global stream afterwards), in-process workers.
import torch
from torch.utils.data import DataLoader, Dataset, TensorDataset

x = torch.arange(20, dtype=torch.float32).reshape(10, 2)
y = torch.arange(10)
ds = TensorDataset(x, y)
print(len(ds), ds[3])

loader = DataLoader(ds, batch_size=4)
print(len(loader))
for xb, yb in loader:
    print(xb.shape, yb)

loader = DataLoader(ds, batch_size=4, drop_last=True)
print(len(loader), [b[1].tolist() for b in loader])

torch.manual_seed(0)
loader = DataLoader(ds, batch_size=3, shuffle=True)
for epoch in range(2):
    print("epoch", epoch, [yb.tolist() for _, yb in loader])
print(torch.rand(2))

torch.manual_seed(7)
print([b[1].tolist() for b in DataLoader(ds, batch_size=4, shuffle=True, num_workers=2)])
print(torch.randn(2))


class Squares(Dataset):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        return {"x": float(i), "y": i * i, "name": "s" + str(i), "pair": (i, torch.tensor([i]))}


for batch in DataLoader(Squares(5), batch_size=2):
    print(batch)

print(list(DataLoader(Squares(2), batch_size=None)))
print(list(DataLoader([1, 2, 3, 4, 5], batch_size=2)))
print(list(DataLoader([[1, 2], [3, 4], [5, 6]], batch_size=2)))
print(list(DataLoader([True, False, True], batch_size=3)))


def my_collate(batch):
    return [b * 10 for b in batch]


print(list(DataLoader([1, 2, 3], batch_size=2, collate_fn=my_collate)))

# A training-free loop: a linear model over the batches.
torch.manual_seed(1)
model = torch.nn.Linear(2, 1)
total = torch.zeros(1)
with torch.no_grad():
    for xb, yb in DataLoader(ds, batch_size=5, shuffle=True):
        total = total + model(xb).sum()
print(total)

# A compiled model evaluated over shuffled batches gives the eager sums.
torch.manual_seed(2)
net = torch.nn.Sequential(torch.nn.Linear(2, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
fast = torch.compile(net)
loader = DataLoader(TensorDataset(torch.randn(12, 2), torch.arange(12)), batch_size=5,
                    shuffle=True)
with torch.no_grad():
    for xb, yb in loader:
        with torch._dynamo.error_on_graph_break(True):
            got = fast(xb)
        print(yb.tolist(), torch.allclose(got, net(xb), atol=1e-6), got.sum())
