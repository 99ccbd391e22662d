from typing import Dict, List, Optional, Tuple, Union, Callable, Any, Iterator


def forward(x: List[float], mask: Optional[List[bool]] = None) -> Tuple[float, int]:
    return sum(x), len(x)


def apply(fn: Callable[[int], int], values: Dict[str, int]) -> Dict[str, Any]:
    return {k: fn(v) for k, v in values.items()}


def scale(v: Union[int, float], *args: int, factor: float = 2.0, **kw: str) -> float:
    return v * factor


def count(n: int) -> Iterator[int]:
    yield from range(n)


for fn in (forward, apply, scale, count):
    print(fn.__name__, fn.__annotations__)
print(forward([1.0, 2.0]), apply(lambda v: v + 1, {"a": 1}), scale(3), list(count(3)))
