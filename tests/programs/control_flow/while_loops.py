# while with break, continue and else.
n = 27
steps = 0
while n != 1:
    n = n // 2 if n % 2 == 0 else 3 * n + 1
    steps += 1
print("collatz steps", steps)
i = 0
while i < 10:
    i += 1
    if i % 2:
        continue
    if i > 6:
        break
    print("even", i)
else:
    print("not reached")
j = 0
while j < 3:
    j += 1
else:
    print("while-else ran, j =", j)
while True:
    break
print("done")
