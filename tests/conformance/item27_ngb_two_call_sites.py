# env: TORCH_LOGS=graph_breaks
# Item 27 (reference section 10.2 point 7 and the "single_graph_break_repeat" TEST row):
# under nested_graph_breaks=True the duplicate key of a record is the break's type and
# whole chain of frame locations, so one break line reached from two call sites of outer
# logs two full records, each with its own call line. Counting by the rules: graph 1 =
# x + 16 and the first inner's x + 1; the break runs; graph 2 (traced from outer's resume
# entry [1/0]) = the first inner's x + 2 and the second inner's x + 1; the break runs;
# graph 3 (the next resume entry [2/0]) = x + 2 and x + 32. 3 graphs (INF), 6 ops.
import torch
from torch._dynamo.testing import CompileCounter
from torch._dynamo.utils import counters

torch._dynamo.config.nested_graph_breaks = True
cnt = CompileCounter()


def inner(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 2


def outer(x):
    x = x + 16
    x = inner(x)
    x = inner(x)
    return x + 32


opt = torch.compile(outer, backend=cnt)
x = torch.ones(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("graph breaks:", sum(counters["graph_break"].values()))
print("compiled == eager:", torch.equal(opt(x), outer(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
