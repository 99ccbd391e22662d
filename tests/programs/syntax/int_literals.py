# Integer literals and arithmetic on the 64-bit range.
print(0, 7, -7, +7)
print(0x1F, 0o17, 0b1011, 1_000_000)
print(2 ** 62, -(2 ** 62) * 2)
print(9223372036854775807)
print(7 // 2, -7 // 2, 7 // -2, -7 // -2)
print(7 % 3, -7 % 3, 7 % -3, -7 % -3)
print(7 / 2, -7 / 2, 6 / 3)
print(2 ** 10, 2 ** -1, (-2) ** 3, 0 ** 0)
print(abs(-5), -(-5), ~5, ~-1)
print(5 & 3, 5 | 3, 5 ^ 3, 1 << 10, 1024 >> 3, -16 >> 2)
print(True + True, True * 3, False - 1)
print(10 == 10.0, 1 == True, 0 == False)
x = 3
x += 4
x -= 1
x *= 5
x //= 4
x %= 5
x **= 3
x <<= 2
x >>= 1
x |= 1
x &= 0xFF
x ^= 0x0F
print(x)
