# torch.nn.utils for wick: rnn (packed sequences) and the parameter helpers that run
# without autograd. Gradient clipping sees no gradients until autograd lands (M16): with
# every .grad None it returns a zero norm, as PyTorch does for parameters without grads.
import torch
from torch.nn.utils import rnn


def _grads(parameters):
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    return [p.grad for p in parameters if p.grad is not None]


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False):
    grads = _grads(parameters)
    if len(grads) == 0:
        return torch.tensor(0.0)
    raise NotImplementedError("clip_grad_norm_ needs gradients: wick has no autograd yet")


def clip_grad_value_(parameters, clip_value):
    if _grads(parameters):
        raise NotImplementedError("clip_grad_value_ needs gradients: wick has no autograd yet")


def parameters_to_vector(parameters):
    return torch.cat([p.reshape(-1) for p in parameters])


def vector_to_parameters(vec, parameters):
    if not isinstance(vec, torch.Tensor):
        raise TypeError("expected torch.Tensor, but got: {}".format(torch.typename(vec)))
    pointer = 0
    for param in parameters:
        n = param.numel()
        param.data = vec[pointer:pointer + n].view_as(param).data
        pointer += n
