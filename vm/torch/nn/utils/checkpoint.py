# torch.utils.checkpoint for wick. Without autograd there is nothing to recompute, so
# checkpoint(fn, *args) is fn(*args), with PyTorch's argument checks and (reentrant
# variant) its warning when no input requires grad.
import torch


def _warn_no_grad_inputs(args):
    # PyTorch checks this in the reentrant Function's forward, whatever the grad mode.
    if not any(isinstance(a, torch.Tensor) and a.requires_grad for a in args):
        import warnings
        warnings.warn("None of the inputs have requires_grad=True. Gradients will be None")


def checkpoint(function, *args, use_reentrant=True, **kwargs):
    preserve = kwargs.pop("preserve_rng_state", True)
    if use_reentrant:
        if kwargs:
            raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
        _warn_no_grad_inputs(args)
    return function(*args, **kwargs)


def checkpoint_sequential(functions, segments, input, **kwargs):
    # PyTorch's split: segments - 1 checkpointed runs of len // segments functions, then
    # the rest run directly.
    preserve = kwargs.pop("preserve_rng_state", True)
    if kwargs:
        raise ValueError("Unexpected keyword arguments: " + ",".join(arg for arg in kwargs))
    if isinstance(functions, torch.nn.Sequential):
        functions = list(functions.children())
    segment_size = len(functions) // segments
    end = -1
    for start in range(0, segment_size * (segments - 1), segment_size):
        end = start + segment_size - 1
        _warn_no_grad_inputs((input,))
        for f in functions[start:end + 1]:
            input = f(input)
    for f in functions[end + 1:]:
        input = f(input)
    return input
