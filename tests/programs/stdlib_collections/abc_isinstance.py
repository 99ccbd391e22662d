import collections.abc as cabc
from collections import OrderedDict, deque

values = [[], (), {}, "", set(), range(3), 3, 2.5, None, len, iter([]), OrderedDict(), (x for x in [])]
checks = [cabc.Sequence, cabc.MutableSequence, cabc.Mapping, cabc.MutableMapping, cabc.Iterable,
          cabc.Iterator, cabc.Callable, cabc.Sized, cabc.Hashable, cabc.Set, cabc.MutableSet,
          cabc.Container, cabc.Collection, cabc.Generator]
for check in checks:
    print(check.__name__.ljust(15), "".join("1" if isinstance(v, check) else "." for v in values))
print(issubclass(list, cabc.Sequence), issubclass(cabc.Sequence, cabc.Sized),
      issubclass(dict, cabc.Mapping), issubclass(int, cabc.Iterable))
print(isinstance({}.keys(), cabc.KeysView), isinstance({}.items(), cabc.ItemsView))
