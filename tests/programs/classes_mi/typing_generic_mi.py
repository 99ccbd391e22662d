# Generic, Protocol, dataclasses and collections.abc mixed with other bases.
from typing import Generic, TypeVar, Protocol, runtime_checkable, NamedTuple, Optional
from dataclasses import dataclass, field
import collections.abc as cabc
T = TypeVar("T")
class Base:
    def hello(self): return "base"
class Box(Base, Generic[T]):
    def __init__(self, v: T): self.v = v
b = Box[int](3)
print(b.v, b.hello(), Box.__mro__, Box.__parameters__)
class Pair(Generic[T], Base): pass
print(Pair.__mro__)
@runtime_checkable
class Closable(Protocol):
    def close(self): ...
class Res(Base):
    def close(self): pass
print(isinstance(Res(), Closable), isinstance(Base(), Closable))
@dataclass
class A:
    x: int = 1
@dataclass
class B:
    y: int = 2
@dataclass
class C(A, B):
    z: int = 3
print(C(), [f for f in C.__dataclass_fields__])
class MyMap(cabc.Mapping):
    def __init__(self): self.d = {"a": 1}
    def __getitem__(self, k): return self.d[k]
    def __len__(self): return 1
    def __iter__(self): return iter(self.d)
m = MyMap()
print(isinstance(m, cabc.Mapping), dict(m), m.get("a"), "a" in m, list(m.items()))
class Seq(cabc.Sequence, Base):
    def __getitem__(self, i): return [1,2,3][i]
    def __len__(self): return 3
print(list(Seq()), Seq().index(2), type(cabc.Sequence).__name__)
try:
    cabc.Mapping()
except TypeError as e: print(e)
from typing import List, Dict
class X(List[int]): pass
class Y(Dict[str, int], Base): pass
print(X.__mro__, Y.__mro__, X.__bases__)
print(X([1, 2]), Y(a=1).hello())
