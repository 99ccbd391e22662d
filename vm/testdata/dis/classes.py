class Point:
    """A point."""
    dims = 2
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
    @staticmethod
    def origin():
        return Point(0, 0)
class Point3(Point):
    def __init__(self, x, y, z):
        super().__init__(x, y)
        self.__z = z
    @property
    def z(self):
        return self.__z
class Empty:
    pass
