# torch.nn.utils.parametrize for wick, following PyTorch 1.13's behaviour: a parametrized
# tensor `name` of a module moves to module.parametrizations[name].original (or
# original0..n when right_inverse returns several tensors); the module's class becomes a
# generated subclass "Parametrized<Class>" carrying a property `name` that evaluates the
# chain of parametrizations (cached inside `with cached():`), and whose setter runs the
# chain's right_inverse. Tensor.set_ is emulated by `original.data = new`, which aliases
# new's storage the same way.
import collections.abc

import torch
from torch.nn.modules.container import ModuleDict, ModuleList
from torch.nn.modules.module import Module
from torch.nn.parameter import Parameter

_cache_enabled = 0
_cache = {}


class cached:
    """Context manager: inside it, each parametrized tensor is computed once, on first use."""

    def __enter__(self):
        global _cache_enabled
        _cache_enabled += 1
        return None

    def __exit__(self, *exc):
        global _cache_enabled
        _cache_enabled -= 1
        if not _cache_enabled:
            _cache.clear()
        return False


def _register_parameter_or_buffer(module, name, X):
    if isinstance(X, Parameter):
        module.register_parameter(name, X)
    else:
        module.register_buffer(name, X)


def _set_original(original, value):
    # What PyTorch does with original.set_(value), under no_grad.
    with torch.no_grad():
        original.data = value


class ParametrizationList(ModuleList):
    """The parametrizations of one tensor, with its unparametrized `original`."""

    def __init__(self, modules, original, unsafe=False):
        if len(modules) == 0:
            raise ValueError("ParametrizationList requires one or more modules.")
        super().__init__(modules)
        self.unsafe = unsafe
        original_shape = original.shape
        original_dtype = original.dtype
        # The value `original` must hold so that the chain maps it back to `original`.
        with torch.no_grad():
            new = original
            for module in reversed(self):
                if hasattr(module, "right_inverse"):
                    try:
                        new = module.right_inverse(new)
                    except NotImplementedError:
                        pass
        if not isinstance(new, torch.Tensor) and not isinstance(new, collections.abc.Sequence):
            raise ValueError("'right_inverse' must return a Tensor or a Sequence of tensors "
                             "(list, tuple...). Got {}".format(type(new).__name__))
        self.is_tensor = isinstance(new, torch.Tensor)
        self.ntensors = 1 if self.is_tensor else len(new)
        if self.is_tensor:
            if original.dtype != new.dtype:
                raise ValueError(
                    "When `right_inverse` outputs one tensor, it may not change the dtype.\n"
                    "original.dtype: {}\nright_inverse(original).dtype: {}".format(
                        original.dtype, new.dtype))
            _set_original(original, new)
            _register_parameter_or_buffer(self, "original", original)
        else:
            for i, originali in enumerate(new):
                if not isinstance(originali, torch.Tensor):
                    raise ValueError("'right_inverse' must return a Tensor or a Sequence of "
                                     "tensors (list, tuple...). Got element {} of the sequence "
                                     "with type {}.".format(i, type(originali).__name__))
                if isinstance(original, Parameter):
                    originali = Parameter(originali, original.requires_grad)
                originali.requires_grad_(original.requires_grad)
                _register_parameter_or_buffer(self, "original{}".format(i), originali)
        if not self.unsafe:
            Z = self()
            if not isinstance(Z, torch.Tensor):
                raise ValueError("A parametrization must return a tensor. Got {}.".format(
                    type(Z).__name__))
            if Z.dtype != original_dtype:
                raise ValueError(
                    "Registering a parametrization may not change the dtype of the tensor, "
                    "unless `unsafe` flag is enabled.\nunparametrized dtype: {}\n"
                    "parametrized dtype: {}".format(original_dtype, Z.dtype))
            if Z.shape != original_shape:
                raise ValueError(
                    "Registering a parametrization may not change the shape of the tensor, "
                    "unless `unsafe` flag is enabled.\nunparametrized shape: {}\n"
                    "parametrized shape: {}".format(original_shape, Z.shape))

    def right_inverse(self, value):
        with torch.no_grad():
            for module in reversed(self):
                if hasattr(module, "right_inverse"):
                    value = module.right_inverse(value)
                else:
                    raise RuntimeError("parametrization {} does not implement "
                                       "right_inverse.".format(type(module).__name__))
            if self.is_tensor:
                if not isinstance(value, torch.Tensor):
                    raise ValueError("`right_inverse` should return a tensor. Got {}".format(
                        type(value).__name__))
                if value.dtype != self.original.dtype:
                    raise ValueError("The tensor returned by `right_inverse` has dtype {} while "
                                     "`original` has dtype {}".format(value.dtype,
                                                                      self.original.dtype))
                _set_original(self.original, value)
            else:
                if not isinstance(value, collections.abc.Sequence):
                    raise ValueError("'right_inverse' must return a sequence of tensors. "
                                     "Got {}.".format(type(value).__name__))
                if len(value) != self.ntensors:
                    raise ValueError("'right_inverse' must return a sequence of tensors of "
                                     "length {}. Got a sequence of length {}.".format(
                                         self.ntensors, len(value)))
                for i, tensor in enumerate(value):
                    original_i = getattr(self, "original{}".format(i))
                    if not isinstance(tensor, torch.Tensor):
                        raise ValueError("`right_inverse` must return a sequence of tensors. "
                                         "Got element {} of type {}".format(
                                             i, type(tensor).__name__))
                    _set_original(original_i, tensor)

    def forward(self):
        if self.is_tensor:
            x = self[0](self.original)
        else:
            originals = [getattr(self, "original{}".format(i)) for i in range(self.ntensors)]
            x = self[0](*originals)
        # Index the rest by attribute: ModuleList's __getitem__ would wrap around.
        curr_idx = 1
        while hasattr(self, str(curr_idx)):
            x = self[curr_idx](x)
            curr_idx += 1
        return x


