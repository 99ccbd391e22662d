# dir() of enum classes and members, and their __members__ mapping.
from enum import Enum


class Color(Enum):
    RED = 1
    GREEN = 2

    def shade(self):
        return self.name.lower()


print(dir(Color))
print(dir(Color.RED))
print(Color.RED.shade(), Color.__members__["GREEN"], list(Color.__members__.items()))
