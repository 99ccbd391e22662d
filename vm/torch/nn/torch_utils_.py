# torch._utils: the functions checkpoints name to rebuild tensors and parameters
# (pickle globals torch._utils._rebuild_tensor_v2 / _rebuild_parameter).

import torch
from collections import OrderedDict


def _rebuild_tensor(storage, storage_offset, size, stride):
    return torch._C._wick_view(storage._wick_tensor, tuple(size), tuple(stride),
                               storage._wick_offset + storage_offset)


def _rebuild_tensor_v2(storage, storage_offset, size, stride, requires_grad,
                       backward_hooks, metadata=None):
    tensor = _rebuild_tensor(storage, storage_offset, size, stride)
    if requires_grad:
        tensor.requires_grad_(True)
    return tensor


def _rebuild_parameter(data, requires_grad, backward_hooks):
    return torch.nn.Parameter(data, requires_grad)


def _rebuild_parameter_with_state(data, requires_grad, backward_hooks, state):
    param = torch.nn.Parameter(data, requires_grad)
    for k, v in state.items():
        setattr(param, k, v)
    return param
