# Operator precedence and associativity.
print(2 + 3 * 4, (2 + 3) * 4, 2 ** 3 ** 2, (2 ** 3) ** 2)
print(-2 ** 2, (-2) ** 2, not 1 == 2, not (1 and 0))
print(1 + 2 << 1, 1 | 2 & 3, 6 ^ 3 & 5)
print(10 - 4 - 3, 100 / 10 / 5, 2 * 3 % 4)
print(1 < 2 < 3, 3 > 2 > 2, 1 < 3 != 4, 1 == 1 == 1.0)
print(0 or "" or "x", 1 and 2 and 3, 0 and 1 / 0, 1 or 1 / 0)
print(None or [], [] or None, "a" if 0 else "b")
a = [1, 2]
print(a is a, a is not [1, 2], 2 in a, 3 not in a, None is None)
print(3 if True else 4 if False else 5)
print(~0 + 1, -~3, +-+-1)
