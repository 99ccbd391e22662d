// Views, allocation and the two generic kernels (broadcast multiply, sum over dims) that
// the linalg/nn ops share. See tensor_util.h.
#include "tensor/ops/linalg/internal/tensor_util.h"

#include "tensor/kernels/iteration_order.h"

#include <algorithm>
#include <numeric>
#include <type_traits>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/copy.h"
#include "tensor/internal/strided_loop.h"
#include "tensor/shape.h"

namespace wick::tensor::linalg_internal {

absl::Status NotImplementedFor(absl::string_view kernel, DType t) {
  return RuntimeError(
      absl::StrCat("\"", kernel, "\" not implemented for '", ScalarTypeName(t), "'"));
}

absl::StatusOr<int64_t> WrapDimOrIndexError(int64_t dim, int64_t ndim) {
  absl::StatusOr<int64_t> d = WrapDim(dim, ndim);
  if (!d.ok()) return IndexError(d.status().message());
  return d;
}

bool AnyMeta(std::initializer_list<const Tensor*> ts) {
  for (const Tensor* t : ts) {
    if (t != nullptr && t->defined() && t->is_meta()) return true;
  }
  return false;
}

absl::StatusOr<Tensor> NewTensor(IntSpan sizes, DType dtype, bool meta) {
  if (meta) return Tensor::Meta(sizes, dtype);
  return Tensor::Empty(sizes, dtype);
}

Tensor PermuteView(const Tensor& t, IntSpan perm) {
  Shape sizes(perm.size()), strides(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) {
    sizes[i] = t.size(perm[i]);
    strides[i] = t.stride(perm[i]);
  }
  return Tensor::View(t, sizes, strides, t.storage_offset());
}

Tensor TransposeView(const Tensor& t, int64_t d0, int64_t d1) {
  Shape sizes(t.sizes().begin(), t.sizes().end());
  Shape strides(t.strides().begin(), t.strides().end());
  std::swap(sizes[d0], sizes[d1]);
  std::swap(strides[d0], strides[d1]);
  return Tensor::View(t, sizes, strides, t.storage_offset());
}

Tensor UnsqueezeView(const Tensor& t, int64_t dim) {
  Shape sizes(t.sizes().begin(), t.sizes().end());
  Shape strides(t.strides().begin(), t.strides().end());
  // PyTorch's stride for the new dim: size*stride of the dim it is inserted before.
  const int64_t stride = dim >= t.dim() ? 1 : t.size(dim) * t.stride(dim);
  sizes.insert(sizes.begin() + dim, 1);
  strides.insert(strides.begin() + dim, stride);
  return Tensor::View(t, sizes, strides, t.storage_offset());
}

Tensor SqueezeView(const Tensor& t, int64_t dim) {
  Shape sizes(t.sizes().begin(), t.sizes().end());
  Shape strides(t.strides().begin(), t.strides().end());
  sizes.erase(sizes.begin() + dim);
  strides.erase(strides.begin() + dim);
  return Tensor::View(t, sizes, strides, t.storage_offset());
}

Tensor ExpandView(const Tensor& t, IntSpan sizes) {
  return Tensor::View(t, sizes, BroadcastStrides(t, sizes), t.storage_offset());
}

absl::Status CheckExpand(const Tensor& t, IntSpan target) {
  if (static_cast<int64_t>(target.size()) < t.dim()) {
    return RuntimeError(absl::StrCat(
        "expand(torch.", ScalarTypeName(t.dtype()), "Tensor{", ShapeToString(t.sizes()),
        "}, size=", ShapeToString(target), "): the number of sizes provided (", target.size(),
        ") must be greater or equal to the number of dimensions in the tensor (", t.dim(), ")"));
  }
  const int64_t lead = static_cast<int64_t>(target.size()) - t.dim();
  for (int64_t i = t.dim() - 1; i >= 0; --i) {
    if (t.size(i) != 1 && t.size(i) != target[lead + i]) {
      return RuntimeError(absl::StrCat("The expanded size of the tensor (", target[lead + i],
                                       ") must match the existing size (", t.size(i),
                                       ") at non-singleton dimension ", lead + i,
                                       ".  Target sizes: ", ShapeToString(target),
                                       ".  Tensor sizes: ", ShapeToString(t.sizes())));
    }
  }
  return absl::OkStatus();
}

std::optional<Shape> ViewStrides(IntSpan sizes, IntSpan strides, IntSpan new_sizes) {
  if (sizes.empty()) return Shape(new_sizes.size(), 1);
  if (Numel(sizes) == 0) return ContiguousStrides(new_sizes);
  // Walk the old dims from the innermost, grouping them into runs that are contiguous
  // with each other; every run must be covered exactly by a run of new dims, which then
  // take strides from the run's base stride.
  Shape out(new_sizes.size());
  int64_t view_d = static_cast<int64_t>(new_sizes.size()) - 1;
  int64_t base_stride = strides.back();
  int64_t run_numel = 1;
  int64_t view_numel = 1;
  for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
    run_numel *= sizes[d];
    const bool run_ends =
        d == 0 || (sizes[d - 1] != 1 && strides[d - 1] != run_numel * base_stride);
    if (!run_ends) continue;
    while (view_d >= 0 && (view_numel < run_numel || new_sizes[view_d] == 1)) {
      out[view_d] = view_numel * base_stride;
      view_numel *= new_sizes[view_d];
      --view_d;
    }
    if (view_numel != run_numel) return std::nullopt;
    if (d > 0) {
      base_stride = strides[d - 1];
      run_numel = 1;
      view_numel = 1;
    }
  }
  if (view_d != -1) return std::nullopt;
  return out;
}

