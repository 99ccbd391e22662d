# Inside torch.compile, metaclass __call__, abstract classes, ABC registration and __slots__
# behave as in eager (the tracer hands them to the interpreter).
import abc
import torch
class Counting(type):
    def __call__(cls, *args, **kwargs):
        obj = super().__call__(*args, **kwargs)
        obj.tag = "made by meta"
        return obj
class Scale(metaclass=Counting):
    def __init__(self, k):
        self.k = k
class Abstract(abc.ABC):
    @abc.abstractmethod
    def f(self): ...
class Virtual(abc.ABC):
    pass
class Plain:
    pass
Virtual.register(Plain)
class Slotted:
    __slots__ = ("a",)
@torch.compile
def f(x):
    s = Scale(2)
    try:
        Abstract()
        made = "made"
    except TypeError:
        made = "refused"
    try:
        o = Slotted()
        o.b = 1
        slot = "stored"
    except AttributeError:
        slot = "refused"
    return x * s.k, getattr(s, "tag", "none"), made, isinstance(Plain(), Virtual), slot
print(f(torch.ones(2)))
