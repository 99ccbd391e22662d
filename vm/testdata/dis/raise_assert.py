def f(x):
    if x < 0:
        raise ValueError("negative")
    if x == 0:
        raise ValueError from None
    assert x > 1
    assert x != 2, "two"
    raise
