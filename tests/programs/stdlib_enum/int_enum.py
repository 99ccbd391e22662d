# IntEnum members compare, sort and compute like ints.
from enum import IntEnum


class Priority(IntEnum):
    LOW = 1
    MEDIUM = 5
    HIGH = 10


print(repr(Priority.HIGH), str(Priority.HIGH), f"{Priority.LOW}", f"{Priority.MEDIUM:03d}")
print(Priority.LOW < Priority.HIGH, Priority.MEDIUM == 5, Priority.HIGH > 7, 3 < Priority.MEDIUM)
print(Priority.LOW + 1, Priority.HIGH * 2, Priority.HIGH // 3, -Priority.LOW, Priority.HIGH - Priority.LOW)
print(sorted([Priority.HIGH, Priority.LOW, Priority.MEDIUM]), max(Priority), int(Priority.MEDIUM))
print(Priority(5), Priority(10).name, [p.value for p in Priority], hash(Priority.LOW) == hash(1))
print(["zero", "one", "two", "three"][Priority.LOW], {1: "low"}[Priority.LOW])
