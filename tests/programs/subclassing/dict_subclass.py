# A dict subclass keeps its class and an instance __dict__, overrides reach dict's own
# methods through super(), and __missing__ is honoured.
class Config(dict):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.frozen = False

    def __getitem__(self, key):
        return super().__getitem__(key) * 10

    def __setitem__(self, key, value):
        if self.frozen:
            raise KeyError("frozen: " + key)
        super().__setitem__(key, value)


c = Config(a=1, b=2)
print(c, c["a"], c.frozen, type(c).__name__, isinstance(c, dict))
print(len(c), c.get("a"), c == {"a": 1, "b": 2}, dict(c), sorted(c.items()))
c["z"] = 3
print(c, vars(c))
c.frozen = True
try:
    c["y"] = 4
except KeyError as e:
    print("KeyError:", e)


class Default(dict):
    def __missing__(self, key):
        value = self[key] = len(key)
        return value


d = Default()
print(d["abc"], d, "abc" in d, "q" in d, d.get("q"))


class Tagged(dict):
    def __repr__(self):
        return f"Tagged({dict.__repr__(self)})"


t = Tagged([("x", 1)], y=2)
print(t, repr(Tagged()), str(t), t | {"w": 0})
t.update(k=5)
print(t, list(t), t.pop("x"), t)
print(dict.__getitem__({"q": 1}, "q"), dict.__len__({}), dict.__contains__({1: 2}, 1))
