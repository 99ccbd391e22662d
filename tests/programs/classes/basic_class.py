# Class definition, __init__, methods, class vs instance attributes.
class Counter:
    instances = 0
    step = 1

    def __init__(self, start=0):
        self.value = start
        Counter.instances += 1

    def inc(self):
        self.value += self.step
        return self

    def get(self):
        return self.value


a = Counter()
b = Counter(10)
a.inc().inc()
b.step = 5
b.inc()
print(a.get(), b.get(), Counter.instances, a.step, b.step, Counter.step)
print(type(a).__name__, isinstance(a, Counter), Counter)
m = a.inc
print(m().get(), Counter.get(a))
a.extra = [1]
print(a.extra, hasattr(b, "extra"))
