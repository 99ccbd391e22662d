f((x for x in y))
f((x for x in y), 1)
f(1, (x for x in y))
