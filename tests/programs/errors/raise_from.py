# Uncaught exception with an explicit cause: both tracebacks are printed.
def read_setting(d, key):
    try:
        return d[key]
    except KeyError as e:
        raise RuntimeError(f"setting {key} is required") from e


print(read_setting({"a": 1}, "a"))
read_setting({}, "b")
