# inspect's predicates and getmembers, as model code uses them (moe: inspect.isfunction).
import inspect
import math


def f(x):
    return x


def g():
    yield 1


class C:
    attr = 1

    def m(self):
        return 2


print(inspect.isfunction(f), inspect.isfunction(len), inspect.isfunction(C().m), inspect.isfunction(lambda: 0))
print(inspect.ismethod(C().m), inspect.ismethod(C.m), inspect.isclass(C), inspect.isclass(C()))
print(inspect.ismodule(math), inspect.isbuiltin(len), inspect.isroutine(f), inspect.isgenerator(g()))
print([name for name, _ in inspect.getmembers(C) if not name.startswith("__")])
print(inspect.getmembers(C(), inspect.ismethod)[0][0])
print(inspect.getmro(C))
