"""numpy (wick shim): importing works; constants and scalar math on Python numbers
behave like NumPy's (nan/inf results with NumPy's RuntimeWarning text instead of
exceptions); anything that needs an ndarray raises NotImplementedError naming the
function. wick has no ndarray."""

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


class _FloatType:
    def __init__(self, name, bits):
        self.__name__ = name
        self._bits = bits

    def __repr__(self):
        return "<class 'numpy.%s'>" % self.__name__

    def __call__(self, x=0.0):
        if self._bits != 64:
            raise NotImplementedError("numpy.%s scalars are not supported by wick (only "
                                      "float64 matches Python's float)" % self.__name__)
        return float(x)


class _IntType:
    def __init__(self, name, bits, signed):
        self.__name__ = name
        self._bits = bits
        self._signed = signed

    def __repr__(self):
        return "<class 'numpy.%s'>" % self.__name__

    def __call__(self, x=0):
        v = int(x)
        if self._bits == 64:
            lo, hi = (-9223372036854775807 - 1 if self._signed else 0), 9223372036854775807
        elif self._signed:
            lo, hi = -(1 << (self._bits - 1)), (1 << (self._bits - 1)) - 1
        else:
            lo, hi = 0, (1 << self._bits) - 1
        if v < lo or v > hi:
            raise NotImplementedError("numpy.%s wrap-around is not supported by wick"
                                      % self.__name__)
        return v


float64 = double = float_ = _FloatType("float64", 64)
float32 = single = _FloatType("float32", 32)
float16 = half = _FloatType("float16", 16)
int64 = int_ = intp = _IntType("int64", 64, True)
int32 = _IntType("int32", 32, True)
int16 = _IntType("int16", 16, True)
int8 = _IntType("int8", 8, True)
uint8 = _IntType("uint8", 8, False)
uint16 = _IntType("uint16", 16, False)
uint32 = _IntType("uint32", 32, False)
uint64 = _IntType("uint64", 64, False)
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


for _name in ["array", "asarray", "ascontiguousarray", "zeros", "ones", "empty", "full",
              "zeros_like", "ones_like", "empty_like", "full_like", "arange", "linspace",
              "logspace", "eye", "identity", "concatenate", "stack", "vstack", "hstack",
              "dstack", "split", "reshape", "transpose", "squeeze", "expand_dims", "where",
              "argmax", "argmin", "argsort", "sort", "unique", "sum", "mean", "std", "var",
              "prod", "cumsum", "cumprod", "dot", "matmul", "einsum", "outer", "inner",
              "allclose", "isclose", "array_equal", "frombuffer", "fromfile", "load", "save",
              "savez", "loadtxt", "savetxt", "meshgrid", "tile", "repeat", "diag", "tril",
              "triu", "pad", "percentile", "quantile", "median", "histogram", "bincount",
              "count_nonzero", "nonzero", "flip", "roll", "ndarray", "dtype", "max", "min",
              "amax", "amin", "all", "any", "copy", "ravel", "take", "put", "searchsorted",
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
