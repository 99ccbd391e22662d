# auto() values, _generate_next_value_ overrides, and StrEnum's lower-case names.
from enum import Enum, StrEnum, auto


class Ordinal(Enum):
    NORTH = auto()
    SOUTH = auto()
    EAST = 10
    WEST = auto()


print([(m.name, m.value) for m in Ordinal])


class Named(Enum):
    def _generate_next_value_(name, start, count, last_values):
        return name.title()

    ALPHA = auto()
    BETA = auto()


print(list(Named), Named("Beta"))


class Mode(StrEnum):
    TRAIN = auto()
    EVAL = auto()


print(Mode.TRAIN.value, str(Mode.EVAL), f"{Mode.TRAIN}", repr(Mode.EVAL), Mode.TRAIN == "train")
print(repr(auto()))
