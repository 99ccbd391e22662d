# chain, compress, dropwhile, takewhile, filterfalse, islice, starmap.
import itertools as it

print(list(it.chain([1], (2, 3), "ab")), list(it.chain.from_iterable(["ab", "c", []])))
print(list(it.compress("abcdef", [1, 0, 1, 0, 1, 1])))
print(list(it.dropwhile(lambda x: x < 3, [1, 4, 1])), list(it.takewhile(lambda x: x < 3, [1, 2, 4, 1])))
print(list(it.filterfalse(lambda x: x % 2, range(8))), list(it.filterfalse(None, [0, 1, "", "a"])))
print(list(it.islice(range(10), 3)), list(it.islice(range(10), 2, 8, 2)), list(it.islice("abcdef", 2, None)))
print(list(it.islice(range(10), 1, None, 3)), list(it.starmap(pow, [(2, 3), (3, 2)])))
for args in [(-1,), (0, 5, 0), (1.5,)]:
    try:
        it.islice([1], *args)
    except ValueError as e:
        print("ValueError:", e)
try:
    it.compress(1, [1])
except TypeError as e:
    print("TypeError:", e)
