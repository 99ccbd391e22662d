from dataclasses import dataclass, field, fields, InitVar, KW_ONLY


@dataclass
class Base:
    a: int
    b: int = 2


@dataclass
class Derived(Base):
    c: int = 3
    b: int = 20


print(Derived(1), [f.name for f in fields(Derived)], Derived(1, 5, 6))


@dataclass
class Scaled:
    value: int
    scale: InitVar[int] = 2

    def __post_init__(self, scale):
        self.value *= scale


print(Scaled(3), Scaled(3, 10), [f.name for f in fields(Scaled)])


@dataclass(kw_only=True)
class Options:
    lr: float
    steps: int = 10


print(Options(lr=0.1))
for call in [lambda: Options(0.1), lambda: Options()]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)


class Plain:
    pass


@dataclass
class FromPlain(Plain):
    z: int = 0


print(FromPlain(), isinstance(FromPlain(), Plain))


@dataclass
class WithMethods:
    items: list = field(default_factory=list)

    def add(self, x):
        self.items.append(x)
        return self

    def __len__(self):
        return len(self.items)


w = WithMethods().add(1).add(2)
print(w, len(w))
