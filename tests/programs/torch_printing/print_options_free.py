# Printing of columns that need different widths, negative numbers in every position.
import torch

print(torch.tensor([[-1.5, 2.0, -300.25], [4.0, -5.0, 6.125]]))
print(torch.tensor([[1.0, 0.001], [1000.0, -0.5]]))
print(torch.tensor([0.00012, 0.5, 1.0]))
print(torch.arange(-5, 5).view(2, 5) / 3)
print(torch.tensor([[1, -100], [1000, 5]]))
