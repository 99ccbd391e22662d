// conv{1,2,3}d and conv_transpose{1,2,3}d: PyTorch 1.13's argument checks and messages
// (at::conv2d's batchify, _convolution's parameter expansion, check_shape_forward), then
// oneDNN's convolution/deconvolution primitives for float32 and direct loops for float64
// and integers (the float32 fallback when oneDNN has no implementation).
#include <algorithm>
#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/conv/conv.h"
#include "tensor/ops/conv/internal/conv_kernels.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using linalg_internal::AnyMeta;
using linalg_internal::ContiguousAs;
using linalg_internal::NewTensor;

// The element type's C name, as PyTorch's dtype-mismatch messages print it.
absl::string_view CTypeName(DType t) {
  switch (t) {
    case DType::kFloat32: return "float";
    case DType::kFloat64: return "double";
    case DType::kInt64: return "long int";
    case DType::kInt32: return "int";
    default: return ScalarTypeName(t);
  }
}

std::string List(IntSpan v) { return absl::StrCat("[", absl::StrJoin(v, ", "), "]"); }

// PyTorch's expand_param_if_needed: one value repeats, otherwise one per spatial dim.
absl::StatusOr<Shape> Expand(IntSpan v, absl::string_view name, int64_t dims) {
  if (v.size() == 1) return Shape(dims, v[0]);
  if (static_cast<int64_t>(v.size()) != dims) {
    return RuntimeError(absl::StrCat("expected ", name,
                                     " to be a single integer value or a list of ", dims,
                                     " values to match the convolution dimensions, but got ",
                                     name, "=", List(v)));
  }
  return Shape(v.begin(), v.end());
}

// "conv2d" -> 2, "conv_transpose1d" -> 1.
int SpatialRank(absl::string_view op) { return op[op.size() - 2] - '0'; }

std::string OutputPaddingMessage(IntSpan op, IntSpan stride, IntSpan dil) {
  // PyTorch's slow_conv_transpose shape check names height and width (depth too in 3-D);
  // a 1-D transposed convolution runs as 2-D with a unit height.
  static const char* kNames[] = {"depth", "height", "width"};
  const size_t n = op.size();
  const size_t first = n == 3 ? 0 : 1;
  auto part = [&](absl::string_view what, IntSpan v) {
    std::vector<std::string> items;
    for (size_t i = first; i < 3; ++i) {
      const int64_t value = n == 1 ? (i == 1 ? (what == "output_padding" ? 0 : 1) : v[0])
                                   : v[i - (3 - n)];
      items.push_back(absl::StrCat(what, "_", kNames[i], ": ", value));
    }
    return absl::StrJoin(items, " ");
  };
  return absl::StrCat("output padding must be smaller than either stride or dilation, but got ",
                      part("output_padding", op), " ", part("stride", stride), " ",
                      part("dilation", dil));
}

}  // namespace

