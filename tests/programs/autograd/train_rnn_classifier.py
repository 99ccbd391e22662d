# Training a GRU sequence classifier on a synthetic task (is the sum of the sequence
# positive?) with embedding-free float inputs, gradient clipping and SGD momentum;
# loss and accuracy per step, then an LSTM regressor with packed-free variable targets.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


class Clf(nn.Module):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(2, 8, batch_first=True)
        self.head = nn.Linear(8, 2)

    def forward(self, x):
        out, h = self.rnn(x)
        return self.head(h[-1])


X = torch.randn(32, 5, 2, dtype=torch.float64)
Y = (X.sum((1, 2)) > 0).long()
model = Clf().double()
opt = torch.optim.SGD(model.parameters(), lr=0.2, momentum=0.9)
for step in range(10):
    logits = model(X)
    loss = F.cross_entropy(logits, Y)
    opt.zero_grad()
    loss.backward()
    norm = nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    acc = (logits.argmax(1) == Y).double().mean().item()
    print("gru", step, round(loss.item(), 6), round(norm.item(), 5), acc)

torch.manual_seed(1)
lstm = nn.LSTM(1, 6, num_layers=2).double()
head = nn.Linear(6, 1).double()
seq = torch.linspace(0, 3, 12, dtype=torch.float64).view(12, 1, 1).expand(12, 3, 1)
seq = seq * torch.tensor([1.0, 0.5, -1.0], dtype=torch.float64).view(1, 3, 1)
target = seq.sin()
params = list(lstm.parameters()) + list(head.parameters())
opt = torch.optim.Adam(params, lr=0.03)
for step in range(6):
    out, _ = lstm(seq)
    loss = F.mse_loss(head(out), target)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print("lstm", step, round(loss.item(), 6))
