# Small-tensor eager overhead: 10k iterations of `x = x + 1` on a 1-element tensor
# (dispatch cost per op, not arithmetic). Compared against PyTorch 1.13 eager.
import time

import torch


def main():
    x = torch.zeros(1)
    for _ in range(10000):
        x = x + 1
    return x.item()


if __name__ == "__main__":
    main()  # warm-up: first-call costs are not what this measures
    t0 = time.perf_counter()
    result = main()
    t1 = time.perf_counter()
    print(result)
    print(f"BENCH_SECONDS {t1 - t0:.6f}")
