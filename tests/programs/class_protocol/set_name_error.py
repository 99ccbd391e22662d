# An exception inside __set_name__ becomes 3.11's RuntimeError caused by it.
class Field:
    def __set_name__(self, owner, name):
        if name.startswith("_"):
            raise ValueError(f"private field {name}")
        self.name = name


class Good:
    a = Field()


print(Good.a.name)
try:
    class Bad:
        _b = Field()
except RuntimeError as e:
    print("RuntimeError:", e, "| cause:", repr(e.__cause__))


class Worse:
    _c = Field()
