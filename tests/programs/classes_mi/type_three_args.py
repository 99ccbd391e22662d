# type(name, bases, dict) with several bases, and the attributes of the result.
class A:
    def hello(self):
        return "A"


class B:
    def world(self):
        return "B"

    x = 1


Dyn = type("Dyn", (A, B), {"x": 5, "both": lambda self: self.hello() + self.world()})
d = Dyn()
print(Dyn.__name__, [k.__name__ for k in Dyn.__mro__], Dyn.__bases__ == (A, B))
print(d.both(), d.x, B.x, isinstance(d, B))
Empty = type("Empty", (), {})
print(Empty.__bases__, Empty.__mro__[-1])
try:
    type("Bad", (A, 3), {})
except TypeError as e:
    print("TypeError:", e)
try:
    type("Bad", [A], {})
except TypeError as e:
    print("TypeError:", e)
