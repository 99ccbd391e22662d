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


def _tensor_new(*args, **kwargs):
    # torch.Tensor(...): the legacy constructor of the default (float32) tensor type; a
    # tensor argument of any dtype comes back as a new tensor on its storage.
    for key in kwargs:
        if key != "device":
            raise TypeError("new() received an invalid combination of arguments - got "
                            "unexpected keyword argument '" + key + "'")
    if len(args) == 1 and isinstance(args[0], torch.Tensor):
        return args[0].detach()
    return _construct(FloatTensor, *args)


# --- torch.finfo / torch.iinfo ---------------------------------------------------------

_FINFO = {
    torch.float32: (32, 1.1920928955078125e-07, 3.4028234663852886e+38,
                    1.1754943508222875e-38, 1e-06),
    torch.float64: (64, 2.220446049250313e-16, 1.7976931348623157e+308,
                    2.2250738585072014e-308, 1e-15),
}
_IINFO = {
    torch.int32: (32, -2147483648, 2147483647),
    torch.int64: (64, -9223372036854775808, 9223372036854775807),
}


def _dtype_arg(kind, type):
    if not isinstance(type, torch.dtype):
        raise TypeError(kind + "(): argument 'type' (position 1) must be torch.dtype, not " +
                        builtins_type(type).__name__)
    return type


builtins_type = type


class finfo:
    __module__ = "torch"

    def __init__(self, type=None):
        dtype = torch.get_default_dtype() if type is None else _dtype_arg("finfo", type)
        if dtype not in _FINFO:
            raise TypeError("torch.finfo() requires a floating point input type. Use "
                            "torch.iinfo to handle 'torch.finfo'")
        self.bits, self.eps, self.max, self.tiny, self.resolution = _FINFO[dtype]
        self.min = -self.max
        self.smallest_normal = self.tiny
        self.dtype = str(dtype)[len("torch."):]

    def __eq__(self, other):
        return isinstance(other, finfo) and self.dtype == other.dtype

    def __hash__(self):
        return hash(("finfo", self.dtype))

    def __repr__(self):
        return ("finfo(resolution={:g}, min={:g}, max={:g}, eps={:g}, smallest_normal={:g}, "
                "tiny={:g}, dtype={})").format(self.resolution, self.min, self.max, self.eps,
                                              self.smallest_normal, self.tiny, self.dtype)


class iinfo:
    __module__ = "torch"

    def __init__(self, type):
        dtype = _dtype_arg("iinfo", type)
        if dtype == torch.bool:
            raise TypeError("torch.bool is not supported by torch.iinfo")
        if dtype not in _IINFO:
            raise TypeError("torch.iinfo() requires an integer input type. Use torch.finfo to "
                            "handle 'torch.iinfo'")
        self.bits, self.min, self.max = _IINFO[dtype]
        self.dtype = str(dtype)[len("torch."):]

    def __eq__(self, other):
        return isinstance(other, iinfo) and self.dtype == other.dtype

    def __hash__(self):
        return hash(("iinfo", self.dtype))

    def __repr__(self):
        return "iinfo(min={:g}, max={:g}, dtype={})".format(float(self.min), float(self.max),
                                                          self.dtype)
