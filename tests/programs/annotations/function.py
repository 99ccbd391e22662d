# Parameter and return annotations are evaluated when the def runs and kept in
# f.__annotations__ in CPython's order.
class Node:
    pass


def f(a, /, b: int, *args: str, c: float = 1.0, d, **kw: dict) -> "Node":
    return a


print(f.__annotations__)


def g(x: Node, y: list[int] = []) -> None:
    pass


print(g.__annotations__)


def h():
    pass


print(h.__annotations__, h.__annotations__ is h.__annotations__)
h.__annotations__ = {"z": 1}
print(h.__annotations__)
try:
    h.__annotations__ = 5
except TypeError as e:
    print("TypeError:", e)

print((lambda q: q).__annotations__)


class K:
    def method(self, __v: int) -> int:
        return __v

    @staticmethod
    def s(p: "K") -> bool:
        return True


print(K.method.__annotations__, K.s.__annotations__)
print(K().method(4))

order = []


def note(tag):
    order.append(tag)
    return tag


def evaluated(a: note("a") = note("default")) -> note("ret"):
    pass


print(order)


def outer():
    T = int

    def inner(v: T) -> T:
        return v

    return inner


print(outer().__annotations__)
