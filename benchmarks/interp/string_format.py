# String formatting: f-strings with specs, str.format, join, split, concatenation.
import time


def main():
    lines = []
    for i in range(30000):
        name = "item" + str(i % 100)
        lines.append(f"{name:<8}|{i:6d}|{i / 7:10.3f}|{i:x}")
    text = "\n".join(lines)
    parts = text.split("\n")
    widths = 0
    for p in parts:
        fields = p.split("|")
        widths += len(fields[0].strip()) + len(fields[3])
    s = ""
    for i in range(20000):
        s = "{}:{}".format(i, s[-20:])
    return len(text), widths, s[:30]


if __name__ == "__main__":
    t0 = time.perf_counter()
    result = main()
    t1 = time.perf_counter()
    print(result)
    print(f"BENCH_SECONDS {t1 - t0:.6f}")
