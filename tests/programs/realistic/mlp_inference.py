# A small MLP classifier: seeded init, batched inference, argmax predictions, accuracy.
import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self, d_in, d_hidden, n_classes):
        super().__init__()
        self.fc1 = nn.Linear(d_in, d_hidden)
        self.fc2 = nn.Linear(d_hidden, d_hidden)
        self.out = nn.Linear(d_hidden, n_classes)
        self.drop = nn.Dropout(0.1)

    def forward(self, x):
        x = F.relu(self.fc1(x))
        x = self.drop(F.gelu(self.fc2(x)))
        return self.out(x)


torch.manual_seed(0)
model = MLP(6, 16, 3)
model.eval()
x = torch.randn(8, 6)
labels = torch.tensor([0, 1, 2, 0, 1, 2, 0, 1])
with torch.no_grad():
    logits = model(x)
    probs = logits.softmax(dim=-1)
    preds = probs.argmax(dim=-1)
print(logits)
print(probs.sum(dim=-1))
print(preds, (preds == labels).float().mean().item())
print(sum(p.numel() for p in model.parameters()), "parameters")
