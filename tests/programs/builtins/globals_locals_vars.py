# globals(), locals() and vars() with no argument: namespaces of modules, classes and
# functions (snapshots in functions), including cell and free variables.
counter = 3


def f(a, b=2, *args, **kw):
    c = a + b
    d = [c]

    def inner():
        return c + e

    e = 10
    snap = locals()
    snap["a"] = 99  # a snapshot: the local is unchanged
    print("locals keys", list(snap))
    print("a", a, "snap a", snap["a"], "inner", inner())
    return sorted(vars().keys())


print(f(1))
print(f(1, 5, 7, x=1))


def closure_user():
    x = 1

    def g():
        y = x + 1
        return locals()

    return g()


print("free vars", closure_user())


def unbound():
    before = locals()
    z = 5
    return before, locals()


print("unbound", unbound())
g = globals()
print("is module dict", g is globals(), g["counter"], "__name__" in g, g["__name__"])
g["made_here"] = 42
print("made_here", made_here)
print("module locals is globals", locals() is globals(), vars() is globals())


class K:
    p = 1
    q = p + 1
    names = sorted(k for k in locals() if not k.startswith("__"))
    ns = vars()
    print("class body", sorted(k for k in ns if not k.startswith("__")))


print("class names", K.names)


def via_globals(name):
    return globals()[name]


print("lookup", via_globals("counter"), via_globals("f").__name__)
try:
    locals(1)
except TypeError as e:
    print("TypeError", e)
try:
    vars(1, 2)
except TypeError as e:
    print("TypeError", e)
try:
    globals(1)
except TypeError as e:
    print("TypeError", e)
