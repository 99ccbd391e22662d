# Item 66: a backend raising one of the fake-tensor fallback exceptions is not a compiler
# failure: under fullgraph=True it raises Unsupported "Backend compiler exception"; under
# fullgraph=False no exception reaches the caller and the result equals eager.
import torch
from torch._subclasses.fake_tensor import UnsupportedFakeTensorException


def bad(gm, example_inputs):
    raise UnsupportedFakeTensorException("test")


def fn(x):
    return x + 1


try:
    torch.compile(fn, backend=bad, fullgraph=True)(torch.ones(3))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    for line in str(e).splitlines()[:3]:
        print(line)
torch._dynamo.reset()
out = torch.compile(fn, backend=bad)(torch.ones(3))
print(out, torch.equal(out, fn(torch.ones(3))))
