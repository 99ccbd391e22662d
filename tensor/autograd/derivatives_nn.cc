// Derivatives of the neural-network ops: softmax/log_softmax, layer_norm, batch_norm,
// nll_loss (the cross_entropy path), ctc_loss. Statistics are recomputed from the saved input.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"

#include "tensor/autograd/derivatives.h"
#include "base/status_macros.h"

namespace wick::tensor::autograd {
namespace {

using G = GradCtx;
using F = FormulaBuilder;
using V = std::vector<Tensor>;

int64_t Wrap(int64_t d, int64_t ndim) { return d < 0 ? d + (ndim == 0 ? 1 : ndim) : d; }

void Softmaxes(std::vector<Derivative>& d) {
  d.push_back({"softmax.int", "SoftmaxBackward0", {kResult}, [](const G& c, F& f) -> V {
                 const int64_t dim = Wrap(c.a().int_(1), c.result().dim());
                 Tensor gy = f.Mul(c.grad(), c.result());
                 Tensor s = f.Op("sum", {gy, Value(std::vector<int64_t>{dim}), true});
                 return {f.Sub(gy, f.Mul(c.result(), s))};
               },
               {}});
  d.push_back({"log_softmax.int", "LogSoftmaxBackward0", {kResult}, [](const G& c, F& f) -> V {
                 const int64_t dim = Wrap(c.a().int_(1), c.result().dim());
                 Tensor s = f.Op("sum", {c.grad(), Value(std::vector<int64_t>{dim}), true});
                 return {f.Sub(c.grad(), f.Mul(f.Op("exp", {c.result()}), s))};
               },
               {}});
}

// dx of a normalization over `dims` given the normalized x̂, rstd and the gradient
// reaching x̂ (gxh): rstd * (gxh - mean(gxh) - x̂ * mean(gxh * x̂)).
Tensor NormInputGrad(F& f, const Tensor& gxh, const Tensor& xhat, const Tensor& rstd,
                     const std::vector<int64_t>& dims) {
  Tensor m1 = f.Op("mean", {gxh, Value(dims), true});
  Tensor m2 = f.Op("mean", {f.Mul(gxh, xhat), Value(dims), true});
  return f.Mul(rstd, f.Sub(f.Sub(gxh, m1), f.Mul(xhat, m2)));
}

void Norms(std::vector<Derivative>& d) {
  d.push_back(
      {"layer_norm", "NativeLayerNormBackward0", {0, 2}, [](const G& c, F& f) -> V {
         const Tensor& x = c.in(0);
         const int64_t k = static_cast<int64_t>(c.a().int_list(1).size());
         const double eps = c.a().double_(4);
         std::vector<int64_t> norm_dims, batch_dims;
         for (int64_t i = 0; i < x.dim(); ++i) {
           (i >= x.dim() - k ? norm_dims : batch_dims).push_back(i);
         }
         Tensor mean = f.Op("mean", {x, Value(norm_dims), true});
         Tensor xc = f.Sub(x, mean);
         Tensor var = f.Op("mean", {f.Mul(xc, xc), Value(norm_dims), true});
         Tensor rstd = f.Op("rsqrt", {f.Op("add", {var, eps})});
         Tensor xhat = f.Mul(xc, rstd);
         const Tensor w = c.a().optional_tensor(2);
         Tensor gxh = w.defined() ? f.Mul(c.grad(), w) : c.grad();
         V out(3);
         if (c.needs[0]) out[0] = NormInputGrad(f, gxh, xhat, rstd, norm_dims);
         auto reduce = [&](const Tensor& t) {
           return batch_dims.empty() ? t : f.Op("sum", {t, Value(batch_dims), false});
         };
         if (w.defined() && c.needs[1]) out[1] = reduce(f.Mul(c.grad(), xhat));
         if (c.needs[2]) out[2] = reduce(c.grad());
         return out;
       },
       {}});
  // batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps).
  d.push_back(
      {"batch_norm", "NativeBatchNormBackward0", {0, 1, 3, 4}, [](const G& c, F& f) -> V {
         const Tensor& x = c.in(0);
         const Tensor w = c.a().optional_tensor(1);
         const bool training = c.a().bool_(5);
         const double eps = c.a().double_(7);
         std::vector<int64_t> dims{0}, shape(x.dim(), 1);
         for (int64_t i = 2; i < x.dim(); ++i) dims.push_back(i);
         shape[1] = x.size(1);
         auto bshape = [&](const Tensor& t) { return f.Op("reshape", {t, Value(shape)}); };
         Tensor mean, rstd;
         if (training) {
           mean = f.Op("mean", {x, Value(dims), true});
           Tensor xc = f.Sub(x, mean);
           Tensor var = f.Op("mean", {f.Mul(xc, xc), Value(dims), true});
           rstd = f.Op("rsqrt", {f.Op("add", {var, eps})});
         } else {
           mean = bshape(c.a().tensor(3));
           rstd = f.Op("rsqrt", {f.Op("add", {bshape(c.a().tensor(4)), eps})});
         }
         Tensor xhat = f.Mul(f.Sub(x, mean), rstd);
         Tensor gxh = w.defined() ? f.Mul(c.grad(), bshape(w)) : c.grad();
         // Slots: input, weight, bias, running_mean, running_var.
         V out(5);
         out[0] = training ? NormInputGrad(f, gxh, xhat, rstd, dims) : f.Mul(gxh, rstd);
         if (w.defined() && c.needs[1]) out[1] = f.Op("sum", {f.Mul(c.grad(), xhat), Value(dims)});
         if (c.needs[2]) out[2] = f.Op("sum", {c.grad(), Value(dims)});
         return out;
       },
       {}});
}

void Losses(std::vector<Derivative>& d) {
  Derivative e{"nll_loss_nd", "NllLossBackward0", {1, 2}, [](const G& c, F& f) -> V {
                 const Tensor& x = c.in(0);
                 const Tensor& target = c.in(1);
                 const Tensor weight = c.a().optional_tensor(2);
                 const int64_t reduction = c.a().int_(3);
                 const int64_t ignore = c.a().int_(4);
                 const int64_t class_dim = x.dim() == 1 ? 0 : 1;
                 Tensor keep = f.Op("ne", {target, ignore});
                 Tensor safe = f.Op("masked_fill", {target, f.Op("logical_not", {keep}), 0});
                 Tensor w = f.Op("to", {keep, c.grad().dtype()});
                 if (weight.defined()) {
                   w = f.Mul(w, f.Op("index", {weight, Value(std::vector<Tensor>{safe})}));
                 }
                 Tensor coef = f.Neg(w);
                 if (reduction == 1) {
                   // Every target ignored: a total weight of 0 gives zero gradients (as
                   // PyTorch's), not 0/0.
                   Tensor total = f.Op("sum", {w});
                   total = f.Op("masked_fill", {total, f.Op("eq", {total, 0}), 1});
                   coef = f.Div(coef, total);
                 }
                 coef = f.Mul(coef, c.grad());
                 // Ignored targets get +0 (their -w is -0), as PyTorch leaves them.
                 coef = f.Op("masked_fill", {coef, f.Op("logical_not", {keep}), 0});
                 Tensor z = f.Op("zeros", {Value(Sizes(x))}, {{"dtype", Value(c.grad().dtype())}});
                 Tensor idx = f.Op("unsqueeze", {safe, class_dim});
                 return {f.Op("scatter", {z, class_dim, idx, f.Op("unsqueeze", {coef, class_dim})}),
                         Tensor(), Tensor()};
               },
               {}};
  e.name_fn = [](const OpArgs& a) {
    return std::string(a.tensor(0).dim() == 4 ? "NllLoss2DBackward0" : "NllLossBackward0");
  };
  d.push_back(std::move(e));
  // ctc_loss's per-sample losses: ATen's backward (the beta recursion) in one op, which
  // has no derivative of its own (nor has PyTorch's _ctc_loss_backward).
  d.push_back({"_ctc_loss_per_sample", "CtcLossBackward0", {0, 1}, [](const G& c, F& f) -> V {
                 return {f.Op("_ctc_loss_backward",
                              {c.grad(), c.in(0), c.in(1), c.args[2], c.args[3], c.args[4],
                               c.args[5]}),
                         Tensor()};
               },
               {}});
}

// upsample_*.vec: the matching *_backward op; that op's own derivative is the upsample
// again (linear in its gradient argument).
void Upsamples(std::vector<Derivative>& d) {
  struct U {
    const char* op;
    const char* node;
    bool align;  // takes align_corners
  };
  const U ups[] = {{"upsample_nearest1d", "UpsampleNearest1DBackward1", false},
                   {"upsample_nearest2d", "UpsampleNearest2DBackward1", false},
                   {"upsample_nearest3d", "UpsampleNearest3DBackward1", false},
                   {"_upsample_nearest_exact1d", "UpsampleNearestExact1DBackward1", false},
                   {"_upsample_nearest_exact2d", "UpsampleNearestExact2DBackward1", false},
                   {"_upsample_nearest_exact3d", "UpsampleNearestExact3DBackward1", false},
                   {"upsample_linear1d", "UpsampleLinear1DBackward1", true},
                   {"upsample_bilinear2d", "UpsampleBilinear2DBackward1", true},
                   {"upsample_trilinear3d", "UpsampleTrilinear3DBackward1", true},
                   {"upsample_bicubic2d", "UpsampleBicubic2DBackward1", true}};
  for (const U& u : ups) {
    const std::string op = u.op;
    const bool align = u.align;
    d.push_back({op + ".vec", u.node, {}, [op, align](const G& c, F& f) -> V {
                   std::vector<Value> args{c.grad(), c.args[1], Value(Sizes(c.in(0)))};
                   args.push_back(c.args[2]);
                   if (align) args.push_back(c.args[3]);
                   return {f.Op(op + "_backward", std::move(args))};
                 },
                 {}});
    d.push_back({op + "_backward.vec", absl::StrCat(u.node, "Backward"), {},
                 [op, align](const G& c, F& f) -> V {
                   std::vector<Value> args{c.grad(), c.args[1], c.args[3]};
                   if (align) args.push_back(c.args[4]);
                   return {f.Op(op, std::move(args))};
                 },
                 {}});
  }
}

// group_norm(input, num_groups, weight, bias, eps): the normalised input recomputed per
// group, then the layer-norm-style formula within each group.
V GroupNormGrad(const G& c, F& f) {
  const Tensor& x = c.in(0);
  const Tensor w = c.a().optional_tensor(2);
  const int64_t groups = c.a().int_(1);
  const double eps = c.a().double_(4);
  const int64_t n = x.size(0);
  std::vector<int64_t> dims{0};
  std::vector<int64_t> chan_shape{1, x.size(1)};
  for (int64_t d = 2; d < x.dim(); ++d) {
    dims.push_back(d);
    chan_shape.push_back(1);
  }
  const std::vector<int64_t> grouped{n, groups, -1};
  const std::vector<int64_t> last{-1};
  Tensor xg = f.Op("reshape", {x, Value(grouped)});
  Tensor centred = f.Sub(xg, f.Op("mean", {xg, Value(last), true}));
  Tensor var = f.Op("mean", {f.Mul(centred, centred), Value(last), true});
  Tensor rstd = f.Op("rsqrt", {f.Op("add", {var, eps})});
  Tensor xhat = f.Mul(centred, rstd);
  V out(3);
  if (c.needs[0]) {
    Tensor gxhat = w.defined() ? f.Mul(c.grad(), f.Op("reshape", {w, Value(chan_shape)}))
                               : c.grad();
    Tensor gg = f.Op("reshape", {gxhat, Value(grouped)});
    Tensor term = f.Sub(gg, f.Op("mean", {gg, Value(last), true}));
    term = f.Sub(term, f.Mul(xhat, f.Op("mean", {f.Mul(gg, xhat), Value(last), true})));
    out[0] = f.Op("reshape", {f.Mul(term, rstd), Value(Sizes(x))});
  }
  if (w.defined() && c.needs[1]) {
    Tensor xh = f.Op("reshape", {xhat, Value(Sizes(x))});
    out[1] = f.Op("sum", {f.Mul(c.grad(), xh), Value(dims)});
  }
  if (c.needs[2]) out[2] = f.Op("sum", {c.grad(), Value(dims)});
  return out;
}

// Rearrangements and unfoldings whose adjoint is the opposite op.
void Rearrangements(std::vector<Derivative>& d) {
  d.push_back({"pixel_shuffle", "PixelShuffleBackward0", {}, [](const G& c, F& f) -> V {
                 return {f.Op("pixel_unshuffle", {c.grad(), c.args[1]})};
               },
               {}});
  d.push_back({"pixel_unshuffle", "PixelUnshuffleBackward0", {}, [](const G& c, F& f) -> V {
                 return {f.Op("pixel_shuffle", {c.grad(), c.args[1]})};
               },
               {}});
  // im2col(self, kernel_size, dilation, padding, stride) <-> col2im(self, output_size,
  // kernel_size, dilation, padding, stride).
  d.push_back({"im2col", "Im2ColBackward0", {}, [](const G& c, F& f) -> V {
                 const Tensor& x = c.in(0);
                 std::vector<int64_t> size{x.size(x.dim() - 2), x.size(x.dim() - 1)};
                 return {f.Op("col2im", {c.grad(), Value(size), c.args[1], c.args[2], c.args[3],
                                         c.args[4]})};
               },
               {}});
  d.push_back({"col2im", "Col2ImBackward0", {}, [](const G& c, F& f) -> V {
                 return {f.Op("im2col", {c.grad(), c.args[2], c.args[3], c.args[4], c.args[5]})};
               },
               {}});
}

}  // namespace

void AddNNDerivatives() {
  std::vector<Derivative> d;
  Softmaxes(d);
  Norms(d);
  Losses(d);
  Upsamples(d);
  Rearrangements(d);
  d.push_back({"group_norm", "NativeGroupNormBackward0", {0, 2}, GroupNormGrad, {}});
  AddDerivatives(std::move(d));
}

}  // namespace wick::tensor::autograd
