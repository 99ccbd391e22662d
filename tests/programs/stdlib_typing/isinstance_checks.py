import typing as t

print(isinstance([], t.List), isinstance({}, t.Dict), isinstance((), t.Tuple), isinstance(3, t.Type))
print(isinstance([], t.Sequence), isinstance({}, t.Mapping), isinstance(len, t.Callable), isinstance(3, t.Iterable))
print(issubclass(list, t.List), issubclass(dict, t.MutableMapping))
for bad in [lambda: isinstance([], t.List[int]), lambda: isinstance(1, t.Any),
            lambda: isinstance(1, t.Literal[1]), lambda: issubclass(int, t.Optional),
            lambda: t.List(), lambda: t.Dict[str, int](), lambda: t.Any()]:
    try:
        print(bad())
    except TypeError as e:
        print("TypeError:", e)
print(t.DefaultDict[str, int](int), t.Counter("aab"), t.Deque([1]))
