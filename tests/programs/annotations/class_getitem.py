# PEP 560: cls[...] calls __class_getitem__ (an implicit classmethod) and a base that
# is not a class is replaced through __mro_entries__.
class Registry:
    def __class_getitem__(cls, key):
        return f"{cls.__name__}[{key!r}]"


print(Registry[int], Registry["x"], Registry[1, 2])


class Sub(Registry):
    pass


print(Sub[str])


class Alias:
    def __init__(self, origin):
        self.origin = origin

    def __mro_entries__(self, bases):
        return (self.origin,)


class Base:
    kind = "base"


class Derived(Alias(Base)):
    pass


print(Derived.kind, Derived.__bases__, Derived.__orig_bases__[0].origin.__name__)


class FromGeneric(list[int]):
    pass


print(FromGeneric([1, 2]), FromGeneric.__bases__, FromGeneric.__orig_bases__)
try:
    Base[int]
except TypeError as e:
    print("TypeError:", e)
