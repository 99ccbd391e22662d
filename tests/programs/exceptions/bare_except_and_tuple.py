# Bare except, tuples of exception types, handler order, exceptions in handlers.
def risky(n):
    return [lambda: 1 / 0, lambda: [][1], lambda: {}["z"], lambda: int("q"), lambda: 7][n]()


for n in range(5):
    try:
        print("result", risky(n))
    except (ZeroDivisionError, IndexError) as e:
        print("arith-or-index", type(e).__name__)
    except KeyError:
        print("key")
    except:
        print("bare except")
try:
    try:
        raise ValueError("first")
    except ValueError:
        raise KeyError("second")
except KeyError as e:
    print("caught", repr(e), "context", repr(e.__context__))
types = (TypeError, ValueError)
try:
    raise ValueError("via tuple variable")
except types as e:
    print(e)
