# random's errors match CPython's messages.
import random

for bad in [lambda: random.choice([]), lambda: random.randrange(0),
            lambda: random.sample([1], 2), lambda: random.randint(3, 1),
            lambda: random.randrange(1, 10, 0), lambda: random.seed([1]),
            lambda: random.choices("ab", [1, 2, 3]), lambda: random.choices("ab", [0, 0]),
            lambda: random.sample({1, 2}, 1),
            lambda: random.getrandbits(-1)]:
    try:
        bad()
    except (ValueError, IndexError, TypeError) as e:
        print(type(e).__name__, e)
