# Dropout masks in training mode depend only on the seed.
import torch
import torch.nn.functional as F

torch.manual_seed(3)
print(F.dropout(torch.ones(10), p=0.3, training=True))
print(F.dropout(torch.ones(2, 5), p=0.5, training=True))
torch.manual_seed(3)
print(F.dropout(torch.ones(10), p=0.3, training=True))
