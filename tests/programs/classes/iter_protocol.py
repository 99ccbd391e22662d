# __iter__/__next__ user iterators, and __getitem__-based iteration.
class Countdown:
    def __init__(self, start):
        self.current = start

    def __iter__(self):
        return self

    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1


class Squares:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return SquaresIter(self.n)


class SquaresIter:
    def __init__(self, n):
        self.i = 0
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i * self.i


print(list(Countdown(5)))
sq = Squares(4)
print(list(sq), list(sq), sum(sq), max(sq), sorted(sq, reverse=True))
for a, b in zip(Countdown(3), Squares(3)):
    print(a, b)
it = iter(Countdown(2))
print(next(it), next(it), next(it, "stop"))
print([x for x in Squares(3) if x > 1], dict(enumerate(Squares(2))))
