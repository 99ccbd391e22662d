import typing as t

print(t.Union[int, str, None], t.Optional[int], t.Union[None, int], t.Union[int])
print(t.List, t.Dict, t.Callable, t.Tuple, t.Any, t.Iterator, t.Type, t.Set)
print(t.List[int], t.Dict[str, t.List[int]], t.Tuple[int, ...], t.Tuple[()], t.Tuple[int, str])
print(t.Callable[[int], str], t.Callable[..., int], t.Callable[[], None])
print(t.Type[int], t.Literal["a", 1], t.ClassVar[int], t.Final[int], t.Annotated[int, "meta"])
print(t.Sequence[int], t.Mapping[str, int], t.Iterable[float], t.DefaultDict[str, int])
print(t.Counter[str], t.OrderedDict[str, int], t.Deque[int])
print(t.Optional[t.List[int]], t.Union[t.List[int], None, str], t.List["Node"], t.ForwardRef("X"))


class Node:
    pass


print(t.List[Node], t.Optional[Node], t.Dict[str, t.Callable[[Node], None]])
print(t.TYPE_CHECKING, t.Text, t.cast(int, "not checked"), t.cast("Node", 3))
