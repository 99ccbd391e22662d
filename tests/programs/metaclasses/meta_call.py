# Metaclass __call__: singletons and instance counting through super().__call__.
class Singleton(type):
    _instances = {}

    def __call__(cls, *args, **kwargs):
        if cls not in cls._instances:
            print("creating", cls.__name__, args, kwargs)
            cls._instances[cls] = super().__call__(*args, **kwargs)
        return cls._instances[cls]


class Settings(metaclass=Singleton):
    def __init__(self, debug=False):
        self.debug = debug


a = Settings(debug=True)
b = Settings()
print(a is b, a.debug, b.debug)


class Counting(type):
    def __call__(cls, *args, **kwargs):
        obj = super().__call__(*args, **kwargs)
        cls.count = getattr(cls, "count", 0) + 1
        return obj


class Thing(metaclass=Counting):
    def __init__(self, n):
        self.n = n


things = [Thing(i) for i in range(4)]
print(Thing.count, [t.n for t in things])
