# The legacy tensor types (torch.FloatTensor, torch.LongTensor, ...): callable as
# constructors, usable in isinstance (a tensor is an instance when its dtype matches) and
# in annotations. install.cc copies them into the torch module.
import torch


class _LegacyTensorMeta(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, torch.Tensor) and obj.dtype == cls.dtype


def _construct(cls, *args):
    dtype = cls.dtype
    if len(args) == 0:
        return torch.empty(0, dtype=dtype)
    if len(args) == 1 and isinstance(args[0], torch.Tensor):
        t = args[0]
        if t.dtype != dtype:
            raise TypeError("expected " + str(dtype) + " (got " + str(t.dtype) + ")")
        return t.detach()  # a new tensor object on the same storage, as PyTorch returns
    if all(isinstance(a, int) and not isinstance(a, bool) for a in args):
        return torch.empty(*args, dtype=dtype)
    if len(args) == 1 and isinstance(args[0], torch.Size):
        return torch.empty(args[0], dtype=dtype)
    if len(args) == 1 and isinstance(args[0], (list, tuple)):
        return torch.tensor(args[0]).to(dtype) if dtype != torch.bool else torch.tensor(args[0], dtype=dtype)
    raise TypeError(cls.__name__ + "(): invalid arguments")


class FloatTensor(metaclass=_LegacyTensorMeta):
    __module__ = "torch"
    dtype = torch.float32
    __new__ = _construct


class DoubleTensor(metaclass=_LegacyTensorMeta):
    __module__ = "torch"
    dtype = torch.float64
    __new__ = _construct


class LongTensor(metaclass=_LegacyTensorMeta):
    __module__ = "torch"
    dtype = torch.int64
    __new__ = _construct


class IntTensor(metaclass=_LegacyTensorMeta):
    __module__ = "torch"
    dtype = torch.int32
    __new__ = _construct


class BoolTensor(metaclass=_LegacyTensorMeta):
    __module__ = "torch"
    dtype = torch.bool
    __new__ = _construct
