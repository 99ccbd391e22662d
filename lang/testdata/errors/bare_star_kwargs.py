def f(*, **k):
    pass
