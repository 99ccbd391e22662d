# env: TORCH_LOGS=graph_code
# Item 29 (reference section 10.2 point 4, TEST test_return_after_graph_break_deep_nested):
# nested_graph_breaks=True, an 8-deep chain f8 -> f7 -> ... -> f2 -> f1 whose leaf f1 is
# torch.compiler.disable'd, so the break is at f2's call of f1. Frames that return right
# after the call (f8, f6, f5, f3, f2) get no resume entry; only f7 and f4 do work after
# their call, so exactly two resume functions are created, torch_dynamo_resume_in_f4_at_L
# and torch_dynamo_resume_in_f7_at_L (L = the line of the call in f4, f7).
# Observable: upstream's TEST counts them in counters["resumes"], which the reference does
# not document; the documented observable is the graph_code log, whose `# File:` comments
# name the function being traced, resume functions under their resume names (reference
# section 9 example: `# File: ...:14 in torch_dynamo_resume_in_f_at_13, code: ...`).
# Graph 1 = the seven adds before the break (x + 512 ... x + 2, 7 ops), traced in f8;
# f1 runs eagerly; the continuation chain is one graph, graph 2 = x + 16, x + 256, traced
# from the outermost resume function torch_dynamo_resume_in_f7_at_53 (called by f8's
# compiled code, since f8 itself returns right after its call), which inlines
# torch_dynamo_resume_in_f4_at_40 (f3 and f2 return right after theirs, f6 and f5 too).
# The .errsub requires graph 2's two comment lines to name exactly these two resume
# functions; 2 graphs and 9 ops in total leave no room for a third.
import torch
from torch._dynamo.testing import CompileCounter

torch._dynamo.config.nested_graph_breaks = True
cnt = CompileCounter()


@torch.compiler.disable
def f1(x):
    return x + 1


def f2(x):
    return f1(x + 2)


def f3(x):
    return f2(x + 4)


def f4(x):
    x = f3(x + 8)
    return x + 16


def f5(x):
    return f4(x + 32)


def f6(x):
    return f5(x + 64)


def f7(x):
    x = f6(x + 128)
    return x + 256


def f8(x):
    return f7(x + 512)


opt = torch.compile(f8, backend=cnt)
x = torch.zeros(3)
print(opt(x))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
print("compiled == eager:", torch.equal(opt(x), f8(x)))
print("graphs:", cnt.frame_count, "ops:", cnt.op_count)
