# Return forms: implicit None, multiple values, early return, return in loops.
def nothing():
    return


def pair():
    return 1, 2


def first_negative(xs):
    for x in xs:
        if x < 0:
            return x
    return None


def classify(n):
    if n < 0:
        return "neg"
    elif n == 0:
        return "zero"
    return "pos"


print(nothing(), pair(), first_negative([3, -1, -2]), first_negative([]))
print([classify(v) for v in (-5, 0, 5)])
a, b = pair()
print(a, b)


def finally_return():
    try:
        return "try"
    finally:
        print("finally runs")


print(finally_return())
