// RegisterLinalgOps: the registry entries for matmul, mm, bmm, addmm, baddbmm, dot, mv,
// outer (and its alias ger) and einsum. Each op's meta function and kernel are the same
// C++ function (linalg.h), which returns metadata only when given meta tensors.
#include "tensor/ops/linalg/linalg.h"

#include "base/status_macros.h"
#include "tensor/kernels/register.h"
#include "tensor/ops/ops.h"

namespace wick::tensor::ops {

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
  return absl::OkStatus();
}

}  // namespace wick::tensor::ops
