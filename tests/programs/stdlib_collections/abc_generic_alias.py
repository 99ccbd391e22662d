import collections.abc as cabc
from collections import OrderedDict, defaultdict, Counter, deque

print(cabc.Iterable[int], cabc.Callable[[int], str], cabc.Mapping, list[cabc.Sequence])
print(cabc.Iterable[int] == cabc.Iterable[int], cabc.Iterable[int].__origin__ is cabc.Iterable)
print(dict[str, OrderedDict], tuple[Counter, ...], list[deque])


class Stream(cabc.Iterator):
    def __init__(self, n):
        self.i, self.n = 0, n

    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i


print(list(Stream(3)), isinstance(Stream(1), cabc.Iterable), iter(Stream(2)).__class__.__name__)
