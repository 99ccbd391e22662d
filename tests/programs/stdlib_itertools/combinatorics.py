# product, permutations, combinations, combinations_with_replacement.
import itertools as it

print(list(it.product("ab", repeat=2)), list(it.product([1, 2], "x")), list(it.product()))
print(list(it.permutations("abc", 2)), len(list(it.permutations(range(5)))))
print(list(it.permutations([1, 2, 3])))
print(list(it.combinations(range(4), 2)), list(it.combinations("abc", 4)), list(it.combinations("ab", 0)))
print(list(it.combinations_with_replacement("abc", 2)))
print(sum(1 for _ in it.combinations(range(10), 3)))
grid = [(i, j) for i, j in it.product(range(2), range(3)) if i != j]
print(grid)
for bad in [lambda: it.combinations("ab", -1), lambda: it.permutations("ab", -2),
            lambda: it.product("a", repeat=-1)]:
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
