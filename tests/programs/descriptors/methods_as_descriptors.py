# Functions, classmethods, staticmethods and properties expose __get__.
class C:
    def f(self):
        return "f"

    @classmethod
    def g(cls):
        return cls.__name__

    @staticmethod
    def h():
        return "h"

    @property
    def p(self):
        return "p"


c = C()
f = C.__dict__["f"]
print(hasattr(f, "__get__"), hasattr(C.__dict__["g"], "__get__"), hasattr(C.__dict__["p"], "__set__"))
bound = f.__get__(c, C)
print(bound(), bound.__self__ is c, f.__get__(None, C) is f)
print(C.__dict__["g"].__get__(None, C)(), C.__dict__["h"].__get__(c)())
print(C.__dict__["p"].__get__(c, C))
try:
    C.__dict__["p"].__set__(c, 1)
except AttributeError as e:
    print("AttributeError:", e)
