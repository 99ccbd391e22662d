# squeeze, unsqueeze, flatten.
import torch

x = torch.zeros(1, 3, 1, 2)
print(x.squeeze().shape, x.squeeze(0).shape, x.squeeze(1).shape, x.squeeze(-2).shape)
print(x.unsqueeze(0).shape, x.unsqueeze(-1).shape, torch.unsqueeze(x, 2).shape)
y = torch.arange(24).view(2, 3, 4)
print(y.flatten().shape, y.flatten(1).shape, y.flatten(0, 1).shape, torch.flatten(y, -2).shape)
print(torch.tensor(3).unsqueeze(0), torch.tensor([7]).squeeze(), torch.tensor(1).flatten())
print(y.unsqueeze(1).stride(), y[:, None].shape)
try:
    y.unsqueeze(4)
except IndexError as e:
    print("IndexError:", e)
