# Enum members: repr, str, format, name, value, identity, iteration and lookups.
from enum import Enum


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


print(repr(Color.RED), str(Color.RED), f"{Color.GREEN}", f"[{Color.BLUE:>12}]")
print(Color.RED.name, Color.RED.value, type(Color.RED), Color)
print(list(Color), len(Color), Color(2), Color["BLUE"], Color(3) is Color.BLUE)
print(Color.RED in Color, isinstance(Color.RED, Color), type(Color).__name__)
print([c.name for c in reversed(Color)], Color.__members__)
print(Color.RED == Color.RED, Color.RED != Color.GREEN, Color.RED == 1, Color.RED is Color["RED"])
print({Color.RED: "r", Color.GREEN: "g"}[Color.GREEN], hash(Color.RED) == hash("RED"))
print(Color.RED.__class__.__name__, Color.__name__, sorted(Color, key=lambda c: -c.value))
