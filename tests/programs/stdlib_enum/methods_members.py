# Enum classes with methods, properties, classmethods and member __init__.
from enum import Enum


class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    EARTH = (5.976e24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def surface_gravity(self):
        G = 6.673e-11
        return G * self.mass / (self.radius * self.radius)

    @classmethod
    def heaviest(cls):
        return max(cls, key=lambda p: p.mass)

    def describe(self):
        return f"{self.name.title()}: g={self.surface_gravity:.2f}"


print(Planet.EARTH.value, Planet.EARTH.mass, repr(Planet.MERCURY))
print(Planet.heaviest(), [p.describe() for p in Planet])
print(Planet((5.976e24, 6.37814e6)) is Planet.EARTH)


class Status(Enum):
    ACTIVE = "active"
    INACTIVE = "inactive"

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            for member in cls:
                if member.value == value.lower():
                    return member
        return None

    def __str__(self):
        return self.value.upper()


print(Status("ACTIVE"), repr(Status("Inactive")), f"{Status.ACTIVE}")
try:
    Status(3)
except ValueError as e:
    print("ValueError:", e)
