# Item 77: the backend registry as upstream's torch._dynamo.backends.registry: the
# names list_backends() gives (debug backends excluded by default), register_backend
# (plain and as a decorator with a name) making a backend usable by name, an unknown
# name raising InvalidBackend when torch.compile is called, and aot_eager as a name.
import torch
import torch._dynamo


def f(x):
    return x.cos() * 2


x = torch.arange(3.0)
print(torch._dynamo.list_backends())
print(torch._dynamo.list_backends(exclude_tags=()))
print(torch.compiler.list_backends() == torch._dynamo.list_backends())

calls = []


@torch._dynamo.register_backend
def counting(gm, example_inputs):
    calls.append(len(example_inputs))
    return gm.forward


@torch._dynamo.register_backend(name="tagged", tags=("experimental",))
def tagged_backend(gm, example_inputs):
    calls.append("tagged")
    return gm.forward


print(torch._dynamo.list_backends())
print("tagged" in torch._dynamo.list_backends(exclude_tags=()))
print(torch._dynamo.lookup_backend("counting") is counting)
print(torch.equal(torch.compile(f, backend="counting")(x), f(x)), calls)
print(torch.equal(torch.compile(f, backend="tagged")(x), f(x)), calls)
print(torch.equal(torch.compile(f, backend="aot_eager")(x), f(x)))
try:
    torch.compile(f, backend="nosuch")
except torch._dynamo.exc.InvalidBackend as e:
    print(type(e).__name__, isinstance(e, RuntimeError), e)
try:
    torch._dynamo.register_backend(counting)
except AssertionError as e:
    print("AssertionError:", e)
