# dumps errors: unserializable objects, bad keys, NaN with allow_nan=False, cycles.
import json

for o in [{(1, 2): 3}, set(), float("nan"), {"x": float("inf")}, object]:
    try:
        print(json.dumps(o, allow_nan=False))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)
l = []
l.append(l)
try:
    json.dumps(l)
except ValueError as e:
    print("ValueError:", e)
d = {}
d["self"] = d
try:
    json.dumps(d)
except ValueError as e:
    print("ValueError:", e)
try:
    json.dumps({"b": 1, 1: 2}, sort_keys=True)
except TypeError as e:
    print("TypeError:", e)
