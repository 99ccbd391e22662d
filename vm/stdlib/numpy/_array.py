"""numpy.ndarray for wick: an array over a torch tensor, enough for what model code does
with `tensor.numpy()` and small `np.array(...)` values: shape and dtype, indexing and
assignment, iteration, arithmetic with NumPy's result dtypes, reductions, tolist(), and
NumPy 1.24's repr/str. `Tensor.numpy()` and `torch.from_numpy()` share memory both
ways, as in NumPy. Whatever is not here raises NotImplementedError naming it; values
never silently differ from NumPy's.

Scalars read out of an array: Python ints, bools and floats for integer, bool and
float64 arrays (wick's VM cannot subclass int; they print as NumPy's scalars do), and
numpy.float32/float16 objects printing as NumPy prints them."""

import builtins as _builtins
import struct as _struct

import torch as _torch

# ---- dtypes -------------------------------------------------------------------------

# name -> (kind, bits, torch dtype or None where wick's torch lacks it)
_DTYPES = {name: (kind, bits, getattr(_torch, name, None)) for name, kind, bits in [
    ("bool", "b", 8), ("int8", "i", 8), ("int16", "i", 16), ("int32", "i", 32),
    ("int64", "i", 64), ("uint8", "u", 8), ("float16", "f", 16), ("float32", "f", 32),
    ("float64", "f", 64)]}
_BY_TORCH = {v[2]: k for k, v in _DTYPES.items() if v[2] is not None}
_IMPLIED = ("bool", "int64", "float64")  # repr leaves these out


class dtype:
    def __init__(self, name):
        name = _dtype_name(name)
        self.name = name
        self.kind = _DTYPES[name][0]
        self.itemsize = _DTYPES[name][1] // 8

    @property
    def type(self):
        return _SCALAR_TYPES[self.name]

    def __repr__(self):
        return "dtype('%s')" % self.name

    def __str__(self):
        return self.name

    def __eq__(self, other):
        try:
            return self.name == _dtype_name(other)
        except TypeError:
            return False

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash(self.name)


def _dtype_name(d):
    if isinstance(d, dtype):
        return d.name
    if isinstance(d, str):
        if d in _DTYPES:
            return d
        if d in ("float", "double", "f8"):
            return "float64"
        if d in ("int", "i8"):
            return "int64"
        if d == "f4":
            return "float32"
        raise TypeError("data type '%s' not understood" % d)
    if d is float:
        return "float64"
    if d is int:
        return "int64"
    if d is bool:
        return "bool"
    if d in _BY_TORCH:
        return _BY_TORCH[d]
    n = getattr(d, "_numpy_name", None)
    if n is not None:
        return n
    raise TypeError("data type %r not understood" % (d,))


def _torch_dtype(name):
    t = _DTYPES[name][2]
    if t is None:
        raise NotImplementedError("numpy: %s arrays are not supported by wick (torch.%s is "
                                  "missing)" % (name, name))
    return t


# ---- scalar types -------------------------------------------------------------------

def _float32_round(x):
    return _struct.unpack("<f", _struct.pack("<f", x))[0]


def _float16_round(x):
    return _struct.unpack("<e", _struct.pack("<e", x))[0]


def _shortest(x, rounder):
    """The shortest decimal string that reads back as x in the narrower float format."""
    if x != x or x in (float("inf"), float("-inf")) or x == 0.0:
        return repr(x)
    for p in range(1, 18):
        s = "%.*g" % (p, x)
        if rounder(float(s)) == x:
            return repr(float(s))
    return repr(x)


class _IntType:
    """numpy.int64 & co.: calling one gives a Python int (wick's VM cannot subclass int;
    NumPy 1.24 prints its integer scalars as Python prints ints)."""

    def __init__(self, name, bits, signed):
        self.__name__ = name
        self._numpy_name = name
        self._bits = bits
        self._signed = signed

    def __repr__(self):
        return "<class 'numpy.%s'>" % self.__name__

    def __call__(self, x=0):
        v = int(x)
        if self._bits == 64:  # wick's ints are 64-bit
            lo, hi = (-9223372036854775807 - 1 if self._signed else 0), 9223372036854775807
        elif self._signed:
            lo, hi = -(1 << (self._bits - 1)), (1 << (self._bits - 1)) - 1
        else:
            lo, hi = 0, (1 << self._bits) - 1
        if v < lo or v > hi:
            raise NotImplementedError("numpy.%s wrap-around is not supported by wick"
                                      % self.__name__)
        return v


