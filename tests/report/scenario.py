# The run the report browser test shows: a graph break (a frame and its resume
# function), a recompile (a rank change), and a frame skipped for having no tensor ops.
import torch


def f(x):
    y = x.sin()
    torch._dynamo.graph_break()
    return y.cos()


def no_ops(x):
    return x


opt_f = torch.compile(f, backend="eager")
opt_n = torch.compile(no_ops, backend="eager")
print(opt_f(torch.ones(3)))
print(opt_f(torch.ones(2, 2)))
print(opt_n(torch.ones(2)))
