# math: constants and the functions LANGUAGE.md lists.
import math

print(math.pi, math.e, math.inf, -math.inf)
print(math.sqrt(16), math.sqrt(2), math.exp(1), math.exp(0), math.log(math.e), math.log(100, 10))
print(math.sin(0), math.cos(0), math.tanh(0.5), math.sin(math.pi / 2))
print(math.floor(2.7), math.floor(-2.7), math.ceil(2.1), math.ceil(-2.1), type(math.floor(1.5)).__name__)
print(math.prod([1, 2, 3, 4]), math.prod([]), math.prod([0.5, 4]))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1.0, 1.1), math.isclose(1.0, 1.05, rel_tol=0.1))
print(math.log(8, 2), math.exp(-1), round(math.log(2), 12))
try:
    math.sqrt(-1)
except ValueError as e:
    print("ValueError:", e)
try:
    math.log(0)
except ValueError as e:
    print("ValueError:", e)
from math import sqrt as root, pi
print(root(81), pi > 3)
