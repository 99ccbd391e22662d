"""Under `from __future__ import annotations` annotations are kept as source text."""
from __future__ import annotations

import __future__

width: int = 3
child: Optional["Tree"]
table: Dict[str,  List[int]]


def build(a: Tuple[int, ...], b: int | None = None, *rest: Any) -> list[Tree]:
    return []


class Tree:
    left: Tree | None = None
    items: Callable[[int, str], None]


print(__annotations__)
print(build.__annotations__)
print(Tree.__annotations__)
print(__future__.annotations)
print(annotations)
