# type(name, bases, namespace) builds a class like a class statement.
def greet(self):
    return "hi from " + type(self).__name__


Dyn = type("Dyn", (), {"greet": greet, "x": 1, "__module__": __name__})
d = Dyn()
print(Dyn.__name__, d.greet(), Dyn.x, isinstance(d, Dyn), Dyn)
Sub = type("Sub", (Dyn,), {"x": 2, "__module__": __name__})
print(Sub().greet(), Sub.x, issubclass(Sub, Dyn), Sub.__bases__)
Rec = type("Rec", (dict,), {"__module__": __name__, "get2": lambda self, k: self[k] * 2})
r = Rec(a=2)
print(r, r.get2("a"), type(r).__name__)
for args in [(1, (), {}), ("X", [], {}), ("X", (), [])]:
    try:
        type(*args)
    except TypeError as e:
        print("TypeError:", e)
try:
    type("X", ())
except TypeError as e:
    print("TypeError:", e)
