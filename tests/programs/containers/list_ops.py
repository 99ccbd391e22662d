# list operators, slicing reads and writes, nested lists, comparisons.
a = [1, 2, 3]
print(a + [4], a * 2, [0] * 3, 2 in a, a == [1, 2, 3], a < [1, 2, 4], [1] < [1, 0])
b = list(range(10))
print(b[2:5], b[::-2], b[-3:], b[8:2:-2])
b[2:5] = ["x"]
print(b)
b[:0] = [-1, -2]
print(b)
b[::3] = [0] * len(b[::3])
print(b)
grid = [[0] * 3 for _ in range(2)]
grid[1][2] = 7
print(grid)
alias = [[0] * 2] * 2
alias[0][0] = 5
print(alias)
c = a
c += [9]
print(a, c is a)
a = a + [10]
print(a, c)
try:
    b[::2] = [1]
except ValueError as e:
    print("ValueError:", e)
print(len([[]]), [[1, 2], [3]][1][0], list(reversed(a)))
