def f():
    if x:
        for y in z
            pass
