# Gradients of the indexing ops: gather, scatter / scatter_add, index_select,
# masked_select, advanced indexing with repeated indices (accumulates), boolean masks,
# index_put with and without accumulate, and __setitem__ (CopySlices).
import torch

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, fn, *shapes):
    ins = [torch.randn(*s, dtype=torch.float64, requires_grad=True) for s in shapes]
    y = fn(*ins)
    w = torch.arange(1.0, y.numel() + 1, dtype=torch.float64).view(y.shape)
    (y * w).sum().backward()
    print(name, tuple(y.shape), y.grad_fn.name())
    for t in ins:
        print("  ", r(t.grad))


idx = torch.tensor([[0, 2, 2], [1, 0, 1]])
run("gather0", lambda x: x.gather(0, torch.tensor([[1, 0, 1], [1, 1, 0]])), (2, 3))
run("gather1", lambda x: torch.gather(x, 1, idx), (2, 4))
run("scatter", lambda x, s: x.scatter(1, idx, s), (2, 4), (2, 3))
run("scatter_value", lambda x: x.scatter(1, idx, 2.5), (2, 4))
run("scatter_add", lambda x, s: x.scatter_add(1, idx, s), (2, 4), (2, 3))
run("index_select", lambda x: x.index_select(0, torch.tensor([2, 0, 2])), (3, 2))
mask = torch.tensor([[True, False, True], [False, True, True]])
run("masked_select", lambda x: x.masked_select(mask), (2, 3))
run("masked_select_bc", lambda x: torch.masked_select(x, mask[0]), (2, 3))
run("adv_rep", lambda x: x[torch.tensor([0, 1, 0, 0])], (2, 3))
run("adv_2d", lambda x: x[torch.tensor([0, 1, 1]), torch.tensor([2, 2, 0])], (2, 3))
run("adv_slice", lambda x: x[:, torch.tensor([1, 1])], (2, 3))
run("adv_bool", lambda x: x[x > 0], (3, 3))
run("adv_none", lambda x: x[None, torch.tensor([1]), ..., 1:], (2, 3))
run("index_put", lambda x, v: x.index_put((torch.tensor([0, 1, 0]),), v), (3, 2), (3, 2))
run("index_put_acc", lambda x, v: x.index_put((torch.tensor([0, 1, 0]),), v, accumulate=True),
    (3, 2), (3, 2))


def setitem(x, v):
    y = x.clone()
    y[torch.tensor([1, 0]), 1] = v
    y[0, 0] = 7.0
    return y


run("setitem", setitem, (2, 3), (2,))
