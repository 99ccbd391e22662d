# IntEnum members as torch arguments (dims, sizes, indices) pass by __index__.
import torch
from enum import IntEnum
class D(IntEnum):
    BATCH = 0
    N = 3
x = torch.ones(2, 3)
print(x.sum(D.BATCH), torch.zeros(D.N).shape, x.shape[D.BATCH], range(D.N), [1, 2, 3][D.BATCH:D.N])
