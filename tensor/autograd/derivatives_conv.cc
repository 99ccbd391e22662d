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

// The hyper-parameters of a 2-d convolution (1-d ones are made 2-d with a unit height).
struct ConvP {
  std::vector<int64_t> stride, padding, dilation;
  int64_t groups = 1;
};

// d(conv2d(x, w))/dx applied to g: the transposed convolution back to x's sizes.
Tensor ConvInputGrad(F& f, const Tensor& g, const Tensor& w, const Tensor& x, const ConvP& p) {
  const std::vector<int64_t> kernel{w.size(2), w.size(3)};
  return f.Op("conv_transpose2d",
              {g, w, Value(), Value(p.stride), Value(p.padding),
               Value(OutputPadding(x, g, kernel, p.stride, p.padding, p.dilation)), p.groups,
               Value(p.dilation)});
}

// d(conv2d(x, w))/dw applied to g (kernel sizes `kernel`): per group, the gradient times
// x's im2col columns, summed over the batch.
Tensor ConvWeightGrad(F& f, const Tensor& x, const Tensor& g, IntSpan kernel_in,
                      const ConvP& p) {
  const std::vector<int64_t> kernel(kernel_in.begin(), kernel_in.end());
  const int64_t n = x.size(0), groups = p.groups;
  const int64_t cg = x.size(1) / groups, og = g.size(1) / groups;
  const int64_t l = g.size(2) * g.size(3);
  std::vector<Tensor> parts;
  for (int64_t gi = 0; gi < groups; ++gi) {
    Tensor xg = groups == 1 ? x : f.Op("narrow", {x, 1, gi * cg, cg});
    Tensor cols = f.Op("im2col", {xg, Value(kernel), Value(p.dilation), Value(p.padding),
                                  Value(p.stride)});
    Tensor gg = groups == 1 ? g : f.Op("narrow", {g, 1, gi * og, og});
    gg = f.Op("reshape", {gg, Value(std::vector<int64_t>{n, og, l})});
    Tensor gw = f.Op("bmm", {gg, f.Op("transpose", {cols, 1, 2})});
    gw = f.Op("sum", {gw, Value(std::vector<int64_t>{0}), false});
    parts.push_back(
        f.Op("reshape", {gw, Value(std::vector<int64_t>{og, cg, kernel[0], kernel[1]})}));
  }
  return groups == 1 ? parts[0] : f.Op("cat", {Value(parts), 0});
}

ConvP ConvParams(const G& c, size_t stride_arg, size_t padding_arg, size_t dilation_arg,
                 size_t groups_arg) {
  ConvP p;
  p.stride = Two(c.a().int_list(stride_arg));
  p.padding = Two(c.a().int_list(padding_arg));
  p.dilation = Two(c.a().int_list(dilation_arg));
  p.groups = c.a().int_(groups_arg);
  return p;
}

// 1-d as 2-d: a unit height in front of the length (stride 1, padding 0, dilation 1 there).
ConvP Lift1d(const G& c, size_t stride_arg, size_t padding_arg, size_t dilation_arg,
             size_t groups_arg) {
  ConvP p;
  p.stride = {1, c.a().int_list(stride_arg)[0]};
  p.padding = {0, c.a().int_list(padding_arg)[0]};
  p.dilation = {1, c.a().int_list(dilation_arg)[0]};
  p.groups = c.a().int_(groups_arg);
  return p;
}

bool Batched(const G& c, F& f, int64_t rank, const char* op) {
  if (c.in(0).dim() == rank) return true;
  f.Fail(RuntimeError(absl::StrCat("derivative for aten::", op,
                                   " is not implemented for unbatched input")));
  return false;
}

