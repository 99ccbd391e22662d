r = a + b * c - d / e // f % g ** h @ m
s = (a << 1) | (b >> 2) & c ^ d
t = -a + +b - ~c
u = not a
v = -5
w = -2.5
big = -9223372036854775808
