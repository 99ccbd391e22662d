# Builtins over known values and advanced indexing in compiled code. Follows upstream's
# test/dynamo/test_misc.py (test_map_*, test_reversed_*, test_slice_*, test_einsum*,
# test_ellipsis) and test_repros.py (advanced indexing by integer tensors, as in
# relative-position tables), with the MoE/SAM/DDIM patterns of the corpus. Under
# PyTorch 1.13 (no torch.compile) the file runs eagerly: its stdout is the expected output.
import torch
import torch.nn.functional as F

from harness import Counter, compiling, run  # beside this file


def moe_helpers(t, w):
    values, index = t.topk(k=1, dim=-1)
    values, index = map(lambda x: x.squeeze(dim=-1), (values, index))
    pre_slice = (slice(None),) * 1
    padded = F.pad(t, (0, 0, 1, 0)).cumsum(dim=-2)
    excl = padded[(..., slice(None, -1), *pre_slice)]
    mixed = torch.einsum("...nd,...dh->...nh", t, w)
    listed = torch.einsum("ij,jk", [t[0], w])
    return values, index, excl, mixed, listed


torch.manual_seed(0)
run("map, slice(), Ellipsis, einsum", moe_helpers, torch.randn(2, 3, 4), torch.randn(4, 2),
    frames=1)


def backwards(x):
    out = x
    for i in reversed(range(3)):
        out = out * (i + 1) + i
    return out, list(reversed([1, 2, 3])), tuple(reversed((x, x + 1)))[0]


run("reversed", backwards, torch.ones(2), frames=1)


def indexing(x, i, j):
    return x[i], x[:, j], x[..., j], x[i, j], x[j.long()] * 2, x[:, :, None][:, j]


x = torch.arange(24.0).reshape(4, 6)
run("advanced indexing", indexing, x, torch.tensor([[0, 3], [1, 1]]), torch.tensor([-1, 0]),
    frames=1)


def table(rel_pos, q):
    coords = torch.arange(q)[:, None] - torch.arange(q)[None, :] + (q - 1)
    return rel_pos[coords.long()]


run("relative positions", table, torch.randn(5, 2), 3, frames=1)
for k in (torch.tensor([9]), torch.tensor([-7])):
    try:
        fn = torch.compile(lambda a, k: a[:, k]) if compiling else (lambda a, k: a[:, k])
        fn(x, k)
    except IndexError as e:
        print("IndexError:", e)
