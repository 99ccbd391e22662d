"""PyTorch equivalents of tensor/ops/pointwise/pointwise_benchmark.cc.

Each entry maps a Google Benchmark name to the PyTorch statement that does the same work:
`setup` runs once, `stmt` is timed, `bytes` (optional) is the memory traffic per call used
for the bandwidth column, `number` is how many calls make one timing sample.
"""

N = 4 << 20  # 4M float32 elements, as kBig in the benchmark.

_BIG = "a = torch.randn(%d); b = torch.randn(%d)" % (N, N)

CASES = {
    "BM_Copy4M": dict(setup=_BIG + "; out = torch.empty(%d)" % N, stmt="out.copy_(a)",
                      bytes=2 * N * 4, number=20),
    "BM_Add4M": dict(setup=_BIG, stmt="torch.add(a, b)", bytes=3 * N * 4, number=20),
    "BM_Mul4M": dict(setup=_BIG, stmt="torch.mul(a, b)", bytes=3 * N * 4, number=20),
    "BM_AddBroadcast4M": dict(setup="a = torch.randn(2048, 2048); b = torch.randn(2048)",
                              stmt="torch.add(a, b)", bytes=2 * N * 4, number=20),
    "BM_AddScalar4M": dict(setup=_BIG, stmt="torch.add(a, 1.5)", bytes=2 * N * 4, number=20),
    "BM_Relu4M": dict(setup=_BIG, stmt="torch.relu(a)", bytes=2 * N * 4, number=20),
    "BM_Exp4M": dict(setup=_BIG, stmt="torch.exp(a)", bytes=2 * N * 4, number=10),
    "BM_Tanh4M": dict(setup=_BIG, stmt="torch.tanh(a)", bytes=2 * N * 4, number=5),
    "BM_Gelu4M": dict(setup=_BIG, stmt="torch.nn.functional.gelu(a)", bytes=2 * N * 4,
                      number=5),
    "BM_Sigmoid4M": dict(setup=_BIG, stmt="torch.sigmoid(a)", bytes=2 * N * 4, number=10),
    "BM_AddOverhead": dict(setup="a = torch.ones(1); b = torch.ones(1)",
                           stmt="torch.add(a, b)", number=20000),
    "BM_ReluOverhead": dict(setup="a = torch.ones(1)", stmt="torch.relu(a)", number=20000),
    "BM_AddInPlaceOverhead": dict(setup="a = torch.ones(1); b = torch.zeros(1)",
                                  stmt="a.add_(b)", number=20000),
    "BM_AddRegistryOverhead": dict(setup="a = torch.ones(1); b = torch.ones(1)",
                                   stmt="torch.add(a, b)", number=20000),
    "BM_AddScalarRegistryOverhead": dict(setup="a = torch.ones(1)", stmt="torch.add(a, 1.5)",
                                         number=20000),
}

# The bandwidth reference: benchmarks with this name give the machine's triad bytes/s.
TRIAD = "BM_StreamTriad"