def _int_type(name, bits, signed):
    return _IntType(name, bits, signed)


int8 = _int_type("int8", 8, True)
int16 = _int_type("int16", 16, True)
int32 = _int_type("int32", 32, True)
int64 = _int_type("int64", 64, True)
uint8 = _int_type("uint8", 8, False)


class _Float64Type:
    """numpy.float64: calling it gives a Python float (NumPy's float64 is a float)."""
    __name__ = "float64"
    _numpy_name = "float64"

    def __repr__(self):
        return "<class 'numpy.float64'>"

    def __call__(self, x=0.0):
        return float(x)


float64 = _Float64Type()


class _NarrowFloat:
    """A float32/float16 scalar: its value rounded to the format, printed with the
    fewest digits that read back in it (NumPy's repr); arithmetic with it gives Python
    floats of the exact values, as NumPy 1.24 gives float64 for float32 with Python
    numbers."""
    _numpy_name = None

    def __init__(self, x=0.0):
        self._v = self._round(float(x))

    def __repr__(self):
        return _shortest(self._v, self._round)

    __str__ = __repr__

    def __float__(self):
        return self._v

    def __int__(self):
        return int(self._v)

    def __bool__(self):
        return self._v != 0.0

    def __hash__(self):
        return hash(self._v)

    def __round__(self, n=None):
        return round(self._v, n)

    def item(self):
        return self._v

    @property
    def dtype(self):
        return dtype(self._numpy_name)

    def __neg__(self): return type(self)(-self._v)
    def __pos__(self): return self
    def __abs__(self): return type(self)(_builtins.abs(self._v))
    def __add__(self, o): return self._v + float(o)
    def __radd__(self, o): return float(o) + self._v
    def __sub__(self, o): return self._v - float(o)
    def __rsub__(self, o): return float(o) - self._v
    def __mul__(self, o): return self._v * float(o)
    def __rmul__(self, o): return float(o) * self._v
    def __truediv__(self, o): return self._v / float(o)
    def __rtruediv__(self, o): return float(o) / self._v
    def __pow__(self, o): return self._v ** float(o)
    def __eq__(self, o): return self._v == float(o)
    def __ne__(self, o): return self._v != float(o)
    def __lt__(self, o): return self._v < float(o)
    def __le__(self, o): return self._v <= float(o)
    def __gt__(self, o): return self._v > float(o)
    def __ge__(self, o): return self._v >= float(o)


class float32(_NarrowFloat):
    _numpy_name = "float32"
    _round = staticmethod(_float32_round)


class float16(_NarrowFloat):
    _numpy_name = "float16"
    _round = staticmethod(_float16_round)


for _c in (float32, float16):
    _c.__module__ = "numpy"

_SCALAR_TYPES = {"int8": int8, "int16": int16, "int32": int32, "int64": int64,
                 "uint8": uint8, "float16": float16, "float32": float32,
                 "float64": float64, "bool": bool}


def _scalar(t):
    """A 0-dim tensor as the numpy scalar NumPy gives for it."""
    name = _BY_TORCH[t.dtype]
    v = t.item()
    if name == "bool":
        return bool(v)
    return _SCALAR_TYPES[name](v)


# ---- result dtypes (NumPy 1.24's promotion, value-based for Python scalars) ---------

def _promote(a, b):
    ka, ba = _DTYPES[a][0], _DTYPES[a][1]
    kb, bb = _DTYPES[b][0], _DTYPES[b][1]
    if a == b:
        return a
    if ka == "b":
        return b
    if kb == "b":
        return a
    if ka == "f" or kb == "f":
        fb = max(ba if ka == "f" else 0, bb if kb == "f" else 0)
        ib = max(ba if ka != "f" else 0, bb if kb != "f" else 0)
        need = 16 if ib <= 8 else 32 if ib <= 16 else 64
        return "float%d" % max(fb, need if ib else fb)
    if ka == kb:
        r = ("int%d" if ka == "i" else "uint%d") % max(ba, bb)
    else:  # a signed and an unsigned int
        ub, sb = (ba, bb) if ka == "u" else (bb, ba)
        r = "int%d" % (sb if sb > ub else min(64, 2 * ub))
    if r not in _DTYPES:
        raise NotImplementedError("numpy: %s arrays are not supported by wick" % r)
    return r


