f(1, x for x in y)
