# raise with class, instance, re-raise, raise from, exception attributes.
try:
    raise ValueError
except ValueError as e:
    print(repr(e), e.args, str(e) == "")
try:
    raise ValueError("a", 2)
except ValueError as e:
    print(repr(e), e.args, str(e))
try:
    try:
        raise KeyError("k")
    except KeyError:
        print("handling, re-raising")
        raise
except KeyError as e:
    print("re-raised", repr(e))
try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise RuntimeError("wrapped") from e
except RuntimeError as e:
    print(e, type(e.__cause__).__name__, e.__cause__)
try:
    try:
        {}["x"]
    except KeyError:
        raise TypeError("during")
except TypeError as e:
    print(e, repr(e.__context__), e.__cause__)
try:
    raise RuntimeError("no cause") from None
except RuntimeError as e:
    print(e, e.__cause__, e.__suppress_context__)
err = IndexError("stored")
try:
    raise err
except IndexError as e:
    print(e is err)
