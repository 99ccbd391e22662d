# + - * / // % ** and unary minus on tensors, tensor-scalar and scalar-tensor forms.
import torch

a = torch.tensor([[1.0, -2.0, 3.5], [4.0, 0.0, -6.25]])
b = torch.tensor([[2.0, 2.0, -1.0], [3.0, 5.0, 4.0]])
print(a + b, a - b, a * b, a / b)
print(a // b, a % b, a ** 2, b ** b)
print(-a, 2 * a, a + 1, 1 - a, 10 / b, 2 ** b, a % 3, -7 // b)
i = torch.tensor([7, -7, 9, 0])
j = torch.tensor([2, 2, -4, 3])
print(i + j, i * j, i // j, i % j, i / j, i ** 2, -i)
print(torch.add(a, b, alpha=2), torch.sub(a, 1), torch.mul(a, 0.5), torch.div(i, j))
print(torch.div(i, j, rounding_mode="floor"), torch.div(i, j, rounding_mode="trunc"))
print(torch.remainder(i, j), torch.fmod(i, j), torch.true_divide(i, 2))
