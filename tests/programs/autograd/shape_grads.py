# Gradients through shape ops: cat / stack, split (sizes list), chunk, unbind, narrow,
# expand / expand_as, repeat, repeat_interleave, flip / fliplr, roll, tril / triu with
# offsets, diag (both ways), diagonal with offset, diag_embed, permute, movedim,
# swapaxes, unflatten, mT and torch.broadcast_tensors.
import torch

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, fn, *shapes):
    ins = [torch.randn(*s, dtype=torch.float64, requires_grad=True) for s in shapes]
    y = fn(*ins)
    if isinstance(y, (tuple, list)):
        y = torch.cat([t.reshape(-1) * (i + 1) for i, t in enumerate(y)])
    w = torch.arange(1.0, y.numel() + 1, dtype=torch.float64).view(y.shape)
    (y * w).sum().backward()
    print(name, tuple(y.shape), y.grad_fn.name())
    for t in ins:
        print("  ", r(t.grad))


run("cat0", lambda a, b: torch.cat([a, b, a]), (1, 3), (2, 3))
run("cat_neg", lambda a, b: torch.cat((a, b), -1), (2, 1), (2, 2))
run("stack1", lambda a, b: torch.stack([a, b], 1), (2, 2), (2, 2))
run("split_sizes", lambda a: a.split([1, 3], 1), (2, 4))
run("chunk_uneven", lambda a: a.chunk(3, 0), (5, 2))
run("unbind", lambda a: a.unbind(1), (2, 3))
run("narrow", lambda a: a.narrow(1, 1, 2), (2, 4))
run("expand", lambda a: a.expand(2, 3, 4), (3, 1))
run("expand_as", lambda a, b: a.expand_as(b) * b, (1, 3), (2, 3))
run("repeat", lambda a: a.repeat(2, 1, 2), (2, 2))
run("repeat_interleave", lambda a: a.repeat_interleave(2, dim=0), (2, 2))
run("repeat_interleave_t", lambda a: a.repeat_interleave(torch.tensor([1, 3]), dim=1), (2, 2))
run("flip", lambda a: a.flip(0, 1), (2, 3))
run("fliplr", lambda a: a.fliplr(), (2, 3))
run("roll", lambda a: a.roll(1, 1), (2, 3))
run("roll_flat", lambda a: a.roll(-2), (2, 3))
run("roll_dims", lambda a: a.roll((1, 2), (0, 1)), (2, 3))
run("tril", lambda a: a.tril(), (3, 3))
run("triu1", lambda a: a.triu(1), (3, 4))
run("tril_neg", lambda a: torch.tril(a, -1), (3, 3))
run("diag_vec", lambda a: torch.diag(a, 1), (3,))
run("diag_mat", lambda a: a.diag(-1), (3, 3))
run("diagonal", lambda a: a.diagonal(1, 1, 2), (2, 3, 3))
run("diag_embed", lambda a: torch.diag_embed(a), (2, 2))
run("permute", lambda a: a.permute(1, 2, 0), (2, 3, 1))
run("movedim", lambda a: a.movedim(0, -1), (2, 3, 2))
run("movedim2", lambda a: torch.movedim(a, (0, 1), (2, 0)), (2, 1, 3))
run("swapaxes", lambda a: a.swapaxes(0, 2), (2, 1, 3))
run("unflatten", lambda a: a.unflatten(1, (2, 2)), (2, 4))
run("bcast", lambda a, b: torch.broadcast_tensors(a, b), (3, 1), (2,))
run("t_mT", lambda a: a.mT, (2, 2, 3))
