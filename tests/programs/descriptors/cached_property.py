# A non-data descriptor that caches into the instance dict (functools.cached_property's trick).
class lazy:
    def __init__(self, fn):
        self.fn = fn
        self.name = fn.__name__

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        print("computing", self.name)
        value = self.fn(obj)
        obj.__dict__[self.name] = value
        return value


class Data:
    def __init__(self, xs):
        self.xs = xs

    @lazy
    def total(self):
        return sum(self.xs)


d = Data([1, 2, 3])
print(d.total, d.total, d.total)
print(sorted(vars(d)), type(Data.total).__name__)
