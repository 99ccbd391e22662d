# env: TORCH_LOGS=graph_breaks
# Item 67: print() inside a compiled fn is a graph break (`Failed to trace builtin
# operator`): graph 1 runs, "x" is printed eagerly, the resume graph runs (2 graphs).
# With print in reorderable_logging_functions there is no break: 1 graph, and "x" is
# printed exactly once, after the graph ran. The backend prints "graph runs" each time
# a compiled graph is called, which shows the order.
import torch
from torch._dynamo.testing import CompileCounter

cnt = CompileCounter()


def backend(gm, example_inputs):
    cnt(gm, example_inputs)

    def run(*args):
        print("graph runs")
        return gm(*args)

    return run


def fn(x):
    x = x + 1
    print("x")
    return x * 2


x = torch.ones(3)
print(torch.compile(fn, backend=backend)(x))
print("graphs:", cnt.frame_count)

torch._dynamo.reset()
torch._dynamo.config.reorderable_logging_functions.add(print)
before = cnt.frame_count
print(torch.compile(fn, backend=backend)(x))
print("graphs:", cnt.frame_count - before)
