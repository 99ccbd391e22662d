# Closures: creating them, calling them, nonlocal updates, higher-order composition.
import time


def make_counter(step):
    count = 0

    def inc():
        nonlocal count
        count += step
        return count
    return inc


def compose(f, g):
    return lambda x: f(g(x))


def main():
    counters = [make_counter(s) for s in range(1, 11)]
    total = 0
    for _ in range(25000):
        for c in counters:
            total += c()
    add1 = lambda v: v + 1
    dbl = lambda v: v * 2
    fn = compose(add1, compose(dbl, add1))
    acc = 0
    for i in range(150000):
        acc += fn(i) % 10
    return total, acc


if __name__ == "__main__":
    t0 = time.perf_counter()
    result = main()
    t1 = time.perf_counter()
    print(result)
    print(f"BENCH_SECONDS {t1 - t0:.6f}")
