# Interleaved draws from the global generator stay in sync; reseeding restarts them.
import torch

torch.manual_seed(5)
seq1 = [torch.rand(1).item(), torch.randn(1).item(), torch.randint(10, (1,)).item()]
torch.manual_seed(5)
seq2 = [torch.rand(1).item(), torch.randn(1).item(), torch.randint(10, (1,)).item()]
print(seq1 == seq2, seq1)
torch.manual_seed(5)
a = torch.rand(3)
b = torch.rand(3)
torch.manual_seed(5)
c = torch.rand(6)
print(torch.equal(torch.cat([a, b]), c), c)
print(torch.initial_seed())
