# Closed-form linear regression with matmuls, plus evaluation metrics.
import torch

torch.manual_seed(0)
n, d = 50, 3
X = torch.randn(n, d, dtype=torch.float64)
true_w = torch.tensor([[2.0], [-1.0], [0.5]], dtype=torch.float64)
y = X @ true_w + 0.01 * torch.randn(n, 1, dtype=torch.float64)
Xb = torch.cat([X, torch.ones(n, 1, dtype=torch.float64)], dim=1)
# Gradient descent rather than a solver (only ops from LANGUAGE.md).
w = torch.zeros(d + 1, 1, dtype=torch.float64)
lr = 0.1
for it in range(200):
    grad = Xb.t() @ (Xb @ w - y) / n
    w = w - lr * grad
    if it % 50 == 0:
        loss = ((Xb @ w - y) ** 2).mean()
        print(it, round(loss.item(), 6))
print([round(v, 3) for v in w.squeeze().tolist()])
resid = Xb @ w - y
print(round(resid.std().item(), 4), round(resid.abs().max().item(), 4))
