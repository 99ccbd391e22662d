"""cmath for wick: the common complex functions, computed with the formulas CPython's
cmathmodule.c uses for finite arguments, so results match it bit for bit there.
Infinities and NaNs follow the same formulas, not CPython's special-value tables.
"""

import math

__all__ = ["pi", "e", "tau", "inf", "nan", "infj", "nanj", "phase", "polar", "rect",
           "sqrt", "exp", "log", "log10", "cos", "sin", "tan", "cosh", "sinh", "tanh",
           "isnan", "isinf", "isfinite", "isclose"]

pi = math.pi
e = math.e
tau = math.tau
inf = math.inf
nan = math.nan
infj = complex(0.0, inf)
nanj = complex(0.0, nan)

_LARGE_DOUBLE = 1.7976931348623157e308 / 4.0
_LOG_LARGE_DOUBLE = math.log(_LARGE_DOUBLE)
_MIN = 2.2250738585072014e-308
# Exact powers of two (what CPython's ldexp scaling multiplies by).
_TWO_53 = 9007199254740992.0
_TWO_M27 = 1.0 / 134217728.0


def _c(z):
    if isinstance(z, complex):
        return z
    if isinstance(z, (int, float)):
        return complex(z, 0.0)
    if hasattr(z, "__complex__"):
        return z.__complex__()
    if hasattr(z, "__float__"):
        return complex(z.__float__(), 0.0)
    raise TypeError("must be real number, not %s" % type(z).__name__)


def phase(z):
    z = _c(z)
    return math.atan2(z.imag, z.real)


def polar(z):
    z = _c(z)
    return (math.hypot(z.real, z.imag), math.atan2(z.imag, z.real))


def rect(r, phi):
    return complex(r * math.cos(phi), r * math.sin(phi))


def sqrt(z):
    z = _c(z)
    if z.real == 0.0 and z.imag == 0.0:
        return complex(0.0, z.imag)
    ax = math.fabs(z.real)
    ay = math.fabs(z.imag)
    if ax < _MIN and ay < _MIN:
        ax = ax * _TWO_53
        s = math.sqrt(ax + math.hypot(ax, ay * _TWO_53)) * _TWO_M27
    else:
        ax /= 8.0
        s = 2.0 * math.sqrt(ax + math.hypot(ax, ay / 8.0))
    d = ay / (2.0 * s)
    if z.real >= 0.0:
        return complex(s, math.copysign(d, z.imag))
    return complex(d, math.copysign(s, z.imag))


def exp(z):
    z = _c(z)
    if z.real > _LOG_LARGE_DOUBLE:
        l = math.exp(z.real - 1.0)
        return complex(l * math.cos(z.imag) * math.e, l * math.sin(z.imag) * math.e)
    l = math.exp(z.real)
    return complex(l * math.cos(z.imag), l * math.sin(z.imag))


def _log(z):
    ax = math.fabs(z.real)
    ay = math.fabs(z.imag)
    if ax > _LARGE_DOUBLE or ay > _LARGE_DOUBLE:
        real = math.log(math.hypot(ax / 2.0, ay / 2.0)) + math.log(2.0)
    elif ax < _MIN and ay < _MIN:
        if ax > 0.0 or ay > 0.0:
            real = math.log(math.hypot(ax * _TWO_53, ay * _TWO_53)) - 53 * math.log(2.0)
        else:
            raise ValueError("math domain error")
    else:
        h = math.hypot(ax, ay)
        if 0.71 <= h <= 1.73:
            am = max(ax, ay)
            an = min(ax, ay)
            real = math.log1p((am - 1) * (am + 1) + an * an) / 2.0
        else:
            real = math.log(h)
    return complex(real, math.atan2(z.imag, z.real))


def log(z, base=None):
    result = _log(_c(z))
    if base is None:
        return result
    return result / _log(_c(base))


def log10(z):
    r = _log(_c(z))
    ln10 = math.log(10.0)
    return complex(r.real / ln10, r.imag / ln10)


def cosh(z):
    z = _c(z)
    if math.fabs(z.real) > _LOG_LARGE_DOUBLE:
        x_minus_one = z.real - math.copysign(1.0, z.real)
        return complex(math.cos(z.imag) * math.cosh(x_minus_one) * math.e,
                       math.sin(z.imag) * math.sinh(x_minus_one) * math.e)
    return complex(math.cos(z.imag) * math.cosh(z.real), math.sin(z.imag) * math.sinh(z.real))


def sinh(z):
    z = _c(z)
    if math.fabs(z.real) > _LOG_LARGE_DOUBLE:
        x_minus_one = z.real - math.copysign(1.0, z.real)
        return complex(math.cos(z.imag) * math.sinh(x_minus_one) * math.e,
                       math.sin(z.imag) * math.cosh(x_minus_one) * math.e)
    return complex(math.cos(z.imag) * math.sinh(z.real), math.sin(z.imag) * math.cosh(z.real))


def tanh(z):
    z = _c(z)
    if math.fabs(z.real) > _LOG_LARGE_DOUBLE:
        return complex(math.copysign(1.0, z.real),
                       4.0 * math.sin(z.imag) * math.cos(z.imag) * math.exp(-2.0 * math.fabs(z.real)))
    tx = math.tanh(z.real)
    ty = math.tan(z.imag)
    cx = 1.0 / math.cosh(z.real)
    txty = tx * ty
    denom = 1.0 + txty * txty
    return complex(tx * (1.0 + ty * ty) / denom, ((ty / denom) * cx) * cx)


def cos(z):
    z = _c(z)
    return cosh(complex(-z.imag, z.real))


def sin(z):
    z = _c(z)
    r = sinh(complex(-z.imag, z.real))
    return complex(r.imag, -r.real)


def tan(z):
    z = _c(z)
    r = tanh(complex(-z.imag, z.real))
    return complex(r.imag, -r.real)


def isnan(z):
    z = _c(z)
    return math.isnan(z.real) or math.isnan(z.imag)


def isinf(z):
    z = _c(z)
    return math.isinf(z.real) or math.isinf(z.imag)


def isfinite(z):
    z = _c(z)
    return math.isfinite(z.real) and math.isfinite(z.imag)


def isclose(a, b, *, rel_tol=1e-09, abs_tol=0.0):
    a = _c(a)
    b = _c(b)
    if rel_tol < 0.0 or abs_tol < 0.0:
        raise ValueError("tolerances must be non-negative")
    if a == b:
        return True
    if isinf(a) or isinf(b):
        return False
    diff = abs(a - b)
    return (diff <= rel_tol * abs(b)) or (diff <= rel_tol * abs(a)) or diff <= abs_tol
