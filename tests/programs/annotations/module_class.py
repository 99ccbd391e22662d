# Annotated assignments at module and class level fill __annotations__ (evaluated at
# run time, strings kept as strings); function bodies never evaluate theirs.
count: int = 3
label: "str"
ratio: float
print(__annotations__)
try:
    label
except NameError:
    print(count, "label is not bound")


class Config:
    """Docstring first."""
    __secret: int = 7
    size: int = 16
    names: list = []
    for i in range(2):
        step: "loop" = i
    print("class body sees", __annotations__)


print(Config.__annotations__)
print(Config.size, Config._Config__secret, Config.step)


class Child(Config):
    pass


print(Child.__annotations__, Child.__annotations__ is Child.__annotations__)
print(Config().__annotations__ is Config.__annotations__)


def body_annotations():
    local: Zqxvundefined = 5   # never evaluated inside a function
    other: Zqxvundefined
    return local


print(body_annotations())


class Empty:
    x = 1


print(Empty.__annotations__)
try:
    print(int.__annotations__)
except AttributeError as e:
    print("AttributeError:", e)


class Target:
    pass


t = Target()
t.attr: int = 5          # complex targets store the value, record nothing
d = {}
d["k"]: str = "v"
print(t.attr, d, __annotations__)
