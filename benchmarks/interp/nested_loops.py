# Nested range loops with integer and float arithmetic, locals and augmented assignment.
import time


def main():
    total = 0
    acc = 0.0
    for i in range(600):
        for j in range(600):
            total += (i * j) % 7 - (i ^ j) // 3
            acc += (i - j) * 0.5
    return total, acc


if __name__ == "__main__":
    t0 = time.perf_counter()
    result = main()
    t1 = time.perf_counter()
    print(result)
    print(f"BENCH_SECONDS {t1 - t0:.6f}")
