// Derivatives of 2-d convolution and pooling, written with existing ops: the input
// gradient of a convolution is a transposed convolution, the weight gradient a batched
// product of the gradient with the input's im2col columns (per group); max pooling
// scatters through the recomputed argmax indices; average pooling (whole windows) is a
// transposed depthwise convolution with a constant kernel.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/autograd/derivatives.h"

namespace wick::tensor::autograd {
namespace {

using G = GradCtx;
using F = FormulaBuilder;
using V = std::vector<Tensor>;

std::vector<int64_t> Two(IntSpan v) {
  if (v.size() == 1) return {v[0], v[0]};
  return {v[0], v[1]};
}

// output_padding making a transposed convolution of `grad` come back to `in` sizes.
std::vector<int64_t> OutputPadding(const Tensor& in, const Tensor& grad, IntSpan kernel,
                                   IntSpan stride, IntSpan padding, IntSpan dilation) {
  std::vector<int64_t> op;
  for (int d = 0; d < 2; ++d) {
    const int64_t full = (grad.size(2 + d) - 1) * stride[d] - 2 * padding[d] +
                         dilation[d] * (kernel[d] - 1) + 1;
    op.push_back(in.size(2 + d) - full);
  }
  return op;
}

// conv2d(input, weight, bias, stride, padding, dilation, groups).
V Conv2dGrad(const G& c, F& f) {
  const Tensor& x = c.in(0);
  const Tensor& w = c.in(1);
  const Tensor& g = c.grad();
  const std::vector<int64_t> stride = Two(c.a().int_list(3)), padding = Two(c.a().int_list(4)),
                             dilation = Two(c.a().int_list(5));
  const int64_t groups = c.a().int_(6);
  const std::vector<int64_t> kernel{w.size(2), w.size(3)};
  if (x.dim() != 4) {
    f.Fail(RuntimeError("derivative for aten::conv2d is not implemented for unbatched input"));
    return {};
  }
  V out(3);
  if (c.needs[0]) {
    out[0] = f.Op("conv_transpose2d",
                  {g, w, Value(), Value(stride), Value(padding),
                   Value(OutputPadding(x, g, kernel, stride, padding, dilation)), groups,
                   Value(dilation)});
  }
  if (c.needs[1]) {
    const int64_t n = x.size(0), cg = x.size(1) / groups, og = w.size(0) / groups;
    const int64_t l = g.size(2) * g.size(3);
    std::vector<Tensor> parts;
    for (int64_t gi = 0; gi < groups; ++gi) {
      Tensor xg = groups == 1 ? x : f.Op("narrow", {x, 1, gi * cg, cg});
      Tensor cols = f.Op("im2col", {xg, Value(kernel), Value(dilation), Value(padding),
                                    Value(stride)});
      Tensor gg = groups == 1 ? g : f.Op("narrow", {g, 1, gi * og, og});
      gg = f.Op("reshape", {gg, Value(std::vector<int64_t>{n, og, l})});
      Tensor gw = f.Op("bmm", {gg, f.Op("transpose", {cols, 1, 2})});
      gw = f.Op("sum", {gw, Value(std::vector<int64_t>{0}), false});
      parts.push_back(f.Op("reshape", {gw, Value(std::vector<int64_t>{og, cg, kernel[0],
                                                                       kernel[1]})}));
    }
    out[1] = groups == 1 ? parts[0] : f.Op("cat", {Value(parts), 0});
  }
  if (c.needs[2]) out[2] = f.Op("sum", {g, Value(std::vector<int64_t>{0, 2, 3}), false});
  return out;
}

// max_pool2d(self, kernel_size, stride, padding, dilation, ceil_mode).
V MaxPool2dGrad(const G& c, F& f) {
  const Tensor& x = c.in(0);
  std::vector<Tensor> r = f.Ops("max_pool2d_with_indices",
                                {x, c.args[1], c.args[2], c.args[3], c.args[4], c.args[5]});
  if (!f.ok()) return {};
  const Tensor& idx = r[1];
  const bool batched = x.dim() == 4;
  const int64_t n = batched ? x.size(0) : 1, ch = x.size(batched ? 1 : 0);
  const int64_t hw = x.size(x.dim() - 2) * x.size(x.dim() - 1);
  const std::vector<int64_t> flat{n, ch, -1};
  Tensor z = f.Op("zeros", {Value(std::vector<int64_t>{n, ch, hw})},
                  {{"dtype", Value(c.grad().dtype())}});
  Tensor gi = f.Op("scatter_add", {z, 2, f.Op("reshape", {idx, Value(flat)}),
                                   f.Op("reshape", {c.grad(), Value(flat)})});
  return {f.Op("reshape", {gi, Value(std::vector<int64_t>(x.sizes().begin(), x.sizes().end()))})};
}

// avg_pool2d(self, kernel_size, stride, padding, ceil_mode, count_include_pad,
// divisor_override): whole windows only (no ceil_mode, padding counted, no override).
V AvgPool2dGrad(const G& c, F& f) {
  const Tensor& x = c.in(0);
  const std::vector<int64_t> kernel = Two(c.a().int_list(1));
  std::vector<int64_t> stride = kernel;
  if (!c.a().int_list(2).empty()) stride = Two(c.a().int_list(2));
  const std::vector<int64_t> padding = Two(c.a().int_list(3));
  const bool simple = !c.a().bool_(4) && c.a().bool_(5) && c.a().is_none(6) && x.dim() == 4;
  if (!simple) {
    f.Fail(RuntimeError("derivative for aten::avg_pool2d is not implemented for ceil_mode, "
                        "count_include_pad=False or divisor_override"));
    return {};
  }
  const int64_t ch = x.size(1);
  Tensor w = f.Op("full", {Value(std::vector<int64_t>{ch, 1, kernel[0], kernel[1]}),
                           1.0 / static_cast<double>(kernel[0] * kernel[1])},
                  {{"dtype", Value(c.grad().dtype())}});
  const std::vector<int64_t> one{1, 1};
  return {f.Op("conv_transpose2d",
               {c.grad(), w, Value(), Value(stride), Value(padding),
                Value(OutputPadding(x, c.grad(), kernel, stride, padding, one)), ch,
                Value(one)})};
}

// adaptive_avg_pool2d(self, output_size).
V AdaptiveAvgPoolGrad(const G& c, F& f) {
  return {f.Op("_adaptive_avg_pool2d_backward", {c.grad(), c.in(0)})};
}

}  // namespace

void AddConvDerivatives() {
  std::vector<Derivative> d;
  d.push_back({"conv2d", "ConvolutionBackward0", {0, 1}, Conv2dGrad, {}});
  d.push_back({"max_pool2d", "MaxPool2DWithIndicesBackward0", {0}, MaxPool2dGrad, {}});
  d.push_back({"avg_pool2d", "AvgPool2DBackward0", {}, AvgPool2dGrad, {}});
  d.push_back({"adaptive_avg_pool2d", "AdaptiveAvgPool2DBackward0", {0}, AdaptiveAvgPoolGrad, {}});
  // adaptive_avg_pool1d is upstream's composite: unsqueeze, the 2d pool, squeeze.
  d.push_back({"adaptive_avg_pool1d", "", {}, {}, [](const OpArgs& a) -> absl::StatusOr<Value> {
                 ASSIGN_OR_RETURN(Value x, Call("unsqueeze", {a.tensor(0), -2}));
                 const int64_t l = a.int_list(1).empty() ? 1 : a.int_list(1)[0];
                 ASSIGN_OR_RETURN(Value y, Call("adaptive_avg_pool2d",
                                                {x, Value(std::vector<int64_t>{1, l})}));
                 return Call("squeeze", {y, -2});
               }});
  // Its own derivative (double backward): the gradient's gradient pooled back.
  d.push_back({"_adaptive_avg_pool2d_backward", "AdaptiveAvgPool2DBackwardBackward0", {0},
               [](const G& c, F& f) -> V {
                 const IntSpan s = c.in(0).sizes();
                 return {f.Op("adaptive_avg_pool2d",
                              {c.grad(), Value(std::vector<int64_t>(s.end() - 2, s.end()))}),
                         Tensor()};
               },
               {}});
  AddDerivatives(std::move(d));
}

}  // namespace wick::tensor::autograd
