# torch.linalg for wick. The decompositions are registry ops on LAPACK
# (tensor/ops/linalg/lapack.cc) registered under PyTorch's aten names (torch.linalg_inv,
# ...); this module gives them their torch.linalg names and composes the norms from
# vector_norm and svdvals as PyTorch's linalg.norm / matrix_norm do.
import torch

inv = torch.linalg_inv
solve = torch.linalg_solve
det = torch.linalg_det
slogdet = torch.linalg_slogdet
qr = torch.linalg_qr
cholesky = torch.linalg_cholesky
eigh = torch.linalg_eigh
eigvalsh = torch.linalg_eigvalsh
svd = torch.linalg_svd
svdvals = torch.linalg_svdvals
matrix_exp = torch.linalg_matrix_exp
vector_norm = torch.linalg_vector_norm



# torch._C._LinAlgError, raised for singular or indefinite inputs: the kernels' statuses
# name it "_LinAlgError" and the runtime raises the class registered for that name.
class _LinAlgError(RuntimeError):
    pass


_LinAlgError.__module__ = "torch._C"
torch._C._LinAlgError = _LinAlgError
torch._C._wick_register_error_type("_LinAlgError", _LinAlgError)
LinAlgError = _LinAlgError


def inv_ex(A, *, check_errors=False):
    return inv(A), torch.zeros(A.shape[:-2], dtype=torch.int32)


def cholesky_ex(L, *, upper=False, check_errors=False):
    return cholesky(L, upper=upper), torch.zeros(L.shape[:-2], dtype=torch.int32)


def _wrap(d, ndim):
    return d % ndim if ndim > 0 else d


def matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):
    if A.dim() < 2:
        raise RuntimeError("linalg.matrix_norm: The input tensor A must have at least 2 "
                           "dimensions.")
    if dtype is not None:
        A = A.to(dtype)
    d0, d1 = _wrap(dim[0], A.dim()), _wrap(dim[1], A.dim())
    if ord == "fro":
        return vector_norm(A, 2, (d0, d1), keepdim)
    if ord == "nuc" or ord == 2 or ord == -2:
        s = svdvals(torch.movedim(A, (d0, d1), (-2, -1)))
        if ord == "nuc":
            r = s.sum(-1)
        elif ord == 2:
            r = s.amax(-1)
        else:
            r = s.amin(-1)
        if keepdim:
            r = r.unsqueeze(min(d0, d1)).unsqueeze(max(d0, d1))
        return r
    if ord == 1 or ord == -1:
        sums, other = A.abs().sum(d0, keepdim=True), d1
    elif ord == float("inf") or ord == -float("inf"):
        sums, other = A.abs().sum(d1, keepdim=True), d0
    else:
        raise RuntimeError("linalg.matrix_norm: Order {} not supported.".format(ord))
    r = sums.amax(other, keepdim=True) if ord > 0 else sums.amin(other, keepdim=True)
    if not keepdim:
        r = r.squeeze(max(d0, d1)).squeeze(min(d0, d1))
    return r


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    if isinstance(dim, int):
        dim = (dim,)
    if ord is None:
        if dim is not None and len(dim) == 2:
            return matrix_norm(A, "fro", dim, keepdim, dtype=dtype)
        return vector_norm(A, 2, dim, keepdim, dtype=dtype)
    if dim is not None and len(dim) == 2:
        return matrix_norm(A, ord, dim, keepdim, dtype=dtype)
    if dim is None and A.dim() == 2:
        return matrix_norm(A, ord, (-2, -1), keepdim, dtype=dtype)
    if dim is None and A.dim() != 1:
        raise RuntimeError("linalg.norm: If dim is not specified but ord is, the input must be "
                           "1D or 2D. Got {}D.".format(A.dim()))
    return vector_norm(A, ord, dim, keepdim, dtype=dtype)
