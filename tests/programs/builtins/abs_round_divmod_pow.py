# abs, round, divmod, pow.
print(abs(-3), abs(3.5), abs(-0.0), abs(True))
print(round(3.14159, 2), round(2.5), round(3.5), round(-2.5), round(1234, -2))
print(round(7), round(7.7), type(round(7.7)).__name__, type(round(7.7, 1)).__name__)
print(round(0.125, 2), round(0.375, 2), round(-1.005, 2))
print(divmod(17, 5), divmod(-17, 5), divmod(17, -5), divmod(5.5, 2))
print(pow(2, 10), pow(2, -2), pow(2.0, 0.5), pow(3, 4, 5), pow(-2, 3))
print(2 ** 0.5 == pow(2, 0.5))
