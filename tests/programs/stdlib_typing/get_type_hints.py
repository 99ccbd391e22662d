from typing import Optional, List, Dict, get_type_hints, get_origin, get_args, Callable


class Node:
    value: int
    next: "Optional[Node]"
    tags: List["str"]
    meta: "Dict[str, List[int]]" = {}


class Leaf(Node):
    weight: float


def connect(a: "Node", b: Optional["Leaf"] = None, *rest: int) -> "List[Node]":
    return []


print(get_type_hints(Node))
print(get_type_hints(Leaf))
print(get_type_hints(connect))
print(get_type_hints(lambda: 0), get_type_hints(Node.__init__) if hasattr(Node.__init__, "__annotations__") else {})
print(get_origin(List[int]), get_origin(Optional[int]), get_origin(int), get_origin(list[int]))
print(get_args(Dict[str, int]), get_args(Optional[int]), get_args(int), get_args(Callable[[int], str]))


def broken(x: "Zqxwv") -> None:
    pass


try:
    get_type_hints(broken)
except NameError as e:
    print("NameError:", e)