absl::StatusOr<Tensor> Reshape(const Tensor& t, IntSpan new_sizes) {
  std::optional<Shape> strides = ViewStrides(t.sizes(), t.strides(), new_sizes);
  if (strides) return Tensor::View(t, new_sizes, *strides, t.storage_offset());
  ASSIGN_OR_RETURN(Tensor c, ContiguousAs(t, t.dtype()));
  return Tensor::View(c, new_sizes, ContiguousStrides(new_sizes), c.storage_offset());
}

absl::StatusOr<Tensor> ContiguousAs(const Tensor& t, DType dtype) {
  if (t.dtype() == dtype && t.is_contiguous()) return t;
  if (t.is_meta()) return Tensor::Meta(t.sizes(), dtype);
  return t.CopyAs(dtype);
}

Shape ElementwiseOutputStrides(IntSpan sizes, std::initializer_list<const Tensor*> inputs) {
  // TensorIterator's fast setups, for inputs that all have the output's shape.
  bool same_shape = true, contiguous = true, dense = true;
  for (const Tensor* t : inputs) {
    same_shape &= t->sizes() == sizes;
    contiguous &= t->is_contiguous();
    dense &= IsNonOverlappingAndDense(t->sizes(), t->strides());
  }
  if (same_shape && contiguous) return ContiguousStrides(sizes);
  if (same_shape && dense) {
    bool equal = true;
    for (const Tensor* t : inputs) equal &= t->strides() == (*inputs.begin())->strides();
    if (equal)
      return Shape((*inputs.begin())->strides().begin(), (*inputs.begin())->strides().end());
  }
  std::vector<Shape> broadcast;
  for (const Tensor* t : inputs) broadcast.push_back(BroadcastStrides(*t, sizes));
  std::vector<IntSpan> spans(broadcast.begin(), broadcast.end());
  return kernels::DenseStridesInOrder(sizes, kernels::ReorderDims(sizes, spans));
}

absl::StatusOr<Tensor> MulBroadcast(const Tensor& a, const Tensor& b) {
  ASSIGN_OR_RETURN(Shape sizes, BroadcastShapes(a.sizes(), b.sizes()));
  const DType dtype = ResultType(a, b);
  const Shape so = ElementwiseOutputStrides(sizes, {&a, &b});
  if (AnyMeta({&a, &b})) return Tensor::MetaStrided(sizes, so, dtype);
  ASSIGN_OR_RETURN(Tensor out, Tensor::EmptyStrided(sizes, so, dtype));
  if (out.numel() == 0) return out;
  // Operands in the result dtype (copies only when the dtype differs).
  ASSIGN_OR_RETURN(Tensor ca, a.dtype() == dtype ? absl::StatusOr<Tensor>(a) : a.CopyAs(dtype));
  ASSIGN_OR_RETURN(Tensor cb, b.dtype() == dtype ? absl::StatusOr<Tensor>(b) : b.CopyAs(dtype));
  const Shape ca_strides = BroadcastStrides(ca, sizes);
  const Shape cb_strides = BroadcastStrides(cb, sizes);
  const int64_t es = static_cast<int64_t>(ElementSize(dtype));
  internal::StridedLoop<3> loop(sizes, {internal::LoopOperand{out.raw_data(), out.strides(), es},
                                        internal::LoopOperand{ca.raw_data(), ca_strides, es},
                                        internal::LoopOperand{cb.raw_data(), cb_strides, es}});
  VisitDType(dtype, [&]<typename T>() {
    loop.Run([](char* const* p, const int64_t* step, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        const T x = *reinterpret_cast<const T*>(p[1] + i * step[1]);
        const T y = *reinterpret_cast<const T*>(p[2] + i * step[2]);
        T* o = reinterpret_cast<T*>(p[0] + i * step[0]);
        if constexpr (std::is_same_v<T, bool>) {
          *o = x && y;
        } else if constexpr (std::is_integral_v<T>) {
          // Two's-complement wrap like PyTorch, without signed-overflow UB.
          using U = std::make_unsigned_t<T>;
          *o = static_cast<T>(static_cast<U>(x) * static_cast<U>(y));
        } else {
          *o = x * y;
        }
      }
    });
  });
  return out;
}

