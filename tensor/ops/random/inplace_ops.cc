// Registry ops that sample into existing tensors (Tensor.normal_, uniform_, random_,
// bernoulli_, exponential_, geometric_, log_normal_, cauchy_), torch.bernoulli and
// dropout. In-place kernels return `self` and bump its version; their meta functions
// check the arguments and return `self` unchanged.
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/random/internal/iteration_order.h"
#include "tensor/ops/random/internal/register.h"
#include "tensor/ops/random/samplers.h"
#include "tensor/shape.h"

namespace wick::tensor::ops::random_internal {
namespace {

using namespace ::wick::tensor::random_internal;  // NOLINT: the shared checks

// An in-place sampler: `check` validates without drawing (meta and kernel), `fill` draws.
struct InplaceSampler {
  const char* schema;
  absl::Status (*check)(const OpArgs&);
  absl::Status (*fill)(const OpArgs&);
};

OpFn InplaceMeta(absl::Status (*check)(const OpArgs&)) {
  return [check](const OpArgs& a) -> absl::StatusOr<Value> {
    RETURN_IF_ERROR(check(a));
    return a[0];
  };
}

OpFn InplaceKernel(absl::Status (*fill)(const OpArgs&)) {
  return [fill](const OpArgs& a) -> absl::StatusOr<Value> {
    RETURN_IF_ERROR(fill(a));
    a.tensor(0).bump_version();
    return a[0];
  };
}

absl::Status RequireFloating(absl::string_view kernel, DType dtype) {
  if (!IsFloating(dtype)) return NotImplementedFor(kernel, dtype);
  return absl::OkStatus();
}

absl::Status CheckBernoulliP(double p) {
  if (!(0 <= p && p <= 1)) {
    return RuntimeError(
        absl::StrCat("bernoulli_ expects p to be in [0, 1], but got p=", FormatDouble(p)));
  }
  return absl::OkStatus();
}

const Tensor& Self(const OpArgs& a) { return a.tensor(0); }

const InplaceSampler kSamplers[] = {
    {"normal_(Tensor(a!) self, float mean=0, float std=1, *, Generator? generator=None) -> "
     "Tensor(a!)",
     [](const OpArgs& a) {
       RETURN_IF_ERROR(CheckNormalStd(a.double_(2)));
       return RequireFloating("normal_kernel_cpu", Self(a).dtype());
     },
     [](const OpArgs& a) { return FillNormal(Self(a), a.double_(1), a.double_(2)); }},
    {"uniform_(Tensor(a!) self, float from=0, float to=1, *, Generator? generator=None) -> "
     "Tensor(a!)",
     [](const OpArgs& a) { return CheckUniformArgs(Self(a).dtype(), a.double_(1), a.double_(2)); },
     [](const OpArgs& a) { return FillUniform(Self(a), a.double_(1), a.double_(2)); }},
    // random_(), random_(to), random_(from, to): tried in this order.
    {"random_(Tensor(a!) self, *, Generator? generator=None) -> Tensor(a!)",
     [](const OpArgs&) { return absl::OkStatus(); },
     [](const OpArgs& a) { return FillRandom(Self(a)); }},
    {"random_.from(Tensor(a!) self, int from, int? to, *, Generator? generator=None) -> "
     "Tensor(a!)",
     [](const OpArgs& a) {
       if (a.is_none(2)) return absl::OkStatus();
       int64_t from = a.int_(1), to = a.int_(2);
       uint64_t range;
       return CheckRandomFromTo(Self(a).dtype(), &from, &to, &range);
     },
     [](const OpArgs& a) { return FillRandomFromTo(Self(a), a.int_(1), a.optional_int(2)); }},
    {"random_.to(Tensor(a!) self, int to, *, Generator? generator=None) -> Tensor(a!)",
     [](const OpArgs& a) {
       int64_t from = 0, to = a.int_(1);
       uint64_t range;
       return CheckRandomFromTo(Self(a).dtype(), &from, &to, &range);
     },
     [](const OpArgs& a) { return FillRandomFromTo(Self(a), 0, a.int_(1)); }},
    // bernoulli_(float p=0.5) before bernoulli_(Tensor p): a Python float must not become
    // a wrapped-number tensor here.
    {"bernoulli_.float(Tensor(a!) self, float p=0.5, *, Generator? generator=None) -> "
     "Tensor(a!)",
     [](const OpArgs& a) { return CheckBernoulliP(a.double_(1)); },
     [](const OpArgs& a) { return FillBernoulli(Self(a), a.double_(1)); }},
    {"bernoulli_.Tensor(Tensor(a!) self, Tensor p, *, Generator? generator=None) -> Tensor(a!)",
     [](const OpArgs& a) { return CheckBernoulliTensorP(Self(a), a.tensor(1)); },
     [](const OpArgs& a) { return FillBernoulli(Self(a), a.tensor(1)); }},
    {"exponential_(Tensor(a!) self, float lambd=1, *, Generator? generator=None) -> Tensor(a!)",
     [](const OpArgs& a) {
       if (!(a.double_(1) >= 0.0)) {
         return RuntimeError(absl::StrCat("exponential_ expects lambda >= 0.0, but found lambda=",
                                          FormatDouble(a.double_(1))));
       }
       return RequireFloating("exponential_cpu", Self(a).dtype());
     },
     [](const OpArgs& a) { return FillExponential(Self(a), a.double_(1)); }},
    {"geometric_(Tensor(a!) self, float p, *, Generator? generator=None) -> Tensor(a!)",
     [](const OpArgs& a) {
       const double p = a.double_(1);
       if (!(0 < p && p < 1)) {
         return RuntimeError(
             absl::StrCat("geometric_ expects p to be in (0, 1), but got p=", FormatDouble(p)));
       }
       if (Self(a).dtype() == DType::kBool) return NotImplementedFor("geometric_cpu", DType::kBool);
       return absl::OkStatus();
     },
     [](const OpArgs& a) { return FillGeometric(Self(a), a.double_(1)); }},
    {"log_normal_(Tensor(a!) self, float mean=1, float std=2, *, Generator? generator=None) -> "
     "Tensor(a!)",
     [](const OpArgs& a) {
       if (!(a.double_(2) > 0.0)) {
         return RuntimeError(absl::StrCat("log_normal_ expects std > 0.0, but found std=",
                                          FormatDouble(a.double_(2))));
       }
       return RequireFloating("log_normal_cpu", Self(a).dtype());
     },
     [](const OpArgs& a) { return FillLogNormal(Self(a), a.double_(1), a.double_(2)); }},
    {"cauchy_(Tensor(a!) self, float median=0, float sigma=1, *, Generator? generator=None) -> "
     "Tensor(a!)",
     [](const OpArgs& a) { return RequireFloating("cauchy_cpu", Self(a).dtype()); },
     [](const OpArgs& a) { return FillCauchy(Self(a), a.double_(1), a.double_(2)); }},
};

// torch.bernoulli(input) (p = input) and torch.bernoulli(input, p): a fresh contiguous
// tensor of input's dtype.
absl::StatusOr<Value> BernoulliFunctional(const OpArgs& a, bool meta, bool scalar_p) {
  const Tensor& self = a.tensor(0);
  if (scalar_p) {
    RETURN_IF_ERROR(CheckBernoulliP(a.double_(1)));
  } else if (!IsFloating(self.dtype())) {
    return NotImplementedFor("bernoulli_tensor_cpu_p_", self.dtype());
  }
  if (meta) return Tensor::Meta(self.sizes(), self.dtype());
  ASSIGN_OR_RETURN(Tensor out, Tensor::Empty(self.sizes(), self.dtype()));
  if (scalar_p) {
    RETURN_IF_ERROR(FillBernoulli(out, a.double_(1)));
  } else {
    RETURN_IF_ERROR(FillBernoulli(out, self));
  }
  return out;
}

// dropout's metadata: the input itself when nothing is dropped or when in place,
// otherwise a new tensor in the input's layout order (TensorIterator over input and the
// contiguous mask, or the 0-dim zero when p == 1).
absl::StatusOr<Value> DropoutMeta(const Tensor& input, double p, bool train, bool inplace) {
  RETURN_IF_ERROR(CheckDropoutP(p));
  if (p == 0 || !train || input.numel() == 0) return input;
  if (p != 1 && !IsFloating(input.dtype())) {
    return RuntimeError(absl::StrCat("result type Float can't be cast to the desired output type ",
                                     ScalarTypeName(input.dtype())));
  }
  if (inplace) return input;
  const Shape mask_strides = p == 1 ? Shape(input.dim(), 0) : ContiguousStrides(input.sizes());
  const IntSpan ops[] = {input.strides(), mask_strides};
  const tensor::random_internal::DimOrder perm =
      tensor::random_internal::ReorderDims(input.sizes(), ops);
  return Tensor::MetaStrided(
      input.sizes(), tensor::random_internal::DenseStridesInOrder(input.sizes(), perm),
      input.dtype());
}

// dropout / dropout_(Tensor input, float p, bool train).
absl::StatusOr<Value> DropoutOp(const OpArgs& a, bool meta, bool inplace) {
  const Tensor& input = a.tensor(0);
  const double p = a.double_(1);
  const bool train = a.bool_(2);
  if (meta) return DropoutMeta(input, p, train, inplace);
  ASSIGN_OR_RETURN(Tensor out, Dropout(input, p, train, inplace));
  return out;
}

}  // namespace

absl::Status RegisterRandomInplaceOps(OpRegistry& r) {
  for (const InplaceSampler& s : kSamplers) {
    RETURN_IF_ERROR(
        r.Register(s.schema, InplaceMeta(s.check), InplaceKernel(s.fill), kRandomMethod));
  }
  RETURN_IF_ERROR(r.Register(
      "bernoulli(Tensor self, *, Generator? generator=None) -> Tensor",
      [](const OpArgs& a) { return BernoulliFunctional(a, true, false); },
      [](const OpArgs& a) { return BernoulliFunctional(a, false, false); }, kRandomBoth));
  RETURN_IF_ERROR(r.Register(
      "bernoulli.p(Tensor self, float p, *, Generator? generator=None) -> Tensor",
      [](const OpArgs& a) { return BernoulliFunctional(a, true, true); },
      [](const OpArgs& a) { return BernoulliFunctional(a, false, true); }, kRandomBoth));
  // torch.dropout and torch.dropout_. F.dropout(input, p, training, inplace) is Python
  // code over these two: its ValueError for p outside [0, 1] belongs to its caller.
  RETURN_IF_ERROR(r.Register(
      "dropout(Tensor input, float p, bool train) -> Tensor",
      [](const OpArgs& a) { return DropoutOp(a, true, false); },
      [](const OpArgs& a) { return DropoutOp(a, false, false); }, kRandomFunction));
  RETURN_IF_ERROR(r.Register(
      "dropout_(Tensor(a!) self, float p, bool train) -> Tensor(a!)",
      [](const OpArgs& a) { return DropoutOp(a, true, true); },
      [](const OpArgs& a) { return DropoutOp(a, false, true); }, kRandomFunction));
  return absl::OkStatus();
}

}  // namespace wick::tensor::ops::random_internal
