from dataclasses import dataclass


@dataclass(order=True)
class Version:
    major: int
    minor: int = 0


print(Version(1) < Version(2), Version(1, 2) <= Version(1, 2), Version(2) > Version(1, 9))
print(sorted([Version(3), Version(1, 5), Version(1, 2)]), max(Version(1), Version(0, 9)))
try:
    Version(1) < (1, 0)
except TypeError as e:
    print("TypeError:", e)


@dataclass(eq=False)
class Plain:
    a: int


print(Plain(1) == Plain(1), hash(Plain(1)) != 0)


@dataclass(unsafe_hash=True)
class Hashed:
    a: int
    b: str = "b"


print(hash(Hashed(1)) == hash((1, "b")), len({Hashed(1), Hashed(1), Hashed(2)}))
try:
    hash(Version(1))
except TypeError as e:
    print("TypeError:", e)
try:
    @dataclass(order=True, eq=False)
    class Bad:
        a: int
except ValueError as e:
    print("ValueError:", e)
