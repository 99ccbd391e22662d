# no_grad, enable_grad, inference_mode, set_grad_enabled as context managers and decorators.
import torch

print(torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_grad_enabled())
    with torch.enable_grad():
        print(torch.is_grad_enabled())
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())


@torch.no_grad()
def infer(x):
    return torch.is_grad_enabled(), x * 2


print(infer(torch.ones(1)))
with torch.inference_mode():
    print(torch.is_grad_enabled())
torch.set_grad_enabled(False)
print(torch.is_grad_enabled())
torch.set_grad_enabled(True)
with torch.set_grad_enabled(False):
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
p = torch.nn.Parameter(torch.ones(2))
print(p.requires_grad, torch.ones(2, requires_grad=True).requires_grad)
