# Reference section 12 (toggling error_on_graph_break), example E5: the setting applies to
# nested calls, and the value in effect at the innermost frame decides. inner2 turns it
# off around its call of inner, so inner's graph break is allowed although fn runs under
# error_on_graph_break(True). The doc: no error. Legacy nested graph breaks (the default):
# the break moves to fn's call of inner2, then to inner2's call of inner; inner breaks as
# its own frame -> 2 graphs (x + 1, x + 2), 1 full record and 2 duplicate-suppressed ones.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def inner(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 2


def inner2(x):
    with torch._dynamo.error_on_graph_break(False):
        return inner(x)


@torch._dynamo.error_on_graph_break(True)
@torch.compile(backend=cnt)
def fn(x):
    return inner2(x)


print(fn(torch.ones(3)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
