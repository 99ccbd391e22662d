# Tensor index assignment inside compiled code, traced into the graph as upstream's
# operator.setitem is (test/dynamo/test_misc.py test_closure_with_mutation_and_graph_break,
# test_functions.py test_list_slice_assignment, the KV-cache writes of test_repros.py):
# basic indexing writes through the view (copy_ of a tensor, fill_ of a number, dtype
# converted), a boolean mask of the tensor's shape is masked_fill_, integer index tensors
# are index_put_; a mutated input stays the caller's object; gradients flow through the
# written view; torch.tensor of constant data is traced too. Under PyTorch 1.13 (no
# torch.compile) the file runs eagerly: its stdout is the expected output.
import torch

from harness import compiling, run  # beside this file


def basic(x, v):
    y = x * 1
    y[:, 0] = v
    y[1] = 7
    y[0, 1:] = 2.5
    y[..., -1] = y[..., 0]
    return y + 1


run("basic indexing", basic, torch.arange(6.0).reshape(2, 3), torch.tensor([10.0, 20.0]),
    frames=1)


def converted(x):
    c = torch.zeros(2, 3, dtype=torch.long)
    c[0] = 3.7  # truncated to the tensor's dtype, as eager does
    c[1, :2] = x[:2]  # a float tensor copied into a long view
    return c


run("dtype converted", converted, torch.tensor([1.9, -2.5, 3.0]), frames=1)


def masked(x):
    z = x.clone()
    z[x > 2] = -1.0
    z[z < 0] = torch.tensor(0.5)
    return z


run("boolean mask", masked, torch.arange(6.0).reshape(2, 3), frames=1)


def indexed(idx, v):
    w = torch.zeros(5)
    w[idx] = v
    return w


run("integer index tensor", indexed, torch.tensor([4, 1]), torch.tensor([10.0, 20.0]),
    frames=1)


def kv_cache(cache, k, pos):
    cache[:, pos] = k
    return cache[:, : pos + 1].sum(dim=1)


cache = torch.zeros(2, 4)
run("kv cache write", kv_cache, cache, torch.tensor([1.0, 2.0]), 2, frames=1)


def mutate_input(x):
    x[0] = 0
    return x


a = torch.ones(2, 2)
want = mutate_input(a.clone())
b = torch.ones(2, 2)
got = torch.compile(mutate_input)(b) if compiling else mutate_input(b)
print("mutated input", got is b, torch.equal(got, want), b.tolist())


def grads(x, v):
    y = x * 2
    y[:, 1] = v * 3
    return (y * y).sum()


for label, fn in (("eager", grads), ("compiled", torch.compile(grads) if compiling else grads)):
    xg = torch.ones(2, 3, requires_grad=True)
    vg = torch.tensor([1.0, 2.0], requires_grad=True)
    fn(xg, vg).backward()
    print("grads", xg.grad.tolist(), vg.grad.tolist())


# torch.tensor of constant data inside compiled code is part of the graph (upstream
# traces it as a call), and each call gets a tensor of its own.
def constant_tensor(x):
    t = torch.tensor([[1, 2], [3, 4]], dtype=torch.float32)
    return x @ t + torch.tensor(0.5), torch.tensor([True, False])


run("torch.tensor of constants", constant_tensor, torch.ones(1, 2), frames=1)


def fresh(x):
    return torch.tensor([0.0, 0.0]) + x


f = torch.compile(fresh) if compiling else fresh
r1 = f(1.0)
r1.add_(5)
print("fresh tensor per call", r1.tolist(), f(1.0).tolist())


# Reads that mix ints with integer index tensors in one contiguous run (a CRF's
# transitions[stop, last_tag]) are traced too: the ints select first.
def mixed_read(t, i, j):
    return (t[1, i], t[:, 2, i], t[0, 1:, i], t[i[1:], 1], t[j, 2, i], t[0, j, 1], t[1][i, 3])


run("ints with index tensors", mixed_read, torch.arange(24.0).reshape(2, 3, 4),
    torch.tensor([2, 0, 1]), torch.tensor([[1], [0]]), frames=1)


# Writes through ints, slices, None and Ellipsis around integer index tensors, as eager
# does them (view, then index_put_ on it); a number is converted to the tensor's dtype.
def mixed_write(x, idx, v):
    y = x.clone()
    y[0, idx] = v
    y[:, idx] = 7
    y[1, idx[:1]] = torch.tensor([9.5])
    z = torch.zeros(2, 3, 4)
    z[..., idx] = 1.5
    z[1, :, idx] = torch.ones(3, 2)
    w = torch.zeros(4, dtype=torch.long)
    w[idx] = 5
    return y, z.sum(dim=1), w


run("ints and slices with index tensors", mixed_write, torch.arange(8.0).reshape(2, 4),
    torch.tensor([3, 1]), torch.tensor([10.0, 20.0]), frames=1)


def wrong_dtype(x, idx):
    y = x.clone()
    y[0, idx] = torch.ones(2, dtype=torch.float64)  # index_put_ refuses, as eagerly
    return y


try:
    (torch.compile(wrong_dtype) if compiling else wrong_dtype)(torch.zeros(2, 4),
                                                              torch.tensor([0, 1]))
except RuntimeError as e:
    print("RuntimeError", e)
