// The matrix-product family: matmul (with PyTorch 1.13's dispatch by rank, its folding of
// batch dims into rows and its messages), mm, bmm, addmm, baddbmm, dot, mv and outer.
// Checks happen in PyTorch's order so the first error reported is PyTorch's; the math
// runs in linalg_internal::GemmInto.
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/copy.h"
#include "tensor/ops/linalg/internal/gemm.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/ops/linalg/linalg.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using linalg_internal::AnyMeta;
using linalg_internal::GemmInto;
using linalg_internal::GemmOptions;
using linalg_internal::NewTensor;
using linalg_internal::NotImplementedFor;

absl::Status ExpectSameType(DType expected, DType found) {
  if (expected == found) return absl::OkStatus();
  return RuntimeError(absl::StrCat("expected scalar type ", ScalarTypeName(expected), " but found ",
                                   ScalarTypeName(found)));
}

bool IsZero(Scalar s) { return s.to_double() == 0.0; }

// View of a 0-dim or 1-D result as the [rows, cols] matrix GemmInto writes.
Tensor AsMatrix(const Tensor& t, int64_t rows, int64_t cols) {
  return Tensor::View(t, {rows, cols}, {cols, 1}, t.storage_offset());
}

absl::Status CheckMm(const Tensor& self, const Tensor& mat2) {
  if (self.dim() != 2) return RuntimeError("self must be a matrix");
  if (mat2.dim() != 2) return RuntimeError("mat2 must be a matrix");
  if (self.size(1) != mat2.size(0)) {
    return RuntimeError(absl::StrCat("mat1 and mat2 shapes cannot be multiplied (", self.size(0),
                                     "x", self.size(1), " and ", mat2.size(0), "x", mat2.size(1),
                                     ")"));
  }
  RETURN_IF_ERROR(ExpectSameType(self.dtype(), mat2.dtype()));
  if (self.dtype() == DType::kBool) return NotImplementedFor("addmm_impl_cpu_", DType::kBool);
  return absl::OkStatus();
}

absl::Status CheckMv(const Tensor& self, const Tensor& vec) {
  if (self.dim() != 2 || vec.dim() != 1) {
    return RuntimeError(
        absl::StrCat("vector + matrix @ vector expected, got 1, ", self.dim(), ", ", vec.dim()));
  }
  if (self.size(1) != vec.size(0)) {
    return RuntimeError(absl::StrCat("size mismatch, got ", self.size(0), ", ", self.size(0), "x",
                                     self.size(1), ",", vec.size(0)));
  }
  RETURN_IF_ERROR(ExpectSameType(self.dtype(), vec.dtype()));
  if (self.dtype() == DType::kBool) return NotImplementedFor("addmv_impl_cpu", DType::kBool);
  return absl::OkStatus();
}

absl::Status CheckBmm(const Tensor& b1, const Tensor& b2, absl::string_view kernel) {
  if (b1.dim() != 3) return RuntimeError("batch1 must be a 3D tensor");
  if (b2.dim() != 3) return RuntimeError("batch2 must be a 3D tensor");
  if (b2.size(0) != b1.size(0) || b2.size(1) != b1.size(2)) {
    return RuntimeError(
        absl::StrCat("Expected size for first two dimensions of batch2 tensor to be: [", b1.size(0),
                     ", ", b1.size(2), "] but got: [", b2.size(0), ", ", b2.size(1), "]."));
  }
  RETURN_IF_ERROR(ExpectSameType(b1.dtype(), b2.dtype()));
  if (b1.dtype() == DType::kBool) return NotImplementedFor(kernel, DType::kBool);
  return absl::OkStatus();
}

// out = beta * self + alpha * (a @ b) with `self` broadcast to out's shape; a 1-D self
// with beta == alpha == 1 rides along as the GEMM's bias (linear's common case).
absl::Status AddmmInto(const Tensor& out, const Tensor& self, const Tensor& a, const Tensor& b,
                       Scalar beta, Scalar alpha) {
  GemmOptions opts;
  opts.alpha = alpha;
  if (IsZero(beta)) return GemmInto(out, a, b, opts);
  if (self.dim() == 1 && self.size(0) == out.size(out.dim() - 1) && self.dtype() == out.dtype() &&
      beta.to_double() == 1.0 && alpha.to_double() == 1.0) {
    opts.bias = &self;
    return GemmInto(out, a, b, opts);
  }
  RETURN_IF_ERROR(CopyInto(out, self));
  opts.beta = beta;
  return GemmInto(out, a, b, opts);
}

