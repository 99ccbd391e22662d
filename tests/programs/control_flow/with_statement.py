# with: __enter__/__exit__, several items, as targets, exceptions and suppression.
class Ctx:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress

    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()

    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type else None, exc)
        return self.suppress


with Ctx("a") as v:
    print("body", v)
with Ctx("x") as x, Ctx("y") as y:
    print("two", x, y)
with Ctx("s", suppress=True):
    raise ValueError("swallowed")
print("after suppressed")
try:
    with Ctx("p"):
        raise KeyError("k")
except KeyError as e:
    print("propagated", repr(e))
with Ctx("plain"):
    pass


def early():
    with Ctx("ret"):
        return "returned"


print(early())
for i in range(2):
    with Ctx(str(i)):
        if i == 0:
            continue
        break
