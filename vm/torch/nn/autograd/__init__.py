# torch.autograd for wick: backward and grad over the eager engine (tensor/autograd,
# through torch._C's _wick_backward/_wick_grad), custom Functions, grad modes.
import torch
from torch import no_grad, enable_grad, set_grad_enabled, inference_mode
from torch.autograd.function import Function, FunctionCtx
from torch.autograd import functional


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


# torch.autograd.gradcheck (PyTorch 1.13's slow mode, real inputs): each input's
# Jacobian by central differences (input +- eps, in place) against the one backward
# computes row by row; |analytical - numerical| <= atol + rtol * |numerical| for every
# entry, else GradcheckError (or False) with PyTorch's message. The reentrancy and
# undefined-gradient checks 1.13 adds are not made.
class GradcheckError(RuntimeError):
    pass


def _flat_outputs(fn, inputs):
    out = fn(*inputs)
    return out if isinstance(out, tuple) else (out,)


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True,
              check_sparse_nnz=False, nondet_tol=0.0, check_undefined_grad=True,
              check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False,
              check_backward_ad=True, fast_mode=False):
    import warnings
    tupled = tuple(inputs) if isinstance(inputs, (tuple, list)) else (inputs,)
    wrt = []
    for idx, inp in enumerate(tupled):
        if isinstance(inp, torch.Tensor) and inp.requires_grad:
            if inp.dtype != torch.float64:
                warnings.warn(
                    f"Input #{idx} requires gradient and is not a double precision floating "
                    "point or complex. This check will likely fail if all the inputs are not "
                    "of double precision floating point or complex. ")
            if not all(st > 0 or sz <= 1 for st, sz in zip(inp.stride(), inp.size())):
                raise RuntimeError(
                    f"The {idx}th input has a dimension with stride 0. gradcheck only "
                    "supports inputs that are non-overlapping to be able to compute the "
                    "numerical gradients correctly. You should call .contiguous on the input "
                    "before passing it to gradcheck.")
            wrt.append((idx, inp))
    if not wrt:
        raise ValueError("gradcheck expects at least one input tensor to require gradient, "
                         "but none of the them have requires_grad=True.")
    outputs = _flat_outputs(func, tupled)
    for j, out in enumerate(outputs):
        if not isinstance(out, torch.Tensor) or not out.is_floating_point():
            continue
        # Analytical: one backward per output element (a row of the Jacobian).
        analytical = [torch.zeros(inp.numel(), out.numel(), dtype=inp.dtype) for _, inp in wrt]
        if out.requires_grad:
            flat = out.reshape(-1)
            for k in range(out.numel()):
                grads = grad(flat[k], [inp for _, inp in wrt], retain_graph=True,
                             allow_unused=True)
                for col, g in zip(analytical, grads):
                    if g is not None:
                        col[:, k] = g.reshape(-1)
        for n, (idx, inp) in enumerate(wrt):
            numerical = torch.zeros(inp.numel(), out.numel(), dtype=inp.dtype)
            # Perturbed through a detached view (no recording); the function itself runs
            # with grad mode as the caller has it (gradgradcheck's function differentiates).
            flat_in = inp.detach().view(-1)
            for m in range(inp.numel()):
                orig = flat_in[m].item()
                flat_in[m] = orig - eps
                lo = _flat_outputs(func, tupled)[j].detach().reshape(-1).clone()
                flat_in[m] = orig + eps
                hi = _flat_outputs(func, tupled)[j].detach().reshape(-1).clone()
                flat_in[m] = orig
                numerical[m] = (hi - lo) / (2 * eps)
            a = analytical[n]
            if not torch.allclose(a, numerical.to(a.dtype), rtol, atol):
                msg = ("Jacobian mismatch for output %d with respect to input %d,\n"
                       "numerical:%s\nanalytical:%s\n" % (j, idx, numerical, a))
                if raise_exception:
                    raise GradcheckError(msg)
                return False
    return True


# torch.autograd.gradgradcheck: gradcheck of the function's gradient (taken with
# create_graph=True) with respect to the inputs and to random output gradients drawn
# uniformly from [-1, 1), as PyTorch 1.13's make_tensor draws them.
def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, nondet_tol=0.0,
                  check_undefined_grad=True, check_grad_dtypes=False,
                  check_batched_grad=False, check_fwd_over_rev=False,
                  check_rev_over_rev=True, fast_mode=False):
    tupled = tuple(inputs) if isinstance(inputs, (tuple, list)) else (inputs,)

    def differentiable(outs):
        outs = outs if isinstance(outs, (tuple, list)) else (outs,)
        return tuple(o for o in outs if isinstance(o, torch.Tensor) and o.requires_grad)

    if grad_outputs is None:
        outs = differentiable(func(*tupled))
        grad_outputs = tuple(
            torch.empty(o.shape, dtype=o.dtype if o.is_floating_point() else torch.double)
            .uniform_(-1, 1).requires_grad_(True) for o in outs)
    else:
        grad_outputs = tuple(grad_outputs) if isinstance(grad_outputs, (tuple, list)) \
            else (grad_outputs,)
    n = len(grad_outputs)

    def grad_of_func(*args):
        ins, gos = args[:-n], args[-n:]
        outs = differentiable(func(*ins))
        wrt = tuple(x for x in ins if isinstance(x, torch.Tensor) and x.requires_grad)
        gs = grad(outs, wrt, gos, create_graph=True, allow_unused=True)
        return tuple(g for g in gs if g is not None)

    return gradcheck(grad_of_func, tupled + grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception)