def _getstate(self):
    raise RuntimeError(
        "Serialization of parametrized modules is only supported through state_dict(). "
        "See:\nhttps://pytorch.org/tutorials/beginner/saving_loading_models.html"
        "#saving-loading-a-general-checkpoint-for-inference-and-or-resuming-training")


def _inject_new_class(module):
    # A subclass of its own per parametrized module, so properties added to it touch no
    # other instance of the original class.
    cls = module.__class__
    param_cls = type("Parametrized{}".format(cls.__name__), (cls,), {"__getstate__": _getstate})
    module.__class__ = param_cls


def _inject_property(module, tensor_name):
    def get_parametrized(self):
        parametrization = self.parametrizations[tensor_name]
        if _cache_enabled:
            key = (id(module), tensor_name)
            tensor = _cache.get(key)
            if tensor is None:
                tensor = parametrization()
                _cache[key] = tensor
            return tensor
        return parametrization()

    def set_original(self, value):
        self.parametrizations[tensor_name].right_inverse(value)

    setattr(module.__class__, tensor_name, property(get_parametrized, set_original))


def register_parametrization(module, tensor_name, parametrization, *, unsafe=False):
    parametrization.train(module.training)
    if is_parametrized(module, tensor_name):
        if not unsafe:
            Y = getattr(module, tensor_name)
            X = parametrization(Y)
            if not isinstance(X, torch.Tensor):
                raise ValueError("A parametrization must return a tensor. Got {}.".format(
                    type(X).__name__))
            if X.dtype != Y.dtype:
                raise ValueError(
                    "Registering a parametrization may not change the dtype of the tensor, "
                    "unless the `unsafe` flag is enabled.\nmodule.{}.dtype: {}\n"
                    "parametrization(module.{}).dtype: {}".format(tensor_name, Y.dtype,
                                                                   tensor_name, X.dtype))
            if X.shape != Y.shape:
                raise ValueError(
                    "Registering a parametrization may not change the shape of the tensor, "
                    "unless the `unsafe` flag is enabled.\nmodule.{}.shape: {}\n"
                    "parametrization(module.{}).shape: {}".format(tensor_name, Y.shape,
                                                                   tensor_name, X.shape))
            if hasattr(parametrization, "right_inverse"):
                try:
                    Z = parametrization.right_inverse(X)
                except NotImplementedError:
                    pass
                else:
                    if not isinstance(Z, torch.Tensor):
                        raise ValueError("parametrization.right_inverse must return a tensor. "
                                         "Got: {}".format(type(Z).__name__))
                    if Z.dtype != Y.dtype:
                        raise ValueError(
                            "The tensor returned by parametrization.right_inverse must have the "
                            "same dtype as module.{}, unless the `unsafe` flag is enabled.\n"
                            "module.{}.dtype: {}\nreturned dtype: {}".format(
                                tensor_name, tensor_name, Y.dtype, Z.dtype))
                    if Z.shape != Y.shape:
                        raise ValueError(
                            "The tensor returned by parametrization.right_inverse must have the "
                            "same shape as module.{}, unless the `unsafe` flag is enabled.\n"
                            "module.{}.shape: {}\nreturned shape: {}".format(
                                tensor_name, tensor_name, Y.shape, Z.shape))
        module.parametrizations[tensor_name].append(parametrization)
        module.parametrizations[tensor_name].unsafe |= unsafe
    elif tensor_name in module._buffers or tensor_name in module._parameters:
        original = getattr(module, tensor_name)
        parametrizations = ParametrizationList([parametrization], original, unsafe=unsafe)
        delattr(module, tensor_name)
        if not is_parametrized(module):
            _inject_new_class(module)
            module.parametrizations = ModuleDict()
        _inject_property(module, tensor_name)
        module.parametrizations[tensor_name] = parametrizations
    else:
        raise ValueError("Module '{}' does not have a parameter, a buffer, or a parametrized "
                         "element with name '{}'".format(module, tensor_name))
    return module


