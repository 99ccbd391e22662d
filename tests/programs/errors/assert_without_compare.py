# An assert whose test has no comparison: 3.11 places the raise at the whole statement,
# so the traceback shows no carets; with a comparison they sit under it.
def ready(n):
    return n > 3


try:
    assert ready(5) and 2 > 3, "second check"
except AssertionError as e:
    print("caught:", e)
assert ready(1)
