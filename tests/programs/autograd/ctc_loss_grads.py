# Gradients of CTC loss: padded and concatenated targets, mean/sum/none reductions,
# zero_infinity for an impossible alignment, and a blank index other than 0.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


T, N, C = 6, 2, 4
logits = torch.randn(T, N, C, dtype=torch.float64)
targets = torch.tensor([[1, 2, 2], [3, 1, 0]])
in_len = torch.tensor([6, 5])
tg_len = torch.tensor([3, 2])

for red in ("mean", "sum", "none"):
    x = logits.clone().requires_grad_()
    loss = F.ctc_loss(x.log_softmax(2), targets, in_len, tg_len, reduction=red)
    print(red, r(loss))
    loss.sum().backward()
    print("  ", r(x.grad[:, 0].sum(1)), r(x.grad[0, 1]))

x = logits.clone().requires_grad_()
flat = torch.tensor([1, 2, 2, 3, 1])
loss = nn.CTCLoss()(x.log_softmax(2), flat, in_len, tg_len)
loss.backward()
print("concat", round(loss.item(), 6), r(x.grad[1, 1]))

x = logits.clone().requires_grad_()
imp = torch.tensor([[1, 1, 1, 1], [2, 2, 2, 2]])
loss = F.ctc_loss(x.log_softmax(2), imp, torch.tensor([6, 6]), torch.tensor([4, 4]),
                  reduction="none", zero_infinity=True)
print("zero_infinity", r(loss))
loss.sum().backward()
print("  ", r(x.grad[0, 0]))

x = logits.clone().requires_grad_()
loss = F.ctc_loss(x.log_softmax(2), torch.tensor([[0, 1], [2, 2]]), in_len,
                  torch.tensor([2, 2]), blank=3)
loss.backward()
print("blank3", round(loss.item(), 6), r(x.grad[2, 0]))

# The gradient with respect to log_probs themselves (ATen's formula, which assumes they
# come from a log_softmax), in float32, with an input shorter than T and unbatched.
lp = logits.float().log_softmax(2).detach().requires_grad_()
loss = F.ctc_loss(lp, targets, torch.tensor([4, 6]), tg_len, reduction="none")
print("per_sample", type(loss.grad_fn).__name__, r(loss))
(loss * torch.tensor([2.0, 0.5])).sum().backward()
print("  ", r(lp.grad[3, 0]), r(lp.grad[4, 0]), r(lp.grad[5, 1]))
lp1 = logits[:, 0].log_softmax(1).detach().requires_grad_()
loss = F.ctc_loss(lp1, torch.tensor([1, 3]), torch.tensor(6), torch.tensor(2))
loss.backward()
print("unbatched", round(loss.item(), 6), r(lp1.grad[2]))
try:
    x = logits.clone().requires_grad_()
    loss = F.ctc_loss(x.log_softmax(2), targets, in_len, tg_len)
    (g,) = torch.autograd.grad(loss, x, create_graph=True)
    g.sum().backward()
    print("double backward", r(x.grad[0, 0]))
except RuntimeError as e:
    print("RuntimeError", str(e)[:80])


@torch.compile
def step(x):
    return F.ctc_loss(x.log_softmax(2), targets, in_len, tg_len)


x = logits.clone().requires_grad_()
loss = step(x)
loss.backward()
print("compiled", round(loss.item(), 6), r(x.grad[1, 0]))
