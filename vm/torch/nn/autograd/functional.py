# torch.autograd.functional for wick: vjp, jvp, jacobian, hessian, vhp and hvp over the
# eager engine, with PyTorch 1.13's conventions (inputs detached first, results detached
# unless create_graph, one tensor for one input and a tuple for a tuple of inputs, zeros
# where an output does not depend on an input, errors in strict mode). jvp and hvp use
# the double-backward trick, as upstream's do; jacobian is the reverse-mode row by row
# form (vectorize=True computes the same rows).
import torch


def _tuple(x, arg_name, fn_name):
    is_tuple = isinstance(x, tuple)
    if not is_tuple:
        x = (x,)
    for i, el in enumerate(x):
        if not isinstance(el, torch.Tensor):
            if is_tuple:
                raise TypeError("The {} given to {} must be either a Tensor or a tuple of "
                                "Tensors but the value at index {} has type {}."
                                .format(arg_name, fn_name, i, type(el)))
            raise TypeError("The {} given to {} must be either a Tensor or a tuple of Tensors "
                            "but the given {} has type {}.".format(arg_name, fn_name, arg_name,
                                                                   type(el)))
    return is_tuple, x


def _prepare(inputs, create_graph):
    out = []
    for t in inputs:
        if create_graph and t.requires_grad:
            out.append(t.view_as(t))  # keeps the caller's graph
        else:
            out.append(t.detach().requires_grad_(True))
    return tuple(out)


def _finish(xs, create_graph):
    return tuple(x if create_graph else (x.detach() if x is not None else None) for x in xs)


def _untuple(is_tuple, xs):
    return xs if is_tuple else xs[0]


def _grad(outputs, inputs, grad_outputs, create_graph, retain_graph=None):
    outs, gos = [], []
    for o, g in zip(outputs, grad_outputs):
        if o is not None and o.requires_grad:
            outs.append(o)
            gos.append(g)
    if not outs:
        return (None,) * len(inputs)
    return torch.autograd.grad(outs, inputs, gos, retain_graph=retain_graph,
                               create_graph=create_graph, allow_unused=True)


def _zeros_for(grads, inputs, strict, what, out_index=0):
    res = []
    for i, (g, inp) in enumerate(zip(grads, inputs)):
        if g is None:
            if strict:
                raise RuntimeError("The {} of the user-provided function is independent of "
                                   "input {}. This is not allowed in strict mode."
                                   .format(what.format(out_index), i))
            g = torch.zeros_like(inp)
        res.append(g)
    return tuple(res)


def _check_v(v, outputs, fn_name, what="outputs"):
    if len(v) != len(outputs):
        raise RuntimeError("v is a tuple of invalid length: should be {} but got {}."
                           .format(len(outputs), len(v)))
    for i, (a, b) in enumerate(zip(v, outputs)):
        if a.size() != b.size():
            raise RuntimeError("Entry {} in v has invalid size: should be {} but got {}."
                               .format(i, b.size(), a.size()))


# jvp/vhp's v: checked against the inputs, or ones for a single one-element input.
def _input_vector(v, inputs, fn_name):
    if v is not None:
        _, v = _tuple(v, "v", fn_name)
        _check_v(v, inputs, fn_name)
        return v
    if len(inputs) != 1 or inputs[0].nelement() != 1:
        raise RuntimeError("The vector v can only be None if the input to the user-provided "
                           "function is a single Tensor with a single element.")
    return (torch.ones_like(inputs[0]),)


def vjp(func, inputs, v=None, create_graph=False, strict=False):
    with torch.enable_grad():
        is_in_tuple, inputs = _tuple(inputs, "inputs", "vjp")
        inputs = _prepare(inputs, create_graph)
        outputs = func(*inputs)
        is_out_tuple, outputs = _tuple(outputs, "outputs of the user-provided function", "vjp")
        if v is not None:
            _, v = _tuple(v, "v", "vjp")
            _check_v(v, outputs, "vjp")
        else:
            if len(outputs) != 1 or outputs[0].nelement() != 1:
                raise RuntimeError("The vector v can only be None if the user-provided function "
                                   "returns a single Tensor with a single element.")
            v = (torch.ones_like(outputs[0]),)
        grads = _grad(outputs, inputs, v, create_graph)
        vjps = _zeros_for(grads, inputs, strict, "output")
    return (_untuple(is_out_tuple, _finish(outputs, create_graph)),
            _untuple(is_in_tuple, _finish(vjps, create_graph)))


def jvp(func, inputs, v=None, create_graph=False, strict=False):
    with torch.enable_grad():
        is_in_tuple, inputs = _tuple(inputs, "inputs", "jvp")
        inputs = _prepare(inputs, create_graph)
        v = _input_vector(v, inputs, "jvp")
        outputs = func(*inputs)
        is_out_tuple, outputs = _tuple(outputs, "outputs of the user-provided function", "jvp")
        # The double-backward trick: g(u) = J^T u is linear in u, so d(g . v)/du = J v.
        dummies = tuple(torch.zeros_like(o, requires_grad=True) for o in outputs)
        grads = _grad(outputs, inputs, dummies, create_graph=True)
        pairs = [(g, w) for g, w in zip(grads, v) if g is not None]
        if pairs:
            jvps = torch.autograd.grad([g for g, _ in pairs], dummies, [w for _, w in pairs],
                                       create_graph=create_graph, allow_unused=True)
        else:
            jvps = (None,) * len(outputs)
        jvps = _zeros_for(jvps, outputs, strict, "output")
    return (_untuple(is_out_tuple, _finish(outputs, create_graph)),
            _untuple(is_out_tuple, _finish(jvps, create_graph)))


