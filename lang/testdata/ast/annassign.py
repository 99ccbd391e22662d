x: int
x: int = 1
x.y: str = "a"
x[0]: float
(x): int = 2
y: list[int] = []
z: "forward" = None
def g():
    w: int = yield
