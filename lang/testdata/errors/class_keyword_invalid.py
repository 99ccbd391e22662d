class A(x=1, 2):
    pass
