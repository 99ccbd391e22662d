# A small MLP classifier on synthetic data: seeded init, batched inference, accuracy
# against labels from a fixed "teacher" rule, and per-class counts.
import torch
import torch.nn as nn
import torch.nn.functional as F


class MLP(nn.Module):
    def __init__(self, d_in, d_hidden, n_classes):
        super().__init__()
        self.layers = nn.Sequential(
            nn.Linear(d_in, d_hidden),
            nn.GELU(),
            nn.Linear(d_hidden, d_hidden),
            nn.ReLU(),
            nn.Linear(d_hidden, n_classes),
        )

    def forward(self, x):
        return self.layers(x)


def teacher_labels(x):
    # Class = which of three feature groups has the largest sum.
    groups = torch.stack([x[:, 0:2].sum(-1), x[:, 2:4].sum(-1), x[:, 4:6].sum(-1)], dim=-1)
    return groups.argmax(dim=-1)


torch.manual_seed(42)
model = MLP(6, 32, 3).eval()
x = torch.randn(64, 6)
labels = teacher_labels(x)

with torch.no_grad():
    logits = model(x)
    probs = F.softmax(logits, dim=-1)
    preds = probs.argmax(dim=-1)

print("parameters:", sum(p.numel() for p in model.parameters()))
print("first logits:", logits[:2])
print("mean confidence: %.4f" % probs.max(dim=-1).values.mean().item())
print("accuracy of an untrained model: %.3f" % (preds == labels).float().mean().item())
counts = {c: int((preds == c).sum().item()) for c in range(3)}
print("predicted class counts:", counts)
