#!/usr/bin/python3
"""Randomised comparison of wick's tensor printing with PyTorch 1.13's repr().

Generates tensors with a fixed seed (random dtypes, shapes incl. 0-dim, empty and
summarised ones, strided views, magnitudes from 1e-12 to 1e12, integral values, NaN,
+-inf, -0.0, requires_grad) under random print options, prints each with torch and with
print_fuzz_main, and reports every difference. Exit status 1 on any mismatch.

    print_fuzz.py PRINT_FUZZ_MAIN [--cases N] [--seed S]
"""

import argparse
import math
import os
import random
import subprocess
import sys
import tempfile

import torch

DTYPES = {"float32": torch.float32, "float64": torch.float64, "int64": torch.int64,
          "int32": torch.int32, "bool": torch.bool}


def random_float(rng):
    kind = rng.random()
    if kind < 0.06:
        return rng.choice([math.nan, math.inf, -math.inf, -0.0, 0.0])
    if kind < 0.30:
        return float(rng.randint(-2000, 2000))          # integral values
    if kind < 0.35:
        return float(rng.choice([1e8, 1e8 + 8, 1000.0, 1001.0, 1e-4, 1.5e-4]))
    scale = rng.choice([1, 1, 1, 10.0 ** rng.randint(-12, 12)])
    return rng.uniform(-10, 10) * scale


def random_value(rng, dtype):
    if dtype in ("float32", "float64"):
        return random_float(rng)
    if dtype == "bool":
        return rng.random() < 0.5
    bound = 2 ** 31 - 1 if dtype == "int32" else 2 ** 62
    return rng.choice([rng.randint(-20, 20), rng.randint(-100000, 100000),
                       rng.randint(-bound, bound)])


def random_sizes(rng, big):
    ndim = rng.choice([0, 1, 1, 2, 2, 3, 4])
    if big and ndim > 0:
        # Enough elements to summarise under threshold 1000 in some dims.
        sizes = [rng.randint(1, 12) for _ in range(ndim)]
        sizes[rng.randrange(ndim)] = rng.randint(300, 1200) if ndim == 1 else rng.randint(20, 60)
        return sizes
    return [rng.choice([0, 1, 2, 3, 4, 5, 7]) if rng.random() < 0.1 else rng.randint(1, 6)
            for _ in range(ndim)]


def make_case(rng):
    """One case: (options, dtype, requires_grad, sizes, strides, offset, storage)."""
    dtype = rng.choice(list(DTYPES))
    sizes = random_sizes(rng, big=rng.random() < 0.15)
    # A contiguous base, then maybe a permutation and a step slice of it.
    perm = list(range(len(sizes)))
    if len(sizes) > 1 and rng.random() < 0.3:
        rng.shuffle(perm)
    step = rng.choice([1, 1, 1, 2]) if sizes else 1
    base_sizes = [sizes[p] for p in perm]
    if base_sizes:
        base_sizes[-1] = base_sizes[-1] * step
    base_strides, acc = [], 1
    for s in reversed(base_sizes):
        base_strides.insert(0, acc)
        acc *= max(s, 1)
    offset = rng.choice([0, 0, 3])
    n = offset + (acc if base_sizes and 0 not in base_sizes else 1)
    strides = [0] * len(sizes)
    for i, p in enumerate(perm):
        strides[p] = base_strides[i] * (step if i == len(perm) - 1 else 1)
    storage = [random_value(rng, dtype) for _ in range(n)]
    options = {
        "precision": rng.choice([4, 4, 4, 0, 1, 2, 6, 8]),
        "threshold": rng.choice([1000, 1000, 1000, 5, 20, 100, math.inf]),
        "edgeitems": rng.choice([3, 3, 1, 2, 4]),
        "linewidth": rng.choice([80, 80, 80, 20, 40, 120]),
        "sci_mode": rng.choice([None, None, None, True, False]),
    }
    grad = dtype.startswith("float") and rng.random() < 0.1
    return options, dtype, grad, sizes, strides, offset, storage


def encode(case):
    options, dtype, grad, sizes, strides, offset, storage = case
    sci = {None: "N", True: "T", False: "F"}[options["sci_mode"]]
    vals = [repr(v) if isinstance(v, float) else str(int(v)) for v in storage]
    fields = [options["precision"], options["threshold"], options["edgeitems"],
              options["linewidth"], sci, dtype, int(grad), len(sizes), *sizes, *strides,
              offset, len(storage), *vals]
    return " ".join(str(f) for f in fields)


def torch_repr(case):
    options, dtype, grad, sizes, strides, offset, storage = case
    torch.set_printoptions(profile="default")
    torch.set_printoptions(precision=options["precision"], threshold=options["threshold"],
                           edgeitems=options["edgeitems"], linewidth=options["linewidth"],
                           sci_mode=options["sci_mode"])
    base = torch.tensor(storage, dtype=DTYPES[dtype])
    t = torch.as_strided(base, sizes, strides, offset)
    if grad:
        t = t.detach().requires_grad_()
    return repr(t).replace("\n", "\\n")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("binary")
    parser.add_argument("--cases", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1913)
    args = parser.parse_args(argv[1:])
    rng = random.Random(args.seed)
    cases = [make_case(rng) for _ in range(args.cases)]
    tmp = os.environ.get("TEST_TMPDIR") or tempfile.mkdtemp()
    path = os.path.join(tmp, "print_fuzz_cases.txt")
    with open(path, "w", encoding="utf-8") as f:
        f.write("".join(encode(c) + "\n" for c in cases))
    wick = subprocess.run([args.binary, path], check=True, capture_output=True,
                          text=True).stdout.split("\n")
    mismatches = 0
    for i, case in enumerate(cases):
        expected = torch_repr(case)
        got = wick[i] if i < len(wick) else "<missing>"
        if got != expected:
            mismatches += 1
            if mismatches <= 20:
                print(f"MISMATCH case {i}: {encode(case)[:300]}")
                print(f"  torch: {expected}")
                print(f"  wick:  {got}")
    print(f"{len(cases)} cases, {mismatches} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
