@a = 1
def f(): pass
