// layer_norm: PyTorch's argument checks and messages, then for float32 the PyTorch-exact
// kernel (internal/layer_norm_kernel.h) or, for large inputs, oneDNN's
// layer_normalization primitive over [rows, normalized size]; a two-pass loop for float64.
#include <cmath>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/kernels/dnnl_adapter.h"
#include "tensor/ops/linalg/internal/layer_norm_kernel.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/ops/linalg/linalg.h"
#include "tensor/parallel.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {


// float32 inputs above this many elements use oneDNN's layer_normalization (about twice
// as fast: PyTorch's Welford recurrence is a serial chain per lane); smaller ones, the
// kind programs print, use the kernel that reproduces PyTorch bit for bit.
constexpr int64_t kDnnlLayerNormMinElements = 65536;

absl::Status CheckLayerNorm(const Tensor& input, IntSpan normalized_shape, const Tensor& weight,
                            const Tensor& bias) {
  const std::string shape_text = ShapeToString(normalized_shape);
  if (normalized_shape.empty()) {
    return RuntimeError(absl::StrCat(
        "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
        "element, but got normalized_shape = ",
        shape_text));
  }
  if (weight.defined() && weight.sizes() != normalized_shape) {
    return RuntimeError(absl::StrCat(
        "Expected weight to be of same shape as normalized_shape, but got weight of shape ",
        ShapeToString(weight.sizes()), " and normalized_shape = ", shape_text));
  }
  if (bias.defined() && bias.sizes() != normalized_shape) {
    return RuntimeError(absl::StrCat(
        "Expected bias to be of same shape as normalized_shape, but got bias of shape ",
        ShapeToString(bias.sizes()), " and normalized_shape = ", shape_text));
  }
  const int64_t nd = static_cast<int64_t>(normalized_shape.size());
  if (input.dim() < nd || input.sizes().subspan(input.dim() - nd) != normalized_shape) {
    return RuntimeError(absl::StrCat("Given normalized_shape=", shape_text,
                                     ", expected input with shape [*, ",
                                     absl::StrJoin(normalized_shape, ", "),
                                     "], but got input of size", ShapeToString(input.sizes())));
  }
  if (!IsFloating(input.dtype())) {
    return linalg_internal::NotImplementedFor("LayerNormKernelImpl", input.dtype());
  }
  for (const Tensor* t : {&weight, &bias}) {
    if (t->defined() && t->dtype() != input.dtype()) {
      return RuntimeError(absl::StrCat("expected scalar type ", ScalarTypeName(input.dtype()),
                                       " but found ", ScalarTypeName(t->dtype())));
    }
  }
  return absl::OkStatus();
}

absl::Status DnnlLayerNorm(const Tensor& x, const Tensor& out, int64_t rows, int64_t cols,
                           const Tensor& weight, const Tensor& bias, double eps) {
  using dnnl::memory;
  const float feps = static_cast<float>(eps);
  int32_t eps_bits;
  std::memcpy(&eps_bits, &feps, sizeof(eps_bits));
  const kernels::PrimitiveKey key = {2,       rows, cols, weight.defined(), bias.defined(),
                                             eps_bits};
  ASSIGN_OR_RETURN(
      auto prim,
      kernels::DnnlPrimitiveCache::Get().GetOrCreate(
          key, [&](kernels::DnnlPd& pd) -> dnnl::primitive_desc {
            const memory::desc data_md({rows, cols}, memory::data_type::f32, memory::dims{cols, 1});
            const memory::desc stat_md({rows}, memory::data_type::f32, memory::dims{1});
            const memory::desc param_md({cols}, memory::data_type::f32, memory::dims{1});
            pd.args = {{DNNL_ARG_SRC, data_md}, {DNNL_ARG_DST, data_md}};
            auto flags = dnnl::normalization_flags::none;
            if (weight.defined()) {
              flags |= dnnl::normalization_flags::use_scale;
              pd.args.emplace_back(DNNL_ARG_SCALE, param_md);
            }
            if (bias.defined()) {
              flags |= dnnl::normalization_flags::use_shift;
              pd.args.emplace_back(DNNL_ARG_SHIFT, param_md);
            }
            return dnnl::layer_normalization_forward::primitive_desc(
                dnnl::layer_normalization_forward::desc(dnnl::prop_kind::forward_inference, data_md,
                                                        stat_md, feps, flags),
                pd.attr, **kernels::DnnlEngine());
          }));
  Tensor w, b;
  if (weight.defined()) {
    ASSIGN_OR_RETURN(w, linalg_internal::ContiguousAs(weight, DType::kFloat32));
  }
  if (bias.defined()) {
    ASSIGN_OR_RETURN(b, linalg_internal::ContiguousAs(bias, DType::kFloat32));
  }
  const std::pair<int, const void*> args[] = {
      {DNNL_ARG_SRC, x.raw_data()},
      {DNNL_ARG_DST, out.raw_data()},
      {DNNL_ARG_SCALE, w.defined() ? w.raw_data() : nullptr},
      {DNNL_ARG_SHIFT, b.defined() ? b.raw_data() : nullptr}};
  return kernels::DnnlExecute(*prim, args);
}

}  // namespace

absl::StatusOr<Tensor> LayerNorm(const Tensor& input, absl::Span<const int64_t> normalized_shape,
                                 const Tensor& weight, const Tensor& bias, double eps) {
  RETURN_IF_ERROR(CheckLayerNorm(input, normalized_shape, weight, bias));
  const bool meta = linalg_internal::AnyMeta({&input, &weight, &bias});
  ASSIGN_OR_RETURN(Tensor out, linalg_internal::NewTensor(input.sizes(), input.dtype(), meta));
  if (meta || out.numel() == 0) return out;
  const int64_t cols = Numel(normalized_shape);
  const int64_t rows = input.numel() / cols;
  ASSIGN_OR_RETURN(Tensor x, linalg_internal::ContiguousAs(input, input.dtype()));
  if (input.dtype() == DType::kFloat32) {
    if (out.numel() > kDnnlLayerNormMinElements) {
      RETURN_IF_ERROR(DnnlLayerNorm(x, out, rows, cols, weight, bias, eps));
      return out;
    }
    Tensor w, b;
    if (weight.defined()) {
      ASSIGN_OR_RETURN(w, linalg_internal::ContiguousAs(weight, DType::kFloat32));
    }
    if (bias.defined()) {
      ASSIGN_OR_RETURN(b, linalg_internal::ContiguousAs(bias, DType::kFloat32));
    }
    linalg_internal::LayerNormRows(
        x.data<float>(), out.data<float>(), rows, cols, w.defined() ? w.data<float>() : nullptr,
        b.defined() ? b.data<float>() : nullptr, static_cast<float>(eps));
    return out;
  }
  Tensor w, b;
  if (weight.defined()) {
    ASSIGN_OR_RETURN(w, linalg_internal::ContiguousAs(weight, DType::kFloat64));
  }
  if (bias.defined()) {
    ASSIGN_OR_RETURN(b, linalg_internal::ContiguousAs(bias, DType::kFloat64));
  }
  linalg_internal::LayerNormRows(x.data<double>(), out.data<double>(), rows, cols,
                                 w.defined() ? w.data<double>() : nullptr,
                                 b.defined() ? b.data<double>() : nullptr, eps);
  return out;
}

}  // namespace wick::tensor
