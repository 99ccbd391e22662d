// RunElementwise and the shared error messages of pointwise ops.
#include "tensor/ops/pointwise/internal/elementwise.h"

#include <limits>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/copy.h"
#include "tensor/internal/strided_loop.h"
#include "tensor/ops/pointwise/internal/geometry.h"

namespace wick::tensor::internal {

absl::string_view CppTypeName(DType t) {
  switch (t) {
    case DType::kBool: return "bool";
    case DType::kInt32: return "int";
    case DType::kInt64: return "long int";
    case DType::kFloat32: return "float";
    case DType::kFloat64: return "double";
  }
  return "?";
}

absl::Status NotImplementedFor(absl::string_view kernel, DType t) {
  return RuntimeError(
      absl::StrCat("\"", kernel, "\" not implemented for '", ScalarTypeName(t), "'"));
}

absl::Status CastError(DType from, DType to) {
  return RuntimeError(absl::StrCat("result type ", ScalarTypeName(from),
                                   " can't be cast to the desired output type ",
                                   ScalarTypeName(to)));
}

bool CanCast(DType from, DType to) {
  if (IsFloating(from) && IsIntegral(to, /*include_bool=*/false)) return false;
  if (from != DType::kBool && to == DType::kBool) return false;
  return true;
}

absl::Status CheckNoZeroDivisor(absl::Span<const Tensor> inputs) {
  const Tensor& divisor = inputs[1];
  if (!IsIntegral(divisor.dtype(), /*include_bool=*/true) || divisor.numel() == 0) {
    return absl::OkStatus();
  }
  bool zero = false;
  StridedLoop<1> loop(divisor.sizes(),
                      {LoopOperand{divisor.raw_data(), divisor.strides(),
                                   static_cast<int64_t>(divisor.element_size())}});
  Dispatch<kIntsAndBool>(divisor.dtype(), [&]<typename T>() {
    loop.Run(
        [&](char* const* p, const int64_t* step, int64_t n) {
          bool found = false;
          for (int64_t i = 0; i < n; ++i) {
            found |= *reinterpret_cast<const T*>(p[0] + i * step[0]) == T(0);
          }
          zero = zero || found;
        },
        /*grain=*/std::numeric_limits<int64_t>::max());  // Serial: `zero` is shared.
  });
  if (zero) return RuntimeError("ZeroDivisionError");
  return absl::OkStatus();
}

absl::StatusOr<Tensor> RunElementwise(const ElementwiseSpec& spec, OpMode mode,
                                      Kernel kernel) {
  const Tensor* self = mode.inplace ? spec.inputs[0] : nullptr;
  ASSIGN_OR_RETURN(ElementwiseGeometry geom, ComputeGeometry(spec.inputs, self));
  if (self != nullptr) {
    if (spec.check_cast && !CanCast(spec.result_dtype, self->dtype())) {
      return CastError(spec.result_dtype, self->dtype());
    }
    RETURN_IF_ERROR(CheckWritable(*self, spec.inputs));
  }
  if (mode.meta) {
    if (self != nullptr) return *self;
    return Tensor::MetaStrided(geom.sizes, geom.strides, spec.result_dtype);
  }
  Tensor out;
  if (self != nullptr) {
    out = *self;
  } else {
    ASSIGN_OR_RETURN(out, Tensor::EmptyStrided(geom.sizes, geom.strides, spec.result_dtype));
  }
  // Inputs in their kernel dtypes (a converting copy only where the dtype differs).
  absl::InlinedVector<Tensor, 3> converted;
  for (size_t i = 0; i < spec.inputs.size(); ++i) {
    const Tensor* t = spec.inputs[i];
    if (t == nullptr || !t->defined()) {
      converted.emplace_back();
    } else if (t->dtype() == spec.input_dtypes[i]) {
      converted.push_back(*t);
    } else if (t->dim() == 0) {  // Python numbers mostly: skip the general copy.
      converted.push_back(Tensor::FromScalar(t->ElementAt(0), spec.input_dtypes[i]));
    } else {
      ASSIGN_OR_RETURN(Tensor c, t->CopyAs(spec.input_dtypes[i]));
      converted.push_back(std::move(c));
    }
  }
  if (out.numel() == 0) return out;
  if (spec.precheck != nullptr) RETURN_IF_ERROR(spec.precheck(converted));
  // An in-place target of another dtype gets the result through a converting copy.
  Tensor target = out;
  if (out.dtype() != spec.result_dtype) {
    ASSIGN_OR_RETURN(target, Tensor::EmptyStrided(geom.sizes, geom.strides, spec.result_dtype));
  }
  kernel(target, geom.order, converted);
  if (!target.is_same(out)) RETURN_IF_ERROR(CopyInto(out, target));
  if (self != nullptr) out.bump_version();
  return out;
}

absl::StatusOr<Tensor> RunSimple(absl::Span<const Tensor* const> inputs, DType compute,
                                 DType result, OpMode mode, Kernel kernel, bool check_cast,
                                 absl::Status (*precheck)(absl::Span<const Tensor>)) {
  absl::InlinedVector<DType, 3> dtypes(inputs.size(), compute);
  ElementwiseSpec spec{.inputs = inputs, .input_dtypes = dtypes, .result_dtype = result,
                       .check_cast = check_cast, .precheck = precheck};
  return RunElementwise(spec, mode, kernel);
}

absl::StatusOr<Tensor> RunFill(absl::Span<const Tensor* const> inputs, DType result,
                               Scalar value, OpMode mode) {
  absl::InlinedVector<DType, 3> dtypes;  // Inputs stay as they are: only shapes matter.
  for (const Tensor* t : inputs) dtypes.push_back(t && t->defined() ? t->dtype() : result);
  ElementwiseSpec spec{.inputs = inputs, .input_dtypes = dtypes, .result_dtype = result};
  return RunElementwise(spec, mode,
                        [&](const Tensor& out, const DimOrder&, absl::Span<const Tensor>) {
                          const Tensor v = Tensor::FromScalar(value, out.dtype());
                          // Broadcasting a 0-dim tensor into any shape cannot fail.
                          CopyInto(out, v).IgnoreError();
                        });
}

}  // namespace wick::tensor::internal
