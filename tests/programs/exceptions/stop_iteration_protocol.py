# StopIteration raised by user iterators ends for loops; next() default.
class Limited:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        self.n -= 1
        if self.n < 0:
            raise StopIteration("exhausted")
        return self.n


print(list(Limited(3)))
it = Limited(1)
print(next(it))
try:
    next(it)
except StopIteration as e:
    print("StopIteration", e.args)
print(next(Limited(0), "dflt"))