absl::StatusOr<Tensor> Conv(const Tensor& input, const Tensor& weight, const Tensor& bias,
                            const ConvOptions& o, absl::string_view op) {
  const int64_t rank = SpatialRank(op);
  if (input.dim() != rank + 1 && input.dim() != rank + 2) {
    return RuntimeError(absl::StrCat("Expected ", rank + 1, "D (unbatched) or ", rank + 2,
                                     "D (batched) input to ", op, ", but got input of size: ",
                                     List(input.sizes())));
  }
  const bool batched = input.dim() == rank + 2;
  const Tensor x = batched ? input : linalg_internal::UnsqueezeView(input, 0);
  const int64_t k = weight.dim();
  if (k < 3) return RuntimeError("weight should have at least three dimensions");
  const int64_t dims = k - 2;
  if (o.groups <= 0) return RuntimeError("non-positive groups is not supported");

  conv_internal::ConvGeometry g;
  ASSIGN_OR_RETURN(g.stride, Expand(o.stride, "stride", dims));
  ASSIGN_OR_RETURN(g.dilation, Expand(o.dilation, "dilation", dims));
  Shape padding;
  if (o.padding_mode.has_value()) {
    const std::string& mode = *o.padding_mode;
    if (mode != "same" && mode != "valid") {
      return RuntimeError(absl::StrCat("Invalid padding string: '", mode, "'"));
    }
    padding.assign(dims, 0);
    g.pad_r.assign(dims, 0);
    if (mode == "same") {
      for (int64_t s : g.stride) {
        if (s != 1) {
          return RuntimeError("padding='same' is not supported for strided convolutions");
        }
      }
      for (int64_t d = 0; d < dims && d + 2 < weight.dim(); ++d) {
        const int64_t total = g.dilation[d] * (weight.size(d + 2) - 1);
        padding[d] = total / 2;
        g.pad_r[d] = total - total / 2;
      }
    }
  } else {
    ASSIGN_OR_RETURN(padding, Expand(o.padding, "padding", dims));
    g.pad_r = padding;
  }
  g.pad_l = padding;
  ASSIGN_OR_RETURN(g.output_padding, Expand(o.output_padding, "output_padding", dims));
  g.groups = o.groups;
  g.transposed = o.transposed;
  g.activation = o.activation;

  for (int64_t p : padding) {
    if (p < 0) return RuntimeError("negative padding is not supported");
  }
  for (int64_t p : g.output_padding) {
    if (p < 0) return RuntimeError("negative output_padding is not supported");
  }
  for (int64_t s : g.stride) {
    if (s <= 0) return RuntimeError("non-positive stride is not supported");
  }
  for (int64_t d : g.dilation) {
    if (d <= 0) {
      // PyTorch 1.13 checks a batch of one on another path, with another message.
      if (x.dim() > 0 && x.size(0) == 1) {
        return RuntimeError(
            absl::StrCat("dilation should be greater than zero, but got ", List(g.dilation)));
      }
      return RuntimeError("non-positive dilation is not supported");
    }
  }
  const IntSpan ws = weight.sizes();
  if (x.dim() != k) {
    return RuntimeError(absl::StrCat("Expected ", k, "-dimensional input for ", k,
                                     "-dimensional weight ", List(ws), ", but got ", x.dim(),
                                     "-dimensional input of size ", List(input.sizes()),
                                     " instead"));
  }
  if (ws[0] < o.groups) {
    return RuntimeError(absl::StrCat("Given groups=", o.groups, ", expected weight to be at least ",
                                     o.groups, " at dimension 0, but got weight of size ",
                                     List(ws), " instead"));
  }
  if (ws[0] % o.groups != 0) {
    return RuntimeError(absl::StrCat("Given groups=", o.groups,
                                     ", expected weight to be divisible by ", o.groups,
                                     " at dimension 0, but got weight of size [", List(ws),
                                     "] instead"));
  }
  const bool bias_ok = !bias.defined() || bias.dim() == 1;
  if (!o.transposed) {
    if (x.size(1) != ws[1] * o.groups) {
      return RuntimeError(absl::StrCat("Given groups=", o.groups, ", weight of size ", List(ws),
                                       ", expected input", List(x.sizes()), " to have ",
                                       ws[1] * o.groups, " channels, but got ", x.size(1),
                                       " channels instead"));
    }
    if (!bias_ok || (bias.defined() && bias.size(0) != ws[0])) {
      return RuntimeError(absl::StrCat("Given weight of size ", List(ws),
                                       ", expected bias to be 1-dimensional with ", ws[0],
                                       " elements, but got bias of size ", List(bias.sizes()),
                                       " instead"));
    }
    bool fits = true;
    std::vector<std::string> in_text, k_text;
    for (int64_t d = 0; d < dims; ++d) {
      const int64_t padded = x.size(d + 2) + g.pad_l[d] + g.pad_r[d];
      const int64_t span = g.dilation[d] * (ws[d + 2] - 1) + 1;
      fits = fits && padded >= span;
      in_text.push_back(absl::StrCat(padded));
      k_text.push_back(absl::StrCat(span));
    }
    if (!fits) {
      return RuntimeError(absl::StrCat("Calculated padded input size per channel: (",
                                       absl::StrJoin(in_text, " x "), "). Kernel size: (",
                                       absl::StrJoin(k_text, " x "),
                                       "). Kernel size can't be greater than actual input size"));
    }
  } else {
    if (x.size(1) != ws[0]) {
      return RuntimeError(absl::StrCat("Given transposed=1, weight of size ", List(ws),
                                       ", expected input", List(x.sizes()), " to have ", ws[0],
                                       " channels, but got ", x.size(1), " channels instead"));
    }
    if (!bias_ok || (bias.defined() && bias.size(0) != ws[1] * o.groups)) {
      return RuntimeError(absl::StrCat(
          "Given transposed=1, weight of size ", List(ws),
          ", expected bias to be 1-dimensional with ", ws[1] * o.groups,
          " elements, but got bias of size ", List(bias.sizes()), " instead"));
    }
    for (int64_t d = 0; d < dims; ++d) {
      if (g.output_padding[d] >= g.stride[d] && g.output_padding[d] >= g.dilation[d]) {
        return RuntimeError(OutputPaddingMessage(g.output_padding, g.stride, g.dilation));
      }
    }
  }
  if (weight.dtype() != input.dtype()) {
    // PyTorch 1.13 sends float32 batches of more than one to mkldnn unless the
    // convolution is a plain 1x1, and mkldnn checks the types with its own message.
    bool plain_1x1 = true;
    for (int64_t d = 0; d < dims; ++d) {
      plain_1x1 = plain_1x1 && g.stride[d] == 1 && g.dilation[d] == 1 && ws[d + 2] == 1;
    }
    if (input.dtype() == DType::kFloat32 && x.size(0) > 1 && !o.transposed &&
        (!plain_1x1 || x.size(0) >= 16)) {
      return RuntimeError(absl::StrCat(
          "Input type (torch.", ScalarTypeName(input.dtype()), "Tensor) and weight type (torch.",
          ScalarTypeName(weight.dtype()),
          "Tensor) should be the same or input should be a MKLDNN tensor and weight is a dense "
          "tensor"));
    }
    return RuntimeError(absl::StrCat("expected scalar type ", ScalarTypeName(input.dtype()),
                                     " but found ", ScalarTypeName(weight.dtype())));
  }
  if (bias.defined() && bias.dtype() != input.dtype()) {
    return RuntimeError(absl::StrCat("Input type (", CTypeName(input.dtype()), ") and bias type (",
                                     CTypeName(bias.dtype()), ") should be the same"));
  }
  if (input.dtype() == DType::kBool || !(IsFloating(input.dtype()) ||
                                         IsIntegral(input.dtype(), false))) {
    return linalg_internal::NotImplementedFor("slow_conv2d_cpu", input.dtype());
  }

  // Output sizes.
  Shape out_sizes = {x.size(0), o.transposed ? ws[1] * o.groups : ws[0]};
  for (int64_t d = 0; d < dims; ++d) {
    const int64_t in = x.size(d + 2);
    const int64_t span = g.dilation[d] * (ws[d + 2] - 1) + 1;
    out_sizes.push_back(o.transposed
                            ? (in - 1) * g.stride[d] - g.pad_l[d] - g.pad_r[d] + span +
                                  g.output_padding[d]
                            : (in + g.pad_l[d] + g.pad_r[d] - span) / g.stride[d] + 1);
  }
  for (int64_t s : out_sizes) {
    if (s < 0) {
      return RuntimeError(absl::StrCat("Given input size per channel: ",
                                       List(x.sizes().subspan(2)),
                                       ". Calculated output size per channel: ",
                                       List(IntSpan(out_sizes).subspan(2)),
                                       ". Output size is too small"));
    }
  }
  const bool meta = AnyMeta({&input, &weight, &bias});
  ASSIGN_OR_RETURN(Tensor out, NewTensor(out_sizes, input.dtype(), meta));
  if (!meta && out.numel() > 0) {
    ASSIGN_OR_RETURN(Tensor xc, ContiguousAs(x, input.dtype()));
    ASSIGN_OR_RETURN(Tensor wc, ContiguousAs(weight, input.dtype()));
    Tensor bc;
    if (bias.defined()) {
      ASSIGN_OR_RETURN(bc, ContiguousAs(bias, input.dtype()));
    }
    RETURN_IF_ERROR(conv_internal::RunConv(xc, wc, bc, out, g));
  }
  return batched ? out : linalg_internal::SqueezeView(out, 0);
}

