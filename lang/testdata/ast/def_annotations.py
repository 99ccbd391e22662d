def f(a: int, b: str = "x", *args: int, c: float, **kw: dict) -> bool:
    return True
def g() -> None: pass
def h(x: "forward") -> list[int]: pass
