# Each builtin exception type raised by the runtime, with CPython's message.
def trial(label, fn):
    try:
        fn()
    except BaseException as e:
        print(label, type(e).__name__, "|", e)


trial("div", lambda: 1 / 0)
trial("floordiv", lambda: 1 // 0)
trial("mod", lambda: 1 % 0)
trial("fdiv", lambda: 1.0 / 0)
trial("index", lambda: [1][5])
trial("tindex", lambda: (1, 2)[-3])
trial("key", lambda: {}["k"])
trial("attr", lambda: (1).foo)
trial("attr2", lambda: "s".nope)
trial("name", lambda: undefined_name)
trial("type_add", lambda: 1 + "a")
five = 5
nothing = None
trial("type_call", lambda: five())
trial("type_sub", lambda: nothing[0])
trial("type_iter", lambda: list(3))
trial("type_unpack", lambda: len(5))
trial("value_unpack", lambda: [a for a, b in [(1, 2, 3)]])
trial("value_int", lambda: int("x"))
trial("stop", lambda: next(iter([])))


def exec_assert():
    assert 1 == 2, "math broke"


trial("assert2", exec_assert)
trial("unpack_few", lambda: [a for a, b, c in [(1, 2)]])


def raise_ni():
    raise NotImplementedError("todo")


trial("ni", raise_ni)
trial("overflow", lambda: int(float("inf")))


def bad_import():
    import no_such_module_xyz


try:
    bad_import()
except ImportError as e:
    print("import ImportError |", e)
