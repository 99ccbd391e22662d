def g():
    yield
    yield 1
    yield 1, 2
    x = yield
    y = yield from other()
    z = (yield)
    await_ = yield x
    yield *a, b
