# Seeded draws identical to CPython's Mersenne Twister.
import random

random.seed(42)
print(random.random(), random.randint(1, 100), random.randrange(0, 100, 7), random.uniform(1, 2))
print(random.choice("abcdef"), random.choice([1, 2, 3]))
x = list(range(10))
random.shuffle(x)
print(x)
print(random.getrandbits(10), random.getrandbits(63), random.randrange(10), random.randrange(-5, 5))
for s in [0, 1, 12345, -7, 2 ** 40 + 3, "hello", "", 3.5, True]:
    random.seed(s)
    print(repr(s), random.random(), random.randint(0, 10 ** 9))
