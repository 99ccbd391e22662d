def h() -> else: pass
