# torch.utils.checkpoint for wick. The reentrant variant is PyTorch's CheckpointFunction:
# forward runs without recording, backward re-runs the function on detached inputs with
# grad mode on (from the forward's generator state, unless preserve_rng_state=False) and
# back-propagates through that. The non-reentrant variant records the
# function normally (same gradients, no memory saved).
import torch
from torch._compile_markers import is_compiling as _is_compiling


def _warn_no_grad_inputs(args):
    # PyTorch checks this in the reentrant Function's forward, whatever the grad mode.
    if not any(isinstance(a, torch.Tensor) and a.requires_grad for a in args):
        import warnings
        warnings.warn("None of the inputs have requires_grad=True. Gradients will be None")


class CheckpointFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args):
        _warn_no_grad_inputs(args)
        ctx.run_function = run_function
        ctx.inputs = args
        # The generator's state, so that the recomputation draws the same numbers
        # (dropout masks) as this forward did.
        ctx.preserve_rng_state = preserve_rng_state
        if preserve_rng_state:
            ctx.fwd_cpu_state = torch._C._wick_get_rng_state()
        return run_function(*args)

    @staticmethod
    def backward(ctx, *grads):
        detached = []
        for a in ctx.inputs:
            if isinstance(a, torch.Tensor):
                d = a.detach()
                d.requires_grad = a.requires_grad
                detached.append(d)
            else:
                detached.append(a)
        if ctx.preserve_rng_state:
            # torch.random.fork_rng: the recomputation runs from the forward's state and
            # the caller's stream continues where it was.
            outer_state = torch._C._wick_get_rng_state()
            torch._C._wick_set_rng_state(ctx.fwd_cpu_state)
        try:
            with torch.enable_grad():
                outputs = ctx.run_function(*detached)
        finally:
            if ctx.preserve_rng_state:
                torch._C._wick_set_rng_state(outer_state)
        if isinstance(outputs, torch.Tensor):
            outputs = (outputs,)
        outs, gs = [], []
        for o, g in zip(outputs, grads):
            if isinstance(o, torch.Tensor) and o.requires_grad:
                outs.append(o)
                gs.append(g)
        if len(outs) == 0:
            raise RuntimeError("none of output has requires_grad=True, this checkpoint() is "
                               "not necessary")
        torch.autograd.backward(outs, gs)
        return (None, None) + tuple(d.grad if isinstance(d, torch.Tensor) else None
                                    for d in detached)


def checkpoint(function, *args, use_reentrant=True, **kwargs):
    preserve = kwargs.pop("preserve_rng_state", True)
    if _is_compiling():
        # Inside compiled code the function's ops go into the graph as they are (upstream
        # traces checkpoint as its tag_activation_checkpoint higher-order op):
        # recomputing them in the backward saves memory only; values, gradients and
        # random draws are the same.
        if use_reentrant and kwargs:
            raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
        return function(*args, **kwargs)
    if use_reentrant:
        if kwargs:
            raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
        return CheckpointFunction.apply(function, preserve, *args)
    return function(*args, **kwargs)


def checkpoint_sequential(functions, segments, input, **kwargs):
    # PyTorch's split: segments - 1 checkpointed runs of len // segments functions, then
    # the rest run directly.
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
    if isinstance(functions, torch.nn.Sequential):
        functions = list(functions.children())

    def run(start, end):
        def forward(x):
            for f in functions[start:end + 1]:
                x = f(x)
            return x
        return forward

    segment_size = len(functions) // segments
    end = -1
    for start in range(0, segment_size * (segments - 1), segment_size):
        end = start + segment_size - 1
        input = checkpoint(run(start, end), input, preserve_rng_state=preserve)
    for f in functions[end + 1:]:
        input = f(input)
    return input
