# weakref.ref (dead once only weak references remain), callbacks, and the weak maps.
import weakref
class Node:
    def __init__(self, name):
        self.name = name
    def __repr__(self):
        return "Node(%s)" % self.name
a = Node("a")
r = weakref.ref(a)
print(r() is a, r() , weakref.getweakrefcount(a))
r2 = weakref.ref(a)
print(r == r2, hash(r) == hash(a))
del a
print(r(), r2())
events = []
b = Node("b")
rb = weakref.ref(b, lambda ref: events.append("cb"))
b = None
print(rb(), events)
for bad in [1, "s", [1], (1,), {}]:
    try:
        weakref.ref(bad)
    except TypeError as e:
        print("TypeError:", e)
cache = weakref.WeakValueDictionary()
x, y = Node("x"), Node("y")
cache["x"] = x
cache["y"] = y
print(len(cache), sorted(cache.keys()), cache.get("x"), "y" in cache)
del y
print(len(cache), sorted(cache.keys()), cache.get("y"), "y" in cache)
wk = weakref.WeakKeyDictionary()
k1, k2 = Node("k1"), Node("k2")
wk[k1] = 1
wk[k2] = 2
print(len(wk), wk[k1], k2 in wk)
del k1
print(len(wk), list(wk.values()))
ws = weakref.WeakSet([k2, x])
print(len(ws), k2 in ws)
del x
print(len(ws))
def f():
    pass
print(weakref.ref(f)() is f, weakref.ref(Node)() is Node)
