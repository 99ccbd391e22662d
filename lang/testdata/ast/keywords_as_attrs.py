x = a.b
def f(match, case):
    return match + case
