def f():
    return await g()
