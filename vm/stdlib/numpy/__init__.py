"""numpy (wick shim): importing works; constants and scalar math on Python numbers
behave like NumPy's (nan/inf results with NumPy's RuntimeWarning text instead of
exceptions). numpy._array has a small ndarray over a torch tensor (`Tensor.numpy()`,
`np.array`, indexing, arithmetic, reductions, printing); array functions beyond it raise
NotImplementedError naming the function."""

import builtins as _builtins
import sys as _sys
import math as _math

__version__ = "0.0+wick"

pi = _math.pi
e = _math.e
inf = _math.inf
Inf = inf
infty = inf
PINF = inf
NINF = -inf
nan = _math.nan
NaN = nan
NAN = nan
euler_gamma = 0.5772156649015329
newaxis = None


def _no_array(name):
    def f(*args, **kwargs):
        raise NotImplementedError("numpy.%s is not supported by wick (no ndarray)" % name)
    f.__name__ = name
    f.__qualname__ = name
    return f


from numpy._array import (ndarray, array, asarray, dtype, int8, int16, int32, int64,
                          uint8, float16, float32, float64)

from numpy._array import _int_type

uint16 = _int_type("uint16", 16, False)
uint32 = _int_type("uint32", 32, False)
uint64 = _int_type("uint64", 64, False)
double = float_ = float64
single = float32
half = float16
int_ = intp = int64
bool_ = bool
complex64 = _no_array("complex64")
complex128 = _no_array("complex128")


def _warn(what, name):
    import warnings
    warnings.warn("%s encountered in %s" % (what, name), RuntimeWarning, stacklevel=3)


def _number(x, name):
    if isinstance(x, bool):
        return int(x)
    if isinstance(x, (int, float)):
        return x
    raise NotImplementedError("numpy.%s on %s is not supported by wick (no ndarray); "
                              "pass a Python int or float" % (name, type(x).__name__))


def _unary(name, fn, domain=None):
    def f(x):
        x = _number(x, name)
        if isinstance(x, float) and _math.isnan(x):
            return nan
        if domain is not None:
            special = domain(x)
            if special is not None:
                return special
        try:
            return float(fn(x))
        except OverflowError:
            _warn("overflow", name)
            return inf
    f.__name__ = name
    return f


def _sqrt_domain(x):
    if x < 0:
        _warn("invalid value", "sqrt")
        return nan
    if x == inf:
        return inf
    return None


def _log_domain_for(name):
    def domain(x):
        if x == 0:
            _warn("divide by zero", name)
            return -inf
        if x < 0:
            _warn("invalid value", name)
            return nan
        if x == inf:
            return inf
        return None
    return domain


def _log1p_domain(x):
    if x == -1:
        _warn("divide by zero", "log1p")
        return -inf
    if x < -1:
        _warn("invalid value", "log1p")
        return nan
    return None


def _unit_domain(name):
    def domain(x):
        if x < -1 or x > 1:
            _warn("invalid value", name)
            return nan
        return None
    return domain


def _exp_domain(x):
    if x == -inf:
        return 0.0
    if x == inf:
        return inf
    return None


sqrt = _unary("sqrt", _math.sqrt, _sqrt_domain)
exp = _unary("exp", _math.exp, _exp_domain)
expm1 = _unary("expm1", _math.expm1)
log = _unary("log", _math.log, _log_domain_for("log"))
log2 = _unary("log2", _math.log2, _log_domain_for("log2"))
log10 = _unary("log10", _math.log10, _log_domain_for("log10"))
log1p = _unary("log1p", getattr(_math, "log1p", None) or _no_array("log1p (math.log1p is "
                                                                  "missing)"), _log1p_domain)
sin = _unary("sin", _math.sin)
cos = _unary("cos", _math.cos)
tan = _unary("tan", _math.tan)
arcsin = _unary("arcsin", _math.asin, _unit_domain("arcsin"))
arccos = _unary("arccos", _math.acos, _unit_domain("arccos"))
arctan = _unary("arctan", _math.atan)
sinh = _unary("sinh", _math.sinh)
cosh = _unary("cosh", _math.cosh)
tanh = _unary("tanh", _math.tanh)
deg2rad = radians = _unary("radians", _math.radians)
rad2deg = degrees = _unary("degrees", _math.degrees)


def arctan2(y, x):
    return float(_math.atan2(_number(y, "arctan2"), _number(x, "arctan2")))


def hypot(x, y):
    return float(_math.hypot(_number(x, "hypot"), _number(y, "hypot")))


def _keep_int(name, fn):
    def f(x):
        x = _number(x, name)
        return fn(x)
    f.__name__ = name
    return f


def _abs(x):
    return _builtins.abs(x)


abs = absolute = _keep_int("absolute", _abs)
fabs = _unary("fabs", _math.fabs)


def floor(x):
    x = _number(x, "floor")
    return float(_math.floor(x)) if _math.isfinite(x) else float(x)


def ceil(x):
    x = _number(x, "ceil")
    return float(_math.ceil(x)) if _math.isfinite(x) else float(x)


def trunc(x):
    x = _number(x, "trunc")
    return float(_math.trunc(x)) if _math.isfinite(x) else float(x)


def rint(x):
    x = _number(x, "rint")
    return float(round(x)) if _math.isfinite(x) else float(x)


_builtin_round = _builtins.round


def round(a, decimals=0):
    a = _number(a, "round")
    if isinstance(a, int):
        return a if decimals >= 0 else _builtin_round(a, decimals)
    return float(_builtin_round(a, decimals))


