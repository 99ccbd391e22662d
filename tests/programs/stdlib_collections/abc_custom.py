import collections.abc as cabc


class Registry(cabc.Mapping):
    def __init__(self, **entries):
        self._entries = dict(entries)

    def __getitem__(self, key):
        return self._entries[key]

    def __len__(self):
        return len(self._entries)

    def __iter__(self):
        return iter(self._entries)


r = Registry(a=1, b=2)
print(isinstance(r, cabc.Mapping), len(r), list(r), dict(r.items()), list(r.keys()), list(r.values()))
print(r.get("a"), r.get("z", 0), "a" in r, "z" in r, r == {"a": 1, "b": 2}, dict(r))


class Bag(cabc.MutableSequence):
    def __init__(self):
        self._items = []

    def __getitem__(self, i):
        return self._items[i]

    def __setitem__(self, i, v):
        self._items[i] = v

    def __delitem__(self, i):
        del self._items[i]

    def __len__(self):
        return len(self._items)

    def insert(self, i, v):
        self._items.insert(i, v)


b = Bag()
b.append(1)
b.extend([2, 3])
b += [4]
print(list(b), b.pop(), list(b), b.index(2), b.count(1), 3 in b, list(reversed(b)))
b.reverse()
b.remove(2)
print(list(b), isinstance(b, cabc.Sequence), isinstance(b, cabc.Sized))


class Partial(cabc.Mapping):
    def __getitem__(self, key):
        return 1


try:
    Partial()
except TypeError as e:
    print("TypeError:", e)
