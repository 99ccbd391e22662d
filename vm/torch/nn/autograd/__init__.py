# torch.autograd for wick: backward and grad over the eager engine (tensor/autograd,
# through torch._C's _wick_backward/_wick_grad), custom Functions, grad modes.
import torch
from torch import no_grad, enable_grad, set_grad_enabled, inference_mode
from torch.autograd.function import Function, FunctionCtx


def Variable(data, requires_grad=False, volatile=False):
    # Deprecated upstream: Variable(t) is t itself.
    if requires_grad:
        data.requires_grad_(True)
    return data


def _as_tuple(x):
    if x is None:
        return None
    if isinstance(x, torch.Tensor):
        return (x,)
    return tuple(x)


def _grads_for(outputs, grads):
    if grads is None:
        return [None] * len(outputs)
    grads = list(_as_tuple(grads))
    if len(grads) != len(outputs):
        raise RuntimeError("got " + str(len(grads)) + " tensors and " + str(len(outputs)) +
                           " gradients")
    return grads


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False,
             grad_variables=None, inputs=None):
    if grad_variables is not None:
        grad_tensors = grad_variables
    tensors = _as_tuple(tensors)
    inputs = _as_tuple(inputs) if inputs is not None else ()
    if inputs is not None and len(inputs) == 0 and inputs != ():
        raise RuntimeError("'inputs' argument to backward() cannot be empty.")
    grads = _grads_for(tensors, grad_tensors)
    torch._C._wick_backward(tensors, grads, retain_graph, create_graph, inputs)


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=False, is_grads_batched=False):
    outputs = _as_tuple(outputs)
    inputs = _as_tuple(inputs)
    grads = _grads_for(outputs, grad_outputs)
    return torch._C._wick_grad(outputs, grads, inputs, retain_graph, create_graph, allow_unused)