// The batched branch of matmul: t1 [..., n, m] @ t2 [..., m, p] (1-D operands treated as
// a row / column), batch dims broadcast. Errors are bmm's, on the expanded batch.
// `transposed` gives the result the layout of PyTorch's transposed fold (2-D @ N-D):
// (contiguous [..., p, n]).mT().contiguous(), which keeps the transposed strides when a
// size-1 dim makes them count as contiguous.
absl::StatusOr<Tensor> BatchedMatmul(const Tensor& t1, const Tensor& t2, bool transposed = false) {
  const int64_t d1 = t1.dim(), d2 = t2.dim();
  const int64_t n = d1 > 1 ? t1.size(d1 - 2) : 1;
  const int64_t m1 = t1.size(d1 - 1);
  const int64_t m2 = d2 > 1 ? t2.size(d2 - 2) : t2.size(0);
  const int64_t p = d2 > 1 ? t2.size(d2 - 1) : 1;
  const IntSpan batch1 = t1.sizes().subspan(0, std::max<int64_t>(d1 - 2, 0));
  const IntSpan batch2 = t2.sizes().subspan(0, std::max<int64_t>(d2 - 2, 0));
  ASSIGN_OR_RETURN(Shape batch, BroadcastShapes(batch1, batch2));
  const int64_t bprod = Numel(batch);
  if (m1 != m2) {
    return RuntimeError(
        absl::StrCat("Expected size for first two dimensions of batch2 tensor to be: [", bprod,
                     ", ", m1, "] but got: [", bprod, ", ", m2, "]."));
  }
  RETURN_IF_ERROR(ExpectSameType(t1.dtype(), t2.dtype()));
  if (t1.dtype() == DType::kBool) return NotImplementedFor("bmm", DType::kBool);
  Shape out_sizes = batch;
  if (d1 > 1) out_sizes.push_back(n);
  if (d2 > 1) out_sizes.push_back(p);
  Shape out_strides = ContiguousStrides(out_sizes);
  if (transposed && d1 > 1 && d2 > 1) {
    Shape t_sizes = out_sizes;
    std::swap(t_sizes[t_sizes.size() - 1], t_sizes[t_sizes.size() - 2]);
    Shape t_strides = ContiguousStrides(t_sizes);
    std::swap(t_strides[t_strides.size() - 1], t_strides[t_strides.size() - 2]);
    if (IsContiguousLayout(out_sizes, t_strides)) out_strides = t_strides;
  }
  Tensor out;
  if (AnyMeta({&t1, &t2})) {
    out = Tensor::MetaStrided(out_sizes, out_strides, t1.dtype());
    return out;
  }
  ASSIGN_OR_RETURN(out, Tensor::EmptyStrided(out_sizes, out_strides, t1.dtype()));
  // Rank-aligned views: [batch..., n, m] @ [batch..., m, p] -> [batch..., n, p].
  const Tensor a = d1 == 1 ? linalg_internal::UnsqueezeView(t1, 0) : t1;
  const Tensor b = d2 == 1 ? linalg_internal::UnsqueezeView(t2, 1) : t2;
  Shape a_sizes = batch, b_sizes = batch, o_sizes = batch;
  a_sizes.insert(a_sizes.end(), {n, m1});
  b_sizes.insert(b_sizes.end(), {m2, p});
  o_sizes.insert(o_sizes.end(), {n, p});
  Shape o_strides(out_strides.begin(), out_strides.end());
  if (d1 == 1) o_strides.insert(o_strides.end() - (d2 > 1 ? 1 : 0), 1);
  if (d2 == 1) o_strides.push_back(1);
  const Tensor out_view = Tensor::View(out, o_sizes, o_strides, out.storage_offset());
  RETURN_IF_ERROR(GemmInto(out_view, linalg_internal::ExpandView(a, a_sizes),
                           linalg_internal::ExpandView(b, b_sizes)));
  return out;
}

// PyTorch folds the batch of a >= 3-D operand into the rows of one mm/mv when the other
// operand is 1-D or 2-D, except for a [b, n, m] operand whose last two dims are
// transposed (then bmm handles it without a copy).
bool ShouldFold(const Tensor& t1, const Tensor& t2) {
  const int64_t d1 = t1.dim(), d2 = t2.dim();
  if (d1 < 3 || (d2 != 1 && d2 != 2)) return false;
  if (d1 == 3 && d2 == 2 && t1.stride(2) != 1 && t1.stride(0) == t1.size(1) * t1.size(2)) {
    return false;
  }
  return true;
}

}  // namespace