absl::StatusOr<Tensor> SumDims(const Tensor& t, IntSpan dims, bool keepdim) {
  const DType out_dtype = IsFloating(t.dtype()) ? t.dtype() : DType::kInt64;
  std::vector<bool> reduced(t.dim(), false);
  for (int64_t d : dims) reduced[d] = true;
  Shape out_sizes, kept_sizes, kept_strides, red_sizes, red_strides;
  for (int64_t d = 0; d < t.dim(); ++d) {
    if (reduced[d]) {
      if (keepdim) out_sizes.push_back(1);
      red_sizes.push_back(t.size(d));
      red_strides.push_back(t.stride(d));
    } else {
      out_sizes.push_back(t.size(d));
      kept_sizes.push_back(t.size(d));
      kept_strides.push_back(t.stride(d));
    }
  }
  ASSIGN_OR_RETURN(Tensor out, NewTensor(out_sizes, out_dtype, t.is_meta()));
  if (t.is_meta() || out.numel() == 0) return out;
  const int64_t kept_n = Numel(kept_sizes);
  const int64_t red_n = Numel(red_sizes);
  // Offsets of every reduced element relative to the output element's base (one pass to
  // build, then reused for each output element: einsum's sums are small or few).
  std::vector<int64_t> red_offsets(red_n);
  for (int64_t r = 0; r < red_n; ++r) {
    int64_t rem = r, off = 0;
    for (int64_t d = static_cast<int64_t>(red_sizes.size()) - 1; d >= 0; --d) {
      off += (rem % red_sizes[d]) * red_strides[d];
      rem /= red_sizes[d];
    }
    red_offsets[r] = off;
  }
  VisitDType(t.dtype(), [&]<typename T>() {
    using Acc = std::conditional_t<std::is_floating_point_v<T>, double, uint64_t>;
    using Out = std::conditional_t<std::is_floating_point_v<T>, T, int64_t>;
    const T* src = t.data<T>();
    Out* dst = out.data<Out>();
    for (int64_t o = 0; o < kept_n; ++o) {
      int64_t rem = o, base = 0;
      for (int64_t d = static_cast<int64_t>(kept_sizes.size()) - 1; d >= 0; --d) {
        base += (rem % kept_sizes[d]) * kept_strides[d];
        rem /= kept_sizes[d];
      }
      Acc acc = 0;
      for (int64_t r = 0; r < red_n; ++r) acc += static_cast<Acc>(src[base + red_offsets[r]]);
      dst[o] = static_cast<Out>(acc);
    }
  });
  return out;
}

absl::Status Fill(const Tensor& t, Scalar value) {
  if (t.is_meta() || t.numel() == 0) return absl::OkStatus();
  const int64_t es = static_cast<int64_t>(t.element_size());
  internal::StridedLoop<1> loop(t.sizes(), {internal::LoopOperand{t.raw_data(), t.strides(), es}});
  VisitDType(t.dtype(), [&]<typename T>() {
    const T v = value.to<T>();
    loop.Run([v](char* const* p, const int64_t* step, int64_t n) {
      for (int64_t i = 0; i < n; ++i) *reinterpret_cast<T*>(p[0] + i * step[0]) = v;
    });
  });
  return absl::OkStatus();
}

}  // namespace wick::tensor::linalg_internal
