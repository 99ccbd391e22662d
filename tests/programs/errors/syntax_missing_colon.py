# SyntaxError: expected ':'.
def f(x)
    return x