absl::StatusOr<Tensor> Mm(const Tensor& self, const Tensor& mat2) {
  RETURN_IF_ERROR(CheckMm(self, mat2));
  ASSIGN_OR_RETURN(Tensor out,
                   NewTensor({self.size(0), mat2.size(1)}, self.dtype(), AnyMeta({&self, &mat2})));
  if (out.is_meta()) return out;
  RETURN_IF_ERROR(GemmInto(out, self, mat2));
  return out;
}

absl::StatusOr<Tensor> Mv(const Tensor& self, const Tensor& vec) {
  RETURN_IF_ERROR(CheckMv(self, vec));
  ASSIGN_OR_RETURN(Tensor out, NewTensor({self.size(0)}, self.dtype(), AnyMeta({&self, &vec})));
  if (out.is_meta()) return out;
  RETURN_IF_ERROR(
      GemmInto(AsMatrix(out, self.size(0), 1), self, linalg_internal::UnsqueezeView(vec, 1)));
  return out;
}

absl::StatusOr<Tensor> Dot(const Tensor& self, const Tensor& other) {
  if (self.dim() != 1 || other.dim() != 1) {
    return RuntimeError(absl::StrCat("1D tensors expected, but got ", self.dim(), "D and ",
                                     other.dim(), "D tensors"));
  }
  if (self.dtype() != other.dtype()) {
    return RuntimeError(absl::StrCat("dot : expected both vectors to have same dtype, but found ",
                                     ScalarTypeName(self.dtype()), " and ",
                                     ScalarTypeName(other.dtype())));
  }
  if (self.numel() != other.numel()) {
    return RuntimeError(
        absl::StrCat("inconsistent tensor size, expected tensor [", self.numel(), "] and src [",
                     other.numel(), "] to have the same number of elements, but got ", self.numel(),
                     " and ", other.numel(), " elements respectively"));
  }
  if (self.dtype() == DType::kBool) return NotImplementedFor("dot", DType::kBool);
  ASSIGN_OR_RETURN(Tensor out, NewTensor({}, self.dtype(), AnyMeta({&self, &other})));
  if (out.is_meta()) return out;
  RETURN_IF_ERROR(GemmInto(AsMatrix(out, 1, 1), linalg_internal::UnsqueezeView(self, 0),
                           linalg_internal::UnsqueezeView(other, 1)));
  return out;
}

absl::StatusOr<Tensor> Bmm(const Tensor& self, const Tensor& mat2) {
  RETURN_IF_ERROR(CheckBmm(self, mat2, "bmm"));
  ASSIGN_OR_RETURN(Tensor out, NewTensor({self.size(0), self.size(1), mat2.size(2)}, self.dtype(),
                                         AnyMeta({&self, &mat2})));
  if (out.is_meta()) return out;
  RETURN_IF_ERROR(GemmInto(out, self, mat2));
  return out;
}

absl::StatusOr<Tensor> Addmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2,
                             Scalar beta, Scalar alpha) {
  if (mat1.dim() != 2) {
    return RuntimeError(absl::StrCat("mat1 must be a matrix, got ", mat1.dim(), "-D tensor"));
  }
  if (mat2.dim() != 2) {
    return RuntimeError(absl::StrCat("mat2 must be a matrix, got ", mat2.dim(), "-D tensor"));
  }
  // A Python number passed as self (a wrapped 0-dim tensor) is converted, not checked.
  if (self.dtype() != mat2.dtype() && !self.is_wrapped_number()) {
    return RuntimeError("self and mat2 must have the same dtype");
  }
  if (mat1.dtype() != mat2.dtype()) return RuntimeError("mat1 and mat2 must have the same dtype");
  if (mat1.size(1) != mat2.size(0)) {
    return RuntimeError(absl::StrCat("mat1 and mat2 shapes cannot be multiplied (", mat1.size(0),
                                     "x", mat1.size(1), " and ", mat2.size(0), "x", mat2.size(1),
                                     ")"));
  }
  const Shape out_sizes = {mat1.size(0), mat2.size(1)};
  RETURN_IF_ERROR(linalg_internal::CheckExpand(self, out_sizes));
  if (mat1.dtype() == DType::kBool) return NotImplementedFor("addmm_impl_cpu_", DType::kBool);
  ASSIGN_OR_RETURN(Tensor out, NewTensor(out_sizes, mat1.dtype(), AnyMeta({&self, &mat1, &mat2})));
  if (out.is_meta()) return out;
  RETURN_IF_ERROR(AddmmInto(out, self, mat1, mat2, beta, alpha));
  return out;
}

