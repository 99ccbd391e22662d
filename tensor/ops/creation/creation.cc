// Creation ops: zeros/ones/empty/full, arange, linspace, eye, scalar_tensor, the *_like
// and new_* families, and torch.tensor's construction from flattened Python data.
// arange and linspace reproduce ATen's AVX2 kernels element for element (see FillRange).
#include "tensor/ops/creation/creation.h"

#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/creation/internal/op_util.h"
#include "tensor/ops/ops.h"
#include "tensor/shape.h"

namespace wick::tensor {

using creation_internal::CheckScalarFits;
using creation_internal::ScalarTo;

DType InferDTypeFromScalars(absl::Span<const Scalar> flat) {
  if (flat.empty()) return DefaultFloatDType();
  bool any_int = false;
  for (const Scalar& s : flat) {
    if (s.is_double()) return DefaultFloatDType();
    any_int = any_int || s.is_int();
  }
  return any_int ? DType::kInt64 : DType::kBool;
}

absl::StatusOr<Tensor> TensorFromScalars(absl::Span<const Scalar> flat, IntSpan sizes,
                                         std::optional<DType> dtype, bool requires_grad) {
  if (Numel(sizes) != static_cast<int64_t>(flat.size())) {
    return absl::FailedPreconditionError(absl::StrCat("TensorFromScalars: ", flat.size(),
                                                      " values for shape ", ShapeToString(sizes)));
  }
  const DType dt = dtype.value_or(InferDTypeFromScalars(flat));
  for (const Scalar& s : flat) RETURN_IF_ERROR(CheckScalarFits(s, dt, /*torch_names=*/true));
  ASSIGN_OR_RETURN(Tensor t, Tensor::Empty(sizes, dt));
  VisitDType(dt, [&]<typename T>() {
    T* out = t.data<T>();
    for (size_t i = 0; i < flat.size(); ++i) out[i] = ScalarTo<T>(flat[i]);
  });
  RETURN_IF_ERROR(creation_internal::ApplyRequiresGrad(t, requires_grad));
  return t;
}

namespace ops {
namespace {

// The keyword tail every factory shares: `*, ScalarType? dtype=None, Layout? layout=None,
// Device? device=None, bool? pin_memory=None, bool requires_grad=False`.
#define WICK_FACTORY_OPTIONS                                                 \
  "ScalarType? dtype=None, Layout? layout=None, Device? device=None, bool? " \
  "pin_memory=None, bool requires_grad=False"

// Reads the options starting at argument `i` (the dtype).
struct FactoryOptions {
  std::optional<DType> dtype;
  bool requires_grad;
  FactoryOptions(const OpArgs& a, size_t i)
      : dtype(a.optional_dtype(i)), requires_grad(a.bool_(i + 4)) {}
};

// A new tensor filled with `fill` (nothing filled for meta outputs).
absl::StatusOr<Value> Filled(IntSpan sizes, IntSpan strides, DType dtype, const Scalar& fill,
                             bool requires_grad, bool meta) {
  RETURN_IF_ERROR(CheckScalarFits(fill, dtype));
  ASSIGN_OR_RETURN(Tensor t, creation_internal::NewTensor(sizes, strides, dtype, meta));
  if (!meta) creation_internal::FillTensor(t, fill);
  RETURN_IF_ERROR(creation_internal::ApplyRequiresGrad(t, requires_grad));
  return Value(std::move(t));
}

template <int kFill>
absl::StatusOr<Value> ConstantFactory(const OpArgs& a, bool meta) {
  FactoryOptions o(a, 1);
  const IntSpan sizes = a.int_list(0);
  return Filled(sizes, ContiguousStrides(sizes), o.dtype.value_or(DefaultFloatDType()),
                Scalar(int64_t{kFill}), o.requires_grad, meta);
}

// torch.full infers its dtype from the fill value: bool, int64 or the default float.
absl::StatusOr<Value> Full(const OpArgs& a, bool meta) {
  FactoryOptions o(a, 2);
  const Scalar fill = a.scalar(1);
  const DType dt = o.dtype.value_or(fill.is_double() ? DefaultFloatDType() : fill.dtype());
  const IntSpan sizes = a.int_list(0);
  return Filled(sizes, ContiguousStrides(sizes), dt, fill, o.requires_grad, meta);
}

absl::StatusOr<Value> ScalarTensor(const OpArgs& a, bool meta) {
  FactoryOptions o(a, 1);
  return Filled({}, {}, o.dtype.value_or(DefaultFloatDType()), a.scalar(0), o.requires_grad, meta);
}

// zeros_like & co keep self's layout (preserve_format) and, by default, its dtype.
template <int kFill>
absl::StatusOr<Value> ConstantLike(const OpArgs& a, bool meta) {
  const Tensor& self = a.tensor(0);
  FactoryOptions o(a, 1);
  const Shape strides = creation_internal::WantsContiguous(a[6])
                            ? ContiguousStrides(self.sizes())
                            : creation_internal::PreserveStrides(self);
  return Filled(self.sizes(), strides, o.dtype.value_or(self.dtype()), Scalar(int64_t{kFill}),
                o.requires_grad, meta);
}

absl::StatusOr<Value> FullLike(const OpArgs& a, bool meta) {
  const Tensor& self = a.tensor(0);
  FactoryOptions o(a, 2);
  const Shape strides = creation_internal::WantsContiguous(a[7])
                            ? ContiguousStrides(self.sizes())
                            : creation_internal::PreserveStrides(self);
  return Filled(self.sizes(), strides, o.dtype.value_or(self.dtype()), a.scalar(1), o.requires_grad,
                meta);
}

// self.new_zeros(size) & co: contiguous, self's dtype unless given.
template <int kFill>
absl::StatusOr<Value> NewConstant(const OpArgs& a, bool meta) {
  FactoryOptions o(a, 2);
  const IntSpan sizes = a.int_list(1);
  return Filled(sizes, ContiguousStrides(sizes), o.dtype.value_or(a.tensor(0).dtype()),
                Scalar(int64_t{kFill}), o.requires_grad, meta);
}

absl::StatusOr<Value> NewFull(const OpArgs& a, bool meta) {
  FactoryOptions o(a, 3);
  const IntSpan sizes = a.int_list(1);
  return Filled(sizes, ContiguousStrides(sizes), o.dtype.value_or(a.tensor(0).dtype()), a.scalar(2),
                o.requires_grad, meta);
}

absl::StatusOr<Value> Eye(const OpArgs& a, bool meta) {
  const int64_t n = a.int_(0);
  const bool has_m = a.size() == 7;  // eye.m
  const int64_t m = has_m ? a.int_(1) : n;
  FactoryOptions o(a, has_m ? 2 : 1);
  if (n < 0) return RuntimeError(absl::StrCat("n must be greater or equal to 0, got ", n));
  if (m < 0) return RuntimeError(absl::StrCat("m must be greater or equal to 0, got ", m));
  const int64_t sizes[] = {n, m};
  const DType dt = o.dtype.value_or(DefaultFloatDType());
  ASSIGN_OR_RETURN(Value v, Filled(sizes, ContiguousStrides(sizes), dt, Scalar(int64_t{0}),
                                   o.requires_grad, meta));
  if (!meta) {
    const Tensor& t = v.to_tensor();
    VisitDType(dt, [&]<typename T>() {
      T* p = t.data<T>();
      for (int64_t i = 0; i < std::min(n, m); ++i) p[i * m + i] = T(1);
    });
  }
  return v;
}

// ATen's arange/linspace kernels run vectorized (AVX2) in blocks of 2 vectors; inside a
// block each vector starts from a freshly computed base and steps by adding k*step, and
// the tail runs the scalar formula. Reproducing that (including where the compiler fused
// a multiply-add, measured against PyTorch 1.13) makes float results bit-identical.
template <typename T>
constexpr int64_t AtenVectorWidth() {
  return 32 / static_cast<int64_t>(sizeof(T));  // 256-bit registers.
}

template <typename T, typename BaseFn, typename ElemFn>
void FillBlocked(T* out, int64_t n, BaseFn base, ElemFn elem) {
  constexpr int64_t kW = AtenVectorWidth<T>();
  const int64_t blocked = n - n % (2 * kW);
  for (int64_t i = 0; i < blocked; i += kW) {
    const T b = base(i);
    for (int64_t k = 0; k < kW; ++k) out[i + k] = elem(b, k);
  }
  for (int64_t i = blocked; i < n; ++i) out[i] = base(i);
}

absl::StatusOr<Value> ArangeImpl(const Scalar& start, const Scalar& end, const Scalar& step,
                                 const FactoryOptions& o, bool meta) {
  const bool any_double = start.is_double() || end.is_double() || step.is_double();
  const DType dt = o.dtype.value_or(any_double ? DefaultFloatDType() : DType::kInt64);
  if (dt == DType::kBool) return RuntimeError("\"arange_cpu\" not implemented for 'Bool'");
  const bool integral = IsIntegral(dt, false);
  double xstart, xend, xstep, size_d;
  if (integral) {
    // ATen accumulates integer aranges in int64 (checked conversion of each bound).
    for (const Scalar* s : {&start, &end, &step}) {
      RETURN_IF_ERROR(CheckScalarFits(*s, DType::kInt64));
    }
    const int64_t is = ScalarTo<int64_t>(start), ie = ScalarTo<int64_t>(end),
                  st = ScalarTo<int64_t>(step);
    xstart = static_cast<double>(is);
    xend = static_cast<double>(ie);
    xstep = static_cast<double>(st);
    // Only int64 computes the length from the converted bounds; int32 uses the raw
    // numbers (so arange(0.5, 5.7, dtype=int32) has 6 elements, int64 has 5).
    size_d = dt == DType::kInt64
                 ? std::ceil(static_cast<double>(ie - is) / static_cast<double>(st))
                 : std::ceil((end.to_double() - start.to_double()) / step.to_double());
  } else {
    xstart = start.to_double();
    xend = end.to_double();
    xstep = step.to_double();
    size_d = std::ceil((xend - xstart) / xstep);
  }
  if (!(xstep > 0 || xstep < 0)) return RuntimeError("step must be nonzero");
  if (!std::isfinite(xstart) || !std::isfinite(xend)) {
    return RuntimeError(absl::StrCat("unsupported range: ", xstart, " -> ", xend));
  }
  if (!((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart))) {
    return RuntimeError("upper bound and larger bound inconsistent with step sign");
  }
  if (!(size_d >= 0 && size_d <= static_cast<double>(std::numeric_limits<int64_t>::max()))) {
    return RuntimeError("invalid size, possible overflow?");
  }
  const int64_t size = static_cast<int64_t>(size_d);
  const int64_t sizes[] = {size};
  ASSIGN_OR_RETURN(Tensor t, creation_internal::NewContiguous(sizes, dt, meta));
  if (!meta) {
    VisitDType(dt, [&]<typename T>() {
      T* out = t.data<T>();
      if constexpr (std::is_integral_v<T>) {
        const int64_t s0 = ScalarTo<int64_t>(start), st = ScalarTo<int64_t>(step);
        for (int64_t i = 0; i < size; ++i) {
          // Unsigned arithmetic: wraps like ATen's int64 math instead of being UB.
          const uint64_t v =
              static_cast<uint64_t>(s0) + static_cast<uint64_t>(st) * static_cast<uint64_t>(i);
          out[i] = static_cast<T>(static_cast<int64_t>(v));
        }
      } else {
        FillBlocked<T>(
            out, size,
            [&](int64_t i) { return static_cast<T>(std::fma(xstep, double(i), xstart)); },
            [&](T base, int64_t k) {
              return static_cast<T>(std::fma(double(k), xstep, static_cast<double>(base)));
            });
      }
    });
  }
  RETURN_IF_ERROR(creation_internal::ApplyRequiresGrad(t, o.requires_grad));
  return Value(std::move(t));
}

absl::StatusOr<Value> Arange(const OpArgs& a, bool meta) {
  return ArangeImpl(Scalar(int64_t{0}), a.scalar(0), Scalar(int64_t{1}), FactoryOptions(a, 1),
                    meta);
}
absl::StatusOr<Value> ArangeStart(const OpArgs& a, bool meta) {
  return ArangeImpl(a.scalar(0), a.scalar(1), Scalar(int64_t{1}), FactoryOptions(a, 2), meta);
}
absl::StatusOr<Value> ArangeStartStep(const OpArgs& a, bool meta) {
  return ArangeImpl(a.scalar(0), a.scalar(1), a.scalar(2), FactoryOptions(a, 3), meta);
}

// linspace: the first half counts up from start, the second half down from end, so both
// ends are exact. Floating types step in their own precision; integer types in double
// and truncate.
template <typename T>
void FillLinspace(T* out, int64_t steps, const Scalar& start_s, const Scalar& end_s) {
  using StepT = std::conditional_t<std::is_integral_v<T>, double, T>;
  const T start = ScalarTo<T>(start_s);
  const T end = ScalarTo<T>(end_s);
  const StepT step =
      (static_cast<StepT>(end) - static_cast<StepT>(start)) / static_cast<StepT>(steps - 1);
  const int64_t halfway = steps / 2;
  auto scalar_at = [&](int64_t i) -> T {
    if (i < halfway) return static_cast<T>(std::fma(step, StepT(i), StepT(start)));
    return static_cast<T>(std::fma(-step, StepT(steps - i - 1), StepT(end)));
  };
  FillBlocked<T>(out, steps, scalar_at, [&](T base, int64_t k) {
    const StepT inc = static_cast<StepT>(k) * step;  // Not fused in ATen's vector path.
    return static_cast<T>(static_cast<StepT>(base) + inc);
  });
}

absl::StatusOr<Value> Linspace(const OpArgs& a, bool meta) {
  const Scalar start = a.scalar(0), end = a.scalar(1);
  const int64_t steps = a.int_(2);
  FactoryOptions o(a, 3);
  if (steps < 0) return RuntimeError("number of steps must be non-negative");
  const DType dt = o.dtype.value_or(DefaultFloatDType());
  if (dt == DType::kBool) return RuntimeError("\"linspace_cpu\" not implemented for 'Bool'");
  RETURN_IF_ERROR(CheckScalarFits(start, dt));
  RETURN_IF_ERROR(CheckScalarFits(end, dt));
  const int64_t sizes[] = {steps};
  ASSIGN_OR_RETURN(Tensor t, creation_internal::NewContiguous(sizes, dt, meta));
  if (!meta && steps == 1) {
    creation_internal::FillTensor(t, start);
  } else if (!meta && steps > 1) {
    VisitDType(dt, [&]<typename T>() {
      if constexpr (!std::is_same_v<T, bool>) FillLinspace<T>(t.data<T>(), steps, start, end);
    });
  }
  RETURN_IF_ERROR(creation_internal::ApplyRequiresGrad(t, o.requires_grad));
  return Value(std::move(t));
}

}  // namespace

absl::Status RegisterCreationOps(OpRegistry& r) {
  using creation_internal::RegisterOp;
  const std::string kOpts = WICK_FACTORY_OPTIONS;
  const std::string kLikeOpts = kOpts + ", MemoryFormat? memory_format=None";
  RETURN_IF_ERROR(
      RegisterOp(r, "zeros(int[] size, *, " + kOpts + ") -> Tensor", ConstantFactory<0>));
  RETURN_IF_ERROR(
      RegisterOp(r, "ones(int[] size, *, " + kOpts + ") -> Tensor", ConstantFactory<1>));
  // Uninitialised in PyTorch; zeroed here so that wick's runs are reproducible.
  RETURN_IF_ERROR(
      RegisterOp(r, "empty(int[] size, *, " + kLikeOpts + ") -> Tensor", ConstantFactory<0>));
  RETURN_IF_ERROR(
      RegisterOp(r, "full(int[] size, Scalar fill_value, *, " + kOpts + ") -> Tensor", Full));
  RETURN_IF_ERROR(
      RegisterOp(r, "scalar_tensor(Scalar s, *, " + kOpts + ") -> Tensor", ScalarTensor));
  RETURN_IF_ERROR(RegisterOp(r, "arange(Scalar end, *, " + kOpts + ") -> Tensor", Arange));
  RETURN_IF_ERROR(RegisterOp(
      r, "arange.start(Scalar start, Scalar end, *, " + kOpts + ") -> Tensor", ArangeStart));
  RETURN_IF_ERROR(RegisterOp(
      r, "arange.start_step(Scalar start, Scalar end, Scalar step=1, *, " + kOpts + ") -> Tensor",
      ArangeStartStep));
  RETURN_IF_ERROR(RegisterOp(
      r, "linspace(Scalar start, Scalar end, int steps, *, " + kOpts + ") -> Tensor", Linspace));
  RETURN_IF_ERROR(RegisterOp(r, "eye(int n, *, " + kOpts + ") -> Tensor", Eye));
  RETURN_IF_ERROR(RegisterOp(r, "eye.m(int n, int m, *, " + kOpts + ") -> Tensor", Eye));
  RETURN_IF_ERROR(
      RegisterOp(r, "zeros_like(Tensor self, *, " + kLikeOpts + ") -> Tensor", ConstantLike<0>));
  RETURN_IF_ERROR(
      RegisterOp(r, "ones_like(Tensor self, *, " + kLikeOpts + ") -> Tensor", ConstantLike<1>));
  RETURN_IF_ERROR(
      RegisterOp(r, "empty_like(Tensor self, *, " + kLikeOpts + ") -> Tensor", ConstantLike<0>));
  RETURN_IF_ERROR(RegisterOp(
      r, "full_like(Tensor self, Scalar fill_value, *, " + kLikeOpts + ") -> Tensor", FullLike));
  const OpFlags kMethod{.function = false, .method = true};
  RETURN_IF_ERROR(RegisterOp(r, "new_zeros(Tensor self, int[] size, *, " + kOpts + ") -> Tensor",
                             NewConstant<0>, kMethod));
  RETURN_IF_ERROR(RegisterOp(r, "new_ones(Tensor self, int[] size, *, " + kOpts + ") -> Tensor",
                             NewConstant<1>, kMethod));
  RETURN_IF_ERROR(RegisterOp(r, "new_empty(Tensor self, int[] size, *, " + kOpts + ") -> Tensor",
                             NewConstant<0>, kMethod));
  RETURN_IF_ERROR(RegisterOp(
      r, "new_full(Tensor self, int[] size, Scalar fill_value, *, " + kOpts + ") -> Tensor",
      NewFull, kMethod));
  return absl::OkStatus();
}

}  // namespace ops
}  // namespace wick::tensor
