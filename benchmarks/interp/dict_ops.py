# Dict building and lookup with int and str keys, get/setdefault, iteration over items.
import time


def main():
    d = {}
    for i in range(60000):
        d[i] = i * 2
    hits = 0
    for i in range(0, 120000, 3):
        if i in d:
            hits += d[i]
    words = {}
    for i in range(40000):
        key = "k" + str(i % 1000)
        words[key] = words.get(key, 0) + 1
    groups = {}
    for i in range(30000):
        groups.setdefault(i % 97, []).append(i)
    total = 0
    for k, v in words.items():
        total += v
    return hits, len(words), total, len(groups[5])


if __name__ == "__main__":
    t0 = time.perf_counter()
    result = main()
    t1 = time.perf_counter()
    print(result)
    print(f"BENCH_SECONDS {t1 - t0:.6f}")
