# Enums with a str mixin: value comparisons, str methods, dict keys.
from enum import Enum


class Split(str, Enum):
    TRAIN = "train"
    VALID = "valid"


print(repr(Split.TRAIN), str(Split.TRAIN), f"{Split.VALID}", Split.TRAIN == "train")
print(Split("valid"), Split.TRAIN.upper(), Split.VALID.startswith("va"), len(Split.TRAIN))
print({"train": 1}[Split.TRAIN], Split.TRAIN.value + "_set", sorted(s.value for s in Split))
print(Split.TRAIN != "valid", Split.TRAIN in ["train"], [s.name for s in Split])
