# torch.autograd.Function: apply() makes a context object and runs forward under no_grad,
# as PyTorch does. The backward half (and outputs with grad_fn) is issue M16.
import torch


class FunctionCtx:
    def save_for_backward(self, *tensors):
        self.to_save = tensors

    @property
    def saved_tensors(self):
        # PyTorch hands saved tensors out only during backward; in forward this is empty.
        return ()

    def mark_dirty(self, *args):
        self.dirty_tensors = args

    def mark_non_differentiable(self, *args):
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        self.materialize_grads = value


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
            return cls.forward(ctx, *args)

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
