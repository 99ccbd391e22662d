x += 1
x -= 1
x *= 1
x @= m
x /= 1
x %= 1
x &= 1
x |= 1
x ^= 1
x <<= 1
x >>= 1
x **= 1
x //= 1
x.y += 1
x[0] += 1
(x) += 1
def g():
    x += yield