// conv{1,2}d(input, weight, bias, stride, padding, dilation, groups) with `p` made 2-d;
// `lift` inserts the unit height of a 1-d convolution. `pad_extra` (from padding="same"
// with an even kernel) pads x's right/bottom first, as upstream's padded convolution
// does, and cuts the gradient back.
// A convolution's input, weight and output gradient, given a unit height when `lift`.
struct ConvOperands {
  Tensor x, w, g;
};
ConvOperands Operands(const G& c, F& f, bool lift) {
  ConvOperands o{c.in(0), c.in(1), c.grad()};
  if (lift) {
    o.x = f.Op("unsqueeze", {o.x, 2});
    o.w = f.Op("unsqueeze", {o.w, 2});
    o.g = f.Op("unsqueeze", {o.g, 2});
  }
  return o;
}

// The bias gradient: the output gradient summed over batch and space.
Tensor BiasGrad(const G& c, F& f) {
  std::vector<int64_t> dims{0};
  for (int64_t d = 2; d < c.grad().dim(); ++d) dims.push_back(d);
  return f.Op("sum", {c.grad(), Value(dims), false});
}

V ConvGrad(const G& c, F& f, const ConvP& p, bool lift, std::vector<int64_t> pad_extra = {}) {
  auto [x, w, g] = Operands(c, f, lift);
  const bool padded = !pad_extra.empty() && (pad_extra[0] != 0 || pad_extra[1] != 0);
  Tensor xp = padded ? f.Op("constant_pad_nd",
                            {x, Value(std::vector<int64_t>{0, pad_extra[1], 0, pad_extra[0]})})
                     : x;
  if (!f.ok()) return {};
  V out(3);
  if (c.needs[0]) {
    Tensor gx = ConvInputGrad(f, g, w, xp, p);
    if (padded && f.ok()) {
      gx = f.Op("narrow", {gx, 2, 0, x.size(2)});
      gx = f.Op("narrow", {gx, 3, 0, x.size(3)});
    }
    out[0] = lift ? f.Op("squeeze", {gx, 2}) : gx;
  }
  if (c.needs[1]) {
    Tensor gw = ConvWeightGrad(f, xp, g, {w.size(2), w.size(3)}, p);
    out[1] = lift ? f.Op("squeeze", {gw, 2}) : gw;
  }
  if (c.needs[2]) out[2] = BiasGrad(c, f);
  return out;
}

V Conv2dGrad(const G& c, F& f) {
  if (!Batched(c, f, 4, "conv2d")) return {};
  return ConvGrad(c, f, ConvParams(c, 3, 4, 5, 6), false);
}

V Conv1dGrad(const G& c, F& f) {
  if (!Batched(c, f, 3, "conv1d")) return {};
  return ConvGrad(c, f, Lift1d(c, 3, 4, 5, 6), true);
}

// conv{1,2}d.padding: padding="valid" is 0; "same" pads dilation*(kernel-1) in all,
// half on each side, the odd one on the right/bottom.
V ConvStringPaddingGrad(const G& c, F& f, int spatial) {
  if (!Batched(c, f, spatial + 2, spatial == 1 ? "conv1d" : "conv2d")) return {};
  const std::string& mode = c.a().string(4);
  ConvP p;
  p.groups = c.a().int_(6);
  std::vector<int64_t> extra{0, 0};
  const IntSpan stride = c.a().int_list(3), dilation = c.a().int_list(5);
  for (int d = 0; d < 2; ++d) {
    const bool unit = spatial == 1 && d == 0;
    const int64_t i = spatial == 1 ? 0 : d;
    p.stride.push_back(unit ? 1 : (stride.size() == 1 ? stride[0] : stride[i]));
    p.dilation.push_back(unit ? 1 : (dilation.size() == 1 ? dilation[0] : dilation[i]));
    int64_t total = 0;
    if (!unit && mode == "same") {
      const int64_t k = c.in(1).size(2 + i);
      total = p.dilation.back() * (k - 1);
    }
    p.padding.push_back(total / 2);
    extra[d] = total - 2 * (total / 2);
  }
  return ConvGrad(c, f, p, spatial == 1, extra);
}