absl::StatusOr<Tensor> ConvBatchNorm(const Tensor& input, const Tensor& weight,
                                     const Tensor& bias, const Tensor& bn_weight,
                                     const Tensor& bn_bias, const Tensor& mean,
                                     const Tensor& var, double eps, const ConvOptions& options,
                                     absl::string_view op) {
  if (options.transposed || !mean.defined() || !var.defined()) {
    return absl::InvalidArgumentError("_conv_bn_act: a convolution with running statistics");
  }
  const bool meta = AnyMeta({&input, &weight, &bias, &bn_weight, &bn_bias, &mean, &var});
  if (meta) return Conv(input, weight, bias, options, op);
  const int64_t oc = weight.dim() > 0 ? weight.size(0) : 0;
  for (const Tensor* t : {&bn_weight, &bn_bias, &mean, &var}) {
    if (t->defined() && (t->dim() != 1 || t->size(0) != oc)) {
      return absl::InvalidArgumentError("_conv_bn_act: per-channel statistics expected");
    }
  }
  if (!IsFloating(weight.dtype())) return Conv(input, weight, bias, options, op);
  // scale = gamma / sqrt(var + eps); W' = W * scale; b' = (b - mean) * scale + beta.
  ASSIGN_OR_RETURN(Tensor w, ContiguousAs(weight, DType::kFloat64));
  auto vec = [&](const Tensor& t, double fill) -> absl::StatusOr<std::vector<double>> {
    std::vector<double> v(oc, fill);
    if (!t.defined()) return v;
    ASSIGN_OR_RETURN(Tensor c, ContiguousAs(t, DType::kFloat64));
    for (int64_t i = 0; i < oc; ++i) v[i] = c.data<double>()[i];
    return v;
  };
  ASSIGN_OR_RETURN(std::vector<double> gamma, vec(bn_weight, 1.0));
  ASSIGN_OR_RETURN(std::vector<double> beta, vec(bn_bias, 0.0));
  ASSIGN_OR_RETURN(std::vector<double> mu, vec(mean, 0.0));
  ASSIGN_OR_RETURN(std::vector<double> sigma2, vec(var, 1.0));
  ASSIGN_OR_RETURN(std::vector<double> b0, vec(bias, 0.0));
  ASSIGN_OR_RETURN(Tensor fw, Tensor::Empty(weight.sizes(), weight.dtype()));
  ASSIGN_OR_RETURN(Tensor fb, Tensor::Empty({oc}, weight.dtype()));
  const int64_t per = oc > 0 ? weight.numel() / oc : 0;
  VisitDType(weight.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      for (int64_t c = 0; c < oc; ++c) {
        const double scale = gamma[c] / std::sqrt(sigma2[c] + eps);
        for (int64_t i = 0; i < per; ++i) {
          fw.data<T>()[c * per + i] = static_cast<T>(w.data<double>()[c * per + i] * scale);
        }
        fb.data<T>()[c] = static_cast<T>((b0[c] - mu[c]) * scale + beta[c]);
      }
    }
  });
  return Conv(input, fw, fb, options, op);
}

}  // namespace wick::tensor
