# tuple subclasses build their items in __new__; __new__ is a static method even when
# written as a plain def, and object.__new__ serves ordinary classes.
class Pair(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))

    @property
    def x(self):
        return self[0]

    def __repr__(self):
        return f"Pair(x={self[0]}, y={self[1]})"


p = Pair(1, 2)
a, b = p
print(p, p.x, a, b, type(p).__name__, p == (1, 2), hash(p) == hash((1, 2)), tuple(p))
print(p + (3,), p[::-1], len(p), p.count(1), sorted([Pair(3, 1), Pair(1, 5)]))


class Plain(tuple):
    pass


print(Plain([1, 2]), Plain(), type(Plain((3,))).__name__, Plain("ab") < ("b",))
for bad in [(1, 2), ()]:
    try:
        print(Plain(*bad) if bad else Pair())
    except TypeError as e:
        print("TypeError:", e)


class Traced:
    def __new__(cls, *args):
        print("new", cls.__name__, args)
        return super().__new__(cls)

    def __init__(self, v):
        self.v = v


print(Traced(5).v)


class Single:
    _instance = None

    def __new__(cls):
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance


print(Single() is Single())


class NotMine:
    def __new__(cls):
        return 42

    def __init__(self):
        print("never called")


print(NotMine())
for call in (lambda: object.__new__(list), lambda: tuple.__new__(list), lambda: object.__new__(5)):
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
