# __class_getitem__ as an implicit classmethod, with inheritance.
class Box:
    def __class_getitem__(cls, item):
        name = item.__name__ if isinstance(item, type) else repr(item)
        return f"{cls.__name__}[{name}]"


class Crate(Box):
    pass


print(Box[int], Crate[str], Box[3], Box[(int, str)])
try:
    object()[0]
except TypeError as e:
    print("TypeError:", e)
try:
    int[0]
    print("int subscript ok")
except TypeError as e:
    print("TypeError:", e)


class Plain:
    pass


Plain[int]
