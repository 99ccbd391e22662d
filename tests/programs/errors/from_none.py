# `raise ... from None` suppresses the context in the traceback.
def lookup(table, key):
    try:
        return table[key]
    except KeyError:
        raise LookupError(f"unknown key {key}") from None


lookup({}, "q")
