# The __dict__ of instances and classes.
class A:
    """Doc."""
    x = 1

    def f(self):
        return 2


a = A()
a.y = 3
print(a.__dict__, type(a.__dict__).__name__)
a.__dict__["z"] = 4
print(a.z, sorted(a.__dict__))
print(A.__dict__["x"], "f" in A.__dict__, "y" in A.__dict__, A.__dict__["__doc__"])
print(sorted(k for k in A.__dict__ if not k.startswith("__")))
print(A.__dict__["__module__"])
