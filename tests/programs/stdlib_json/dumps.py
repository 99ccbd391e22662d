# json.dumps formatting: floats, escapes, indent, separators, sort_keys, key coercion.
import json

print(json.dumps({"a": [1, 2.5, None, True, "é\n\""], "b": {}, "c": []}))
print(json.dumps([1e16, 1e-7, 0.1, 1.0, -0.0, 3.14159, 1 / 3, float("nan"), float("inf")]))
print(json.dumps({"b": 1, "a": [1, {"x": 2}]}, indent=2, sort_keys=True))
print(json.dumps({1: 2, 2.5: 3, True: 4, None: 5}))
print(json.dumps("😀"), json.dumps("😀\x01 tab\t", ensure_ascii=False))
print(json.dumps([1, [2, []], {}], indent=0))
print(json.dumps({"a": 1, "b": [1, 2]}, separators=(",", ":")), json.dumps([1, 2], indent="\t"))
print(json.dumps((1, 2)), json.dumps("plain"), json.dumps(None), json.dumps(12345678901))
print(json.dumps({"x": 1, (1,): 2}, skipkeys=True))
print(json.dumps({"k": [1, 2]}, indent=4, separators=(", ", " = ")))
print(json.dumps({"z": 1, "a": {"y": 2, "b": 3}}, sort_keys=True))
