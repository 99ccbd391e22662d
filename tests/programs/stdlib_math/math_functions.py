# The math functions beyond the basics: hyperbolic inverses, integer combinatorics,
# gamma, float decomposition, exact summation, and their error messages.
import math


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


for x in [0.5, 1.0, 2.5, -3.0]:
    show("asinh", lambda: math.asinh(x))
    show("acosh", lambda: math.acosh(x))
    show("atanh", lambda: math.atanh(x))
    show("cbrt", lambda: math.cbrt(x))
    show("exp2", lambda: math.exp2(x))
    # CPython computes gamma/lgamma with its own Lanczos sum and wick with libm: they may
    # differ in the last bit, so these print 12 significant digits.
    show("gamma", lambda: float("%.12g" % math.gamma(x)))
    show("lgamma", lambda: float("%.12g" % math.lgamma(x)))
    show("frexp", lambda: math.frexp(x))
    show("modf", lambda: math.modf(x))
    show("ulp", lambda: math.ulp(x))
show("atanh 1", lambda: math.atanh(1.0))
show("gamma 0", lambda: math.gamma(0))
show("gamma big", lambda: math.gamma(200.0))
show("lgamma -2", lambda: math.lgamma(-2.0))
show("gamma -inf", lambda: math.gamma(-math.inf))
show("exp2 big", lambda: math.exp2(5000.0))

for n in range(0, 8):
    print("factorial", n, math.factorial(n))
print("factorial 20", math.factorial(20))
show("factorial -1", lambda: math.factorial(-1))
show("factorial 2.0", lambda: math.factorial(2.0))
for n, k in [(5, 2), (10, 3), (4, 7), (20, 10), (0, 0)]:
    print("comb", n, k, math.comb(n, k), "perm", math.perm(n, k))
print("comb big", math.comb(30, 15), math.comb(60, 30), math.comb(66, 33))
print("perm 6", math.perm(6), math.perm(6, None))
show("comb -1", lambda: math.comb(-1, 2))
show("comb k", lambda: math.comb(3, -2))
show("comb 1 arg", lambda: math.comb(3))
show("perm 3 args", lambda: math.perm(3, 1, 1))
for n in [0, 1, 15, 16, 17, 10 ** 12, 2 ** 62 + 5]:
    print("isqrt", n, math.isqrt(n))
show("isqrt -1", lambda: math.isqrt(-1))
print("lcm", math.lcm(), math.lcm(4, 6), math.lcm(-4, 6, 10), math.lcm(0, 5))
show("lcm float", lambda: math.lcm(2.5, 3))

print("ldexp", math.ldexp(0.75, 3), math.ldexp(1.0, -1074), math.ldexp(-2.0, 0))
show("ldexp big", lambda: math.ldexp(1.0, 5000))
show("ldexp float exp", lambda: math.ldexp(1.0, 2.0))
print("frexp special", math.frexp(0.0), math.frexp(math.inf), math.frexp(-8.0))
print("modf inf", math.modf(math.inf), math.modf(-math.inf), math.modf(-0.25))
print("remainder", math.remainder(10, 3), math.remainder(11, 3), math.remainder(-7.5, 2),
      math.remainder(5.0, math.inf), math.remainder(3.0, 2.0))
show("remainder 0", lambda: math.remainder(1.0, 0.0))
show("remainder inf", lambda: math.remainder(math.inf, 2.0))
print("nextafter", math.nextafter(1.0, 2.0), math.nextafter(1.0, 0.0), math.nextafter(0.0, 1.0))
print("ulp special", math.ulp(0.0), math.ulp(math.inf), math.ulp(1e308), math.ulp(-1.0))
# CPython's dist scales and corrects its sum; wick's chains hypot: 12 digits here too.
print("dist", math.dist([0, 0], [3, 4]), "%.12g" % math.dist((1.5, 2.5, -1), (0, 0, 0)),
      math.dist([], []))
show("dist mismatch", lambda: math.dist([1, 2], [1]))

print("fsum", math.fsum([0.1] * 10), sum([0.1] * 10))
print("fsum big", math.fsum([1e100, 1.0, -1e100, 1e-100, 1e50, -1.0, -1e50]))
print("fsum empty", math.fsum([]), math.fsum(range(5)), math.fsum(x / 7 for x in range(20)))
print("fsum halfway", math.fsum([1.0, 1e-16, 1e-16]), math.fsum([2.0 ** 53, 1.0, 2.0 ** -52]))
print("fsum inf", math.fsum([1.0, math.inf]), math.fsum([math.nan, 1.0]))
show("fsum inf-inf", lambda: math.fsum([math.inf, -math.inf]))
show("fsum overflow", lambda: math.fsum([1e308, 1e308]))
