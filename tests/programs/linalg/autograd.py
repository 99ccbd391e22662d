# Gradients through torch.linalg: inv, det, slogdet, solve, cholesky and matrix_exp, with
# PyTorch 1.13's grad_fn names.
import torch


def r(t):
    return [round(v, 4) + 0.0 for v in t.flatten().tolist()]


A0 = torch.tensor([[4.0, 1.0, 0.5], [0.3, 3.0, -1.0], [0.2, 0.1, 2.0]], dtype=torch.float64)
b = torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64)

for name, f in [
    ("inv", lambda A: torch.linalg.inv(A).sum()),
    ("inverse", lambda A: (torch.inverse(A) * torch.arange(9.0, dtype=torch.float64).reshape(3, 3)).sum()),
    ("det", lambda A: torch.det(A)),
    ("slogdet", lambda A: torch.linalg.slogdet(A).logabsdet),
    ("solve", lambda A: torch.linalg.solve(A, b).pow(2).sum()),
    ("cholesky", lambda A: torch.linalg.cholesky(A @ A.t()).sum()),
    ("matrix_exp", lambda A: torch.linalg.matrix_exp(A * 0.3).sum()),
]:
    A = A0.clone().requires_grad_()
    out = f(A)
    out.backward()
    print(name, round(out.item(), 4), r(A.grad))

A = A0.clone().requires_grad_()
print(torch.linalg.inv(A).grad_fn.name(), torch.inverse(A).grad_fn.name())
print(torch.linalg.det(A).grad_fn.name(), torch.det(A).grad_fn.name())
print(torch.linalg.slogdet(A).logabsdet.grad_fn.name())
print(torch.linalg.solve(A, b).grad_fn.name(), torch.linalg.matrix_exp(A).grad_fn.name())
print(torch.matrix_exp(A).grad_fn.name())
bb = b.clone().requires_grad_()
torch.linalg.solve(A0, bb).sum().backward()
print("solve grad B", r(bb.grad))
