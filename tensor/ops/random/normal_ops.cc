// torch.normal's four overloads. The tensor forms draw standard normals into a fresh
// contiguous output and then apply PyTorch's separate in-place mul_/add_ (two roundings,
// in the promoted dtype), as aten/src/ATen/native/DistributionTemplates.h does.
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/internal/strided_loop.h"
#include "tensor/ops/random/internal/register.h"
#include "tensor/ops/random/samplers.h"
#include "tensor/shape.h"

namespace wick::tensor::ops::random_internal {
namespace {

using namespace ::wick::tensor::random_internal;  // NOLINT: the shared checks

// out <- out * other (kMul) or out + other, computed in result_type(out, other) and
// written back in out's (floating) dtype; other broadcasts to out's shape.
template <bool kMul>
void InplaceBinary(const Tensor& out, const Tensor& other) {
  const Shape other_strides = BroadcastStrides(other, out.sizes());
  const DType common = ResultType(out, other);
  VisitDType(out.dtype(), [&]<typename T>() {
    VisitDType(other.dtype(), [&]<typename U>() {
      VisitDType(common, [&]<typename C>() {
        if constexpr (std::is_floating_point_v<T> && std::is_floating_point_v<C>) {
          tensor::internal::StridedLoop<2> loop(
              out.sizes(), {{{out.raw_data(), out.strides(), sizeof(T)},
                             {other.raw_data(), other_strides, sizeof(U)}}});
          loop.Run([](char* const* p, const int64_t* step, int64_t n) {
            for (int64_t i = 0; i < n; ++i) {
              T* o = reinterpret_cast<T*>(p[0] + i * step[0]);
              const C x = static_cast<C>(*reinterpret_cast<const U*>(p[1] + i * step[1]));
              *o = static_cast<T>(kMul ? static_cast<C>(*o) * x : static_cast<C>(*o) + x);
            }
          });
        }
      });
    });
  });
}

// CHECK_NORMAL_TENSOR_STD: std.min() >= 0 (a NaN anywhere fails).
absl::Status CheckStdTensor(const Tensor& std) {
  if (std.is_meta() || std.numel() == 0) return absl::OkStatus();
  bool ok = true;
  for (int64_t i = 0; i < std.numel() && ok; ++i) ok = std.ElementAt(i).to_double() >= 0;
  if (!ok) return RuntimeError("normal expects all elements of std >= 0.0");
  return absl::OkStatus();
}

// Python numbers reach Tensor slots as wrapped numbers; PyTorch's normal() has no
// overload taking two numbers without a size, so reject the call as its parser does.
absl::Status RejectWrappedNumbers(const OpArgs& a) {
  bool wrapped = false;
  std::string got;
  for (size_t i = 0; i < 2; ++i) {
    absl::string_view name = "float";
    if (a[i].is_tensor()) {
      const Tensor& t = a.tensor(i);
      wrapped |= t.is_wrapped_number();
      name = !t.is_wrapped_number() ? "Tensor" : IsFloating(t.dtype()) ? "float" : "int";
    }
    absl::StrAppend(&got, i ? ", " : "", name);
  }
  if (!wrapped) return absl::OkStatus();
  return TypeError(absl::StrCat(
      "normal() received an invalid combination of arguments - got (", got,
      "), but expected one of:\n"
      " * (Tensor mean, Tensor std, *, torch.Generator generator)\n"
      " * (Tensor mean, float std, *, torch.Generator generator)\n"
      " * (float mean, Tensor std, *, torch.Generator generator)\n"
      " * (float mean, float std, tuple of ints size, *, torch.Generator generator, "
      "torch.dtype dtype, torch.layout layout, torch.device device, bool pin_memory, "
      "bool requires_grad)"));
}

absl::Status CheckFloating(DType dtype) {
  if (!IsFloating(dtype)) return NotImplementedFor("normal_kernel_cpu", dtype);
  return absl::OkStatus();
}

// normal.Tensor_float(Tensor mean, float std=1, *, Generator? generator=None)
absl::StatusOr<Value> NormalTensorFloat(const OpArgs& a, bool meta) {
  RETURN_IF_ERROR(RejectWrappedNumbers(a));
  const Tensor& mean = a.tensor(0);
  const double std = a.double_(1);
  RETURN_IF_ERROR(CheckNormalStd(std));
  if (meta) {
    RETURN_IF_ERROR(CheckFloating(mean.dtype()));
    return Tensor::Meta(mean.sizes(), mean.dtype());
  }
  ASSIGN_OR_RETURN(Tensor out, Tensor::Empty(mean.sizes(), mean.dtype()));
  RETURN_IF_ERROR(FillNormal(out, 0, std));
  InplaceBinary<false>(out, mean);
  return out;
}

// normal.float_Tensor(float mean, Tensor std, *, Generator? generator=None)
absl::StatusOr<Value> NormalFloatTensor(const OpArgs& a, bool meta) {
  RETURN_IF_ERROR(RejectWrappedNumbers(a));
  const double mean = a.double_(0);
  const Tensor& std = a.tensor(1);
  RETURN_IF_ERROR(CheckStdTensor(std));
  if (meta) {
    RETURN_IF_ERROR(CheckFloating(std.dtype()));
    return Tensor::Meta(std.sizes(), std.dtype());
  }
  ASSIGN_OR_RETURN(Tensor out, Tensor::Empty(std.sizes(), std.dtype()));
  RETURN_IF_ERROR(FillNormal(out, 0, 1));
  InplaceBinary<true>(out, std);
  InplaceBinary<false>(out, Tensor::FromScalar(Scalar(mean), out.dtype()));
  return out;
}

// normal.Tensor_Tensor(Tensor mean, Tensor std, *, Generator? generator=None)
absl::StatusOr<Value> NormalTensorTensor(const OpArgs& a, bool meta) {
  RETURN_IF_ERROR(RejectWrappedNumbers(a));
  const Tensor& mean = a.tensor(0);
  const Tensor& std = a.tensor(1);
  RETURN_IF_ERROR(CheckStdTensor(std));
  ASSIGN_OR_RETURN(Shape shape, BroadcastShapes(mean.sizes(), std.sizes()));
  if (meta) {
    RETURN_IF_ERROR(CheckFloating(mean.dtype()));
    return Tensor::Meta(shape, mean.dtype());
  }
  ASSIGN_OR_RETURN(Tensor out, Tensor::Empty(shape, mean.dtype()));
  RETURN_IF_ERROR(FillNormal(out, 0, 1));
  InplaceBinary<true>(out, std);
  InplaceBinary<false>(out, mean);
  return out;
}

// normal.float_float(float mean, float std, int[] size, *, generator, dtype, layout,
// device, pin_memory, requires_grad) == empty(size).normal_(mean, std).
absl::StatusOr<Value> NormalFloatFloat(const OpArgs& a, bool meta) {
  const double mean = a.double_(0), std = a.double_(1);
  const IntSpan size = a.int_list(2);
  const DType dtype = a.optional_dtype(4).value_or(DefaultFloatDType());
  for (int64_t s : size) {
    if (s < 0) {
      return RuntimeError(absl::StrCat("Trying to create tensor with negative dimension ", s,
                                       ": ", ShapeToString(size)));
    }
  }
  RETURN_IF_ERROR(CheckNormalStd(std));
  RETURN_IF_ERROR(CheckFloating(dtype));
  Tensor out;
  if (meta) {
    out = Tensor::Meta(size, dtype);
  } else {
    ASSIGN_OR_RETURN(out, Tensor::Empty(size, dtype));
    RETURN_IF_ERROR(FillNormal(out, mean, std));
  }
  out.set_requires_grad(a.bool_(8));
  return out;
}

template <absl::StatusOr<Value> (*Fn)(const OpArgs&, bool)>
std::pair<OpFn, OpFn> MetaAndKernel() {
  return {[](const OpArgs& a) { return Fn(a, true); },
          [](const OpArgs& a) { return Fn(a, false); }};
}

}  // namespace

absl::Status RegisterRandomNormalOps(OpRegistry& r) {
  // Python numbers bind to Tensor slots as wrapped numbers, so the overloads that take
  // floats come first: normal(0., 1., size), then normal(0., std_tensor), then the rest.
  const struct {
    const char* schema;
    std::pair<OpFn, OpFn> fns;
  } overloads[] = {
      {"normal.float_float(float mean, float std, int[] size, *, Generator? generator=None, "
       "ScalarType? dtype=None, Layout? layout=None, Device? device=None, "
       "bool? pin_memory=None, bool requires_grad=False) -> Tensor",
       MetaAndKernel<NormalFloatFloat>()},
      {"normal.float_Tensor(float mean, Tensor std, *, Generator? generator=None) -> Tensor",
       MetaAndKernel<NormalFloatTensor>()},
      {"normal.Tensor_float(Tensor mean, float std=1, *, Generator? generator=None) -> Tensor",
       MetaAndKernel<NormalTensorFloat>()},
      {"normal.Tensor_Tensor(Tensor mean, Tensor std, *, Generator? generator=None) -> Tensor",
       MetaAndKernel<NormalTensorTensor>()},
  };
  for (const auto& o : overloads) {
    RETURN_IF_ERROR(r.Register(o.schema, o.fns.first, o.fns.second, kRandomFunction));
  }
  return absl::OkStatus();
}

}  // namespace wick::tensor::ops::random_internal
