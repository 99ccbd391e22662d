# Bad super() calls raise what CPython raises.
class A:
    def f(self):
        return "A"


class B(A):
    def f(self):
        return "B" + super().f()


class Other:
    pass


try:
    super(B, Other())
except TypeError as e:
    print("TypeError:", e)

try:
    super(1, B())
except TypeError as e:
    print("TypeError:", e)

try:
    super(B, A).f
    print(super(B, B).f(B()))
except TypeError as e:
    print("TypeError:", e)


def not_a_method():
    return super().f()


try:
    not_a_method()
except RuntimeError as e:
    print("RuntimeError:", e)

try:
    super(B, B()).missing
except AttributeError as e:
    print("AttributeError:", e)

print(B().f())
super(A, B()).f()
