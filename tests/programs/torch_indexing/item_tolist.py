# item() and tolist() across dtypes and ranks; Python number conversion of tensors.
import torch

print(torch.tensor(3).item(), torch.tensor(2.5).item(), torch.tensor(True).item())
print(torch.tensor([[1, 2], [3, 4]]).tolist(), torch.tensor([0.5, 1.0]).tolist())
print(torch.tensor([1.1]).item(), torch.tensor([1.1], dtype=torch.float64).item())
print(int(torch.tensor(7.9)), float(torch.tensor(3)), bool(torch.tensor(0)))
print(torch.tensor([True, False]).tolist(), torch.zeros(0).tolist(), torch.tensor(5).tolist())
x = torch.arange(3)
print([int(v) for v in x], sum(x.tolist()), x[1].item() + 1)
try:
    torch.tensor([1, 2]).item()
except (RuntimeError, ValueError) as e:
    print(type(e).__name__ + ":", e)
try:
    bool(torch.tensor([1, 2]))
except RuntimeError as e:
    print("RuntimeError:", e)
