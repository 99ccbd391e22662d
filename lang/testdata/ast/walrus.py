if (n := len(a)) > 10:
    pass
while chunk := f.read():
    pass
b = [y for x in xs if (y := f(x))]
print(x := 1)
c = (d := 2)
e = f(x, y := 3)
g = x[(h := 1)]
