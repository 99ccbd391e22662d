# Gradients of linear algebra: matmul with broadcasting (vector and batched operands),
# bmm, baddbmm (alpha, beta), dot, mv, outer, einsum (contractions, traces, batched),
# linalg.norm / vector_norm / matrix_norm, inv, det, slogdet, solve, cholesky, eigh
# (eigenvalues), qr, linalg.svdvals and matrix_exp.
import torch

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, fn, *ins):
    ins = [t.clone().requires_grad_() for t in ins]
    y = fn(*ins)
    w = torch.linspace(-1.0, 1.5, y.numel(), dtype=torch.float64).view(y.shape)
    (y * w).sum().backward()
    # einsum's node is whatever op ATen's decomposition ends with; wick's is one node.
    node = "-" if name.startswith("einsum") else y.grad_fn.name()
    print(name, tuple(y.shape), node)
    for t in ins:
        print("  ", r(t.grad.reshape(-1)[:8]))


def rn(*s):
    return torch.randn(*s, dtype=torch.float64)


spd = rn(3, 3)
spd = spd @ spd.T + 3 * torch.eye(3, dtype=torch.float64)
sq = rn(3, 3) + 2 * torch.eye(3, dtype=torch.float64)
run("matmul_vv", torch.matmul, rn(3), rn(3))
run("matmul_mv", torch.matmul, rn(2, 3), rn(3))
run("matmul_vm", torch.matmul, rn(3), rn(3, 2))
run("matmul_bv", torch.matmul, rn(2, 2, 3), rn(3))
run("matmul_bb", torch.matmul, rn(2, 1, 2, 3), rn(4, 3, 2))
run("bmm", torch.bmm, rn(2, 2, 3), rn(2, 3, 2))
run("baddbmm", lambda i, a, b: torch.baddbmm(i, a, b, beta=0.5, alpha=2.0), rn(1, 2, 2),
    rn(3, 2, 3), rn(3, 3, 2))
run("dot", torch.dot, rn(4), rn(4))
run("mv", torch.mv, rn(2, 3), rn(3))
run("outer", torch.outer, rn(2), rn(3))
run("einsum_mm", lambda a, b: torch.einsum("ij,jk->ik", a, b), rn(2, 3), rn(3, 2))
run("einsum_trace", lambda a: torch.einsum("ii", a), rn(3, 3))
run("einsum_bat", lambda a, b: torch.einsum("bij,bjk->bik", a, b), rn(2, 2, 3), rn(2, 3, 2))
run("einsum_outer_sum", lambda a, b: torch.einsum("i,j->", a, b), rn(3), rn(2))
run("einsum_diag", lambda a: torch.einsum("ii->i", a), rn(3, 3))
run("linalg_norm", torch.linalg.norm, rn(3, 3))
run("linalg_norm_ord1", lambda a: torch.linalg.norm(a, 1, dim=1), rn(3, 3))
run("vector_norm", lambda a: torch.linalg.vector_norm(a, 3.0), rn(4))
run("matrix_norm_nuc", lambda a: torch.linalg.matrix_norm(a, "nuc"), sq)
run("inv", torch.linalg.inv, sq)
run("inverse", torch.inverse, spd)
run("det", torch.det, sq)
run("slogdet", lambda a: torch.linalg.slogdet(a)[1], sq)
run("solve", torch.linalg.solve, sq, rn(3, 2))
run("solve_vec", torch.linalg.solve, sq, rn(3))
run("cholesky", torch.linalg.cholesky, spd)
run("eigh_vals", lambda a: torch.linalg.eigh(a + a.mT)[0], sq)
run("eigvalsh", lambda a: torch.linalg.eigvalsh(a), spd)
run("qr_r", lambda a: torch.linalg.qr(a)[1], sq)
run("svdvals", torch.linalg.svdvals, rn(3, 2))
run("matrix_exp", torch.matrix_exp, rn(2, 2) * 0.5)
