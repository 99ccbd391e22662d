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


# Anomaly detection (PyTorch 1.13's torch.autograd.anomaly_mode): backward raises when a
# node's gradient holds NaN ("Function 'DivBackward0' returned nan values in its 1th
# output."). wick does not record the forward call's traceback for the warning PyTorch
# adds to that error.
class detect_anomaly:
    def __init__(self, check_nan=True):
        self.prev = torch.is_anomaly_enabled()
        self.check_nan = check_nan
        self.prev_check_nan = torch.is_anomaly_check_nan_enabled()
        import warnings
        warnings.warn("Anomaly Detection has been enabled. This mode will increase the runtime "
                      "and should only be enabled for debugging.", stacklevel=2)

    def __enter__(self):
        torch._C._set_anomaly_enabled(True, self.check_nan)

    def __exit__(self, *args):
        torch._C._set_anomaly_enabled(self.prev, self.prev_check_nan)

    def __call__(self, fn):
        def wrapper(*args, **kwargs):
            with self.__class__(self.check_nan):
                return fn(*args, **kwargs)
        return wrapper


class set_detect_anomaly:
    # Switches when constructed (a plain call works); as a context manager it restores
    # the previous setting on exit.
    def __init__(self, mode, check_nan=True):
        self.prev = torch.is_anomaly_enabled()
        self.prev_check_nan = torch.is_anomaly_check_nan_enabled()
        torch._C._set_anomaly_enabled(mode, check_nan)

    def __enter__(self):
        pass

    def __exit__(self, *args):
        torch._C._set_anomaly_enabled(self.prev, self.prev_check_nan)