def _with_python_scalar(name, value, op):
    kind = _DTYPES[name][0]
    if isinstance(value, bool):
        return name
    if isinstance(value, int):
        return "int64" if kind == "b" else name
    if isinstance(value, float):
        return name if kind == "f" else "float64"
    raise NotImplementedError("numpy: %s with a %s is not supported by wick"
                              % (op, type(value).__name__))


# ---- ndarray --------------------------------------------------------------------------

def _wrap(t):
    a = ndarray.__new__(ndarray)
    a._t = t
    return a


def _tensor_key(key):
    if isinstance(key, ndarray):
        return key._t
    if isinstance(key, tuple):
        return tuple(_tensor_key(k) for k in key)
    if isinstance(key, list):
        return _torch.tensor(key)
    return key


def _all_ints(key):
    if isinstance(key, tuple):
        return all(_all_ints(k) for k in key)
    return isinstance(key, int) and not isinstance(key, bool)


class ndarray:
    def __init__(self, shape, dtype=float):
        if isinstance(shape, int):
            shape = (shape,)
        self._t = _torch.zeros(tuple(shape), dtype=_torch_dtype(_dtype_name(dtype)))

    # -- shape and type
    @property
    def shape(self):
        return tuple(self._t.shape)

    @property
    def ndim(self):
        return self._t.dim()

    @property
    def size(self):
        return self._t.numel()

    @property
    def dtype(self):
        return dtype(_BY_TORCH[self._t.dtype])

    @property
    def itemsize(self):
        return self.dtype.itemsize

    @property
    def nbytes(self):
        return self.size * self.itemsize

    @property
    def T(self):
        return self.transpose()

    def __len__(self):
        if self._t.dim() == 0:
            raise TypeError("len() of unsized object")
        return self._t.shape[0]

    # -- elements
    def __getitem__(self, key):
        r = self._t[_tensor_key(key)]
        if r.dim() == 0 and (_all_ints(key) or key == ()):
            return _scalar(r)
        return _wrap(r)

    def __setitem__(self, key, value):
        if isinstance(value, ndarray):
            value = value._t
        elif isinstance(value, (list, tuple)):
            value = _torch.tensor(value, dtype=self._t.dtype)
        self._t[_tensor_key(key)] = value

    def __iter__(self):
        for i in range(len(self)):
            yield self[i]

    def __contains__(self, value):
        return bool((self._t == value).any())

    def tolist(self):
        return self._t.tolist()

    def item(self, *index):
        if index:
            return self[index if len(index) > 1 else index[0]].item()
        if self._t.numel() != 1:
            raise ValueError("can only convert an array of size 1 to a Python scalar")
        return self._t.reshape(()).item()

    def __bool__(self):
        if self._t.numel() != 1:
            raise ValueError("The truth value of an array with more than one element is "
                             "ambiguous. Use a.any() or a.all()")
        return bool(self._t.reshape(()).item())

    def __int__(self):
        return int(self.item())

    def __float__(self):
        return float(self.item())

    def __index__(self):
        if self._t.numel() != 1 or self._t.dtype.is_floating_point:
            raise TypeError("only integer scalar arrays can be converted to a scalar index")
        return int(self.item())

    # -- copies and views
    def copy(self):
        return _wrap(self._t.clone())

    def astype(self, dtype, copy=True):
        return _wrap(self._t.to(_torch_dtype(_dtype_name(dtype)), copy=copy))

    def reshape(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
            shape = tuple(shape[0])
        return _wrap(self._t.reshape(shape))

    def flatten(self):
        return _wrap(self._t.reshape(-1).clone())

    def ravel(self):
        return _wrap(self._t.reshape(-1))

    def transpose(self, *axes):
        if not axes:
            axes = tuple(range(self._t.dim() - 1, -1, -1))
        elif len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        return _wrap(self._t.permute(axes))

    def squeeze(self, axis=None):
        return _wrap(self._t.squeeze() if axis is None else self._t.squeeze(axis))

    # -- reductions
    def _reduce(self, name, axis, keepdims, out_dtype=None):
        t = self._t if out_dtype is None else self._t.to(_torch_dtype(out_dtype))
        if axis is None:
            r = getattr(t.reshape(-1), name)(0)
            if keepdims:
                r = r.reshape((1,) * self._t.dim())
        else:
            r = getattr(t, name)(axis, keepdim=keepdims)
        if isinstance(r, tuple):  # max/min with a dim: (values, indices)
            r = r[0]
        return _scalar(r) if r.dim() == 0 else _wrap(r)

    def sum(self, axis=None, keepdims=False):
        kind = self.dtype.kind
        if kind == "u":
            raise NotImplementedError("numpy: sum of an unsigned array (uint64 result) is "
                                      "not supported by wick")
        return self._reduce("sum", axis, keepdims, "int64" if kind in "bi" else None)

    def mean(self, axis=None, keepdims=False):
        return self._reduce("mean", axis, keepdims,
                            None if self.dtype.kind == "f" else "float64")

    def max(self, axis=None, keepdims=False):
        self._nonempty("maximum")
        return self._reduce("amax", axis, keepdims)

    def min(self, axis=None, keepdims=False):
        self._nonempty("minimum")
        return self._reduce("amin", axis, keepdims)

    def argmax(self, axis=None):
        r = self._t.reshape(-1).argmax() if axis is None else self._t.argmax(axis)
        return _scalar(r) if r.dim() == 0 else _wrap(r)

    def argmin(self, axis=None):
        r = self._t.reshape(-1).argmin() if axis is None else self._t.argmin(axis)
        return _scalar(r) if r.dim() == 0 else _wrap(r)

    def all(self, axis=None):
        r = self._t.bool().all() if axis is None else self._t.bool().all(axis)
        return _scalar(r) if r.dim() == 0 else _wrap(r)

    def any(self, axis=None):
        r = self._t.bool().any() if axis is None else self._t.bool().any(axis)
        return _scalar(r) if r.dim() == 0 else _wrap(r)

    def _nonempty(self, op):
        if self._t.numel() == 0:
            raise ValueError("zero-size array to reduction operation %s which has no "
                             "identity" % op)

    # -- arithmetic
    def _binary(self, other, op, reverse=False, divide=False):
        a = self._t
        name = self.dtype.name
        if isinstance(other, ndarray):
            b = other._t
            result = _promote(name, other.dtype.name)
        elif isinstance(other, (bool, int, float)):
            b = other
            result = _with_python_scalar(name, other, op)
        elif isinstance(other, (list, tuple)):
            return self._binary(array(other), op, reverse, divide)
        else:
            return NotImplemented
        if divide and _DTYPES[result][0] != "f":
            result = "float64"
        td = _torch_dtype(result)
        a = a.to(td)
        if isinstance(b, _torch.Tensor):
            b = b.to(td)
        else:
            b = _torch.tensor(b, dtype=td)
        x, y = (b, a) if reverse else (a, b)
        if op == "floor_divide":  # NumPy floors (torch.floor_divide truncates in 1.13)
            return _wrap(_torch.div(x, y, rounding_mode="floor"))
        return _wrap(getattr(_torch, op)(x, y))

    def __add__(self, o): return self._binary(o, "add")
    def __radd__(self, o): return self._binary(o, "add", True)
    def __sub__(self, o): return self._binary(o, "sub")
    def __rsub__(self, o): return self._binary(o, "sub", True)
    def __mul__(self, o): return self._binary(o, "mul")
    def __rmul__(self, o): return self._binary(o, "mul", True)
    def __truediv__(self, o): return self._binary(o, "true_divide", divide=True)
    def __rtruediv__(self, o): return self._binary(o, "true_divide", True, divide=True)
    def __floordiv__(self, o): return self._binary(o, "floor_divide")
    def __rfloordiv__(self, o): return self._binary(o, "floor_divide", True)
    def __mod__(self, o): return self._binary(o, "remainder")
    def __rmod__(self, o): return self._binary(o, "remainder", True)
    def __pow__(self, o): return self._binary(o, "pow")
    def __rpow__(self, o): return self._binary(o, "pow", True)
    def __eq__(self, o): return self._compare(o, "eq")
    def __ne__(self, o): return self._compare(o, "ne")
    def __lt__(self, o): return self._compare(o, "lt")
    def __le__(self, o): return self._compare(o, "le")
    def __gt__(self, o): return self._compare(o, "gt")
    def __ge__(self, o): return self._compare(o, "ge")

    def __matmul__(self, o):
        if not isinstance(o, ndarray):
            return NotImplemented
        result = _torch_dtype(_promote(self.dtype.name, o.dtype.name))
        return _wrap(_torch.matmul(self._t.to(result), o._t.to(result)))

    def _compare(self, other, op):
        if isinstance(other, ndarray):
            common = _torch_dtype(_promote(self.dtype.name, other.dtype.name))
            return _wrap(getattr(_torch, op)(self._t.to(common), other._t.to(common)))
        if isinstance(other, (bool, int, float)):
            return _wrap(getattr(_torch, op)(self._t.double() if isinstance(other, float)
                                             else self._t, other))
        return NotImplemented

    __hash__ = None

    def __neg__(self):
        return _wrap(-self._t)

    def __pos__(self):
        return _wrap(self._t.clone())

    def __abs__(self):
        return _wrap(self._t.abs())

    # -- printing
    def __repr__(self):
        return _array_repr(self)

    def __str__(self):
        return _array_str(self)


def array(obj, dtype=None, copy=True):
    if isinstance(obj, ndarray):
        t = obj._t.clone() if copy else obj._t
    elif isinstance(obj, _torch.Tensor):
        t = obj.detach().clone()
    else:
        t = _from_python(obj)
    if dtype is not None:
        t = t.to(_torch_dtype(_dtype_name(dtype)))
    return _wrap(t)


def asarray(obj, dtype=None):
    if isinstance(obj, ndarray) and (dtype is None or obj.dtype == dtype):
        return obj
    return array(obj, dtype, copy=False)


def _from_python(obj):
    # NumPy's inference: Python floats give float64, ints int64, bools bool; numpy
    # scalars keep their own type.
    flat = []
    _flatten(obj, flat)
    kinds = set()
    for v in flat:
        if isinstance(v, bool):
            kinds.add("bool")
        elif isinstance(v, _NarrowFloat):
            kinds.add(v._numpy_name)
        elif isinstance(v, int):
            kinds.add("int64")
        elif isinstance(v, float):
            kinds.add("float64")
        else:
            raise NotImplementedError("numpy.array of %s is not supported by wick"
                                      % type(v).__name__)
    name = "float64"
    if kinds:
        name = None
        for k in kinds:
            name = k if name is None else _promote(name, k)
    return _torch.tensor(_plain(obj), dtype=_torch_dtype(name))


def _flatten(obj, out):
    if isinstance(obj, (list, tuple)):
        for x in obj:
            _flatten(x, out)
    else:
        out.append(obj)


def _plain(obj):
    if isinstance(obj, (list, tuple)):
        return [_plain(x) for x in obj]
    if isinstance(obj, bool):
        return obj
    if isinstance(obj, int):
        return int(obj)
    return float(obj)


def _from_tensor(t):
    """Tensor.numpy(): the same memory, as an ndarray."""
    if t.requires_grad:
        raise RuntimeError("Can't call numpy() on Tensor that requires grad. Use "
                           "tensor.detach().numpy() instead.")
    if t.dtype not in _BY_TORCH:
        raise TypeError("Got unsupported ScalarType %s" % str(t.dtype).replace("torch.", "")
                        .capitalize())
    return _wrap(t.detach())


def _to_tensor(a):
    """torch.from_numpy(a): a new tensor over the same memory."""
    if not isinstance(a, ndarray):
        raise TypeError("expected np.ndarray (got %s)" % type(a).__name__)
    return a._t.detach()


# ---- printing (NumPy 1.24's array2string with the default options) -------------------

_LINEWIDTH = 75
_THRESHOLD = 1000
_EDGEITEMS = 3


def _positional(x, name):
    """x's shortest round-trip digits, at most 8 after the point, trailing zeros trimmed
    down to the point ('1.', '0.25')."""
    if name == "float32":
        s = _shortest(x, _float32_round)
    elif name == "float16":
        s = _shortest(x, _float16_round)
    else:
        s = repr(x)
    if "e" in s or "E" in s:
        s = "%.8f" % x
    if "." not in s:
        s += "."
    intpart, frac = s.split(".")
    if len(frac) > 8:
        s = "%.8f" % x
        intpart, frac = s.split(".")
    frac = frac.rstrip("0")
    return intpart, frac


def _scientific(x, name):
    """x's shortest round-trip digits in scientific form, at most 8 after the point:
    (integer digit with sign, fraction digits, exponent as an int)."""
    if name == "float32":
        s = _shortest(x, _float32_round)
    elif name == "float16":
        s = _shortest(x, _float16_round)
    else:
        s = repr(x)
    sign = "-" if s.startswith("-") else ""
    s = s.lstrip("-")
    mant, _, exp = s.partition("e")
    exp = int(exp) if exp else 0
    intpart, _, frac = mant.partition(".")
    digits = (intpart + frac).lstrip("0")
    if not digits:
        return sign + "0", "", 0
    # the position of the first significant digit relative to the point
    exp += len(intpart.lstrip("0")) - 1 if intpart.lstrip("0") else -(
        len(frac) - len(frac.lstrip("0")) + 1)
    digits = digits.rstrip("0") or "0"
    if len(digits) > 9:
        m, _, e = ("%.8e" % _builtins.abs(x)).partition("e")
        return sign + m[0], m[2:].rstrip("0"), int(e)
    return sign + digits[0], digits[1:], exp


class _FloatFormat:
    def __init__(self, values, name):
        self.name = name
        finite = [v for v in values if v == v and v not in (float("inf"), float("-inf"))]
        nonzero = [_builtins.abs(v) for v in finite if v != 0]
        self.exp_format = False
        if nonzero:
            hi, lo = _builtins.max(nonzero), _builtins.min(nonzero)
            self.exp_format = hi >= 1e8 or lo < 0.0001 or hi / lo > 1000.0
        if self.exp_format:
            parts = [_scientific(v, name) for v in finite]
            self.exp_size = _builtins.max(len(_exp_str(p[2], 2)) for p in parts) - 1
            self.precision = _builtins.max(len(p[1]) for p in parts)
            self.pad_left = _builtins.max(len(p[0]) for p in parts)
            self.pad_right = self.exp_size + 2 + self.precision
        else:
            parts = [_positional(v, name) for v in finite]
            self.pad_left = _builtins.max([len(p[0]) for p in parts] or [0])
            self.pad_right = _builtins.max([len(p[1]) for p in parts] or [0])
        if len(finite) != len(values):
            neginf = any(v == float("-inf") for v in values)
            offset = self.pad_right + 1
            self.pad_left = _builtins.max(self.pad_left, 3 - offset, 3 + neginf - offset)

    def __call__(self, x):
        if x != x or x in (float("inf"), float("-inf")):
            s = "nan" if x != x else ("-inf" if x < 0 else "inf")
            return " " * (self.pad_left + self.pad_right + 1 - len(s)) + s
        if self.exp_format:
            intpart, frac, exp = _scientific(x, self.name)
            return (intpart.rjust(self.pad_left) + "." + frac.ljust(self.precision, "0") +
                    "e" + _exp_str(exp, self.exp_size))
        intpart, frac = _positional(x, self.name)
        return intpart.rjust(self.pad_left) + "." + frac.ljust(self.pad_right)


def _exp_str(exp, digits):
    return ("-" if exp < 0 else "+") + str(_builtins.abs(exp)).rjust(digits, "0")


def _format_function(values, name):
    kind = _DTYPES[name][0]
    if kind == "b":
        # ' True' only where the array has a shape
        return lambda x: " True" if x else "False"
    if kind in "iu":
        width = _builtins.max([len(str(v)) for v in values] or [0])
        return lambda x: str(x).rjust(width)
    return _FloatFormat(values, name)


def _edge_values(t, summarize):
    """The values the formatter sizes itself on: all, or the edges when summarized."""
    if not summarize or t.dim() == 0:
        return t.reshape(-1).tolist()
    out = []
    n = t.shape[0]
    idx = list(range(n)) if n <= 2 * _EDGEITEMS else (
        list(range(_EDGEITEMS)) + list(range(n - _EDGEITEMS, n)))
    for i in idx:
        out += _edge_values(t[i], summarize)
    return out


def _extend_line(s, line, word, width, next_prefix):
    needs_wrap = len(line) + len(word) > width
    if len(line) <= len(next_prefix):
        needs_wrap = False
    if needs_wrap:
        s += line.rstrip() + "\n"
        line = next_prefix
    return s, line + word


def _format_array(t, fmt, width, next_prefix, separator, summarize):
    def recurse(sub, hanging, cur_width):
        axes_left = sub.dim()
        if axes_left == 0:
            return fmt(sub.item())
        next_hanging = hanging + " "
        next_width = cur_width - 1
        n = sub.shape[0]
        show_summary = summarize and 2 * _EDGEITEMS < n
        lead, trail = (_EDGEITEMS, _EDGEITEMS) if show_summary else (0, n)
        if axes_left == 1:
            elem_width = cur_width - _builtins.max(len(separator.rstrip()), 1)
            s, line = "", hanging
            for i in range(lead):
                s, line = _extend_line(s, line, recurse(sub[i], next_hanging, next_width),
                                       elem_width, hanging)
                line += separator
            if show_summary:
                s, line = _extend_line(s, line, "...", elem_width, hanging)
                line += separator
            for i in range(trail, 1, -1):
                s, line = _extend_line(s, line, recurse(sub[n - i], next_hanging, next_width),
                                       elem_width, hanging)
                line += separator
            s, line = _extend_line(s, line, recurse(sub[n - 1], next_hanging, next_width),
                                   elem_width, hanging)
            s += line
        else:
            s = ""
            line_sep = separator.rstrip() + "\n" * (axes_left - 1)
            for i in range(lead):
                s += hanging + recurse(sub[i], next_hanging, next_width) + line_sep
            if show_summary:
                s += hanging + "..." + line_sep
            for i in range(trail, 1, -1):
                s += hanging + recurse(sub[n - i], next_hanging, next_width) + line_sep
            s += hanging + recurse(sub[n - 1], next_hanging, next_width)
        return "[" + s[len(hanging):] + "]"
    return recurse(t, next_prefix, width)


def _array2string(a, separator, prefix, suffix):
    t = a._t
    if t.numel() == 0:
        return "[]"
    summarize = t.numel() > _THRESHOLD
    name = a.dtype.name
    fmt = _format_function(_edge_values(t, summarize), name)
    if t.dim() == 0:
        return fmt(t.item()).strip() if _DTYPES[name][0] == "b" else fmt(t.item())
    return _format_array(t, fmt, _LINEWIDTH - len(suffix), " " + " " * len(prefix),
                         separator, summarize)


def _array_repr(a):
    name = a.dtype.name
    skip_dtype = name in _IMPLIED and a.size > 0
    prefix = "array("
    suffix = ")" if skip_dtype else ","
    if a.size > 0 or a.shape == (0,):
        body = _array2string(a, ", ", prefix, suffix)
    else:
        body = "[], shape=%r" % (a.shape,)
    out = prefix + body + suffix
    if skip_dtype:
        return out
    dtype_str = "dtype=%s)" % name
    last_line = len(out) - (out.rfind("\n") + 1)
    spacer = " "
    if last_line + len(dtype_str) + 1 > _LINEWIDTH:
        spacer = "\n" + " " * len(prefix)
    return out + spacer + dtype_str


def _array_str(a):
    if a.ndim == 0:
        return str(a[()])
    return _array2string(a, " ", "", "")
