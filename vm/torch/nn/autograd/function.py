# torch.autograd.Function: apply() runs forward under no_grad with a context object, then
# (grad mode on and an input requiring grad) records a node whose backward calls the
# class's backward with that context: `<Name>Backward`, as PyTorch names it.
import torch


class FunctionCtx:
    def save_for_backward(self, *tensors):
        self.to_save = tensors

    @property
    def saved_tensors(self):
        # PyTorch hands saved tensors out once forward has returned.
        if getattr(self, "_forward_done", False):
            return getattr(self, "to_save", ())
        return ()

    def mark_dirty(self, *args):
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args):
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        self.materialize_grads = value


def once_differentiable(fn):
    # PyTorch's: the backward runs without recording; where its inputs (the incoming
    # gradients) require grad, its results get a node that refuses to be differentiated.
    def wrapper(ctx, *args):
        with torch.no_grad():
            outputs = fn(ctx, *args)
        if not torch.is_grad_enabled():
            return outputs
        tensor_args = [a for a in args if isinstance(a, torch.Tensor) and a.requires_grad]
        if not tensor_args:
            return outputs
        single = not isinstance(outputs, tuple)
        outs = [o.detach() if isinstance(o, torch.Tensor) else o
                for o in ((outputs,) if single else outputs)]

        def refuse(*grads):
            raise RuntimeError("trying to differentiate twice a function that was marked "
                               "with @once_differentiable")

        torch._C._wick_record_function(
            refuse, tensor_args, [o for o in outs if isinstance(o, torch.Tensor)], [],
            "DelayedError")
        return outs[0] if single else tuple(outs)

    wrapper.__name__ = getattr(fn, "__name__", "backward")
    wrapper.__doc__ = getattr(fn, "__doc__", None)
    return wrapper


class Function:
    @classmethod
    def apply(cls, *args, **kwargs):
        if kwargs:
            raise TypeError("apply() takes no keyword arguments")
        if cls.forward is Function.forward:
            raise NotImplementedError(
                "You must implement the forward function for custom autograd.Function.")
        ctx = FunctionCtx()
        needs = []
        for a in args:
            needs.append(isinstance(a, torch.Tensor) and a.requires_grad)
        ctx.needs_input_grad = tuple(needs)
        with torch.no_grad():
            outputs = cls.forward(ctx, *args)
        ctx._forward_done = True
        if not (torch.is_grad_enabled() and any(needs)):
            return outputs
        is_tuple = isinstance(outputs, tuple)
        outs = list(outputs) if is_tuple else [outputs]
        dirty = getattr(ctx, "dirty_tensors", ())
        for i, o in enumerate(outs):
            # An input handed back unchanged becomes a view: the graph needs a new tensor.
            # One marked dirty (modified in place) is handed back itself, its history now
            # this node's, as PyTorch does.
            if isinstance(o, torch.Tensor) and any(o is a for a in args):
                if any(o is d for d in dirty):
                    continue
                with torch.no_grad():
                    outs[i] = o.view_as(o)
        n_inputs = len(args)

        def backward(*grads):
            result = cls.backward(ctx, *grads)
            if not isinstance(result, tuple):
                result = (result,)
            if len(result) > n_inputs:
                extra = result[n_inputs:]
                if any(r is not None for r in extra):
                    raise RuntimeError(
                        "function " + cls.__name__ + "Backward returned an incorrect number "
                        "of gradients (expected " + str(n_inputs) + ", got " +
                        str(len(result)) + ")")
                result = result[:n_inputs]
            elif len(result) < n_inputs:
                raise RuntimeError(
                    "function " + cls.__name__ + "Backward returned an incorrect number of "
                    "gradients (expected " + str(n_inputs) + ", got " + str(len(result)) + ")")
            return [r if isinstance(r, torch.Tensor) else None for r in result]

        tensor_inputs = [a if isinstance(a, torch.Tensor) else None for a in args]
        tensor_outputs = [o if isinstance(o, torch.Tensor) else None for o in outs]
        nd = list(getattr(ctx, "non_differentiable", ()))
        torch._C._wick_record_function(backward, tensor_inputs, tensor_outputs, nd,
                                       cls.__name__ + "Backward",
                                       getattr(ctx, "materialize_grads", True))
        return tuple(outs) if is_tuple else outs[0]

    @staticmethod
    def forward(ctx, *args, **kwargs):
        raise NotImplementedError(
            "You must implement the forward function for custom autograd.Function.")

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError(
            "You must implement either the backward or vjp method for your custom "
            "autograd.Function to use it with backward mode AD.")

    vjp = backward
