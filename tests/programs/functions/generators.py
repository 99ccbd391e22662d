# Generators (optional in wick: if unsupported, this program documents the gap).
def count_up(n):
    i = 0
    while i < n:
        yield i
        i += 1


def evens(xs):
    for x in xs:
        if x % 2 == 0:
            yield x


print(list(count_up(4)), sum(count_up(5)), list(evens(range(9))))
g = count_up(2)
print(next(g), next(g), next(g, "end"))
