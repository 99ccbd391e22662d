# dict ordering, equality, mixed keys, deletion during rebuild, nested dicts.
d = {}
for word in "one two three two one one".split():
    d[word] = d.get(word, 0) + 1
print(d)
print(sorted(d.items(), key=lambda kv: (-kv[1], kv[0])))
print({"a": 1, "b": 2} == {"b": 2, "a": 1}, {"a": 1} != {"a": 2})
m = {1: "int", "1": "str", (1,): "tuple", None: "none", 2.5: "float"}
print(m[1], m["1"], m[(1,)], m[None], m[2.5])
del d["two"]
d["two"] = 9
print(list(d))
tree = {"root": {"left": {"val": 1}, "right": {"val": 2}}}
print(tree["root"]["right"]["val"], tree)
inv = {v: k for k, v in {"x": 1, "y": 2}.items()}
print(inv)
try:
    {[1]: 2}
except TypeError as e:
    print("TypeError:", e)
try:
    print(d["nope"])
except KeyError as e:
    print("KeyError:", e, repr(e))
