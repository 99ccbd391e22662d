# catch_warnings(record=True), filters and the 'error' action.
import warnings

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.warn("deprecated thing", DeprecationWarning)
    warnings.warn("user thing")
    warnings.warn(RuntimeWarning("as instance"))
    print([(str(x.message), x.category.__name__, x.lineno) for x in w])
    print(issubclass(w[0].category, Warning), w[1].filename)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("default")
    for i in range(3):
        warnings.warn("once per line")
    print(len(w))

with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("boom", UserWarning)
    except UserWarning as e:
        print("caught", type(e).__name__, e)

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    warnings.filterwarnings("ignore", message="skip")
    warnings.filterwarnings("ignore", category=FutureWarning)
    warnings.warn("skip me")
    warnings.warn("future", FutureWarning)
    warnings.warn("kept")
    print([str(x.message) for x in w])
print(issubclass(DeprecationWarning, Warning), issubclass(UserWarning, Exception))
try:
    warnings.warn("x", int)
except TypeError as e:
    print("TypeError:", e)
