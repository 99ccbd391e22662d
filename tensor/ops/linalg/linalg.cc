// RegisterLinalgOps: the registry entries for matmul, mm, bmm, addmm, baddbmm, dot, mv,
// outer (and its alias ger), einsum and the torch.linalg decompositions with their
// torch.* / Tensor aliases (inverse, det, slogdet, matrix_exp). Each op's meta function
// and kernel are the same C++ function (linalg.h), which returns metadata only when given
// meta tensors.
#include "tensor/ops/linalg/linalg.h"

#include <utility>
#include <vector>

#include "base/status_macros.h"
#include "tensor/kernels/register.h"
#include "tensor/ops/ops.h"

namespace wick::tensor::ops {
namespace {

absl::StatusOr<Value> TensorsValue(absl::StatusOr<std::vector<Tensor>> ts) {
  if (!ts.ok()) return ts.status();
  if (ts->size() == 1) return Value((*ts)[0]);
  return Value(*std::move(ts));
}

// torch.linalg.* are registered as linalg_<name> functions (PyTorch's aten names; the
// torch.linalg module of vm/torch/nn/linalg.py binds them), the older torch.* spellings
// as functions and Tensor methods. svd's `driver` selects a CUDA solver: accepted, unused.
absl::Status RegisterDecompositions(OpRegistry& r) {
  using kernels::RegisterOp;
  const OpFlags fn{.function = true, .method = false};
  const OpFlags both{.function = true, .method = true};
  RETURN_IF_ERROR(RegisterOp(
      r, "linalg_inv(Tensor A) -> Tensor",
      [](const OpArgs& a) { return LinalgInv(a.tensor(0)); }, fn));
  RETURN_IF_ERROR(RegisterOp(
      r, "inverse(Tensor self) -> Tensor",
      [](const OpArgs& a) { return LinalgInv(a.tensor(0)); }, both));
  RETURN_IF_ERROR(RegisterOp(
      r, "linalg_solve(Tensor A, Tensor B, *, bool left=True) -> Tensor",
      [](const OpArgs& a) { return LinalgSolve(a.tensor(0), a.tensor(1), a.bool_(2)); }, fn));
  RETURN_IF_ERROR(RegisterOp(
      r, "linalg_det(Tensor A) -> Tensor",
      [](const OpArgs& a) { return LinalgDet(a.tensor(0)); }, fn));
  RETURN_IF_ERROR(RegisterOp(
      r, "det(Tensor self) -> Tensor",
      [](const OpArgs& a) { return LinalgDet(a.tensor(0)); }, both));
  RETURN_IF_ERROR(RegisterOp(
      r, "linalg_slogdet(Tensor A) -> (Tensor sign, Tensor logabsdet)",
      [](const OpArgs& a) { return LinalgSlogdet(a.tensor(0)); }, fn));
  RETURN_IF_ERROR(RegisterOp(
      r, "slogdet(Tensor self) -> (Tensor sign, Tensor logabsdet)",
      [](const OpArgs& a) { return LinalgSlogdet(a.tensor(0)); }, both));
  RETURN_IF_ERROR(RegisterOp(
      r, "linalg_qr(Tensor A, str mode='reduced') -> (Tensor Q, Tensor R)",
      [](const OpArgs& a) { return LinalgQr(a.tensor(0), a.string(1)); }, fn));
  RETURN_IF_ERROR(RegisterOp(
      r, "linalg_cholesky(Tensor self, *, bool upper=False) -> Tensor",
      [](const OpArgs& a) { return LinalgCholesky(a.tensor(0), a.bool_(1)); }, fn));
  RETURN_IF_ERROR(RegisterOp(
      r, "linalg_eigh(Tensor self, str UPLO='L') -> (Tensor eigenvalues, Tensor eigenvectors)",
      [](const OpArgs& a) { return LinalgEigh(a.tensor(0), a.string(1)); }, fn));
  RETURN_IF_ERROR(RegisterOp(
      r, "linalg_eigvalsh(Tensor self, str UPLO='L') -> Tensor",
      [](const OpArgs& a) -> absl::StatusOr<Tensor> {
        auto wv = LinalgEigh(a.tensor(0), a.string(1), /*compute_v=*/false);
        if (!wv.ok()) return wv.status();
        return wv->first;
      },
      fn));
  RETURN_IF_ERROR(RegisterOp(
      r, "linalg_svd(Tensor A, bool full_matrices=True, *, str? driver=None) -> (Tensor U, "
      "Tensor S, Tensor Vh)",
      [](const OpArgs& a) { return TensorsValue(LinalgSvd(a.tensor(0), a.bool_(1))); }, fn));
  RETURN_IF_ERROR(RegisterOp(
      r, "linalg_svdvals(Tensor A, *, str? driver=None) -> Tensor",
      [](const OpArgs& a) {
        return TensorsValue(LinalgSvd(a.tensor(0), /*full_matrices=*/false, /*compute_uv=*/false));
      },
      fn));
  RETURN_IF_ERROR(RegisterOp(
      r, "linalg_matrix_exp(Tensor self) -> Tensor",
      [](const OpArgs& a) { return LinalgMatrixExp(a.tensor(0)); }, fn));
  return RegisterOp(
      r, "matrix_exp(Tensor self) -> Tensor",
      [](const OpArgs& a) { return LinalgMatrixExp(a.tensor(0)); }, both);
}

}  // namespace

absl::Status RegisterLinalgOps(OpRegistry& r) {
  using kernels::RegisterOp;
  const OpFlags both{.function = true, .method = true};
  RETURN_IF_ERROR(RegisterOp(
      r, "matmul(Tensor self, Tensor other) -> Tensor",
      [](const OpArgs& a) { return Matmul(a.tensor(0), a.tensor(1)); }, both));
  RETURN_IF_ERROR(RegisterOp(
      r, "mm(Tensor self, Tensor mat2) -> Tensor",
      [](const OpArgs& a) { return Mm(a.tensor(0), a.tensor(1)); }, both));
  RETURN_IF_ERROR(RegisterOp(
      r, "bmm(Tensor self, Tensor mat2) -> Tensor",
      [](const OpArgs& a) { return Bmm(a.tensor(0), a.tensor(1)); }, both));
  RETURN_IF_ERROR(RegisterOp(
      r, "addmm(Tensor self, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1) -> Tensor",
      [](const OpArgs& a) {
        return Addmm(a.tensor(0), a.tensor(1), a.tensor(2), a.scalar(3), a.scalar(4));
      },
      both));
  RETURN_IF_ERROR(RegisterOp(
      r,
      "baddbmm(Tensor self, Tensor batch1, Tensor batch2, *, Scalar beta=1, Scalar alpha=1) "
      "-> Tensor",
      [](const OpArgs& a) {
        return Baddbmm(a.tensor(0), a.tensor(1), a.tensor(2), a.scalar(3), a.scalar(4));
      },
      both));
  RETURN_IF_ERROR(RegisterOp(
      r, "dot(Tensor self, Tensor tensor) -> Tensor",
      [](const OpArgs& a) { return Dot(a.tensor(0), a.tensor(1)); }, both));
  RETURN_IF_ERROR(RegisterOp(
      r, "mv(Tensor self, Tensor vec) -> Tensor",
      [](const OpArgs& a) { return Mv(a.tensor(0), a.tensor(1)); }, both));
  RETURN_IF_ERROR(RegisterOp(
      r, "outer(Tensor self, Tensor vec2) -> Tensor",
      [](const OpArgs& a) { return Outer(a.tensor(0), a.tensor(1)); }, both));
  RETURN_IF_ERROR(RegisterOp(
      r, "ger(Tensor self, Tensor vec2) -> Tensor",
      [](const OpArgs& a) { return Outer(a.tensor(0), a.tensor(1)); }, both));
  // torch.einsum(eq, a, b, ...) passes the operands as varargs; the binding layer packs
  // them into `tensors` (einsum(eq, [a, b]) is accepted by PyTorch as well).
  RETURN_IF_ERROR(RegisterOp(
      r, "einsum(str equation, Tensor[] tensors, *, int[]? path=None) -> Tensor",
      [](const OpArgs& a) { return Einsum(a.string(0), a.tensors(1), a.optional_int_list(2)); },
      {.function = true, .method = false}));
  return RegisterDecompositions(r);
}

}  // namespace wick::tensor::ops
