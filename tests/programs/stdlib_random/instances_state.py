# Independent Random instances and getstate/setstate.
import random

a = random.Random(123)
b = random.Random(123)
print([a.random() for _ in range(3)] == [b.random() for _ in range(3)])
c = random.Random("seed string")
print(c.random(), c.randint(0, 10 ** 9))
st = random.getstate()
first = [random.random() for _ in range(3)]
random.setstate(st)
print(first == [random.random() for _ in range(3)], st[0], len(st[1]))
r = random.Random(5)
g = r.gauss(0, 1)
s = r.getstate()
print(g, r.gauss(0, 1))
r.setstate(s)
print(r.gauss(0, 1))
class MyRandom(random.Random):
    def coin(self):
        return "heads" if self.random() < 0.5 else "tails"
m = MyRandom(1)
print([m.coin() for _ in range(6)])
