# Chained, tuple, list and starred assignment; attribute and subscript targets.
a = b = c = 5
print(a, b, c)
x, y = 1, 2
x, y = y, x
print(x, y)
[p, q] = "pq"
print(p, q)
(m, n), k = (1, 2), 3
print(m, n, k)
first, *rest = [1, 2, 3, 4]
print(first, rest)
*init, last = range(5)
print(init, last)
h, *mid, t = "hello"
print(h, mid, t)
head, *empty = [9]
print(head, empty)
lst = [0, 0, 0]
lst[0], lst[2] = 7, 8
print(lst)
d = {}
d["a"] = d["b"] = 1
print(d)


class Box:
    pass


box = Box()
box.v = box.w = 3
box.v += 1
print(box.v, box.w)
lst[1] += 10
lst[-1] *= 2
print(lst)
for i, (u, v) in enumerate([(1, 2), (3, 4)]):
    print(i, u, v)
