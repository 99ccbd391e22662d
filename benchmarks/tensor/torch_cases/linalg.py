"""PyTorch equivalents of tensor/ops/linalg/linalg_benchmark.cc, and the raw-oneDNN
baselines the issue measures wick's matmul-family ops against.

Debian's PyTorch runs float32 matmul on netlib's reference BLAS, so its 1024^3 matmul
(about a second per call) is left out; the 256^3 one shows the gap.
"""

_ATTN = ("q = torch.rand(8, 128, 64) * 2 - 1; k = torch.rand(8, 128, 64) * 2 - 1; "
         "v = torch.rand(8, 128, 64) * 2 - 1")

CASES = {
    "BM_MatmulOp/256": dict(setup="a = torch.rand(256, 256); b = torch.rand(256, 256)",
                            stmt="a @ b", number=2),
    "BM_MatmulSmallOp/4": dict(setup="a = torch.rand(4, 4); b = torch.rand(4, 4)",
                               stmt="a @ b", number=2000),
    "BM_MatmulSmallOp/32": dict(setup="a = torch.rand(32, 32); b = torch.rand(32, 32)",
                                stmt="a @ b", number=200),
    "BM_MatmulFloat64Op/256": dict(
        setup="a = torch.rand(256, 256, dtype=torch.float64); "
              "b = torch.rand(256, 256, dtype=torch.float64)",
        stmt="a @ b", number=2),
    "BM_LinearOp": dict(
        setup="x = torch.rand(64, 1024); w = torch.rand(1024, 1024); b = torch.rand(1024)",
        stmt="torch.nn.functional.linear(x, w, b)", number=1),
    "BM_BmmScoresOp": dict(setup=_ATTN, stmt="torch.bmm(q, k.transpose(1, 2))", number=5),
    "BM_BmmValuesOp": dict(setup="p = torch.rand(8, 128, 128); v = torch.rand(8, 128, 64)",
                           stmt="torch.bmm(p, v)", number=5),
    "BM_SoftmaxOp/64": dict(setup="x = torch.randn(64, 1024)", stmt="torch.softmax(x, 1)",
                            number=200),
    "BM_SoftmaxOp/4096": dict(setup="x = torch.randn(4096, 1024)",
                              stmt="torch.softmax(x, 1)", number=10),
    "BM_LogSoftmaxOp/64": dict(setup="x = torch.randn(64, 1024)",
                               stmt="torch.log_softmax(x, 1)", number=200),
    "BM_LogSoftmaxOp/4096": dict(setup="x = torch.randn(4096, 1024)",
                                 stmt="torch.log_softmax(x, 1)", number=10),
    "BM_SoftmaxDim0Op/4096": dict(setup="x = torch.randn(4096, 1024)",
                                  stmt="torch.softmax(x, 0)", number=5),
    "BM_LayerNormOp/64": dict(
        setup="x = torch.randn(64, 1024); w = torch.randn(1024); b = torch.randn(1024)",
        stmt="torch.nn.functional.layer_norm(x, (1024,), w, b)", number=200),
    "BM_LayerNormOp/4096": dict(
        setup="x = torch.randn(4096, 1024); w = torch.randn(1024); b = torch.randn(1024)",
        stmt="torch.nn.functional.layer_norm(x, (1024,), w, b)", number=10),
}

# wick op -> the same computation written directly against oneDNN in the same binary.
BASELINES = {
    "BM_MatmulOp/1024": "BM_MatmulRawOneDnn/1024",
    "BM_MatmulOp/256": "BM_MatmulRawOneDnn/256",
    "BM_LinearOp": "BM_LinearRawOneDnn",
    "BM_BmmScoresOp": "BM_BmmScoresRawOneDnn",
    "BM_AttentionOp": "BM_AttentionRawOneDnn",
    "BM_SoftmaxOp/64": "BM_SoftmaxRawOneDnn/64",
    "BM_SoftmaxOp/4096": "BM_SoftmaxRawOneDnn/4096",
    "BM_LayerNormOp/64": "BM_LayerNormRawOneDnn/64",
    "BM_LayerNormOp/4096": "BM_LayerNormRawOneDnn/4096",
}
