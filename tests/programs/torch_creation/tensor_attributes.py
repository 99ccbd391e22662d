# Tensors take arbitrary attributes (PyTorch tensors have a __dict__).
import torch
pe = torch.zeros(3)
pe.require_grad = False
pe.tag = ["pos", 1]
print(pe.require_grad, pe.tag, hasattr(pe, "missing"), getattr(pe, "missing", "dflt"))
print(sorted(pe.__dict__))
del pe.tag
print(hasattr(pe, "tag"))
try:
    del pe.tag
except AttributeError as e:
    print("AttributeError:", e)
try:
    pe.missing
except AttributeError as e:
    print("AttributeError:", e)
pe.requires_grad = False
print(pe.requires_grad, pe.shape, pe.dim())
v = pe.view(3)
print(hasattr(v, "require_grad"))
p = torch.nn.Parameter(torch.ones(2))
p.sharded = True
print(p.sharded)
for name in ("shape", "dtype", "device", "ndim", "is_leaf", "grad_fn", "is_cuda", "T", "mT"):
    try:
        setattr(pe, name, 1)
    except AttributeError as e:
        print("AttributeError:", e)
