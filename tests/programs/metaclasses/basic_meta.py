# A metaclass deriving from type: __new__ edits the namespace, __init__ sees the class.
class Meta(type):
    def __new__(mcs, name, bases, ns, **kwargs):
        print("Meta.__new__", mcs.__name__, name, [b.__name__ for b in bases], kwargs)
        ns["created_by"] = mcs.__name__
        return super().__new__(mcs, name, bases, ns)

    def __init__(cls, name, bases, ns, **kwargs):
        print("Meta.__init__", name, sorted(k for k in ns if not k.startswith("__")))
        super().__init__(name, bases, ns)
        cls.extra = kwargs.get("extra", 0)


class Base(metaclass=Meta):
    def hello(self):
        return "hello"


class Child(Base, extra=7):
    pass


print(type(Base) is Meta, type(Child) is Meta, isinstance(Child, Meta), isinstance(Child, type))
print(Base.created_by, Child.created_by, Base.extra, Child.extra, Child().hello())
print(Meta.__mro__, Meta.__base__, type(Meta))
print(issubclass(Meta, type), Base.__class__.__name__)
