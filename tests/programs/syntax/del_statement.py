# del on names, list items, slices, dict keys and attributes.
x = 1
del x
try:
    print(x)
except NameError as e:
    print("NameError:", e)
lst = list(range(10))
del lst[0]
del lst[-1]
print(lst)
del lst[2:5]
print(lst)
del lst[::2]
print(lst)
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
try:
    del d["zz"]
except KeyError as e:
    print("KeyError:", e)


class C:
    def __init__(self):
        self.a = 1
        self.b = 2


c = C()
del c.a
print(hasattr(c, "a"), hasattr(c, "b"))
a, b = 1, 2
del a, b
print("deleted both")
