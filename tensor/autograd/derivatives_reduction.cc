// Derivatives of reductions (sum, mean, var/std, amax/amin, max/min, logsumexp, cumsum)
// and of the matrix products (mm, bmm, addmm, baddbmm, dot, mv; matmul and linear as
// PyTorch decomposes them).
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "tensor/autograd/derivatives.h"
#include "base/status_macros.h"

namespace wick::tensor::autograd {
namespace {

using G = GradCtx;
using F = FormulaBuilder;
using V = std::vector<Tensor>;

int64_t Wrap(int64_t d, int64_t ndim) { return d < 0 ? d + (ndim == 0 ? 1 : ndim) : d; }

// The reduced dims of `self` for an optional dim list (None or []: all).
std::vector<int64_t> ReducedDims(std::optional<IntSpan> dims, int64_t ndim) {
  std::vector<int64_t> out;
  if (!dims || dims->empty()) {
    for (int64_t d = 0; d < ndim; ++d) out.push_back(d);
  } else {
    for (int64_t d : *dims) out.push_back(Wrap(d, ndim));
  }
  return out;
}

// A reduced tensor (grad or result) made broadcastable against self again.
Tensor Unreduce(F& f, const Tensor& t, const std::vector<int64_t>& dims, int64_t ndim,
                bool keepdim) {
  if (keepdim || ndim == 0) return t;
  return f.UnsqueezeDims(t, dims, ndim);
}

int64_t Count(const Tensor& self, const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= self.size(d);
  return self.dim() == 0 ? 1 : n;
}

void Sums(std::vector<Derivative>& d) {
  for (bool mean : {false, true}) {
    Derivative e;
    e.op = mean ? "mean" : "sum";
    e.name_fn = [mean](const OpArgs& a) {
      const bool all = a.is_none(1);
      return std::string(mean ? (all ? "MeanBackward0" : "MeanBackward1")
                              : (all ? "SumBackward0" : "SumBackward1"));
    };
    e.formula = [mean](const G& c, F& f) -> V {
      const Tensor& self = c.in(0);
      const std::vector<int64_t> dims = ReducedDims(c.a().optional_int_list(1), self.dim());
      Tensor g = Unreduce(f, c.grad(), dims, self.dim(), c.a().bool_(2));
      g = f.Op("expand", {g, Value(Sizes(self))});
      if (mean) g = f.Op("div", {g, Count(self, dims)});
      return {g};
    };
    d.push_back(std::move(e));
  }
  for (const char* op : {"var", "var.dim", "var.correction", "std", "std.dim", "std.correction"}) {
    const std::string_view name = op;
    const bool is_std = name.starts_with("std");
    const bool plain = name.size() == 3;
    const bool corr = name.ends_with(".correction");
    d.push_back({op, is_std ? "StdBackward0" : "VarBackward0", {0, kResult},
                 [is_std, plain, corr](const G& c, F& f) -> V {
                   const Tensor& x = c.in(0);
                   std::optional<IntSpan> dl;
                   if (!plain) dl = c.a().optional_int_list(1);
                   const std::vector<int64_t> dims = ReducedDims(dl, x.dim());
                   int64_t correction = 1;
                   bool keepdim = false;
                   if (plain) {
                     correction = c.a().bool_(1) ? 1 : 0;
                   } else if (corr) {
                     correction = c.a().optional_int(2).value_or(1);
                     keepdim = c.a().bool_(3);
                   } else {
                     correction = c.a().bool_(2) ? 1 : 0;
                     keepdim = c.a().bool_(3);
                   }
                   const double n = static_cast<double>(Count(x, dims) - correction);
                   Tensor mean = f.Op("mean", {x, Value(dims), true});
                   Tensor centered = f.Sub(x, mean);
                   Tensor g = Unreduce(f, c.grad(), dims, x.dim(), keepdim);
                   if (is_std) {
                     Tensor r = Unreduce(f, c.result(), dims, x.dim(), keepdim);
                     return {f.Div(f.Mul(g, centered), f.Mul(r, n))};
                   }
                   return {f.Mul(f.Mul(g, centered), 2.0 / n)};
                 },
                 {}});
  }
  d.push_back({"logsumexp", "LogsumexpBackward0", {0, kResult}, [](const G& c, F& f) -> V {
                 const Tensor& x = c.in(0);
                 const std::vector<int64_t> dims = ReducedDims(c.a().int_list(1), x.dim());
                 const bool keepdim = c.a().bool_(2);
                 Tensor g = Unreduce(f, c.grad(), dims, x.dim(), keepdim);
                 Tensor r = Unreduce(f, c.result(), dims, x.dim(), keepdim);
                 return {f.Mul(g, f.Op("exp", {f.Sub(x, r)}))};
               },
               {}});
  d.push_back({"cumsum", "CumsumBackward0", {}, [](const G& c, F& f) -> V {
                 const int64_t dim = Wrap(c.a().int_(1), c.in(0).dim());
                 std::vector<int64_t> dims{dim};
                 Tensor r = f.Op("flip", {c.grad(), Value(dims)});
                 r = f.Op("cumsum", {r, dim});
                 return {f.Op("flip", {r, Value(dims)})};
               },
               {}});
}

// Gradient split evenly among the elements equal to the (unreduced) result.
Tensor EvenlyDistributed(F& f, const Tensor& x, const Tensor& grad, const Tensor& result) {
  Tensor mask = f.Op("to", {f.Op("eq", {x, result}), grad.dtype()});
  return f.Div(f.Mul(grad, mask), f.Op("sum", {mask}));
}

void MaxMin(std::vector<Derivative>& d) {
  for (bool is_max : {true, false}) {
    d.push_back({is_max ? "amax" : "amin", is_max ? "AmaxBackward0" : "AminBackward0",
                 {0, kResult},
                 [](const G& c, F& f) -> V {
                   const Tensor& x = c.in(0);
                   const std::vector<int64_t> dims =
                       ReducedDims(c.a().optional_int_list(1), x.dim());
                   const bool keepdim = c.a().bool_(2);
                   Tensor g = Unreduce(f, c.grad(), dims, x.dim(), keepdim);
                   Tensor r = Unreduce(f, c.result(), dims, x.dim(), keepdim);
                   Tensor mask = f.Op("to", {f.Op("eq", {x, r}), g.dtype()});
                   Tensor count = f.Op("sum", {mask, Value(dims), true});
                   return {f.Div(f.Mul(g, mask), count)};
                 },
                 {}});
    d.push_back({is_max ? "max" : "min", is_max ? "MaxBackward1" : "MinBackward1",
                 {0, kResult},
                 [](const G& c, F& f) -> V {
                   return {EvenlyDistributed(f, c.in(0), c.grad(), c.result())};
                 },
                 {}});
    d.push_back({is_max ? "max.dim" : "min.dim", is_max ? "MaxBackward0" : "MinBackward0",
                 {kResult},
                 [](const G& c, F& f) -> V {
                   const Tensor& x = c.in(0);
                   const int64_t dim = Wrap(c.a().int_(1), x.dim());
                   Tensor g = c.grad(0), idx = c.result(1);
                   if (!c.a().bool_(2) && x.dim() > 0) {
                     g = f.Op("unsqueeze", {g, dim});
                     idx = f.Op("unsqueeze", {idx, dim});
                   }
                   Tensor z = f.Op("zeros", {Value(Sizes(x))}, {{"dtype", Value(g.dtype())}});
                   if (x.dim() == 0) return {g};
                   return {f.Op("scatter", {z, dim, idx, g})};
                 },
                 {}});
    d.push_back({is_max ? "max.other" : "min.other",
                 is_max ? "MaximumBackward0" : "MinimumBackward0", {0, 1},
                 [is_max](const G& c, F& f) -> V {
                   Tensor half = f.Op("where", {f.Op("eq", {c.in(0), c.in(1)}),
                                                f.Mul(c.grad(), 0.5), c.grad()});
                   const char* lose_a = is_max ? "lt" : "gt";
                   const char* lose_b = is_max ? "gt" : "lt";
                   return {f.Op("masked_fill", {half, f.Op(lose_a, {c.in(0), c.in(1)}), 0}),
                           f.Op("masked_fill", {half, f.Op(lose_b, {c.in(0), c.in(1)}), 0})};
                 },
                 {}});
  }
}

Tensor T(F& f, const Tensor& m) { return f.Op("t", {m}); }
Tensor Tb(F& f, const Tensor& m) { return f.Op("transpose", {m, 1, 2}); }

bool IsOne(const Scalar& s) { return s.to_double() == 1.0; }
Tensor Scale(F& f, const Tensor& g, const Scalar& s) {
  return IsOne(s) ? g : f.Op("mul", {g, Value(s)});
}

void Products(std::vector<Derivative>& d) {
  d.push_back({"mm", "MmBackward0", {0, 1}, [](const G& c, F& f) -> V {
                 Tensor a, b;
                 if (c.needs[0]) a = f.Op("mm", {c.grad(), T(f, c.in(1))});
                 if (c.needs[1]) b = f.Op("mm", {T(f, c.in(0)), c.grad()});
                 return {a, b};
               },
               {}});
  d.push_back({"bmm", "BmmBackward0", {0, 1}, [](const G& c, F& f) -> V {
                 Tensor a, b;
                 if (c.needs[0]) a = f.Op("bmm", {c.grad(), Tb(f, c.in(1))});
                 if (c.needs[1]) b = f.Op("bmm", {Tb(f, c.in(0)), c.grad()});
                 return {a, b};
               },
               {}});
  d.push_back({"addmm", "AddmmBackward0", {1, 2}, [](const G& c, F& f) -> V {
                 Tensor s, a, b;
                 const Scalar beta = c.a().scalar(3), alpha = c.a().scalar(4);
                 if (c.needs[0]) s = Scale(f, c.grad(), beta);
                 if (c.needs[1]) a = Scale(f, f.Op("mm", {c.grad(), T(f, c.in(2))}), alpha);
                 if (c.needs[2]) b = Scale(f, f.Op("mm", {T(f, c.in(1)), c.grad()}), alpha);
                 return {s, a, b};
               },
               {}});
  d.push_back({"baddbmm", "BaddbmmBackward0", {1, 2}, [](const G& c, F& f) -> V {
                 Tensor s, a, b;
                 const Scalar beta = c.a().scalar(3), alpha = c.a().scalar(4);
                 if (c.needs[0]) s = Scale(f, c.grad(), beta);
                 if (c.needs[1]) a = Scale(f, f.Op("bmm", {c.grad(), Tb(f, c.in(2))}), alpha);
                 if (c.needs[2]) b = Scale(f, f.Op("bmm", {Tb(f, c.in(1)), c.grad()}), alpha);
                 return {s, a, b};
               },
               {}});
  d.push_back({"dot", "DotBackward0", {0, 1}, [](const G& c, F& f) -> V {
                 return {f.Mul(c.grad(), c.in(1)), f.Mul(c.grad(), c.in(0))};
               },
               {}});
  d.push_back({"mv", "MvBackward0", {0, 1}, [](const G& c, F& f) -> V {
                 Tensor a, b;
                 if (c.needs[0]) a = f.Op("outer", {c.grad(), c.in(1)});
                 if (c.needs[1]) b = f.Op("mv", {T(f, c.in(0)), c.grad()});
                 return {a, b};
               },
               {}});
  d.push_back({"matmul", "", {}, {}, [](const OpArgs& a) -> absl::StatusOr<Value> {
                 Tensor x = a.tensor(0), y = a.tensor(1);
                 const int64_t d1 = x.dim(), d2 = y.dim();
                 if (d1 == 1 && d2 == 1) return Call("dot", {x, y});
                 if (d1 == 2 && d2 == 1) return Call("mv", {x, y});
                 if (d1 == 2 && d2 == 2) return Call("mm", {x, y});
                 if (d1 == 1 && d2 == 2) {
                   ASSIGN_OR_RETURN(Tensor u, CallT("unsqueeze", {x, 0}));
                   ASSIGN_OR_RETURN(Tensor m, CallT("mm", {u, y}));
                   // PyTorch squeezes in place here (squeeze_(0): SqueezeBackward3).
                   return Renamed(Call("squeeze", {m, 0}), "SqueezeBackward3");
                 }
                 if (d1 >= 3 && (d2 == 1 || d2 == 2)) {
                   // Fold the batch into the rows: one mm.
                   Tensor b = y;
                   if (d2 == 1) {
                     ASSIGN_OR_RETURN(b, CallT("unsqueeze", {y, -1}));
                   }
                   std::vector<int64_t> out(x.sizes().begin(), x.sizes().end() - 1);
                   if (d2 == 2) out.push_back(y.size(1));
                   ASSIGN_OR_RETURN(Tensor flat,
                                    CallT("reshape", {x, Value(std::vector<int64_t>{
                                                             -1, x.size(d1 - 1)})}));
                   ASSIGN_OR_RETURN(Tensor m, CallT("mm", {flat, b}));
                   return Renamed(Call("view", {m, Value(std::move(out))}),
                                  "UnsafeViewBackward0");
                 }
                 // Batched: broadcast the batch dims, bmm, view back.
                 Tensor xa = x, yb = y;
                 if (d1 == 1) {
                   ASSIGN_OR_RETURN(xa, CallT("unsqueeze", {x, 0}));
                 }
                 if (d2 == 1) {
                   ASSIGN_OR_RETURN(yb, CallT("unsqueeze", {y, -1}));
                 }
                 const int64_t n = xa.size(xa.dim() - 2), k = xa.size(xa.dim() - 1);
                 const int64_t m = yb.size(yb.dim() - 1);
                 std::vector<int64_t> bx(xa.sizes().begin(), xa.sizes().end() - 2);
                 std::vector<int64_t> by(yb.sizes().begin(), yb.sizes().end() - 2);
                 const size_t nb = std::max(bx.size(), by.size());
                 std::vector<int64_t> batch(nb, 1);
                 int64_t total = 1;
                 for (size_t i = 0; i < nb; ++i) {
                   const int64_t sx = i + bx.size() >= nb ? bx[i + bx.size() - nb] : 1;
                   const int64_t sy = i + by.size() >= nb ? by[i + by.size() - nb] : 1;
                   batch[i] = sx == 1 ? sy : sx;
                   total *= batch[i];
                 }
                 auto with = [&](int64_t r, int64_t c2) {
                   std::vector<int64_t> s = batch;
                   s.push_back(r);
                   s.push_back(c2);
                   return s;
                 };
                 ASSIGN_OR_RETURN(xa, CallT("expand", {xa, Value(with(n, k))}));
                 ASSIGN_OR_RETURN(yb, CallT("expand", {yb, Value(with(k, m))}));
                 ASSIGN_OR_RETURN(xa, CallT("reshape", {xa, Value(std::vector<int64_t>{
                                                                total, n, k})}));
                 ASSIGN_OR_RETURN(yb, CallT("reshape", {yb, Value(std::vector<int64_t>{
                                                                total, k, m})}));
                 ASSIGN_OR_RETURN(Tensor r, CallT("bmm", {xa, yb}));
                 std::vector<int64_t> out = batch;
                 if (d1 != 1) out.push_back(n);
                 if (d2 != 1) out.push_back(m);
                 return Renamed(Call("view", {r, Value(std::move(out))}),
                                "UnsafeViewBackward0");
               }});
  d.push_back({"linear", "", {}, {}, [](const OpArgs& a) -> absl::StatusOr<Value> {
                 const Tensor& x = a.tensor(0);
                 const Tensor& w = a.tensor(1);
                 Tensor bias = a.optional_tensor(2);
                 ASSIGN_OR_RETURN(Tensor wt, CallT("t", {w}));
                 if (x.dim() == 2 && bias.defined()) return Call("addmm", {bias, x, wt});
                 if (bias.defined() && x.dim() == 3 && x.is_contiguous()) {
                   ASSIGN_OR_RETURN(Tensor flat,
                                    CallT("view", {x, Value(std::vector<int64_t>{
                                                          x.size(0) * x.size(1), x.size(2)})}));
                   ASSIGN_OR_RETURN(Tensor r, CallT("addmm", {bias, flat, wt}));
                   return Call("view", {r, Value(std::vector<int64_t>{x.size(0), x.size(1),
                                                                      r.size(1)})});
                 }
                 ASSIGN_OR_RETURN(Tensor out, CallT("matmul", {x, wt}));
                 // Out of place (upstream adds in place; the grad_fn, AddBackward0, is the
                 // same): the in-place form on matmul's squeezed view would route the
                 // gradient through CopySlices, which create_graph cannot differentiate.
                 if (bias.defined()) return Call("add", {out, bias});
                 return Value(out);
               }});
}

}  // namespace

// Reversed along `dim`: flip, op, flip back.
Tensor Reversed(F& f, const Tensor& t, int64_t dim, const char* op) {
  const std::vector<int64_t> dims{dim};
  return f.Op("flip", {f.Op(op, {f.Op("flip", {t, Value(dims)}), dim}), Value(dims)});
}

void Scans(std::vector<Derivative>& d) {
  // logcumsumexp(self, dim): d r_j / d x_i = exp(x_i - r_j) for j >= i. Summed in log space
  // separately over the positive and negative gradients (as TensorFlow's and PyTorch's
  // formula), so nothing overflows: log(relu(g)) is -inf where g <= 0.
  d.push_back({"logcumsumexp", "LogcumsumexpBackward0", {0, kResult}, [](const G& c, F& f) -> V {
                 const Tensor& x = c.in(0);
                 const Tensor& r = c.result();
                 const int64_t dim = c.a().int_(1);
                 Tensor pos = f.Op("log", {f.Op("relu", {c.grad()})});
                 Tensor neg = f.Op("log", {f.Op("relu", {f.Neg(c.grad())})});
                 Tensor a = f.Op("exp", {f.Add(Reversed(f, f.Sub(pos, r), dim, "logcumsumexp"), x)});
                 Tensor b = f.Op("exp", {f.Add(Reversed(f, f.Sub(neg, r), dim, "logcumsumexp"), x)});
                 return {f.Sub(a, b)};
               },
               {}});
  // topk(self, k, dim, largest, sorted): the values' gradients scattered to their indices.
  d.push_back({"topk", "TopkBackward0", {ResultAt(1)}, [](const G& c, F& f) -> V {
                 const Tensor& self = c.in(0);
                 const int64_t dim = c.a().int_(2);
                 Tensor z = f.Op("zeros", {Value(std::vector<int64_t>(self.sizes().begin(),
                                                                       self.sizes().end()))},
                                 {{"dtype", Value(c.grad().dtype())}});
                 return {f.Op("scatter", {z, dim, c.result(1), c.grad()})};
               },
               {}});
}

// `g`, indexed by the distinct subscripts of `sub` in first-occurrence order, placed on
// the diagonals of a tensor of `sizes` indexed by `sub` (zeros elsewhere): what an
// operand that repeats a subscript ("ii", "iji") gets back from the diagonal it read.
Tensor EmbedDiagonals(F& f, Tensor g, const std::string& sub, const std::vector<int64_t>& sizes) {
  Tensor mask;
  for (size_t k = 0; k < sub.size(); ++k) {
    const size_t first = sub.find(sub[k]);
    if (first == k) continue;
    g = f.Op("unsqueeze", {g, static_cast<int64_t>(k)});
    // 1 where dim k's index equals dim `first`'s: eye(n) spread over those two dims.
    std::vector<int64_t> view(sub.size(), 1);
    view[first] = view[k] = sizes[k];
    Tensor eye = f.Op("eye", {sizes[k]}, {{"dtype", Value(g.dtype())}});
    eye = f.Op("reshape", {eye, Value(view)});
    mask = mask.defined() ? f.Mul(mask, eye) : eye;
  }
  g = f.Op("expand", {g, Value(sizes)});
  return mask.defined() ? f.Mul(g, mask) : g;
}

// einsum(equation, tensors): operand i's gradient is the einsum of the output gradient
// with the other operands into operand i's subscripts; subscripts only operand i has are
// broadcast back, and broadcast (size-1) dims summed back. Ellipses get letters of their
// own; an operand repeating a subscript (a diagonal) gets its gradient on that diagonal.
V EinsumGrad(const G& c, F& f) {
  std::string eq;
  for (char ch : c.a().string(0)) {
    if (ch != ' ') eq.push_back(ch);
  }
  const std::vector<Tensor>& ts = c.a().tensors(1);
  const size_t arrow = eq.find("->");
  const std::string lhs = arrow == std::string::npos ? eq : eq.substr(0, arrow);
  std::vector<std::string> subs;
  size_t start = 0;
  while (true) {
    const size_t comma = lhs.find(',', start);
    subs.push_back(lhs.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  if (subs.size() != ts.size()) {
    f.Fail(RuntimeError("einsum(): the equation does not match the operands"));
    return {};
  }
  // Ellipses: the dims an operand's "..." covers get letters from 'A', right-aligned.
  int64_t max_ell = 0;
  std::vector<int64_t> ell(ts.size(), 0);
  for (size_t i = 0; i < ts.size(); ++i) {
    const size_t dots = subs[i].find("...");
    if (dots == std::string::npos) continue;
    ell[i] = ts[i].dim() - static_cast<int64_t>(subs[i].size() - 3);
    max_ell = std::max(max_ell, ell[i]);
  }
  auto ell_letters = [&](int64_t n) {
    std::string s;
    for (int64_t k = max_ell - n; k < max_ell; ++k) s.push_back(static_cast<char>('A' + k));
    return s;
  };
  for (size_t i = 0; i < ts.size(); ++i) {
    const size_t dots = subs[i].find("...");
    if (dots != std::string::npos) subs[i].replace(dots, 3, ell_letters(ell[i]));
  }
  std::string out;
  if (arrow != std::string::npos) {
    out = eq.substr(arrow + 2);
    const size_t dots = out.find("...");
    if (dots != std::string::npos) out.replace(dots, 3, ell_letters(max_ell));
  } else {
    std::map<char, int> count;
    for (const std::string& s : subs) {
      for (char ch : s) ++count[ch];
    }
    out = ell_letters(max_ell);
    for (const auto& [ch, n] : count) {
      if (n == 1 && ch >= 'a' && ch <= 'z') out.push_back(ch);
    }
  }
  V grads(ts.size());
  for (size_t i = 0; i < ts.size(); ++i) {
    if (!c.needs[i]) continue;
    // A repeated subscript reads a diagonal: differentiate with respect to the operand
    // with each subscript once (its first dim), then embed that into the diagonal.
    const std::string& full_sub = subs[i];
    std::string si;
    std::vector<int64_t> shape;
    for (size_t k = 0; k < full_sub.size(); ++k) {
      if (si.find(full_sub[k]) != std::string::npos) continue;
      si.push_back(full_sub[k]);
      shape.push_back(ts[i].size(static_cast<int64_t>(k)));
    }
    std::string terms = out;
    std::vector<Tensor> args{c.grad()};
    std::set<char> present(out.begin(), out.end());
    for (size_t j = 0; j < ts.size(); ++j) {
      if (j == i) continue;
      terms += "," + subs[j];
      args.push_back(ts[j]);
      present.insert(subs[j].begin(), subs[j].end());
    }
    std::string target;
    for (char ch : si) {
      if (present.count(ch)) target.push_back(ch);
    }
    Tensor g = f.Op("einsum", {Value(terms + "->" + target), Value(args)});
    // Subscripts only this operand has (summed away in the forward): broadcast back.
    for (size_t k = 0; k < si.size(); ++k) {
      if (!present.count(si[k])) {
        g = f.Op("unsqueeze", {g, static_cast<int64_t>(k)});
      }
    }
    if (!f.ok()) return {};
    if (g.sizes() != IntSpan(shape)) {
      std::vector<int64_t> expanded;
      for (size_t k = 0; k < si.size(); ++k) {
        expanded.push_back(present.count(si[k]) ? g.size(static_cast<int64_t>(k)) : shape[k]);
      }
      g = f.Op("expand", {g, Value(expanded)});
      g = f.SumTo(g, shape);
    }
    if (si.size() != full_sub.size()) g = EmbedDiagonals(f, g, full_sub, Sizes(ts[i]));
    grads[i] = g;
  }
  return grads;
}

// d||x||_p / dx, `r` the norm and `g` its gradient, both made broadcastable against x:
// x|x|^(p-2) / r^(p-1) (0 where r is 0), sign(x) for p=1, nothing for p=0 (p=+-inf is
// VectorNormGrad's: the extreme's ties share evenly).
Tensor NormGrad(F& f, const Tensor& x, const Tensor& g, const Tensor& r, double p) {
  if (p == 0.0) return f.ZerosLike(x);
  if (p == 1.0) return f.Mul(g, f.Op("sign", {x}));
  Tensor safe_r = f.Op("masked_fill", {r, f.Op("eq", {r, 0}), 1});
  Tensor scaled = p == 2.0
                      ? f.Div(x, safe_r)
                      : f.Div(f.Mul(x, f.Op("pow", {f.Op("abs", {x}), p - 2})),
                              f.Op("pow", {safe_r, p - 1}));
  Tensor grad = f.Mul(g, scaled);
  return f.Op("masked_fill", {grad, f.Op("eq", {r, 0}), 0});
}

V VectorNormGrad(const G& c, F& f, double p, bool has_dims, size_t dim_arg, size_t keep_arg) {
  const Tensor& x = c.in(0);
  std::vector<int64_t> dims;
  if (has_dims && !c.a().is_none(dim_arg)) {
    for (int64_t d : c.a().int_list(dim_arg)) dims.push_back(d < 0 ? d + x.dim() : d);
  }
  if (dims.empty()) {
    for (int64_t d = 0; d < x.dim(); ++d) dims.push_back(d);
  }
  const bool keepdim = c.a().bool_(keep_arg);
  Tensor g = Unreduce(f, c.grad(), dims, x.dim(), keepdim);
  Tensor r = Unreduce(f, c.result(), dims, x.dim(), keepdim);
  if (std::isinf(p)) {
    Tensor hit = f.Op("to", {f.Op("eq", {f.Op("abs", {x}), r}), g.dtype()});
    Tensor count = f.Op("sum", {hit, Value(dims), true});
    return {f.Mul(f.Mul(f.Div(g, count), hit), f.Op("sign", {x}))};
  }
  return {NormGrad(f, x, g, r, p)};
}

// cosine_similarity(x1, x2, dim, eps) as the composite it is upstream:
// sum(x1 * x2) / sqrt(clamp_min(sum(x1^2) * sum(x2^2), eps^2)).
absl::StatusOr<Value> CosineSimilarity(const OpArgs& a) {
  const std::vector<int64_t> dim{a.int_(2)};
  const double eps = a.double_(3);
  ASSIGN_OR_RETURN(Tensor w12, CallT("sum", {*CallT("mul", {a.tensor(0), a.tensor(1)}), Value(dim)}));
  ASSIGN_OR_RETURN(Tensor w1, CallT("sum", {*CallT("mul", {a.tensor(0), a.tensor(0)}), Value(dim)}));
  ASSIGN_OR_RETURN(Tensor w2, CallT("sum", {*CallT("mul", {a.tensor(1), a.tensor(1)}), Value(dim)}));
  ASSIGN_OR_RETURN(Tensor n12, CallT("clamp_min", {*CallT("mul", {w1, w2}), eps * eps}));
  ASSIGN_OR_RETURN(Tensor root, CallT("sqrt", {n12}));
  return Call("div", {w12, root});
}

// prod(self) / prod.dim_int(self, dim, keepdim): each element's gradient is the product
// of the others, taken as exclusive cumulative products from both ends (exact with zeros).
Tensor ProdOthers(F& f, const Tensor& x, int64_t dim) {
  const int64_t n = x.size(dim);
  const int64_t nd = x.dim();
  std::vector<int64_t> pad(2 * nd, 0);
  const int64_t slot = 2 * (nd - 1 - dim);
  Tensor left = f.Op("cumprod", {x, dim});
  pad[slot] = 1;
  left = f.Op("constant_pad_nd", {f.Op("narrow", {left, dim, 0, n - 1}), Value(pad), 1});
  const std::vector<int64_t> flip{dim};
  Tensor right = f.Op("cumprod", {f.Op("flip", {x, Value(flip)}), dim});
  right = f.Op("constant_pad_nd", {f.Op("narrow", {right, dim, 0, n - 1}), Value(pad), 1});
  right = f.Op("flip", {right, Value(flip)});
  return f.Mul(left, right);
}

void AddReductionDerivatives() {
  std::vector<Derivative> d;
  d.push_back({"norm.Scalar", "NormBackward1", {0, kResult}, [](const G& c, F& f) -> V {
                 const double p = c.a().optional_scalar(1).value_or(Scalar(2.0)).to_double();
                 return VectorNormGrad(c, f, p, true, 2, 3);
               },
               {}});
  d.push_back({"norm.str", "NormBackward1", {0, kResult}, [](const G& c, F& f) -> V {
                 if (c.a().string(1) != "fro") {
                   f.Fail(RuntimeError("derivative for aten::norm is not implemented for "
                                       "p='nuc'"));
                   return {};
                 }
                 return VectorNormGrad(c, f, 2.0, true, 2, 3);
               },
               {}});
  d.push_back({"linalg_vector_norm", "LinalgVectorNormBackward0", {0, kResult},
               [](const G& c, F& f) -> V {
                 return VectorNormGrad(c, f, c.a().scalar(1).to_double(), true, 2, 3);
               },
               {}});
  d.push_back({"cosine_similarity", "", {}, {}, CosineSimilarity});
  // var_mean/std_mean: the var/std of the same overload (same arguments) and the mean,
  // each recorded as such.
  for (const char* base : {"var", "std"}) {
    for (const char* overload : {"", ".dim", ".correction"}) {
      const std::string moment = absl::StrCat(base, overload);
      const bool plain = overload[0] == '\0';
      d.push_back({absl::StrCat(base, "_mean", overload), "", {}, {},
                   [moment, plain](const OpArgs& a) -> absl::StatusOr<Value> {
                     const OpDef* op = OpRegistry::Global().Find(moment);
                     if (op == nullptr) return absl::InternalError("no " + moment);
                     std::vector<Value> args(a.size());
                     for (size_t i = 0; i < a.size(); ++i) args[i] = a[i];
                     ASSIGN_OR_RETURN(Value m, RunOp(*op, args));
                     Value mean;
                     const Tensor& x = a.tensor(0);
                     if (plain) {
                       ASSIGN_OR_RETURN(mean, Call("mean", {x}));
                     } else {
                       std::vector<int64_t> dims;
                       if (a.is_none(1)) {
                         for (int64_t i = 0; i < x.dim(); ++i) dims.push_back(i);
                       } else {
                         dims.assign(a.int_list(1).begin(), a.int_list(1).end());
                       }
                       ASSIGN_OR_RETURN(mean, Call("mean", {x, Value(dims), a[3]}));
                     }
                     return Value(std::vector<Tensor>{m.to_tensor(), mean.to_tensor()});
                   }});
    }
  }
  // cumprod(self, dim, dtype): cumprod_backward, exact with zeros.
  d.push_back({"cumprod", "CumprodBackward0", {0}, [](const G& c, F& f) -> V {
                 return {f.Op("cumprod_backward", {c.grad(), c.in(0), c.args[1]})};
               },
               {}});
  d.push_back({"prod", "ProdBackward0", {0}, [](const G& c, F& f) -> V {
                 const Tensor& x = c.in(0);
                 if (x.dim() == 0) return {c.grad()};
                 Tensor flat = f.Op("reshape", {x, Value(std::vector<int64_t>{-1})});
                 Tensor others = f.Op("reshape", {ProdOthers(f, flat, 0), Value(Sizes(x))});
                 return {f.Mul(c.grad(), others)};
               },
               {}});
  d.push_back({"prod.dim_int", "ProdBackward1", {0}, [](const G& c, F& f) -> V {
                 const Tensor& x = c.in(0);
                 if (x.dim() == 0) return {c.grad()};
                 int64_t dim = c.a().int_(1);
                 if (dim < 0) dim += x.dim();
                 Tensor g = Unreduce(f, c.grad(), {dim}, x.dim(), c.a().bool_(2));
                 return {f.Mul(g, ProdOthers(f, x, dim))};
               },
               {}});
  // outer(self, vec2): upstream's composite, self[:, None] * vec2.
  d.push_back({"outer", "", {}, {}, [](const OpArgs& a) -> absl::StatusOr<Value> {
                 ASSIGN_OR_RETURN(Tensor col, CallT("reshape", {a.tensor(0),
                                                                Value(std::vector<int64_t>{-1, 1})}));
                 return Call("mul", {col, a.tensor(1)});
               }});
  Sums(d);
  MaxMin(d);
  Scans(d);
  d.push_back({"einsum", "EinsumBackward0", {1}, EinsumGrad, {}});
  AddDerivatives(std::move(d));
}

void AddLinalgDerivatives() {
  std::vector<Derivative> d;
  Products(d);
  AddDerivatives(std::move(d));
}

}  // namespace wick::tensor::autograd
