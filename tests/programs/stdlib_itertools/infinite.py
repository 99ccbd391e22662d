# count, cycle, repeat (bounded with islice), accumulate.
import itertools as it

print(list(it.islice(it.count(5, 2), 4)), list(it.islice(it.count(0.5, 0.25), 3)))
print(list(it.islice(it.cycle("ab"), 5)), list(it.cycle([])))
print(list(it.repeat(1, 3)), list(it.repeat("x", 0)), list(zip(range(3), it.repeat(7))))
print(list(it.accumulate([1, 2, 3, 4])), list(it.accumulate([3, 1, 4, 1, 5], max)))
print(list(it.accumulate([1, 2, 3], lambda a, b: a * b, initial=10)), list(it.accumulate([])))
print(list(map(pow, range(4), it.repeat(2))))
