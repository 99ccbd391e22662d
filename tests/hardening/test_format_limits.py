# Format specs and field numbers past the limits raise ValueError as CPython says
# (wick used to read them into a wrapped integer or abort on std::stoll).
def attempt(label, fn):
    try:
        print(label, repr(fn()))
    except (ValueError, IndexError, KeyError) as e:
        print(label, type(e).__name__, e)


attempt("field number", lambda: "{99999999999999999999}".format(1))
attempt("item number", lambda: "{0[99999999999999999999]}".format([1]))
attempt("big but valid field", lambda: "{9999}".format(1))
attempt("percent width", lambda: "%99999999999999999999d" % 1)
attempt("percent precision", lambda: "%.99999999999999999999d" % 1)
attempt("format precision", lambda: format(1.5, ".3000000000"))
attempt("long precision", lambda: len(format(1.5, ".600")))
attempt("long precision value", lambda: format(1.5, ".600"))
attempt("long e precision", lambda: len(format(1 / 3, ".700e")))
attempt("long f precision", lambda: format(2.0, ".600f")[-5:])
