def f():
    return;
def g():
    raise;
