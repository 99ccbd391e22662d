# torch.utils.checkpoint inside compiled code: the checkpointed function's ops go into the
# graph (upstream traces checkpoint as its tag_activation_checkpoint higher-order op, one
# graph), with the values, gradients and random draws eager checkpointing gives
# (test/dynamo/test_activation_checkpointing.py's forward/backward comparisons).
# Under PyTorch 1.13 (no torch.compile) the file runs eagerly: its stdout is the expected
# output.
import torch
import torch.nn.functional as F
from torch.utils.checkpoint import checkpoint

from harness import Counter, compiling


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 4)

    def forward(self, x):
        return F.dropout(torch.relu(self.lin(x)), p=0.5, training=self.training)


class Net(torch.nn.Module):
    def __init__(self, reentrant):
        super().__init__()
        self.blocks = torch.nn.ModuleList([Block(), Block()])
        self.reentrant = reentrant

    def forward(self, x):
        for b in self.blocks:
            x = checkpoint(b, x, use_reentrant=self.reentrant)
        return x.sum()


for reentrant in (True, False):
    torch.manual_seed(0)
    net = Net(reentrant)
    x = torch.randn(3, 4, requires_grad=True)
    results = []
    for compiled in (False, True):
        if compiled and compiling:
            torch._dynamo.reset()
            counter = Counter()
            fn = torch.compile(net, backend=counter)
        else:
            counter = None
            fn = net
        net.zero_grad()
        x.grad = None
        torch.manual_seed(1)
        loss = fn(x)
        loss.backward()
        results.append((round(loss.item(), 5), x.grad.clone(), net.blocks[0].lin.weight.grad.clone()))
        if counter is not None:
            assert counter.frames == 1, counter.frames
    (l0, gx0, gw0), (l1, gx1, gw1) = results
    print("reentrant" if reentrant else "non-reentrant", l0, l1 == l0,
          torch.allclose(gx0, gx1), torch.allclose(gw0, gw1))
