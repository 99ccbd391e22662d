# None inside a tensor list (a variable reset to None before torch.cat): PyTorch's
# TypeError naming the element, never a crash (found by the program fuzzer).
import torch

a = None
b = torch.rand(3)
for name, call in [("cat", lambda: torch.cat([a, b])), ("cat second", lambda: torch.cat((b, a))),
                   ("stack", lambda: torch.stack([b, a, b])),
                   ("cat dim", lambda: torch.cat([b, None], dim=0))]:
    try:
        call()
    except TypeError as e:
        print(name, "TypeError:", e)
print(torch.cat([b, b]).shape)
