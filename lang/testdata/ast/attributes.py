a = x.y
b = x.y.z
c = (x).y
d = x.y(1).z[2].w
x.y = 1
x.y.z = 2
