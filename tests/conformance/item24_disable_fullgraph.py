# Item 24: calling a torch.compiler.disable'd function under fullgraph=True raises
# Unsupported with the gb0098 text (function addresses masked); no graph runs.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def mask(text):
    # "<function outer1 at 0x7f...>" -> "<function outer1 at ADDR>"
    out = ""
    while " at 0x" in text:
        head, _, rest = text.partition(" at 0x")
        out += head + " at ADDR"
        text = rest[rest.index(">"):]
    return out + text


@torch.compiler.disable
def outer1(x):
    return x + 2


def f(x):
    x = x * 3
    x = outer1(x)
    return x + 4


opt = torch.compile(f, backend=cnt, fullgraph=True)
try:
    opt(torch.ones(3))
    print("no error")
except torch._dynamo.exc.Unsupported as e:
    print(mask(str(e)), end="")
print("graphs:", cnt.frame_count)
