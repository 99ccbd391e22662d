a = x and y
b = x or y or z
c = x and y or z and w
d = not x and not y
e = x or (y and z)
f = not not x
