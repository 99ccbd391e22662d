from dataclasses import dataclass, FrozenInstanceError


@dataclass(frozen=True)
class Config:
    name: str
    depth: int = 2


c = Config("net")
print(c, hash(c) == hash(("net", 2)), {c: "ok"}[Config("net")], c == Config("net", 2))
for action in ("assign", "delete", "new"):
    try:
        if action == "assign":
            c.depth = 3
        elif action == "delete":
            del c.name
        else:
            c.extra = 1
    except FrozenInstanceError as e:
        print(type(e).__name__, e, isinstance(e, AttributeError))
print(FrozenInstanceError.__mro__[1].__name__, c)


@dataclass(frozen=True)
class Derived(Config):
    width: int = 4


d = Derived("x")
print(d, d.width)
try:
    d.width = 1
except AttributeError as e:
    print("AttributeError:", e)
