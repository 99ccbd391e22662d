# groupby, tee, pairwise, zip_longest.
import itertools as it

print([(k, list(g)) for k, g in it.groupby("aabbbcaa")])
print([(k, len(list(g))) for k, g in it.groupby([1, 3, 2, 4, 5], key=lambda x: x % 2)])
words = sorted(["apple", "avocado", "banana", "blueberry", "cherry"], key=lambda w: w[0])
for letter, group in it.groupby(words, key=lambda w: w[0]):
    print(letter, list(group))
groups = it.groupby("aabb")
k1, g1 = next(groups)
k2, g2 = next(groups)
print(k1, list(g1), k2, list(g2))
a, b = it.tee([1, 2, 3])
print(next(a), list(b), list(a))
x, y, z = it.tee(range(4), 3)
print(list(zip(x, y, z)))
print(list(it.pairwise("abcd")), list(it.pairwise([1])))
print(list(it.zip_longest("ab", "xyz", fillvalue="-")), list(it.zip_longest([1, 2], [3])))
