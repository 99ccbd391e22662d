# torch.autograd for wick: the parts that run without gradients. Custom Functions run
# their forward (under no_grad, as PyTorch runs it); backward and gradients are issue
# M16, and what needs them raises NotImplementedError saying so.
import torch
from torch import no_grad, enable_grad, set_grad_enabled, inference_mode
from torch.autograd.function import Function, FunctionCtx


def Variable(data, requires_grad=False, volatile=False):
    # Deprecated upstream: Variable(t) is t itself.
    if requires_grad:
        data.requires_grad_(True)
    return data


def _no_autograd(what):
    raise NotImplementedError(what + " needs autograd, which wick does not have yet")


def backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False,
             grad_variables=None, inputs=None):
    _no_autograd("torch.autograd.backward()")


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False,
         only_inputs=True, allow_unused=False, is_grads_batched=False):
    _no_autograd("torch.autograd.grad()")
