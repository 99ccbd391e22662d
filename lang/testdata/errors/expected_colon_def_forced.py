def f() x:
    pass
