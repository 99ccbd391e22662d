from typing import Generic, TypeVar, List, Dict

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V", bound=int)
Co = TypeVar("Co", covariant=True)
print(T, Co, V, V.__bound__, T.__name__, TypeVar("S", int, str).__constraints__)
print(List[T], List[T].__parameters__, List[T][int], Dict[K, List[T]][str, float])


class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item

    def get(self) -> T:
        return self.item


b = Box[int](3)
print(b.get(), b.__orig_class__, Box.__parameters__, Box[str], Box(5).item)


class IntBox(Box[int]):
    pass


print(IntBox(4).get(), IntBox.__parameters__, IntBox.__orig_bases__, isinstance(IntBox(1), Box))


class Pair(Generic[K, T]):
    pass


print(Pair[str, int], Pair.__parameters__)
for bad in [lambda: Generic[int], lambda: Pair[int], lambda: Box[int, str], lambda: IntBox[int]]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)
