# torch.linalg's decompositions on small float32/float64 matrices: values that do not
# depend on a LAPACK build's sign conventions (inverses, solutions, determinants,
# eigenvalues, singular values, sign-normalized QR) and factorization identities.
import torch


def r(t):
    # 4 decimals, and -0.0 printed as 0.0 (tiny residues differ in sign between builds).
    return [round(v, 4) + 0.0 for v in t.flatten().tolist()]


def close(a, b, tol=1e-4):
    return (a - b).abs().max().item() < tol


torch.manual_seed(0)
A = torch.randn(4, 4) + 4 * torch.eye(4)
B = torch.randn(4, 2)
print("inv", r(torch.linalg.inv(A)))
print("inverse == linalg.inv", close(torch.inverse(A), torch.linalg.inv(A)), close(A.inverse(), torch.linalg.inv(A)))
print("A @ inv(A) = I", close(A @ torch.linalg.inv(A), torch.eye(4)))
X = torch.linalg.solve(A, B)
print("solve", tuple(X.shape), r(X))
print("solve vector", r(torch.linalg.solve(A, B[:, 0])))
print("solve left=False", r(torch.linalg.solve(A, B.t(), left=False)))
print("det", r(torch.linalg.det(A)), r(torch.det(A)), r(A.det()))
sl = torch.linalg.slogdet(A)
print("slogdet", r(sl.sign), r(sl.logabsdet), type(sl).__name__)
sign, logabs = torch.slogdet(-A)
print("slogdet(-A)", r(sign), r(logabs))
print("det singular", torch.linalg.det(torch.tensor([[1.0, 2.0], [2.0, 4.0]])))

batch = torch.randn(3, 3, 3, dtype=torch.float64) + 3 * torch.eye(3, dtype=torch.float64)
print("batched inv", batch.dtype, close(batch @ torch.linalg.inv(batch), torch.eye(3, dtype=torch.float64)))
print("batched det", r(torch.linalg.det(batch)))

M = torch.randn(5, 3)
for mode in ["reduced", "complete", "r"]:
    Q, R = torch.linalg.qr(M, mode=mode)
    print("qr", mode, tuple(Q.shape), tuple(R.shape))
Q, R = torch.linalg.qr(M)
d = R.diagonal().sign()
print("qr R (sign-normalized)", r(R * d.unsqueeze(-1)))
print("qr Q^T Q = I", close(Q.t() @ Q, torch.eye(3)), "QR = M", close(Q @ R, M))
print("qr fields", type(torch.linalg.qr(M)).__name__, torch.linalg.qr(M).Q.shape)

S = A @ A.t()
L = torch.linalg.cholesky(S)
print("cholesky", r(L))
print("cholesky upper", close(torch.linalg.cholesky(S, upper=True), L.t()))
w, V = torch.linalg.eigh(S)
print("eigh values", r(w))
print("eigh AV = VW", close(S @ V, V * w, 1e-3))
print("eigvalsh", r(torch.linalg.eigvalsh(S)), r(torch.linalg.eigvalsh(S, UPLO="U")))
U, Sv, Vh = torch.linalg.svd(M, full_matrices=False)
print("svd", tuple(U.shape), r(Sv), tuple(Vh.shape))
print("svd U S Vh = M", close(U @ torch.diag(Sv) @ Vh, M))
U, Sv, Vh = torch.linalg.svd(M)
print("svd full", tuple(U.shape), tuple(Vh.shape))
print("svdvals", r(torch.linalg.svdvals(M)))

K = torch.tensor([[0.0, 1.0], [-1.0, 0.0]])
print("matrix_exp", r(torch.linalg.matrix_exp(K)))
print("matrix_exp large", r(torch.matrix_exp(torch.tensor([[2.0, 1.0], [0.5, 3.0]]))))
print("matrix_exp double", r(torch.matrix_exp(torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=torch.float64))))
sk = torch.randn(2, 6, 6)
sk = sk - sk.transpose(-2, -1)
E = torch.matrix_exp(sk)
print("matrix_exp skew is orthogonal", close(E @ E.transpose(-2, -1), torch.eye(6).expand(2, 6, 6)))
print("matrix_exp method", close(K.matrix_exp(), torch.linalg.matrix_exp(K)))
