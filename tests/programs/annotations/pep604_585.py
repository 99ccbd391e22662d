# PEP 604 unions and PEP 585 builtin generics evaluate and print as in CPython 3.11.
print(int | None, None | int, int | str | None, (int | str) | (str | float))
print(int | int, (int | None) == (None | int), (int | str) == (str | int))
print(list[int], tuple[int, ...], dict[str, list[int]], tuple[()], set[float])
print(list[int] == list[int], list[int] != list[str], hash(list[int]) == hash(list[int]))
print(list[int].__origin__, list[int].__args__, (int | None).__args__)
print(type(list[int]), type(int | None))
print(isinstance(3, int | str), isinstance(None, int | None), isinstance(2.0, int | str))
print(issubclass(bool, int | str), issubclass(float, int | None))
print(list[int]([1, 2]), dict[str, int](a=1), list[int].__name__)


class Node:
    pass


def fn():
    pass


print(list[Node], dict[str, Node | None], list["Node"], list[None], list[fn])
print(Node | None, list[int] | None, type[Node])
for bad in (list[int], int | list[int]):
    try:
        isinstance([], bad)
    except TypeError as e:
        print("TypeError:", e)
try:
    issubclass(list, list[int])
except TypeError as e:
    print("TypeError:", e)
try:
    int | 3
except TypeError as e:
    print("TypeError:", e)
try:
    int[str]
except TypeError as e:
    print("TypeError:", e)
try:
    list[int][str]
except TypeError as e:
    print("TypeError:", e)
x: dict[str, tuple[int, ...]] | None = None
print(__annotations__)
