#!/usr/bin/python3
"""Writes random_golden.inc: PyTorch 1.13's outputs for the cases random_test.cc replays.

Run with the reference PyTorch (Debian's python3-torch, x86-64 with AVX2):
    /usr/bin/python3 tensor/ops/random/testdata/make_golden.py > \
        tensor/ops/random/testdata/random_golden.inc

Each case records the element count, an FNV-1a hash of every element's bit pattern (row-major
logical order) and the first 48 bit patterns. float32 values are their 32-bit patterns,
float64 their 64-bit patterns, integers their two's complement, bools 0/1. The C++ test
builds the same tensors through wick's registry and compares all three.
"""
import math
import struct

import torch
import torch.nn.functional as F

FIRST = 48


def bits(t):
    t = t.detach().contiguous().flatten()
    out = []
    for v in t.tolist():
        if t.dtype == torch.float32:
            out.append(struct.unpack('<I', struct.pack('<f', v))[0])
        elif t.dtype == torch.float64:
            out.append(struct.unpack('<Q', struct.pack('<d', v))[0])
        elif t.dtype == torch.bool:
            out.append(1 if v else 0)
        else:
            out.append(v & 0xFFFFFFFFFFFFFFFF)
    return out


def fnv(values):
    h = 0xcbf29ce484222325
    for v in values:
        for i in range(8):
            h ^= (v >> (8 * i)) & 0xFF
            h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def seeded(seed, fn):
    torch.manual_seed(seed)
    return fn()


def V(*shape, seed=0, dtype=torch.float32):
    n = math.prod(shape)
    vals = [((i * 7919 + seed * 104729) % 2001 - 1000) / 250.0 for i in range(n)]
    return torch.tensor(vals, dtype=torch.float64).reshape(shape).to(dtype)


def P(*shape, seed=0, dtype=torch.float32):
    """Probabilities in [0, 1] (exactly 0 and 1 included)."""
    n = math.prod(shape)
    vals = [((i * 7919 + seed * 104729) % 1001) / 1000.0 for i in range(n)]
    return torch.tensor(vals, dtype=torch.float64).reshape(shape).to(dtype)


def linear_params(i, o):
    m = torch.nn.Linear(i, o)
    return torch.cat([m.weight.flatten(), m.bias])


CASES = {}


def case(name, fn, seed=0):
    CASES[name] = seeded(seed, fn)


# Reference A.13 and boundary sizes of both randn paths.
case('rand_5', lambda: torch.rand(5))
case('rand_17', lambda: torch.rand(17))
case('rand_3_f64', lambda: torch.rand(3, dtype=torch.float64))
case('rand_2x3x4', lambda: torch.rand(2, 3, 4))
case('randn_5', lambda: torch.randn(5))
case('randn_3x7', lambda: torch.randn(3, 7))
case('randn_5_f64', lambda: torch.randn(5, dtype=torch.float64))
for n in [1, 2, 15, 16, 17, 20, 23, 24, 31, 32, 33, 100, 1000, 4099]:
    case(f'randn_{n}', lambda n=n: torch.randn(n))
    case(f'randn_{n}_f64', lambda n=n: torch.randn(n, dtype=torch.float64))
case('randn_100000_seed7', lambda: torch.randn(100000), seed=7)
case('randn_0dim', lambda: torch.randn(()))
case('rand_1000_seed3', lambda: torch.rand(1000), seed=3)
case('rand_1001_f64_seed3', lambda: torch.rand(1001, dtype=torch.float64), seed=3)
# uniform_ / normal_ with bounds, strided and permuted outputs.
case('uniform_5', lambda: torch.empty(5).uniform_(-2, 3))
case('uniform_7_f64', lambda: torch.empty(7, dtype=torch.float64).uniform_(-2, 3))
case('uniform_1000', lambda: torch.empty(1000).uniform_(-0.3, 0.7))
case('uniform_transposed', lambda: torch.empty(4, 3).t().uniform_(-1, 1))
case('uniform_strided', lambda: torch.empty(6, 8)[:, 1::3].uniform_())
case('normal_18', lambda: torch.empty(18).normal_(1.5, 2.0))
case('normal_5', lambda: torch.empty(5).normal_(1.5, 2.0))
case('normal_18_f64', lambda: torch.empty(18, dtype=torch.float64).normal_(1.5, 2.0))
case('normal_strided', lambda: torch.empty(40)[::2].normal_())
case('normal_transposed', lambda: torch.empty(4, 5).t().normal_())
case('normal_permuted_f64', lambda: torch.empty(2, 3, 4, dtype=torch.float64).permute(2, 0, 1).normal_(-1, 3))
case('normal_size1_dims', lambda: torch.empty_strided((16, 1), (1, 7)).normal_())
case('randn_like_transposed', lambda: torch.randn_like(torch.empty(3, 6).t()))
case('rand_like_strided_f64', lambda: torch.rand_like(torch.empty(4, 6, dtype=torch.float64)[:, ::2]))
# The Box–Muller cache across calls.
case('cache_randn1_randn16_randn1',
     lambda: torch.cat([torch.randn(1), torch.randn(16), torch.randn(1)]))
case('cache_2x3_1_1', lambda: torch.cat([torch.randn(2, 3).flatten(), torch.randn(1), torch.randn(1)]))
case('cache_normal5_then_randn1', lambda: torch.cat([torch.empty(5).normal_(1.5, 2), torch.randn(1)]))
case('cache_across_dtypes', lambda: torch.cat([torch.randn(1, dtype=torch.float64),
                                              torch.randn(1, dtype=torch.float64)]))
