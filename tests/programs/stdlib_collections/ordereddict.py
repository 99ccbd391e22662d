from collections import OrderedDict

od = OrderedDict(a=1, b=2)
od["c"] = 3
od.move_to_end("a")
print(od, list(od), od.keys(), od.values(), od.items())
print(od.popitem(), od.popitem(last=False), od)
od["d"] = 4
od.move_to_end("d", last=False)
print(od, isinstance(od, dict), type(od).__name__, len(od))
x = OrderedDict([("x", 1), ("y", 2)])
y = OrderedDict([("y", 2), ("x", 1)])
print(x == y, x != y, x == {"y": 2, "x": 1}, dict(x) == dict(y))
print(OrderedDict(), OrderedDict.fromkeys("ab", 0), x.copy(), x | {"z": 3})
print(list(reversed(x)), x.get("x"), x.setdefault("w", 9), x)
try:
    OrderedDict().popitem()
except KeyError as e:
    print("KeyError:", e)
try:
    x.move_to_end("nope")
except KeyError as e:
    print("KeyError:", e)
