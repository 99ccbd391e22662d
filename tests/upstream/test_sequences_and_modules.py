# Sequence arithmetic, factories with device=, and modules made inside compiled code.
# Follows upstream's test/dynamo/test_misc.py (test_list_mul / test_tuple_mul style
# cases, test_size_*, test_torch_size_* over torch.Size arithmetic, test_arange_*_device)
# and test_modules.py (modules constructed in forward). Under PyTorch 1.13 (no
# torch.compile) the file runs eagerly: its stdout is the expected output.
import torch
import torch.nn as nn

from harness import Counter, compiling, run  # beside this file


def sequences(x, h):
    presents = [None] * len(h)
    past = 2 * [None]
    nested = [[0]] * 2
    nested[0].append(1)  # one list, twice: the append shows in both places
    t = (1, 2) * 2
    size_out = x.size()[:-1] + (5,)
    shape = x.shape[:-1] + (-1, 2)
    before = (7,) + x.shape
    twice = x.shape * 2
    acc = [1]
    acc += (2, 3)
    acc *= 2
    return x.view(size_out[:-1] + (-1,)).sum(), presents, past, nested, t, size_out, shape, before, twice, acc


run("sequences", sequences, torch.ones(2, 3, 4), [1, 2, 3], frames=1)


def concat_errors(x, a, b):
    try:
        r = a + b
    except TypeError as e:
        r = str(e)
    return x + 1, r


run("list + tuple", concat_errors, torch.ones(1), [1], (2,))
run("tuple + list", concat_errors, torch.ones(1), (1,), [2])


def factories(x):
    pos = torch.arange(0, x.size(-1), dtype=torch.long, device=x.device)
    z = torch.zeros(2, device=x.device, dtype=x.dtype)
    o = torch.ones(3, device="cpu")
    f = torch.full((2,), 1.5, device=torch.device("cpu"))
    return pos, z, o, f, x.new_zeros(2) if hasattr(x, "new_zeros") else None


run("factories", factories, torch.ones(2, 3), frames=1)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = nn.Linear(4, 4)

    def forward(self, x):
        w = self.lin(x)
        w = nn.Softmax(dim=-1)(w)  # a new module each call, as GPT-2 code does
        return w * 2


torch.manual_seed(0)
block = Block()
x = torch.randn(2, 4)
want = block(x)
if compiling:
    torch._dynamo.reset()
    counter = Counter()
    compiled = torch.compile(block, backend=counter)
    for _ in range(10):
        got = compiled(x)
    assert torch.allclose(got, want)
    # One graph: the parameterless layer made in forward is traced into (as upstream
    # traces modules made in forward), compiled once: no recompile per call.
    assert counter.frames == 1, counter.frames
print("fresh module", round(float(want.sum()), 4))


class Escapes(nn.Module):
    def forward(self, x):
        act = nn.ReLU()  # made in the trace, then returned: it cannot be one shared object
        return act(x), act


esc = Escapes()
y, act1 = esc(torch.tensor([-1.0, 2.0]))
if compiling:
    torch._dynamo.reset()
    compiled = torch.compile(esc)
    _, a = compiled(torch.tensor([-1.0, 2.0]))
    _, b = compiled(torch.tensor([-1.0, 2.0]))
    assert a is not b and isinstance(a, nn.ReLU), (a, b)
print("escaping module", y, act1)


class WithParams(nn.Module):
    def forward(self, x):
        torch.manual_seed(3)
        return nn.Linear(2, 2)(x)  # parameters drawn per call: never made once at trace


with torch.no_grad():
    want = WithParams()(torch.ones(1, 2))
    if compiling:
        torch._dynamo.reset()
        compiled = torch.compile(WithParams())
        for _ in range(2):
            assert torch.equal(compiled(torch.ones(1, 2)), want)
print("module with parameters made in forward", want)
