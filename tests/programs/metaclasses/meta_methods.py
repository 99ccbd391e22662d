# Methods, properties and dunders defined on a metaclass act on its classes.
class Registry(type):
    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        cls.items = [k for k in ns if not k.startswith("_")]

    def describe(cls):
        return f"{cls.__name__} has {cls.items}"

    @property
    def size(cls):
        return len(cls.items)

    def __len__(cls):
        return len(cls.items)

    def __iter__(cls):
        return iter(cls.items)

    def __getitem__(cls, key):
        return getattr(cls, key)

    def __repr__(cls):
        return f"<registry {cls.__name__}>"

    def __contains__(cls, key):
        return key in cls.items


class Colours(metaclass=Registry):
    red = 1
    green = 2


print(Colours.describe(), Colours.size, len(Colours), list(Colours))
print(Colours["green"], "red" in Colours, "blue" in Colours, Colours, repr(Colours))
print(hasattr(Colours(), "describe"), hasattr(Colours, "describe"))
try:
    Colours().size
except AttributeError as e:
    print("AttributeError:", e)
