a = x | y ^ z & w << 1 >> 2
b = x & y | z
c = (x | y) & z
d = x << y + 1
