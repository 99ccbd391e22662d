# Forward hooks and pre-hooks inside torch.compile: the compiled module runs them as the
# eager one does (inputs and outputs replaced), with no graph break; removing a hook and
# recompiling gives the plain forward again.
import torch
import torch.nn as nn

torch.manual_seed(0)
torch.set_grad_enabled(False)


def make():
    torch.manual_seed(1)
    return nn.Sequential(nn.Linear(4, 8), nn.GELU(), nn.Linear(8, 3))


def scale_input(module, inputs):
    return (inputs[0] * 0.5,)


def shift_output(module, inputs, output):
    return output + inputs[0].sum()


def clamp_output(module, inputs, output):
    return output * 2 - 1


eager, comp = make(), make()
handles = []
for m in (eager, comp):
    handles.append(m[0].register_forward_pre_hook(scale_input))
    handles.append(m[2].register_forward_hook(shift_output))
    handles.append(m.register_forward_hook(clamp_output))
compiled = torch.compile(comp)
x = torch.randn(2, 4)
with torch._dynamo.error_on_graph_break(True):
    got = compiled(x)
print(got, torch.allclose(got, eager(x), atol=1e-6))
for h in handles:
    h.remove()
torch._dynamo.reset()
compiled = torch.compile(comp)
with torch._dynamo.error_on_graph_break(True):
    got = compiled(x)
print(torch.allclose(got, eager(x), atol=1e-6), got)
