# A tiny TransformerEncoder (two layers, batch_first, pre-norm, dropout 0) with a
# classification head trained a few Adam steps on a synthetic sequence task, with a
# src_key_padding_mask; the losses and one gradient norm per step as PyTorch 1.13.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(3, 8)
        layer = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0,
                                           batch_first=True, norm_first=True)
        self.enc = nn.TransformerEncoder(layer, 2)
        self.head = nn.Linear(8, 2)

    def forward(self, x, mask):
        h = self.enc(self.inp(x), src_key_padding_mask=mask)
        keep = (~mask).unsqueeze(-1).double()
        return self.head((h * keep).sum(1) / keep.sum(1))


model = Model().double()
X = torch.randn(6, 5, 3, dtype=torch.float64)
mask = torch.zeros(6, 5, dtype=torch.bool)
mask[0, 3:] = True
mask[4, 4:] = True
Y = (X[:, :, 0].sum(1) > 0).long()
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for step in range(5):
    logits = model(X, mask)
    loss = F.cross_entropy(logits, Y)
    opt.zero_grad()
    loss.backward()
    gn = model.inp.weight.grad.norm().item()
    opt.step()
    print(step, round(loss.item(), 6), round(gn, 6))
print([round(v, 5) for v in model.head.bias.tolist()])
