# Aliases (duplicate values) and the @unique decorator.
from enum import Enum, unique


class Shape(Enum):
    SQUARE = 2
    DIAMOND = 1
    CIRCLE = 3
    ALIAS_FOR_SQUARE = 2


print(list(Shape), Shape.ALIAS_FOR_SQUARE, Shape(2), Shape["ALIAS_FOR_SQUARE"] is Shape.SQUARE)
print(list(Shape.__members__), len(Shape))
try:
    @unique
    class Mistake(Enum):
        ONE = 1
        TWO = 2
        THREE = 3
        FOUR = 3
        UNO = 1
except ValueError as e:
    print("ValueError:", e)


@unique
class Fine(Enum):
    A = 1
    B = 2


print(list(Fine))
