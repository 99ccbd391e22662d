# What the programs of tests/upstream share: `run` prints fn(*args) computed eagerly and,
# where torch.compile exists (wick, not PyTorch 1.13), requires the compiled result to
# print the same and, when `frames` is given, that many graphs compiled.
import torch

compiling = hasattr(torch, "compile")


class Counter:
    """A backend that counts the graphs it is given and runs each as traced."""

    def __init__(self):
        self.frames = 0

    def __call__(self, gm, example_inputs):
        self.frames += 1
        return gm.forward


def run(name, fn, *args, frames=None, setup=None):
    """setup, where given, is called before the eager run and again before the compiled
    one (state the function changes as a side effect)."""
    if setup is not None:
        setup()
    want = fn(*args)
    if compiling:
        torch._dynamo.reset()
        if setup is not None:
            setup()
        counter = Counter()
        got = torch.compile(fn, backend=counter)(*args)
        assert repr(got) == repr(want), f"{name}: {got!r} != {want!r}"
        if frames is not None:
            assert counter.frames == frames, f"{name}: {counter.frames} graphs, want {frames}"
    print(name, want)
