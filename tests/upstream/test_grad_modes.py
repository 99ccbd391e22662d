# torch.set_grad_enabled as a call and as a context manager, and torch.inference_mode,
# traced into the graph as upstream's GradModeVariable does (test/dynamo/
# test_ctx_manager.py test_no_grad, test_grad_mode_guard, test_inactive_context_*): the
# mode a block leaves, the requires_grad of what it computes, a manager made before a
# graph break and entered after it, and the modes across breaks inside the blocks.
# Under PyTorch 1.13 (no torch.compile) the file runs eagerly: its stdout is the expected
# output.
import torch

from harness import compiling, run


def as_call(x):
    torch.set_grad_enabled(False)
    y = x * 2
    torch.set_grad_enabled(True)
    return y, y.requires_grad, (x * 3).requires_grad, torch.is_grad_enabled()


run("set_grad_enabled as a call", as_call, torch.ones(2, requires_grad=True), frames=1)


def as_block(x):
    with torch.set_grad_enabled(False):
        y = x + 1
        inner = torch.is_grad_enabled()
    with torch.inference_mode():
        z = x * 3
    with torch.inference_mode(False):
        w = x * 4
    return y.requires_grad, z.requires_grad, w.requires_grad, inner, torch.is_grad_enabled()


run("set_grad_enabled and inference_mode blocks", as_block, torch.ones(2, requires_grad=True),
    frames=1)


def made_before_break(x):
    x = x + 1
    ctx = torch.set_grad_enabled(False)  # switches here, restores on the block's exit
    if compiling:
        torch._dynamo.graph_break()
    with ctx:
        y = x * 2
    return y, y.requires_grad, torch.is_grad_enabled()


run("manager made before a break", made_before_break, torch.ones(2, requires_grad=True),
    frames=2)


def break_inside(x):
    with torch.set_grad_enabled(False):
        a = x * 2
        if compiling:
            torch._dynamo.graph_break()
        b = a + x
    return a.requires_grad, b.requires_grad, (b + x).requires_grad, torch.is_grad_enabled()


def inference_off_in_no_grad(x):
    # inference_mode(False) sets grad mode on (PyTorch's guard sets it to `not mode`).
    with torch.no_grad():
        with torch.inference_mode(False):
            a = x * 2
        b = x * 3
    return a.requires_grad, b.requires_grad


run("inference_mode(False) inside no_grad", inference_off_in_no_grad,
    torch.ones(2, requires_grad=True), frames=1)


run("a break inside the block", break_inside, torch.ones(2, requires_grad=True), frames=2)
print("mode after all", torch.is_grad_enabled())
