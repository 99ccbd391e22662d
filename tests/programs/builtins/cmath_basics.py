# cmath: sqrt, exp, log, phase/polar/rect and trigonometry, bit-identical to CPython.
import cmath
import math

for z in (1 + 2j, -3 + 0.5j, 2.0, -4, 1e-310j, 0.25 - 1.5j):
    print(z, cmath.sqrt(z), cmath.exp(z), cmath.phase(z), cmath.polar(z))
for z in (1 + 1j, 0.5 - 2j, 10j, 0.9 + 0.1j):
    print(cmath.log(z), cmath.log10(z), cmath.log(z, 2))
    print(cmath.sin(z), cmath.cos(z), cmath.tan(z))
    print(cmath.sinh(z), cmath.cosh(z), cmath.tanh(z))
print(cmath.rect(2.0, math.pi / 3), cmath.pi, cmath.e, cmath.tau, cmath.infj, cmath.nanj)
print(cmath.isclose(1 + 1j, 1 + 1.0000000001j), cmath.isclose(1j, 2j), cmath.isnan(cmath.nanj), cmath.isinf(cmath.infj), cmath.isfinite(1j))
# RoPE's rotation: multiply by unit complex numbers e^{i theta}.
theta = [0.1 * k for k in range(4)]
rot = [cmath.exp(1j * t) for t in theta]
print([round(abs(r), 12) for r in rot], [(1 + 0j) * r for r in rot][-1])
