# The singletons: None, True/False, Ellipsis.
print(None, True, False, ..., Ellipsis)
print(... is Ellipsis, type(...).__name__, type(None).__name__)
print(repr(None), str(True), bool(None), bool(...))
print(True and None, None or False, not None)
print(isinstance(True, int), True == 1, False + 0, hash(True) == hash(1))
print(int(True), float(False), str(None) + "!")


def nothing():
    pass


def stub():
    ...


print(nothing(), stub(), nothing() is None)
print([None] * 2, (True,) * 3)