// conv_transpose{1,2}d(input, weight, bias, stride, padding, output_padding, groups,
// dilation): its input gradient is the convolution with the same weight; its weight
// gradient is that convolution's weight gradient with the roles of input and gradient
// exchanged.
V ConvTransposeGrad(const G& c, F& f, int spatial) {
  if (!Batched(c, f, spatial + 2, spatial == 1 ? "conv_transpose1d" : "conv_transpose2d")) {
    return {};
  }
  const bool lift = spatial == 1;
  const ConvP p = lift ? Lift1d(c, 3, 4, 7, 6) : ConvParams(c, 3, 4, 7, 6);
  auto [x, w, g] = Operands(c, f, lift);
  if (!f.ok()) return {};
  V out(3);
  if (c.needs[0]) {
    Tensor gx = f.Op("conv2d", {g, w, Value(), Value(p.stride), Value(p.padding),
                                Value(p.dilation), p.groups});
    out[0] = lift ? f.Op("squeeze", {gx, 2}) : gx;
  }
  if (c.needs[1]) {
    Tensor gw = ConvWeightGrad(f, g, x, {w.size(2), w.size(3)}, p);
    out[1] = lift ? f.Op("squeeze", {gw, 2}) : gw;
  }
  if (c.needs[2]) out[2] = BiasGrad(c, f);
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
// divisor_override): whole windows (no ceil_mode, padding counted, no override) as a
// transposed depthwise convolution with a constant kernel (oneDNN runs it); the other
// forms through avg_pool2d_backward, which repeats the forward's windows and divisors.
V AvgPool2dGrad(const G& c, F& f) {
  const Tensor& x = c.in(0);
  const std::vector<int64_t> kernel = Two(c.a().int_list(1));
  std::vector<int64_t> stride = kernel;
  if (!c.a().int_list(2).empty()) stride = Two(c.a().int_list(2));
  const std::vector<int64_t> padding = Two(c.a().int_list(3));
  const bool simple = !c.a().bool_(4) && c.a().bool_(5) && c.a().is_none(6) && x.dim() == 4;
  if (!simple) {
    return {f.Op("avg_pool2d_backward", {c.grad(), Value(Sizes(x)), Value(kernel),
                                         Value(stride), Value(padding), c.args[4], c.args[5],
                                         c.args[6]})};
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

// The gradient of a max over windows whose argmax indices (flat within each plane of the
// last `spatial` dims) the forward returned: the gradients added at those places.
V AdaptiveMaxPoolGrad(const G& c, F& f, int64_t spatial) {
  const Tensor& x = c.in(0);
  const int64_t lead = x.dim() - spatial;
  std::vector<int64_t> flat(x.sizes().begin(), x.sizes().begin() + lead);
  flat.push_back(-1);
  std::vector<int64_t> zshape(x.sizes().begin(), x.sizes().begin() + lead);
  int64_t plane = 1;
  for (int64_t i = lead; i < x.dim(); ++i) plane *= x.size(i);
  zshape.push_back(plane);
  Tensor z = f.Op("zeros", {Value(zshape)}, {{"dtype", Value(c.grad().dtype())}});
  Tensor gi = f.Op("scatter_add", {z, lead, f.Op("reshape", {c.result(1), Value(flat)}),
                                    f.Op("reshape", {c.grad(), Value(flat)})});
  return {f.Op("reshape", {gi, Value(Sizes(x))})};
}

// adaptive_avg_pool2d(self, output_size).
V AdaptiveAvgPoolGrad(const G& c, F& f) {
  return {f.Op("_adaptive_avg_pool2d_backward", {c.grad(), c.in(0)})};
}

}  // namespace

void AddConvDerivatives() {
  std::vector<Derivative> d;
  d.push_back({"conv2d", "ConvolutionBackward0", {0, 1}, Conv2dGrad, {}});
  d.push_back({"conv1d", "ConvolutionBackward0", {0, 1}, Conv1dGrad, {}});
  d.push_back({"conv2d.padding", "ConvolutionBackward0", {0, 1},
               [](const G& c, F& f) { return ConvStringPaddingGrad(c, f, 2); }, {}});
  d.push_back({"conv1d.padding", "ConvolutionBackward0", {0, 1},
               [](const G& c, F& f) { return ConvStringPaddingGrad(c, f, 1); }, {}});
  d.push_back({"conv_transpose2d.input", "ConvolutionBackward0", {0, 1},
               [](const G& c, F& f) { return ConvTransposeGrad(c, f, 2); }, {}});
  d.push_back({"conv_transpose1d", "ConvolutionBackward0", {0, 1},
               [](const G& c, F& f) { return ConvTransposeGrad(c, f, 1); }, {}});
  d.push_back({"max_pool2d", "MaxPool2DWithIndicesBackward0", {0}, MaxPool2dGrad, {}});
  // adaptive_max_pool{1,2}d(self, output_size) -> (values, indices): the values'
  // gradients scattered to the flat in-plane indices (saved, not the values).
  d.push_back({"adaptive_max_pool2d", "AdaptiveMaxPool2DBackward0", {ResultAt(1)},
               [](const G& c, F& f) { return AdaptiveMaxPoolGrad(c, f, 2); }, {}});
  d.push_back({"adaptive_max_pool1d", "AdaptiveMaxPool1DBackward0", {ResultAt(1)},
               [](const G& c, F& f) { return AdaptiveMaxPoolGrad(c, f, 1); }, {}});
  d.push_back({"max_pool2d_with_indices", "MaxPool2DWithIndicesBackward0", {ResultAt(1)},
               [](const G& c, F& f) { return AdaptiveMaxPoolGrad(c, f, 2); }, {}});
  d.push_back({"max_pool1d_with_indices", "MaxPool1DWithIndicesBackward0", {ResultAt(1)},
               [](const G& c, F& f) { return AdaptiveMaxPoolGrad(c, f, 1); }, {}});
  d.push_back({"avg_pool2d", "AvgPool2DBackward0", {}, AvgPool2dGrad, {}});
  d.push_back({"adaptive_avg_pool2d", "AdaptiveAvgPool2DBackward0", {0}, AdaptiveAvgPoolGrad, {}});
  // max_pool1d/avg_pool1d are upstream's composites: a unit height, the 2d pool, squeeze.
  auto lift = [](const OpArgs& a, size_t i, int64_t unit) {
    std::vector<int64_t> v{unit};
    if (!a.int_list(i).empty()) v.push_back(a.int_list(i)[0]);
    return v.size() == 1 ? std::vector<int64_t>() : v;
  };
  d.push_back({"max_pool1d", "", {}, {}, [lift](const OpArgs& a) -> absl::StatusOr<Value> {
                 ASSIGN_OR_RETURN(Value x, Call("unsqueeze", {a.tensor(0), -2}));
                 ASSIGN_OR_RETURN(Value y, Call("max_pool2d", {x, Value(lift(a, 1, 1)),
                                                               Value(lift(a, 2, 1)),
                                                               Value(lift(a, 3, 0)),
                                                               Value(lift(a, 4, 1)), a[5]}));
                 return Call("squeeze", {y, -2});
               }});
  d.push_back({"avg_pool1d", "", {}, {}, [lift](const OpArgs& a) -> absl::StatusOr<Value> {
                 ASSIGN_OR_RETURN(Value x, Call("unsqueeze", {a.tensor(0), -2}));
                 ASSIGN_OR_RETURN(Value y, Call("avg_pool2d", {x, Value(lift(a, 1, 1)),
                                                               Value(lift(a, 2, 1)),
                                                               Value(lift(a, 3, 0)), a[4], a[5]}));
                 return Call("squeeze", {y, -2});
               }});
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