case('cache_rand_between', lambda: torch.cat([torch.randn(1), torch.rand(3), torch.randn(1)]))
# Seeds: only the low 32 bits matter.
case('seed_minus1', lambda: torch.randn(3), seed=-1)
case('seed_2p32_plus7', lambda: torch.randn(3), seed=2**32 + 7)
case('seed_123456789123', lambda: torch.randn(3), seed=123456789123)
# randint / random_.
case('randint_0_10_6', lambda: torch.randint(0, 10, (6,)))
case('randint_m5_1e6_4', lambda: torch.randint(-5, 1000000, (4,)))
case('randint_0_2p40_3', lambda: torch.randint(0, 2**40, (3,)))
case('randint_0_2p32_3', lambda: torch.randint(0, 2**32, (3,)))
case('randint_0_2p32m1_3', lambda: torch.randint(0, 2**32 - 1, (3,)))
case('randint_high_only', lambda: torch.randint(10, (2, 3)))
case('randint_int32', lambda: torch.randint(-100, 100, (7,), dtype=torch.int32))
case('randint_float32', lambda: torch.randint(0, 10, (5,), dtype=torch.float32))
case('randint_float32_2p25', lambda: torch.randint(0, 2**25, (5,), dtype=torch.float32))
case('randint_float64_2p60', lambda: torch.randint(0, 2**60, (3,), dtype=torch.float64))
case('randint_bool', lambda: torch.randint(0, 2, (9,), dtype=torch.bool))
case('randint_full_int64', lambda: torch.randint(-2**63, 2**63 - 1, (3,)))
case('randint_like_float', lambda: torch.randint_like(torch.empty(2, 3), 3, 9))
case('randint_like_transposed', lambda: torch.randint_like(torch.empty(3, 4, dtype=torch.int64).t(), 100))
case('random_bool', lambda: torch.empty(6, dtype=torch.bool).random_())
case('random_int32', lambda: torch.empty(3, dtype=torch.int32).random_())
case('random_int64', lambda: torch.empty(3, dtype=torch.int64).random_())
case('random_float32', lambda: torch.empty(3).random_())
case('random_float64', lambda: torch.empty(3, dtype=torch.float64).random_())
case('random_to', lambda: torch.empty(4, dtype=torch.int32).random_(7))
case('random_from_none', lambda: torch.empty(3, dtype=torch.int64).random_(5, None))
case('random_from_none_int32', lambda: torch.empty(3, dtype=torch.int32).random_(-5, None))
case('random_from_none_float', lambda: torch.empty(3).random_(100, None))
case('random_full_range', lambda: torch.empty(3, dtype=torch.int64).random_(-2**63, None))
case('random_float_big', lambda: torch.empty(3).random_(2**60, 2**61))
# randperm.
case('randperm_10', lambda: torch.randperm(10))
case('randperm_100', lambda: torch.randperm(100))
case('randperm_1', lambda: torch.randperm(1))
case('randperm_5_int32', lambda: torch.randperm(5, dtype=torch.int32))
case('randperm_6_float32', lambda: torch.randperm(6, dtype=torch.float32))
# Bernoulli, dropout, other samplers.
case('bernoulli_p03', lambda: torch.empty(7).bernoulli_(0.3))
case('bernoulli_p03_int64', lambda: torch.empty(7, dtype=torch.int64).bernoulli_(0.3))
case('bernoulli_tensor_f32', lambda: torch.empty(30).bernoulli_(P(30)))
case('bernoulli_tensor_f64', lambda: torch.empty(30).bernoulli_(P(30, dtype=torch.float64)))
case('bernoulli_tensor_bcast', lambda: torch.empty(3, 4).bernoulli_(P(4, seed=2)))
case('bernoulli_functional', lambda: torch.bernoulli(P(4, 5).t()))
case('bernoulli_functional_p', lambda: torch.bernoulli(V(3, 4).t(), 0.7))
case('dropout_05', lambda: F.dropout(V(4, 5), 0.5))
case('dropout_03', lambda: F.dropout(V(23), 0.3))
case('dropout_03_f64', lambda: F.dropout(V(23, dtype=torch.float64), 0.3))
case('dropout_transposed', lambda: F.dropout(V(3, 5).t(), 0.25))
case('dropout_p1', lambda: F.dropout(V(4), 1.0))
case('dropout_then_rand', lambda: torch.cat([F.dropout(V(7), 0.5), torch.rand(2)]))
case('exponential_15', lambda: torch.empty(5).exponential_(1.5))
case('log_normal', lambda: torch.empty(5).log_normal_(0.5, 0.75))
case('cauchy', lambda: torch.empty(5).cauchy_(1.0, 2.5))
case('geometric', lambda: torch.empty(5).geometric_(0.3))
case('geometric_int64', lambda: torch.empty(5, dtype=torch.int64).geometric_(0.3))
# torch.normal's tensor forms.
case('normal_tensor_float', lambda: torch.normal(V(20), 2.0))
case('normal_float_tensor', lambda: torch.normal(0.5, torch.abs(V(5))))
case('normal_tensor_tensor_bcast', lambda: torch.normal(V(2, 1), torch.abs(V(3, seed=1))))
case('normal_tensor_tensor_mixed', lambda: torch.normal(V(17), torch.abs(V(17, seed=1, dtype=torch.float64))))
case('normal_float_float', lambda: torch.normal(0.5, 2.0, (3, 6)))
# nn.Linear's default initialisation.
case('linear_4_3', lambda: linear_params(4, 3))
case('linear_300_70', lambda: linear_params(300, 70))


def main():
    print('// Generated by make_golden.py from PyTorch', torch.__version__, '- do not edit.')
    for name, t in CASES.items():
        b = bits(t)
        first = ', '.join(f'0x{v:x}ull' for v in b[:FIRST])
        print(f'{{"{name}", {len(b)}, 0x{fnv(b):016x}ull, {{{first}}}}},')


if __name__ == '__main__':
    main()
