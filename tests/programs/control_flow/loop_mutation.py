# Loop variables after loops, modifying lists while iterating copies.
items = [1, 2, 3, 4, 5, 6]
for v in items[:]:
    if v % 2 == 0:
        items.remove(v)
print(items)
for last in range(4):
    pass
print(last)
queue = [1]
seen = []
while queue:
    node = queue.pop(0)
    seen.append(node)
    if node < 8:
        queue.extend([node * 2, node * 2 + 1])
print(seen)
d = {"a": 1, "b": 2, "c": 3}
for k in list(d):
    if d[k] > 1:
        del d[k]
print(d)
try:
    for k in d:
        d["new" + k] = 0
except RuntimeError as e:
    print("RuntimeError:", e)