around = round


def sign(x):
    x = _number(x, "sign")
    if isinstance(x, float) and _math.isnan(x):
        return nan
    s = (x > 0) - (x < 0)
    return float(s) if isinstance(x, float) else s


def square(x):
    x = _number(x, "square")
    return x * x


def power(x, y):
    return _number(x, "power") ** _number(y, "power")


def maximum(x, y):
    x = _number(x, "maximum")
    y = _number(y, "maximum")
    if isinstance(x, float) and _math.isnan(x) or isinstance(y, float) and _math.isnan(y):
        return nan
    return x if x >= y else y


def minimum(x, y):
    x = _number(x, "minimum")
    y = _number(y, "minimum")
    if isinstance(x, float) and _math.isnan(x) or isinstance(y, float) and _math.isnan(y):
        return nan
    return x if x <= y else y


def clip(a, a_min, a_max):
    a = _number(a, "clip")
    if a_min is not None and a < a_min:
        a = a_min
    if a_max is not None and a > a_max:
        a = a_max
    return a


def isnan(x):
    x = _number(x, "isnan")
    return isinstance(x, float) and _math.isnan(x)


def isinf(x):
    x = _number(x, "isinf")
    return isinstance(x, float) and _math.isinf(x)


def isfinite(x):
    x = _number(x, "isfinite")
    return not isinstance(x, float) or _math.isfinite(x)


for _name in ["ascontiguousarray", "empty",
              "empty_like", "full_like", "linspace",
              "logspace", "eye", "identity", "vstack", "hstack",
              "dstack", "split", "squeeze", "expand_dims", "where",
              "argsort", "sort", "unique", "std", "var",
              "prod", "cumsum", "cumprod", "dot", "matmul", "einsum", "outer", "inner",
              "allclose", "isclose", "array_equal", "frombuffer", "fromfile", "load", "save",
              "savez", "loadtxt", "savetxt", "meshgrid", "tile", "repeat", "diag", "tril",
              "triu", "pad", "percentile", "quantile", "median", "histogram", "bincount",
              "count_nonzero", "nonzero", "flip", "roll",
              "take", "put", "searchsorted",
              "interp", "convolve", "cross", "trace", "diff", "gradient", "nan_to_num"]:
    setattr(_sys.modules[__name__], _name, _no_array(_name))


class _Namespace:
    def __init__(self, prefix, names):
        for n in names:
            setattr(self, n, _no_array(prefix + n))


random = _Namespace("random.", ["seed", "rand", "randn", "randint", "random", "choice",
                                "shuffle", "permutation", "normal", "uniform",
                                "default_rng", "RandomState"])
linalg = _Namespace("linalg.", ["norm", "inv", "det", "eig", "eigh", "svd", "qr", "solve",
                                "pinv", "matrix_rank", "cholesky"])
fft = _Namespace("fft.", ["fft", "ifft", "rfft", "irfft", "fft2", "ifft2", "fftn", "ifftn",
                          "fftfreq", "rfftfreq", "fftshift", "ifftshift"])


# ---- array functions over numpy._array.ndarray -----------------------------------------

def _new(t):
    from numpy import _array
    return _array._wrap(t)


def _tdtype(d, default="float64"):
    from numpy import _array
    return _array._torch_dtype(_array._dtype_name(default if d is None else d))


def zeros(shape, dtype=None):
    import torch
    return _new(torch.zeros(shape, dtype=_tdtype(dtype)))


def ones(shape, dtype=None):
    import torch
    return _new(torch.ones(shape, dtype=_tdtype(dtype)))


def full(shape, fill_value, dtype=None):
    import torch
    if dtype is None:
        dtype = asarray(fill_value).dtype
    return _new(torch.full(shape if isinstance(shape, (tuple, list)) else (shape,), fill_value,
                           dtype=_tdtype(dtype)))


def zeros_like(a, dtype=None):
    a = asarray(a)
    return zeros(a.shape, a.dtype if dtype is None else dtype)


def ones_like(a, dtype=None):
    a = asarray(a)
    return ones(a.shape, a.dtype if dtype is None else dtype)


def arange(start, stop=None, step=1, dtype=None):
    import torch
    if stop is None:
        start, stop = 0, start
    if dtype is None:
        floating = _builtins.any(isinstance(v, float) for v in (start, stop, step))
        dtype = "float64" if floating else "int64"
    return _new(torch.arange(start, stop, step, dtype=_tdtype(dtype)))


def concatenate(arrays, axis=0):
    import torch
    from numpy import _array
    arrays = [asarray(a) for a in arrays]
    name = arrays[0].dtype.name
    for a in arrays[1:]:
        name = _array._promote(name, a.dtype.name)
    td = _tdtype(name)
    return _new(torch.cat([a._t.to(td) for a in arrays], axis))


def stack(arrays, axis=0):
    return concatenate([expand_dims(a, axis) for a in arrays], axis)


def expand_dims(a, axis):
    return _new(asarray(a)._t.unsqueeze(axis))


def _method(name):
    def f(a, *args, **kwargs):
        return getattr(asarray(a), name)(*args, **kwargs)
    f.__name__ = name
    return f


argmax = _method("argmax")
argmin = _method("argmin")
sum = _method("sum")
mean = _method("mean")
amax = max = _method("max")
amin = min = _method("min")
all = _method("all")
any = _method("any")
transpose = _method("transpose")
reshape = _method("reshape")
ravel = _method("ravel")


def copy(a):
    return array(a, copy=True)
