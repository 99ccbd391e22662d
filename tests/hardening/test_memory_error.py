# Allocations the machine cannot satisfy raise MemoryError (never abort), and the
# interpreter is still usable afterwards (issue M13).
def attempt(label, fn):
    try:
        fn()
        print(label, "no error")
    except MemoryError as e:
        print(label, "MemoryError", repr(e), e.args)
    except OverflowError as e:
        print(label, "OverflowError", e)


attempt("str repeat", lambda: "ab" * (10**12))
attempt("str repeat past ssize_t", lambda: "ab" * (2**62))
attempt("list repeat", lambda: [1, 2] * (10**12))
attempt("list repeat past ssize_t", lambda: [1] * (2**62))
attempt("tuple repeat", lambda: (1,) * (2**62))
attempt("list of range", lambda: list(range(10**12)))
attempt("tuple of range", lambda: tuple(range(10**12)))
attempt("huge format width", lambda: format(1, "99999999999"))
try:
    s = "x" * (10**13)
except MemoryError:
    print("caught in the same frame")
print("still running", sum(range(10)), "ab" * 3, issubclass(MemoryError, Exception))
