# Item 76: torch.compile checks its arguments as upstream does (torch.compile and the
# inductor wrapper's apply_mode): mode and options together, an unknown mode. Every
# known mode compiles and gives the eager result.
import torch


def f(x):
    return x.sin() + 1


x = torch.arange(4.0)
for args in ({"mode": "bogus"}, {"mode": "default", "options": {}},
             {"mode": "max-autotune", "options": {"max_autotune": True}}):
    try:
        torch.compile(f, **args)
        print("accepted", args)
    except RuntimeError as e:
        print("RuntimeError:", e)
for mode in ("default", "reduce-overhead", "max-autotune-no-cudagraphs", "max-autotune", None):
    print(mode, torch.equal(torch.compile(f, mode=mode)(x), f(x)))
# Another backend gets the mode itself: no check here.
torch.compile(f, backend="eager", mode="bogus")
print("eager backend: mode not checked")
