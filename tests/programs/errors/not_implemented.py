# Uncaught NotImplementedError from an abstract-style method.
class Shape:
    def area(self):
        raise NotImplementedError("subclasses must implement area()")


class Square(Shape):
    def __init__(self, s):
        self.s = s

    def area(self):
        return self.s * self.s


print(Square(3).area())
print(Shape().area())
