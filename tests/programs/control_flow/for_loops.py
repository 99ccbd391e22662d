# for over lists, strings, dicts, ranges, with break/continue/else and nested loops.
for x in [1, 2, 3]:
    print(x, end=" ")
print()
for k in {"a": 1, "b": 2}:
    print(k, end=" ")
print()
for n in range(2, 20):
    for d in range(2, n):
        if n % d == 0:
            break
    else:
        print(n, end=" ")
print()
for i in range(3):
    if i == 1:
        continue
    print("i", i)
else:
    print("for-else")
for i in []:
    print("never")
else:
    print("empty for-else")
for i, j in [(1, 2), (3, 4)]:
    print(i * j)
total = 0
for row in [[1, 2], [3, 4]]:
    for v in row:
        total += v
print(total, i)
