# Item 69 (the fullgraph=True error): .item() with capture_scalar_outputs=False is a
# graph break, so under fullgraph=True it raises Unsupported.
import torch


def f(x):
    return x.sum().item() + 1


opt = torch.compile(f, backend="eager", fullgraph=True)
try:
    opt(torch.ones(2))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    text = str(e)
    print(text.splitlines()[0])
    print("from user code:" in text)
