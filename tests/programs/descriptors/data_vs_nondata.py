# Data descriptors win over the instance dict; non-data descriptors lose to it.
class Data:
    def __get__(self, obj, owner=None):
        return "data" if obj is not None else "data on class"

    def __set__(self, obj, value):
        print("Data.__set__", value)


class NonData:
    def __get__(self, obj, owner=None):
        return "nondata" if obj is not None else "nondata on class"


class C:
    d = Data()
    n = NonData()


c = C()
c.__dict__["d"] = "instance d"
c.__dict__["n"] = "instance n"
print(c.d, c.n)
c.d = 5
c.n = "assigned"
print(c.d, c.n, C.d, C.n)
print(sorted(vars(c)))
del c.n
print(c.n)
