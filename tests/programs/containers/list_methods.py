# list methods: append, extend, insert, pop, remove, index, count, sort, reverse, copy, clear.
a = [3, 1, 2]
a.append(5)
a.extend([8, 13])
a.extend(range(2))
a.insert(0, 100)
a.insert(-1, 200)
a.insert(99, 300)
print(a)
print(a.pop(), a.pop(0), a.pop(-2), a)
a.remove(1)
print(a, a.index(2), a.count(8), a.index(8, 1))
a.sort()
print(a)
a.sort(reverse=True)
print(a)
a.sort(key=lambda v: v % 5)
print(a)
a.reverse()
print(a)
b = a.copy()
b.append("new")
print(len(a), len(b))
b.clear()
print(b)
try:
    [].pop()
except IndexError as e:
    print("IndexError:", e)
try:
    [1].remove(5)
except ValueError as e:
    print("ValueError:", e)
try:
    [1].index(5)
except ValueError as e:
    print("ValueError:", e)
