# A metaclass __getattr__ is only the fallback: class attributes are found first.
class Meta(type):
    def __getattr__(cls, name):
        if name.startswith("dyn_"):
            return name[4:].upper()
        raise AttributeError(name)
class A(metaclass=Meta):
    x = 1
    def m(self): return "m"
print(A.x, A.dyn_hello, A().m(), A.__name__)
try: A.nothing
except AttributeError as e: print("AttributeError:", e)