def jacobian(func, inputs, create_graph=False, strict=False, vectorize=False,
             strategy="reverse-mode"):
    if strategy not in ("forward-mode", "reverse-mode"):
        raise ValueError('Expected strategy to be either "forward-mode" or "reverse-mode". '
                         'Hint: If your function has more outputs than inputs, "forward-mode" '
                         'tends to be more performant. Otherwise, prefer to use "reverse-mode".')
    if strategy == "forward-mode" and not vectorize:
        raise NotImplementedError("torch.autograd.functional.jacobian: `strategy=\"forward-mode\"` "
                                  "is only supported with `vectorize=True`.")
    with torch.enable_grad():
        is_in_tuple, inputs = _tuple(inputs, "inputs", "jacobian")
        inputs = _prepare(inputs, create_graph)
        outputs = func(*inputs)
        is_out_tuple, outputs = _tuple(outputs, "outputs of the user-provided function",
                                       "jacobian")
        jac = []
        for i, out in enumerate(outputs):
            if strict and not out.requires_grad:
                raise RuntimeError(
                    "Output {} of the user-provided function does not require gradients. The "
                    "outputs must be computed in a differentiable manner from the input when "
                    "running in strict mode.".format(i))
            rows = [[] for _ in inputs]
            flat = out.reshape(-1)
            for j in range(flat.nelement()):
                if flat.requires_grad:
                    grads = torch.autograd.grad(flat[j], inputs, retain_graph=True,
                                                create_graph=create_graph, allow_unused=True)
                else:
                    grads = (None,) * len(inputs)
                for k, (g, inp) in enumerate(zip(grads, inputs)):
                    if g is None:
                        if strict:
                            raise RuntimeError(
                                "Output {} of the user-provided function is independent of "
                                "input {}. This is not allowed in strict mode.".format(i, k))
                        g = torch.zeros_like(inp)
                    rows[k].append(g)
            per_input = []
            for k, inp in enumerate(inputs):
                if rows[k]:
                    block = torch.stack(rows[k]).view(out.size() + inp.size())
                else:
                    block = torch.zeros(out.size() + inp.size(), dtype=inp.dtype)
                per_input.append(block if create_graph else block.detach())
            jac.append(_untuple(is_in_tuple, tuple(per_input)))
    return _untuple(is_out_tuple, tuple(jac))


def hessian(func, inputs, create_graph=False, strict=False, vectorize=False,
            outer_jacobian_strategy="reverse-mode"):
    is_in_tuple, inputs = _tuple(inputs, "inputs", "hessian")

    def jac_func(*inp):
        out = func(*inp)
        if not isinstance(out, torch.Tensor):
            raise RuntimeError("The function given to hessian should return a single Tensor")
        if out.nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to hessian should "
                               "contain a single element")
        return jacobian(func, inp if is_in_tuple else inp[0], create_graph=True, strict=strict)

    return jacobian(jac_func, inputs if is_in_tuple else inputs[0], create_graph=create_graph,
                    strict=strict)


def vhp(func, inputs, v=None, create_graph=False, strict=False):
    with torch.enable_grad():
        is_in_tuple, inputs = _tuple(inputs, "inputs", "vhp")
        inputs = _prepare(inputs, create_graph)
        v = _input_vector(v, inputs, "vhp")
        outputs = func(*inputs)
        is_out_tuple, outputs = _tuple(outputs, "outputs of the user-provided function", "vhp")
        if is_out_tuple or not isinstance(outputs[0], torch.Tensor):
            raise RuntimeError("The function given to vhp should return a single Tensor")
        if outputs[0].nelement() != 1:
            raise RuntimeError("The Tensor returned by the function given to vhp should "
                               "contain a single element")
        jac = _grad(outputs, inputs, (torch.ones_like(outputs[0]),), create_graph=True)
        jac = _zeros_for(jac, inputs, strict, "output")
        pairs = [(g, w, k) for k, (g, w) in enumerate(zip(jac, v)) if g.requires_grad]
        res = [None] * len(inputs)
        if pairs:
            got = torch.autograd.grad([g for g, _, _ in pairs], inputs, [w for _, w, _ in pairs],
                                      create_graph=create_graph, allow_unused=True)
            res = list(got)
        res = _zeros_for(res, inputs, strict, "jacobian")
    return (_finish(outputs, create_graph)[0], _untuple(is_in_tuple, _finish(res, create_graph)))


def hvp(func, inputs, v=None, create_graph=False, strict=False):
    # H v equals v^T H for the symmetric Hessians of twice-differentiable functions.
    out, res = vhp(func, inputs, v, create_graph, strict)
    return out, res
