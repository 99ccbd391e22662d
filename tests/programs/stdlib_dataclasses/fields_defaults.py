from dataclasses import dataclass, field, fields
from typing import List, ClassVar


@dataclass
class Inventory:
    name: str
    items: List[int] = field(default_factory=list)
    total: int = field(init=False, default=0)
    secret: str = field(default="x", repr=False, compare=False)
    kind: ClassVar[str] = "inventory"

    def __post_init__(self):
        self.total = sum(self.items)


a = Inventory("a", [1, 2])
b = Inventory("b")
print(a, a.total, b, b.items is not Inventory("b").items, Inventory.kind)
print([f.name for f in fields(Inventory)], [f.init for f in fields(a)], [f.repr for f in fields(a)])
print(Inventory("a", [1, 2], secret="y") == a, fields(Inventory)[1].default_factory is list)


@dataclass
class Computed:
    base: int = 2
    double: int = base * 10
    label: str = "n" + str(base)


print(Computed(), Computed(1), Computed.double)


@dataclass
class Meta:
    x: int = field(default=1, metadata={"unit": "cm"})


print(fields(Meta)[0].metadata["unit"], fields(Meta)[0].type)
