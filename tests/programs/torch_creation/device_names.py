# Devices wick cannot run on can still be named, as scripts do at module level
# (`device = torch.device("cuda")`) before choosing the CPU.
import torch

d = torch.device("cuda")
print(d, repr(d), d.type, d.index)
print(torch.device("cuda", 1), repr(torch.device("cuda:0")), torch.device("cuda:0").index)
print(torch.device("meta"), torch.device("mps").type)
print(torch.device("cuda") == torch.device("cuda"), torch.device("cuda") == torch.device("cpu"),
      torch.device("cuda:1") != torch.device("cuda"))
print(len({torch.device("cuda"), torch.device("cuda"), torch.device("cpu")}))
print(torch.device(d) == d, isinstance(d, torch.device))
try:
    torch.device("foo")
except RuntimeError as e:
    print(e)
