// torch.cosine_similarity (F.cosine_similarity), composed as PyTorch 1.13 composes it so
// that every rounding is the same: both inputs are promoted to their common (floating)
// dtype and broadcast, each is divided by its own 2-norm along `dim`, computed as
// sqrt(sum(x * x)) and clamped below by eps, and the normalised products are summed.
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/pointwise/pointwise.h"
#include "tensor/kernels/register.h"
#include "tensor/ops/reduction/internal/registration.h"
#include "tensor/ops/reduction/reduction.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

// x / max(sqrt(sum(x * x, dim, keepdim)), eps).
absl::StatusOr<Tensor> Normalised(const Tensor& x, int64_t dim, double eps, OpMode mode) {
  ASSIGN_OR_RETURN(Tensor squares, Mul(x, x, mode));
  const int64_t dims[] = {dim};
  ASSIGN_OR_RETURN(Tensor sum, Sum(squares, IntSpan(dims), /*keepdim=*/true));
  ASSIGN_OR_RETURN(Tensor norm, Unary(UnaryOp::kSqrt, sum, mode));
  ASSIGN_OR_RETURN(norm, Clamp(norm, Scalar(eps), std::nullopt, mode));
  return Div(x, norm, std::nullopt, mode);
}

absl::StatusOr<Tensor> CosineSimilarity(const Tensor& x1, const Tensor& x2, int64_t dim,
                                        double eps) {
  const OpMode mode{.meta = x1.is_meta() || x2.is_meta()};
  const DType common = ResultType(x1, x2);
  if (!IsFloating(common)) {
    return RuntimeError(absl::StrCat(
        "expected common dtype to be floating point, yet common dtype is ",
        ScalarTypeName(common)));
  }
  ASSIGN_OR_RETURN(Shape shape, BroadcastShapes(x1.sizes(), x2.sizes()));
  auto prepare = [&](const Tensor& x) -> absl::StatusOr<Tensor> {
    Tensor t = x;
    if (t.dtype() != common) {
      if (mode.meta) {
        t = Tensor::MetaStrided(t.sizes(), t.strides(), common);
      } else {
        ASSIGN_OR_RETURN(t, t.CopyAs(common));
      }
    }
    return Tensor::View(t, shape, BroadcastStrides(t, shape), t.storage_offset());
  };
  ASSIGN_OR_RETURN(Tensor a, prepare(x1));
  ASSIGN_OR_RETURN(Tensor b, prepare(x2));
  ASSIGN_OR_RETURN(Tensor na, Normalised(a, dim, eps, mode));
  ASSIGN_OR_RETURN(Tensor nb, Normalised(b, dim, eps, mode));
  ASSIGN_OR_RETURN(Tensor products, Mul(na, nb, mode));
  const int64_t dims[] = {dim};
  return Sum(products, IntSpan(dims), /*keepdim=*/false);
}

}  // namespace

namespace reduce_internal {

absl::Status RegisterDistanceOps(OpRegistry& r) {
  return kernels::RegisterOp(
      r, "cosine_similarity(Tensor x1, Tensor x2, int dim=1, float eps=1e-08) -> Tensor",
      [](const OpArgs& a) {
        return CosineSimilarity(a.tensor(0), a.tensor(1), a.int_(2), a.double_(3));
      },
      {.function = true, .method = false});
}

}  // namespace reduce_internal
}  // namespace wick::tensor
