def f():
    if x:
