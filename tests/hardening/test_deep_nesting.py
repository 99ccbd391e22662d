# Native walks over deeply nested data raise RecursionError as CPython does (wick used
# to overflow the C++ stack); building and dropping such data works.
def attempt(label, fn):
    try:
        r = fn()
        print(label, "ok", r)
    except RecursionError as e:
        print(label, "RecursionError", e)


nested = []
for i in range(100000):
    nested = [nested]
attempt("repr of a deep list", lambda: len(repr(nested)))
attempt("str of a deep list", lambda: len(str(nested)))
attempt("== of deep lists", lambda: nested == [nested[0]])
d = {}
for i in range(100000):
    d = {"k": d}
attempt("repr of a deep dict", lambda: len(repr(d)))
other = []
for i in range(100000):
    other = [other]
attempt("== of two deep lists", lambda: nested == other)
shallow = []
for i in range(50):
    shallow = [shallow]
attempt("repr of a shallow one", lambda: len(repr(shallow)))
nested = d = other = None
print("dropped")
