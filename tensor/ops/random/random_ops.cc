// Registry ops for seeding and random factories: manual_seed, initial_seed, seed, rand,
// randn, randint, randperm, the *_like forms and torch.normal. Kernels allocate the
// output as PyTorch does (contiguous, or empty_like's preserved layout) and fill it with
// the samplers of samplers.h; meta functions repeat the argument checks and give the
// same sizes, strides and dtype without drawing.
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/ops.h"
#include "tensor/ops/random/generator.h"
#include "tensor/ops/random/internal/iteration_order.h"
#include "tensor/ops/random/internal/register.h"
#include "tensor/ops/random/samplers.h"
#include "tensor/shape.h"

namespace wick::tensor::ops {
namespace random_internal {
namespace {

using tensor::random_internal::EmptyLikeStrides;
using namespace ::wick::tensor::random_internal;  // NOLINT: the shared checks

constexpr char kFactoryTail[] =
    "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
    "bool? pin_memory=None, bool requires_grad=False) -> Tensor";
constexpr char kLikeTail[] =
    "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
    "bool? pin_memory=None, MemoryFormat? memory_format=None, bool requires_grad=False) "
    "-> Tensor";

absl::Status CheckSizes(IntSpan sizes) {
  for (int64_t s : sizes) {
    if (s < 0) {
      return RuntimeError(absl::StrCat("Trying to create tensor with negative dimension ", s,
                                       ": ", ShapeToString(sizes)));
    }
  }
  return absl::OkStatus();
}

absl::Status CheckRequiresGrad(DType dtype, bool requires_grad) {
  if (requires_grad && !IsFloating(dtype)) {
    return RuntimeError("Only Tensors of floating point and complex dtype can require gradients");
  }
  return absl::OkStatus();
}

// What to fill a fresh tensor with, once its dtype is known.
enum class Fill { kUniform, kNormal };

absl::Status CheckFill(Fill fill, DType dtype) {
  if (fill == Fill::kUniform) return CheckUniformArgs(dtype, 0, 1);
  if (!IsFloating(dtype)) return NotImplementedFor("normal_kernel_cpu", dtype);
  return absl::OkStatus();
}

absl::Status DoFill(Fill fill, const Tensor& t) {
  return fill == Fill::kUniform ? FillUniform(t, 0, 1) : FillNormal(t, 0, 1);
}

// rand / randn(int[] size, *, generator, dtype, layout, device, pin_memory, requires_grad).
OpFn FactoryOp(Fill fill, bool meta) {
  return [fill, meta](const OpArgs& a) -> absl::StatusOr<Value> {
    const IntSpan size = a.int_list(0);
    const DType dtype = a.optional_dtype(2).value_or(DefaultFloatDType());
    RETURN_IF_ERROR(CheckSizes(size));
    RETURN_IF_ERROR(CheckFill(fill, dtype));
    Tensor out;
    if (meta) {
      out = Tensor::Meta(size, dtype);
    } else {
      ASSIGN_OR_RETURN(out, Tensor::Empty(size, dtype));
      RETURN_IF_ERROR(DoFill(fill, out));
    }
    out.set_requires_grad(a.bool_(6));
    return out;
  };
}

// rand_like / randn_like(Tensor self, *, dtype, layout, device, pin_memory, memory_format,
// requires_grad): empty_like's preserved layout, then the fill.
OpFn LikeOp(Fill fill, bool meta) {
  return [fill, meta](const OpArgs& a) -> absl::StatusOr<Value> {
    const Tensor& self = a.tensor(0);
    const DType dtype = a.optional_dtype(1).value_or(self.dtype());
    RETURN_IF_ERROR(CheckFill(fill, dtype));
    const Shape strides = EmptyLikeStrides(self);
    Tensor out;
    if (meta) {
      out = Tensor::MetaStrided(self.sizes(), strides, dtype);
    } else {
      ASSIGN_OR_RETURN(out, Tensor::EmptyStrided(self.sizes(), strides, dtype));
      RETURN_IF_ERROR(DoFill(fill, out));
    }
    out.set_requires_grad(a.bool_(6));
    return out;
  };
}

// The argument slots of the randint family, which differ between overloads.
struct RandintSlots {
  int self = -1;  // *_like only
  int low = -1;   // absent: 0
  int high;
  int size = -1;  // randint only
  int dtype;
  int requires_grad;
};

OpFn RandintOp(RandintSlots s, bool meta) {
  return [s, meta](const OpArgs& a) -> absl::StatusOr<Value> {
    const int64_t low_arg = s.low >= 0 ? a.int_(s.low) : 0;
    const int64_t high_arg = a.int_(s.high);
    int64_t low = low_arg, high = high_arg;  // Checked (and for floats, adjusted) below.
    const Tensor* self = s.self >= 0 ? &a.tensor(s.self) : nullptr;
    const DType dtype = a.optional_dtype(s.dtype).value_or(self ? self->dtype() : DType::kInt64);
    Shape sizes, strides;
    if (self) {
      sizes.assign(self->sizes().begin(), self->sizes().end());
      strides = EmptyLikeStrides(*self);
    } else {
      sizes.assign(a.int_list(s.size).begin(), a.int_list(s.size).end());
      RETURN_IF_ERROR(CheckSizes(sizes));
      strides = ContiguousStrides(sizes);
    }
    uint64_t range;
    RETURN_IF_ERROR(CheckRandomFromTo(dtype, &low, &high, &range));
    const bool requires_grad = a.bool_(s.requires_grad);
    RETURN_IF_ERROR(CheckRequiresGrad(dtype, requires_grad));
    Tensor out;
    if (meta) {
      out = Tensor::MetaStrided(sizes, strides, dtype);
    } else {
      ASSIGN_OR_RETURN(out, Tensor::EmptyStrided(sizes, strides, dtype));
      RETURN_IF_ERROR(FillRandomFromTo(out, low_arg, high_arg));
    }
    out.set_requires_grad(requires_grad);
    return out;
  };
}

absl::StatusOr<Value> RandpermKernel(const OpArgs& a, bool meta) {
  const int64_t n = a.int_(0);
  const DType dtype = a.optional_dtype(2).value_or(DType::kInt64);
  RETURN_IF_ERROR(CheckRequiresGrad(dtype, a.bool_(6)));
  Tensor out;
  if (meta) {
    RETURN_IF_ERROR(CheckSizes({n}));
    if (dtype == DType::kBool) return NotImplementedFor("randperm", dtype);
    out = Tensor::Meta({n}, dtype);
  } else {
    ASSIGN_OR_RETURN(out, Randperm(n, dtype));
  }
  out.set_requires_grad(a.bool_(6));
  return out;
}

}  // namespace

absl::Status RegisterRandomFactoryOps(OpRegistry& r) {
  // torch.manual_seed returns the generator in Python; wick's registry returns None.
  RETURN_IF_ERROR(r.Register(
      "manual_seed(int seed) -> ()", nullptr,
      [](const OpArgs& a) -> absl::StatusOr<Value> {
        ManualSeed(static_cast<uint64_t>(a.int_(0)));  // Negative: two's complement.
        return Value();
      },
      kRandomFunction));
  // Seeds at or above 2^63 (only reachable from negative manual_seed arguments) come back
  // as their int64 bit pattern: Value holds int64.
  RETURN_IF_ERROR(r.Register(
      "initial_seed() -> int", nullptr,
      [](const OpArgs&) -> absl::StatusOr<Value> {
        return Value(static_cast<int64_t>(DefaultGenerator().initial_seed()));
      },
      kRandomFunction));
  RETURN_IF_ERROR(r.Register(
      "seed() -> int", nullptr,
      [](const OpArgs&) -> absl::StatusOr<Value> {
        return Value(static_cast<int64_t>(DefaultGenerator().SeedNondeterministically()));
      },
      kRandomFunction));

  const std::string factory_head = "(int[] size, *, Generator? generator=None, ";
  RETURN_IF_ERROR(r.Register(absl::StrCat("rand", factory_head, kFactoryTail),
                             FactoryOp(Fill::kUniform, true), FactoryOp(Fill::kUniform, false),
                             kRandomFunction));
  RETURN_IF_ERROR(r.Register(absl::StrCat("randn", factory_head, kFactoryTail),
                             FactoryOp(Fill::kNormal, true), FactoryOp(Fill::kNormal, false),
                             kRandomFunction));

  // randint(high, size) is tried before randint.low(low, high, size).
  const RandintSlots high_only{.high = 0, .size = 1, .dtype = 3, .requires_grad = 7};
  const RandintSlots low_high{.low = 0, .high = 1, .size = 2, .dtype = 4, .requires_grad = 8};
  RETURN_IF_ERROR(r.Register(
      absl::StrCat("randint(int high, int[] size, *, Generator? generator=None, ", kFactoryTail),
      RandintOp(high_only, true), RandintOp(high_only, false), kRandomFunction));
  RETURN_IF_ERROR(r.Register(
      absl::StrCat("randint.low(int low, int high, int[] size, *, Generator? generator=None, ",
                   kFactoryTail),
      RandintOp(low_high, true), RandintOp(low_high, false), kRandomFunction));

  RETURN_IF_ERROR(r.Register(
      absl::StrCat("randperm(int n, *, Generator? generator=None, ", kFactoryTail),
      [](const OpArgs& a) { return RandpermKernel(a, true); },
      [](const OpArgs& a) { return RandpermKernel(a, false); }, kRandomFunction));

  RETURN_IF_ERROR(r.Register(absl::StrCat("rand_like(Tensor self, *, ", kLikeTail),
                             LikeOp(Fill::kUniform, true), LikeOp(Fill::kUniform, false),
                             kRandomFunction));
  RETURN_IF_ERROR(r.Register(absl::StrCat("randn_like(Tensor self, *, ", kLikeTail),
                             LikeOp(Fill::kNormal, true), LikeOp(Fill::kNormal, false),
                             kRandomFunction));
  const RandintSlots like_high{.self = 0, .high = 1, .dtype = 2, .requires_grad = 7};
  const RandintSlots like_low_high{.self = 0, .low = 1, .high = 2, .dtype = 3, .requires_grad = 8};
  RETURN_IF_ERROR(r.Register(absl::StrCat("randint_like(Tensor self, int high, *, ", kLikeTail),
                             RandintOp(like_high, true), RandintOp(like_high, false),
                             kRandomFunction));
  RETURN_IF_ERROR(r.Register(
      absl::StrCat("randint_like.low_dtype(Tensor self, int low, int high, *, ", kLikeTail),
      RandintOp(like_low_high, true), RandintOp(like_low_high, false), kRandomFunction));
  return absl::OkStatus();
}

}  // namespace random_internal

absl::Status RegisterRandomOps(OpRegistry& r) {
  RETURN_IF_ERROR(random_internal::RegisterRandomFactoryOps(r));
  RETURN_IF_ERROR(random_internal::RegisterRandomNormalOps(r));
  RETURN_IF_ERROR(random_internal::RegisterRandomInplaceOps(r));
  RETURN_IF_ERROR(random_internal::RegisterMultinomialOps(r));
  return absl::OkStatus();
}

}  // namespace wick::tensor::ops
