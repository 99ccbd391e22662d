"""PyTorch equivalents of tensor/ops/reduction/reduction_benchmark.cc.

Full reductions run over 4M float32 elements; the per-row ones over [4096, 1024] along
the last dim (and sum along dim 0 for the column loop). `bytes` is the input read once.
"""

N = 4096 * 1024

_FLAT = "a = torch.randn(%d)" % N
_MAT = "x = torch.randn(4096, 1024)"

CASES = {
    "BM_SumFull": dict(setup=_FLAT, stmt="a.sum()", bytes=N * 4, number=20),
    "BM_SumLastDim": dict(setup=_MAT, stmt="x.sum(1)", bytes=N * 4, number=20),
    "BM_SumFirstDim": dict(setup=_MAT, stmt="x.sum(0)", bytes=N * 4, number=20),
    "BM_MeanFull": dict(setup=_FLAT, stmt="a.mean()", bytes=N * 4, number=20),
    "BM_MeanLastDim": dict(setup=_MAT, stmt="x.mean(1)", bytes=N * 4, number=20),
    "BM_MaxFull": dict(setup=_FLAT, stmt="a.max()", bytes=N * 4, number=20),
    "BM_MaxLastDim": dict(setup=_MAT, stmt="x.max(1)", bytes=N * 4, number=10),
    "BM_AmaxLastDim": dict(setup=_MAT, stmt="x.amax(1)", bytes=N * 4, number=20),
    "BM_LogsumexpLastDim": dict(setup=_MAT, stmt="torch.logsumexp(x, 1)", bytes=N * 4,
                                number=5),
    "BM_VarLastDim": dict(setup=_MAT, stmt="x.var(1)", bytes=N * 4, number=2),
    "BM_SumNarrowLastDim": dict(setup="x = torch.randn(%d, 4)" % (N // 4), stmt="x.sum(1)",
                                bytes=N * 4, number=5),
}
