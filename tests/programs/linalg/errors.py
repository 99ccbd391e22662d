# torch.linalg's error messages (PyTorch raises torch.linalg.LinAlgError, a RuntimeError,
# for singular and indefinite inputs).
import torch


def attempt(f):
    try:
        f()
        print("no error")
    except RuntimeError as e:
        print(e)


sing = torch.tensor([[1.0, 2.0], [2.0, 4.0]])
attempt(lambda: torch.linalg.inv(sing))
attempt(lambda: torch.inverse(torch.stack([torch.eye(2), sing])))
attempt(lambda: torch.linalg.inv(torch.ones(2, 3)))
attempt(lambda: torch.linalg.inv(torch.ones(3)))
attempt(lambda: torch.linalg.inv(torch.ones(2, 2, dtype=torch.long)))
attempt(lambda: torch.linalg.solve(sing, torch.ones(2)))
attempt(lambda: torch.linalg.solve(torch.stack([torch.eye(2), sing]), torch.ones(2, 2)))
attempt(lambda: torch.linalg.solve(torch.eye(2), torch.ones(3)))
attempt(lambda: torch.linalg.solve(torch.eye(2), torch.ones(2, dtype=torch.float64)))
attempt(lambda: torch.linalg.cholesky(torch.tensor([[1.0, 2.0], [2.0, 1.0]])))
attempt(lambda: torch.linalg.cholesky(torch.stack([torch.eye(2), -torch.eye(2)])))
attempt(lambda: torch.linalg.det(torch.ones(2, 3)))
attempt(lambda: torch.det(torch.ones(2, 2, dtype=torch.long)))
attempt(lambda: torch.linalg.qr(torch.ones(2, 3), mode="x"))
attempt(lambda: torch.linalg.qr(torch.ones(3)))
attempt(lambda: torch.linalg.eigh(torch.ones(2, 3)))
attempt(lambda: torch.linalg.eigh(torch.eye(2), UPLO="X"))
attempt(lambda: torch.linalg.eigvalsh(torch.ones(2, 2, dtype=torch.long)))
attempt(lambda: torch.linalg.svd(torch.ones(3)))
attempt(lambda: torch.linalg.svdvals(torch.ones(2, 2, dtype=torch.long)))
attempt(lambda: torch.linalg.matrix_exp(torch.ones(2, 3)))
attempt(lambda: torch.matrix_exp(torch.ones(2, 2, dtype=torch.long)))
print(torch.linalg.inv(torch.ones(0, 0)), torch.linalg.det(torch.ones(0, 0)))
print(torch.linalg.qr(torch.ones(0, 2), mode="complete"))
try:
    torch.linalg.inv(sing)
except torch.linalg.LinAlgError as e:
    print(type(e).__name__, type(e).__module__, isinstance(e, RuntimeError),
          torch.linalg.LinAlgError is torch._C._LinAlgError)
try:
    torch.linalg.cholesky(-torch.eye(2))
except RuntimeError as e:
    print(type(e).__name__)
try:
    torch.linalg.inv(torch.ones(2, 3))
except RuntimeError as e:
    print(type(e).__name__)
