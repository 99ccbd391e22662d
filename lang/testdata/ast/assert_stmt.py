assert x
assert x, "message"
assert x > 0, f"bad {x}"
assert (x, y)
