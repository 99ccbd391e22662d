# @staticmethod, @classmethod, @property (getter and setter).
class Temperature:
    unit = "C"
    count = 0

    def __init__(self, celsius):
        self._c = celsius
        Temperature.count += 1

    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

    @property
    def celsius(self):
        return self._c

    @celsius.setter
    def celsius(self, value):
        if value < -273.15:
            raise ValueError("below absolute zero")
        self._c = value

    @staticmethod
    def describe(x):
        return f"{x} degrees"

    @classmethod
    def freezing(cls):
        return cls(0)

    @classmethod
    def how_many(cls):
        return cls.count


t = Temperature(100)
print(t.fahrenheit, t.celsius)
t.celsius = 37
print(t.celsius, round(t.fahrenheit, 1))
try:
    t.celsius = -300
except ValueError as e:
    print("ValueError:", e)
print(Temperature.describe(5), t.describe(6))
f = Temperature.freezing()
print(type(f).__name__, f.celsius, Temperature.how_many(), t.how_many())
try:
    t.fahrenheit = 1
except AttributeError as e:
    print("AttributeError raised")
