def f():
    global   a,b ,  c
    nonlocal_ = 1
