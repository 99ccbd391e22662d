# __prepare__ supplies the class namespace; the metaclass sees definition order.
class Ordered(type):
    @classmethod
    def __prepare__(mcs, name, bases, **kwargs):
        print("prepare", name, kwargs)
        return {"preset": 42}

    def __new__(mcs, name, bases, ns, **kwargs):
        cls = super().__new__(mcs, name, bases, ns)
        cls.order = [k for k in ns if not k.startswith("__")]
        return cls

    def __init__(cls, name, bases, ns, **kwargs):
        super().__init__(name, bases, ns)


class Fields(metaclass=Ordered, flag=True):
    zeta = 1
    alpha = 2

    def method(self):
        return self.preset


print(Fields.order, Fields.preset, Fields().method())
