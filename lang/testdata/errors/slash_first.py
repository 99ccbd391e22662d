def f(/, a):
    pass
