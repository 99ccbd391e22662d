# try/except in a loop, raising and catching, with-blocks and while loops with break.
import time


class Guard:
    def __init__(self):
        self.entered = 0

    def __enter__(self):
        self.entered += 1
        return self

    def __exit__(self, exc_type, exc, tb):
        return False


def parse(v):
    if v % 5 == 0:
        raise ValueError("bad")
    return v


def main():
    ok = bad = 0
    g = Guard()
    for i in range(80000):
        try:
            ok += parse(i)
        except ValueError:
            bad += 1
        with g:
            pass
    n, steps = 0, 0
    while True:
        n += 3
        steps += 1
        if n > 200000:
            break
    return ok, bad, g.entered, steps


if __name__ == "__main__":
    t0 = time.perf_counter()
    result = main()
    t1 = time.perf_counter()
    print(result)
    print(f"BENCH_SECONDS {t1 - t0:.6f}")
