def g():
    x = yield = 3
