# dict methods: keys/values/items, get, setdefault, update, pop, popitem, copy, clear, in.
d = {"b": 2, "a": 1}
d["c"] = 3
d["b"] = 20
print(d, len(d), list(d), list(d.keys()), list(d.values()), list(d.items()))
print(d.get("a"), d.get("z"), d.get("z", 0), "a" in d, "z" not in d)
print(d.setdefault("a", 100), d.setdefault("n", []), d)
d["n"].append(1)
d.update({"c": 30, "e": 5})
d.update(f=6)
d.update([("g", 7)])
print(d)
print(d.pop("e"), d.pop("zz", "none"), d.popitem(), d)
e = d.copy()
e.clear()
print(e, len(d))
for k, v in d.items():
    print(k, v)
try:
    d.pop("missing")
except KeyError as err:
    print("KeyError:", err)
print(dict.fromkeys("ab", 0), {**d, "z": 26})
print({1: "a", True: "b", 1.0: "c"})
