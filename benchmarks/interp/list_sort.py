# List building (append, comprehensions), slicing, sorting with and without keys.
import time


def main():
    seed = 12345
    data = []
    for _ in range(30000):
        seed = (seed * 1103515245 + 12345) % 2147483648
        data.append(seed % 100000)
    squares = [v * v for v in data if v % 3]
    a = sorted(data)
    b = sorted(data, key=lambda v: (v % 1000, v), reverse=True)
    pairs = sorted(zip(data[:10000], range(10000)))
    return len(squares), a[:3], b[:3], pairs[-1], sum(a[::100])


if __name__ == "__main__":
    t0 = time.perf_counter()
    result = main()
    t1 = time.perf_counter()
    print(result)
    print(f"BENCH_SECONDS {t1 - t0:.6f}")
