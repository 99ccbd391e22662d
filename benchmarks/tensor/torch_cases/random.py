"""PyTorch equivalents of tensor/ops/random/random_benchmark.cc (2^20 elements)."""

_N = 1 << 20

CASES = {
    "BM_Fill<FillUniform>/32": dict(setup="t = torch.empty(%d)" % _N, stmt="t.uniform_()",
                                    number=10),
    "BM_Fill<FillUniform>/64": dict(setup="t = torch.empty(%d, dtype=torch.float64)" % _N,
                                    stmt="t.uniform_()", number=10),
    "BM_Fill<FillNormal>/32": dict(setup="t = torch.empty(%d)" % _N, stmt="t.normal_()",
                                   number=10),
    "BM_Fill<FillNormal>/64": dict(setup="t = torch.empty(%d, dtype=torch.float64)" % _N,
                                   stmt="t.normal_()", number=10),
    "BM_RandintInt64": dict(setup="t = torch.empty(%d, dtype=torch.int64)" % _N,
                            stmt="t.random_(0, 1000)", number=10),
    "BM_Dropout": dict(setup="x = torch.rand(%d) * 2 - 1" % _N,
                       stmt="torch.nn.functional.dropout(x, 0.1, True)", number=10),
}
