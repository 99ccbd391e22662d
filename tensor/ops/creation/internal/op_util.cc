// Shared plumbing of the creation/shape/indexing op groups (see op_util.h).
#include "tensor/ops/creation/internal/op_util.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "tensor/internal/strided_loop.h"
#include "tensor/shape.h"

namespace wick::tensor::creation_internal {

absl::StatusOr<int64_t> WrapDimOrIndexError(int64_t dim, int64_t ndim) {
  absl::StatusOr<int64_t> d = WrapDim(dim, ndim);
  if (!d.ok()) return IndexError(d.status().message());
  return d;
}

std::string LegacyTypeName(DType t) { return absl::StrCat("torch.", ScalarTypeName(t), "Tensor"); }

absl::Status CheckScalarFits(const Scalar& s, DType dtype, bool torch_names) {
  bool overflow = false;
  absl::string_view name;
  switch (dtype) {
    case DType::kBool:
    case DType::kFloat64:
      return absl::OkStatus();
    case DType::kFloat32: {
      if (!s.is_double()) return absl::OkStatus();
      const double d = s.to_double();
      if (!std::isfinite(d)) return absl::OkStatus();
      overflow = d < -std::numeric_limits<float>::max() || d > std::numeric_limits<float>::max();
      name = "float";
      if (torch_names) overflow = false;  // torch.tensor rounds to inf instead.
      break;
    }
    case DType::kInt32:
    case DType::kInt64: {
      const bool is32 = dtype == DType::kInt32;
      const double lo = is32 ? -2147483648.0 : -9223372036854775808.0;
      const double hi = is32 ? 2147483647.0 : 9223372036854775807.0;
      if (s.is_double()) {
        const double d = s.to_double();
        overflow = std::isnan(d) || d < lo || d > hi;
      } else if (is32 && s.is_int()) {
        overflow = s.to_int() < INT32_MIN || s.to_int() > INT32_MAX;
      }
      name = torch_names ? (is32 ? "int32" : "int64") : (is32 ? "int" : "int64_t");
      break;
    }
  }
  if (!overflow) return absl::OkStatus();
  return RuntimeError(
      absl::StrCat("value cannot be converted to type ", name, " without overflow"));
}

absl::StatusOr<Tensor> NewTensor(IntSpan sizes, IntSpan strides, DType dtype, bool meta) {
  if (!meta) return Tensor::EmptyStrided(sizes, strides, dtype);
  for (int64_t s : sizes) {
    if (s < 0) {
      return RuntimeError(absl::StrCat("Trying to create tensor with negative dimension ", s, ": ",
                                       ShapeToString(sizes)));
    }
  }
  return Tensor::MetaStrided(sizes, strides, dtype);
}

absl::StatusOr<Tensor> NewContiguous(IntSpan sizes, DType dtype, bool meta) {
  return NewTensor(sizes, ContiguousStrides(sizes), dtype, meta);
}

namespace {

// Insertion sort of dims, innermost first, with ambiguous comparisons left in place:
// the algorithm TensorIterator and infer_dense_strides share. `cmp(d0, d1)` returns 1
// when d0 should come after d1, -1 when before, 0 when it cannot tell.
template <typename Cmp>
Shape SortDims(size_t ndim, Cmp cmp) {
  Shape perm(ndim);
  for (size_t i = 0; i < ndim; ++i) perm[i] = static_cast<int64_t>(ndim - 1 - i);
  for (size_t i = 1; i < ndim; ++i) {
    size_t d1 = i;
    for (size_t j = 1; j <= i; ++j) {
      const size_t d0 = i - j;
      const int c = cmp(perm[d0], perm[d1]);
      if (c > 0) {
        std::swap(perm[d0], perm[d1]);
        d1 = d0;
      } else if (c < 0) {
        break;
      }
    }
  }
  return perm;
}

}  // namespace

Shape InferDenseStrides(IntSpan sizes, IntSpan strides) {
  const size_t n = sizes.size();
  if (n == 0) return {};
  if (n == 1) return {1};
  Shape perm = SortDims(n, [&](int64_t d0, int64_t d1) {
    if (strides[d0] == 0 || strides[d1] == 0) return 0;
    if (strides[d0] < strides[d1]) return -1;
    if (strides[d0] > strides[d1]) return 1;
    return sizes[d0] > sizes[d1] ? 1 : 0;
  });
  Shape out(n);
  int64_t cur = 1;
  for (int64_t d : perm) {
    out[d] = cur;
    if (sizes[d] > 1) cur *= sizes[d];
  }
  return out;
}

Shape PreserveStrides(const Tensor& t) {
  if (IsNonOverlappingAndDense(t.sizes(), t.strides())) {
    return Shape(t.strides().begin(), t.strides().end());
  }
  return InferDenseStrides(t.sizes(), t.strides());
}

Shape IteratorOutputStrides(IntSpan sizes, absl::Span<const Shape> operand_strides,
                            bool same_shapes) {
  const size_t n = sizes.size();
  // TensorIterator's fast path: every operand the full shape and contiguous.
  bool all_contiguous = same_shapes;
  for (const Shape& s : operand_strides) {
    all_contiguous = all_contiguous && IsContiguousLayout(sizes, s);
  }
  if (n <= 1 || all_contiguous) return ContiguousStrides(sizes);
  const Shape perm = IteratorPermutation(sizes, operand_strides);
  bool natural = true;
  for (size_t i = 0; i < n; ++i) natural = natural && perm[i] == static_cast<int64_t>(n - 1 - i);
  if (natural) return ContiguousStrides(sizes);
  Shape out(n);
  int64_t next = 1;
  for (int64_t d : perm) {
    out[d] = next;
    next *= sizes[d];
  }
  return out;
}

Shape IteratorPermutation(IntSpan sizes, absl::Span<const Shape> operand_strides) {
  return SortDims(sizes.size(), [&](int64_t d0, int64_t d1) {
    for (const Shape& s : operand_strides) {
      const int64_t s0 = s[d0], s1 = s[d1];
      if (s0 == 0 || s1 == 0) continue;  // Broadcast in one of them: ask the next operand.
      if (s0 < s1) return -1;
      if (s0 > s1) return 1;
      if (sizes[d0] > sizes[d1]) return 1;
    }
    return 0;
  });
}

Shape IteratorStrides(const Tensor& t, IntSpan target) {
  Shape s(target.size(), 0);
  const size_t lead = target.size() - t.sizes().size();
  for (size_t i = 0; i < t.sizes().size(); ++i) {
    s[lead + i] = (t.size(i) == 1 && target[lead + i] != 1) ? 0 : t.stride(i);
  }
  return s;
}

void FillTensor(const Tensor& t, const Scalar& value) {
  if (t.numel() == 0) return;
  VisitDType(t.dtype(), [&]<typename T>() {
    const T v = ScalarTo<T>(value);
    internal::StridedLoop<1> loop(
        t.sizes(),
        {internal::LoopOperand{t.raw_data(), t.strides(), static_cast<int64_t>(sizeof(T))}});
    loop.Run([v](char* const* p, const int64_t* step, int64_t n) {
      if (step[0] == sizeof(T)) {
        T* out = reinterpret_cast<T*>(p[0]);
        std::fill(out, out + n, v);
        return;
      }
      char* out = p[0];
      for (int64_t i = 0; i < n; ++i, out += step[0]) *reinterpret_cast<T*>(out) = v;
    });
  });
}

absl::Status RegisterOp(OpRegistry& r, absl::string_view schema, OpImpl impl, OpFlags flags) {
  return r.Register(
      schema, [impl](const OpArgs& a) { return impl(a, /*meta=*/true); },
      [impl](const OpArgs& a) { return impl(a, /*meta=*/false); }, flags);
}

absl::Status ApplyRequiresGrad(Tensor& t, bool requires_grad) {
  if (!requires_grad) return absl::OkStatus();
  if (!IsFloating(t.dtype())) {
    return RuntimeError("Only Tensors of floating point and complex dtype can require gradients");
  }
  t.set_requires_grad(true);
  return absl::OkStatus();
}

bool WantsContiguous(const Value& memory_format) {
  return memory_format.is_string() && memory_format.to_string() == "contiguous_format";
}

}  // namespace wick::tensor::creation_internal
