# The functional API: Enum("Name", "A B C") and with explicit values.
from enum import Enum, IntEnum

Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE.value, Animal(3), Animal)
Sizes = Enum("Sizes", [("S", 1), ("M", 5), ("L", 10)])
print([(s.name, s.value) for s in Sizes])
Levels = IntEnum("Levels", {"LOW": 1, "HIGH": 3})
print(Levels.HIGH > Levels.LOW, repr(Levels.HIGH))
Dirs = Enum("Dirs", "N, S, E, W")
print(len(Dirs), Dirs.W.value)
