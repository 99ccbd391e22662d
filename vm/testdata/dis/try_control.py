def f(xs):
    for x in xs:
        try:
            if x:
                continue
            return x
        finally:
            log(x)
def g():
    try:
        return compute()
    except ValueError as e:
        return e
def h():
    while True:
        try:
            work()
        except StopIteration:
            break