def is_parametrized(module, tensor_name=None):
    parametrizations = getattr(module, "parametrizations", None)
    if parametrizations is None or not isinstance(parametrizations, ModuleDict):
        return False
    if tensor_name is None:
        return len(parametrizations) > 0
    return tensor_name in parametrizations


def remove_parametrizations(module, tensor_name, leave_parametrized=True):
    if not is_parametrized(module, tensor_name):
        raise ValueError("Module {} does not have a parametrization on {}".format(
            module, tensor_name))
    parametrizations = module.parametrizations[tensor_name]
    if parametrizations.is_tensor:
        original = parametrizations.original
        if leave_parametrized:
            with torch.no_grad():
                t = getattr(module, tensor_name)
            _set_original(original, t)
    else:
        if leave_parametrized:
            t = getattr(module, tensor_name)
            original = Parameter(t.detach(), t.requires_grad) if t.requires_grad else t.detach()
        else:
            raise ValueError("Cannot leave unparametrized (`leave_parametrized=False`) a tensor "
                             "that is parametrized in terms of a sequence of tensors.")
    delattr(module.__class__, tensor_name)
    del module.parametrizations[tensor_name]
    _register_parameter_or_buffer(module, tensor_name, original)
    if not is_parametrized(module):
        delattr(module, "parametrizations")
        module.__class__ = module.__class__.__bases__[0]
    return module


def type_before_parametrizations(module):
    if is_parametrized(module):
        return module.__class__.__bases__[0]
    return type(module)


def transfer_parametrizations_and_params(from_module, to_module, tensor_name=None):
    if not is_parametrized(from_module):
        return to_module
    names = [tensor_name] if tensor_name is not None else list(from_module.parametrizations)
    for name in names:
        if not hasattr(to_module, name):
            setattr(to_module, name, Parameter(getattr(from_module, name)))
        for param_func in from_module.parametrizations[name]:
            register_parametrization(to_module, name, param_func)
        with torch.no_grad():
            if from_module.parametrizations[name].is_tensor:
                to_module.parametrizations[name].original.data = (
                    from_module.parametrizations[name].original)
            else:
                for i in range(from_module.parametrizations[name].ntensors):
                    key = "original{}".format(i)
                    setattr(to_module.parametrizations[name], key,
                            getattr(from_module.parametrizations[name], key))
    return to_module
