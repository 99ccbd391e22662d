# Enum errors: bad values and names, ordering, reassignment, extension.
from enum import Enum


class Color(Enum):
    RED = 1
    GREEN = 2


for attempt in (lambda: Color(7), lambda: Color["PINK"], lambda: Color.RED < Color.GREEN):
    try:
        attempt()
    except (ValueError, KeyError, TypeError) as e:
        print(type(e).__name__, e)
try:
    Color.RED = 5
except AttributeError as e:
    print("AttributeError:", e)
try:
    Color.RED.value = 5
except AttributeError as e:
    print("AttributeError:", e)
try:
    class More(Color):
        BLUE = 3
except TypeError as e:
    print("TypeError:", e)
print(Color(1))
