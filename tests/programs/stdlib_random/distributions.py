# sample, choices, gauss, normalvariate and friends under a seed.
import random

random.seed(7)
print(random.sample(range(100), 5), random.sample("abcdefg", 3), random.sample(range(1000), 30)[:5])
print(random.sample([1, 2, 3], 3), random.sample(["a", "b", "c", "d"], k=2, counts=[1, 1, 1, 5]))
print(random.choices("abc", k=5), random.choices([1, 2, 3], weights=[1, 0, 5], k=4))
print(random.choices("xy", cum_weights=[1, 3], k=3))
print(random.gauss(0, 1), random.gauss(5, 2), random.gauss(), random.normalvariate(0, 1))
print(random.expovariate(2.0), random.triangular(0, 1, 0.2), random.lognormvariate(0, 0.5))
vals = [round(random.gauss(10, 3), 3) for _ in range(5)]
print(vals)