absl::StatusOr<Tensor> Baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
                               Scalar beta, Scalar alpha) {
  // PyTorch sizes the result from batch1's first two dims and batch2's third before any
  // rank check, so a 2-D batch2 is an IndexError first.
  ASSIGN_OR_RETURN(int64_t b1_d0, linalg_internal::WrapDimOrIndexError(0, batch1.dim()));
  ASSIGN_OR_RETURN(int64_t b1_d1, linalg_internal::WrapDimOrIndexError(1, batch1.dim()));
  ASSIGN_OR_RETURN(int64_t b2_d2, linalg_internal::WrapDimOrIndexError(2, batch2.dim()));
  if (batch1.dim() == 0 || batch2.dim() == 0) return RuntimeError("batch1 must be a 3D tensor");
  const Shape out_sizes = {batch1.size(b1_d0), batch1.size(b1_d1), batch2.size(b2_d2)};
  RETURN_IF_ERROR(linalg_internal::CheckExpand(self, out_sizes));
  RETURN_IF_ERROR(CheckBmm(batch1, batch2, "baddbmm"));
  ASSIGN_OR_RETURN(Tensor out,
                   NewTensor(out_sizes, batch1.dtype(), AnyMeta({&self, &batch1, &batch2})));
  if (out.is_meta()) return out;
  // self in another dtype is converted (PyTorch copies it into the result).
  RETURN_IF_ERROR(AddmmInto(out, self, batch1, batch2, beta, alpha));
  return out;
}

absl::StatusOr<Tensor> Outer(const Tensor& self, const Tensor& vec2) {
  if (self.dim() != 1) {
    return RuntimeError(
        absl::StrCat("outer: Expected 1-D argument self, but got ", self.dim(), "-D"));
  }
  if (vec2.dim() != 1) {
    return RuntimeError(
        absl::StrCat("outer: Expected 1-D argument vec2, but got ", vec2.dim(), "-D"));
  }
  return linalg_internal::MulBroadcast(linalg_internal::UnsqueezeView(self, 1), vec2);
}

absl::StatusOr<Tensor> Matmul(const Tensor& t1, const Tensor& t2) {
  const int64_t d1 = t1.dim(), d2 = t2.dim();
  if (d1 == 0 || d2 == 0) {
    return RuntimeError(absl::StrCat(
        "both arguments to matmul need to be at least 1D, but they are ", d1, "D and ", d2, "D"));
  }
  if (d1 == 1 && d2 == 1) return Dot(t1, t2);
  if (d1 == 2 && d2 == 1) return Mv(t1, t2);
  if (d1 == 1 && d2 == 2) {
    ASSIGN_OR_RETURN(Tensor r, Mm(linalg_internal::UnsqueezeView(t1, 0), t2));
    return linalg_internal::SqueezeView(r, 0);
  }
  if (d1 == 2 && d2 == 2) return Mm(t1, t2);
  if (ShouldFold(t1, t2)) {
    // [..., n, m] @ [m(, p)]: one mm/mv over [prod(...) * n, m].
    const int64_t m = t1.size(d1 - 1);
    Shape out_sizes(t1.sizes().begin(), t1.sizes().end() - 1);
    const int64_t rows = Numel(out_sizes);
    if (d2 == 2) out_sizes.push_back(t2.size(1));
    ASSIGN_OR_RETURN(Tensor folded, linalg_internal::Reshape(t1, {rows, m}));
    ASSIGN_OR_RETURN(Tensor r, d2 == 2 ? Mm(folded, t2) : Mv(folded, t2));
    return Tensor::View(r, out_sizes, ContiguousStrides(out_sizes), r.storage_offset());
  }
  if ((d1 == 1 || d1 == 2) && d2 >= 3) {
    // PyTorch folds the other way: (t2^T folded) @ t1^T, transposed back into a
    // contiguous result. Its errors and dtype order are that mm/mv's; the product itself
    // is the same batched GEMM with t1 broadcast, which needs no transposed copy.
    const int64_t rows = Numel(t2.sizes().subspan(0, d2 - 2)) * t2.size(d2 - 1);
    const Tensor lhs = Tensor::Meta({rows, t2.size(d2 - 2)}, t2.dtype());
    if (d1 == 2) {
      RETURN_IF_ERROR(CheckMm(lhs, Tensor::Meta({t1.size(1), t1.size(0)}, t1.dtype())));
      return BatchedMatmul(t1, t2, /*transposed=*/true);
    }
    RETURN_IF_ERROR(CheckMv(lhs, Tensor::Meta({t1.size(0)}, t1.dtype())));
  }
  return BatchedMatmul(t1, t2);
}

}  // namespace wick::tensor
