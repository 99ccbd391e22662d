f(x for x in y, e(10) if x)
