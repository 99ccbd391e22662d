# A descriptor with __set__ only is still a data descriptor.
class WriteOnly:
    def __set_name__(self, owner, name):
        self.name = name

    def __set__(self, obj, value):
        obj.__dict__["log"] = obj.__dict__.get("log", []) + [(self.name, value)]


class C:
    secret = WriteOnly()


c = C()
c.secret = 1
c.secret = 2
print(c.log)
print(type(C.secret).__name__, type(c.secret).__name__)
c.__dict__["secret"] = "in dict"
print(c.secret)
