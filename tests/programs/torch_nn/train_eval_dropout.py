# train()/eval() flags propagate; Dropout is identity in eval and seeded in train.
import torch
import torch.nn as nn
import torch.nn.functional as F

model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5), nn.ReLU())
print(model.training, model[1].training)
model.eval()
print(model.training, model[1].training, [m.training for m in model.modules()])
x = torch.ones(2, 4)
d = nn.Dropout(p=0.5)
d.eval()
print(d(x), d)
d.train()
torch.manual_seed(0)
print(d(x))
torch.manual_seed(0)
print(F.dropout(x, p=0.5, training=True), F.dropout(x, 0.5, training=False))
print(model.train() is model, model.training)
try:
    nn.Dropout(1.5)
except ValueError as e:
    print("ValueError:", e)
