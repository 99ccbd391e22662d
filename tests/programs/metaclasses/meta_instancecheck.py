# __instancecheck__ / __subclasscheck__ on a metaclass decide isinstance/issubclass.
class DuckMeta(type):
    def __instancecheck__(cls, obj):
        return all(hasattr(obj, m) for m in cls.required)

    def __subclasscheck__(cls, sub):
        return all(hasattr(sub, m) for m in cls.required)


class Quacker(metaclass=DuckMeta):
    required = ("quack",)


class Duck:
    def quack(self):
        return "quack"


class Dog:
    def bark(self):
        return "woof"


print(isinstance(Duck(), Quacker), isinstance(Dog(), Quacker), isinstance(3, Quacker))
print(issubclass(Duck, Quacker), issubclass(Dog, Quacker), issubclass(Dog, (int, Quacker)))
print(isinstance(Duck(), (Dog, Quacker)))
