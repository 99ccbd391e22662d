// Derivatives of view, shape, join and indexing ops. Views' gradients reshape, permute
// or scatter the incoming gradient back into the input's geometry.
#include <algorithm>
#include <numeric>
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

void Entry(std::vector<Derivative>& out, const char* op, const char* node, std::vector<int> save,
           Formula formula) {
  out.push_back({op, node, std::move(save), std::move(formula), {}});
}

void CompositeEntry(std::vector<Derivative>& out, const char* op, Composite fn) {
  out.push_back({op, "", {}, {}, std::move(fn)});
}

// A zero tensor like `self` with `grad` written into one view of it (`scatter_op`:
// slice_scatter, select_scatter, diagonal_scatter, with that view's arguments). No
// in-place write: the formula traces into a functional graph (AOT autograd).
Tensor ScatterIntoView(F& f, const Tensor& self, const Tensor& grad, const char* scatter_op,
                       std::vector<Value> view_args) {
  Tensor z = f.Op("zeros", {Value(Sizes(self))}, {{"dtype", Value(grad.dtype())}});
  if (!f.ok()) return Tensor();
  view_args.insert(view_args.begin(), Value(grad));
  view_args.insert(view_args.begin(), Value(z));
  return f.Op(scatter_op, std::move(view_args));
}

void Views(std::vector<Derivative>& d) {
  auto reshape_back = [](const G& c, F& f) -> V {
    return {f.Op("reshape", {c.grad(), Value(Sizes(c.in(0)))})};
  };
  Entry(d, "view", "ViewBackward0", {}, reshape_back);
  Entry(d, "squeeze", "SqueezeBackward0", {}, reshape_back);
  Entry(d, "squeeze.dim", "SqueezeBackward1", {}, reshape_back);
  Entry(d, "squeeze_", "SqueezeBackward0", {}, reshape_back);
  Entry(d, "squeeze_.dim", "SqueezeBackward1", {}, reshape_back);
  Entry(d, "unsqueeze", "UnsqueezeBackward0", {}, [](const G& c, F& f) -> V {
    return {f.Op("squeeze", {c.grad(), Wrap(c.a().int_(1), c.in(0).dim() + 1)})};
  });
  Entry(d, "unsqueeze_", "UnsqueezeBackward1", {}, [](const G& c, F& f) -> V {
    return {f.Op("squeeze", {c.grad(), Wrap(c.a().int_(1), c.in(0).dim() + 1)})};
  });
  CompositeEntry(d, "reshape", [](const OpArgs& a) -> absl::StatusOr<Value> {
    // PyTorch 1.13: _reshape_alias when the geometry allows a view, else a contiguous
    // clone and _unsafe_view.
    absl::StatusOr<Value> v = Call("view", {a.tensor(0), a[1]});
    if (v.ok()) return Renamed(std::move(v), "ReshapeAliasBackward0");
    ASSIGN_OR_RETURN(Value c, Call("clone", {a.tensor(0)},
                                   {{"memory_format", Value("contiguous_format")}}));
    return Renamed(Call("view", {c, a[1]}), "UnsafeViewBackward0");
  });
  CompositeEntry(d, "view_as", [](const OpArgs& a) -> absl::StatusOr<Value> {
    return Call("view", {a.tensor(0), Value(Sizes(a.tensor(1)))});
  });
  CompositeEntry(d, "reshape_as", [](const OpArgs& a) -> absl::StatusOr<Value> {
    return Call("reshape", {a.tensor(0), Value(Sizes(a.tensor(1)))});
  });
  CompositeEntry(d, "expand_as", [](const OpArgs& a) -> absl::StatusOr<Value> {
    return Call("expand", {a.tensor(0), Value(Sizes(a.tensor(1)))});
  });
  CompositeEntry(d, "flatten.using_ints", [](const OpArgs& a) -> absl::StatusOr<Value> {
    const Tensor& t = a.tensor(0);
    if (t.dim() == 0) return Call("reshape", {t, Value(std::vector<int64_t>{1})});
    const int64_t s = Wrap(a.int_(1), t.dim()), e = Wrap(a.int_(2), t.dim());
    if (s == e) return Value(t);
    std::vector<int64_t> shape;
    for (int64_t i = 0; i < s; ++i) shape.push_back(t.size(i));
    int64_t n = 1;
    for (int64_t i = s; i <= e; ++i) n *= t.size(i);
    shape.push_back(n);
    for (int64_t i = e + 1; i < t.dim(); ++i) shape.push_back(t.size(i));
    return Call("reshape", {t, Value(std::move(shape))});
  });
  Entry(d, "permute", "PermuteBackward0", {}, [](const G& c, F& f) -> V {
    IntSpan dims = c.a().int_list(1);
    const int64_t n = static_cast<int64_t>(dims.size());
    std::vector<int64_t> inv(n);
    for (int64_t i = 0; i < n; ++i) inv[Wrap(dims[i], n)] = i;
    return {f.Op("permute", {c.grad(), Value(std::move(inv))})};
  });
  for (const char* op : {"transpose.int", "transpose_", "swapaxes", "swapdims"}) {
    Entry(d, op, "TransposeBackward0", {}, [](const G& c, F& f) -> V {
      return {f.Op("transpose", {c.grad(), c.a().int_(1), c.a().int_(2)})};
    });
  }
  Entry(d, "t", "TBackward0", {}, [](const G& c, F& f) -> V { return {f.Op("t", {c.grad()})}; });
  Entry(d, "t_", "TBackward0", {}, [](const G& c, F& f) -> V { return {f.Op("t", {c.grad()})}; });
  Entry(d, "expand", "ExpandBackward0", {}, [](const G& c, F& f) -> V {
    return {f.SumTo(c.grad(), c.in(0).sizes())};
  });
  Entry(d, "slice.Tensor", "SliceBackward0", {}, [](const G& c, F& f) -> V {
    return {ScatterIntoView(f, c.in(0), c.grad(), "slice_scatter",
                            {c.args[1], c.args[2], c.args[3], c.args[4]})};
  });
  Entry(d, "narrow", "SliceBackward0", {}, [](const G& c, F& f) -> V {
    // narrow(dim, start, length) is slice(dim, start, start + length) after wrapping.
    const int64_t dim = c.a().int_(1);
    const int64_t size = c.in(0).size(dim < 0 ? dim + c.in(0).dim() : dim);
    int64_t start = c.a().int_(2);
    if (start < 0) start += size;
    return {ScatterIntoView(f, c.in(0), c.grad(), "slice_scatter",
                            {Value(dim), Value(start), Value(start + c.a().int_(3)), Value(1)})};
  });
  Entry(d, "select.int", "SelectBackward0", {}, [](const G& c, F& f) -> V {
    return {ScatterIntoView(f, c.in(0), c.grad(), "select_scatter", {c.args[1], c.args[2]})};
  });
  Entry(d, "diagonal", "DiagonalBackward0", {}, [](const G& c, F& f) -> V {
    return {ScatterIntoView(f, c.in(0), c.grad(), "diagonal_scatter",
                            {c.args[1], c.args[2], c.args[3]})};
  });
  // The scatter ops: self's gradient is grad with the view zeroed, src's the view.
  auto scatter = [&](const char* op, const char* node, const char* scatter_op,
                     const char* view_op, size_t nargs) {
    Entry(d, op, node, {}, [=](const G& c, F& f) -> V {
      std::vector<Value> view_args(c.args.begin() + 2, c.args.begin() + 2 + nargs);
      Tensor gs, gsrc;
      if (c.needs[0]) {
        std::vector<Value> args = view_args;
        args.insert(args.begin(), Value(f.Op("zeros", {Value(Sizes(c.in(1)))},
                                             {{"dtype", Value(c.grad().dtype())}})));
        args.insert(args.begin(), Value(c.grad()));
        gs = f.Op(scatter_op, std::move(args));
      }
      if (c.needs[1]) {
        view_args.insert(view_args.begin(), Value(c.grad()));
        gsrc = f.Op(view_op, std::move(view_args));
      }
      return {gs, gsrc};
    });
  };
  scatter("slice_scatter", "SliceScatterBackward0", "slice_scatter", "slice", 4);
  scatter("select_scatter", "SelectScatterBackward0", "select_scatter", "select", 2);
  scatter("diagonal_scatter", "DiagonalScatterBackward0", "diagonal_scatter", "diagonal", 3);
}

// Gradients of a split along `dim`: the pieces' gradients (zeros where undefined)
// concatenated back.
V CatGrads(const G& c, F& f, int64_t dim) {
  std::vector<Tensor> parts;
  for (size_t i = 0; i < c.grads.size(); ++i) parts.push_back(c.grads[i]);
  return {f.Op("cat", {Value(std::move(parts)), dim})};
}

void Joins(std::vector<Derivative>& d) {
  for (const char* op : {"cat", "concat"}) {
    Entry(d, op, "CatBackward0", {}, [](const G& c, F& f) -> V {
      const std::vector<Tensor>& ts = c.args[0].to_tensor_list();
      int64_t ndim = 0;
      for (const Tensor& t : ts) {
        if (!(t.dim() == 1 && t.size(0) == 0)) ndim = t.dim();
      }
      const int64_t dim = Wrap(c.a().int_(1), ndim);
      V out;
      int64_t start = 0;
      for (const Tensor& t : ts) {
        if (t.dim() == 1 && t.size(0) == 0 && ndim != 1) {
          out.push_back(Tensor());
          continue;
        }
        const int64_t len = t.size(dim);
        out.push_back(f.Op("narrow", {c.grad(), dim, start, len}));
        start += len;
      }
      return out;
    });
  }
  Entry(d, "stack", "StackBackward0", {}, [](const G& c, F& f) -> V {
    const std::vector<Tensor>& ts = c.args[0].to_tensor_list();
    const int64_t dim = Wrap(c.a().int_(1), ts.empty() ? 1 : ts[0].dim() + 1);
    V out;
    for (size_t i = 0; i < ts.size(); ++i) {
      out.push_back(f.Op("select", {c.grad(), dim, static_cast<int64_t>(i)}));
    }
    return out;
  });
  Entry(d, "split.Tensor", "SplitBackward0", {}, [](const G& c, F& f) -> V {
    return CatGrads(c, f, Wrap(c.a().int_(2), c.in(0).dim()));
  });
  Entry(d, "split.sizes", "SplitWithSizesBackward0", {}, [](const G& c, F& f) -> V {
    return CatGrads(c, f, Wrap(c.a().int_(2), c.in(0).dim()));
  });
  Entry(d, "split_with_sizes", "SplitWithSizesBackward0", {}, [](const G& c, F& f) -> V {
    return CatGrads(c, f, Wrap(c.a().int_(2), c.in(0).dim()));
  });
  Entry(d, "chunk", "SplitBackward0", {}, [](const G& c, F& f) -> V {
    return CatGrads(c, f, Wrap(c.a().int_(2), c.in(0).dim()));
  });
  Entry(d, "unbind.int", "UnbindBackward0", {}, [](const G& c, F& f) -> V {
    return {f.Op("stack", {Value(c.grads), Wrap(c.a().int_(1), c.in(0).dim())})};
  });
  Entry(d, "repeat", "RepeatBackward0", {}, [](const G& c, F& f) -> V {
    IntSpan reps = c.a().int_list(1);
    const Tensor& self = c.in(0);
    const int64_t lead = static_cast<int64_t>(reps.size()) - self.dim();
    // grad viewed as [r0, s0, r1, s1, ...] and summed over the repeat axes.
    std::vector<int64_t> shape, sum_dims;
    for (int64_t i = 0; i < static_cast<int64_t>(reps.size()); ++i) {
      const int64_t s = i < lead ? 1 : self.size(i - lead);
      sum_dims.push_back(static_cast<int64_t>(shape.size()));
      shape.push_back(reps[i]);
      shape.push_back(s);
    }
    Tensor g = f.Op("reshape", {c.grad(), Value(shape)});
    g = f.Op("sum", {g, Value(sum_dims), false});
    return {f.Op("reshape", {g, Value(Sizes(self))})};
  });
  Entry(d, "constant_pad_nd", "ConstantPadNdBackward0", {}, [](const G& c, F& f) -> V {
    std::vector<int64_t> neg;
    for (int64_t p : c.a().int_list(1)) neg.push_back(-p);
    return {f.Op("constant_pad_nd", {c.grad(), Value(std::move(neg))})};
  });
  Entry(d, "flip", "FlipBackward0", {}, [](const G& c, F& f) -> V {
    return {f.Op("flip", {c.grad(), c.args[1]})};
  });
  Entry(d, "roll", "RollBackward0", {}, [](const G& c, F& f) -> V {
    std::vector<int64_t> neg;
    for (int64_t s : c.a().int_list(1)) neg.push_back(-s);
    return {f.Op("roll", {c.grad(), Value(std::move(neg)), c.args[2]})};
  });
  Entry(d, "tril", "TrilBackward0", {}, [](const G& c, F& f) -> V {
    return {f.Op("tril", {c.grad(), c.args[1]})};
  });
  Entry(d, "triu", "TriuBackward0", {}, [](const G& c, F& f) -> V {
    return {f.Op("triu", {c.grad(), c.args[1]})};
  });
}

void Indexing(std::vector<Derivative>& d) {
  Entry(d, "index.Tensor", "IndexBackward0", {1}, [](const G& c, F& f) -> V {
    Tensor z = f.Op("zeros", {Value(Sizes(c.in(0)))}, {{"dtype", Value(c.grad().dtype())}});
    Tensor r = f.Op("index_put", {z, c.args[1], c.grad(), true});
    V out{r};
    out.resize(1 + c.args[1].to_tensor_list().size());
    return out;
  });
  // x[idx] = v (accumulate=False): the overwritten elements get no gradient through
  // self; values get the indexed gradient (summed down to their shape by the engine).
  for (const char* op : {"index_put_", "index_put"}) {
    Entry(d, op, "IndexPutBackward0", {1}, [](const G& c, F& f) -> V {
      const size_t n = c.args[1].to_tensor_list().size();
      V out(2 + n);
      if (c.needs[0]) {
        out[0] = c.a().bool_(3)
                     ? c.grad()
                     : f.Op("index_put", {c.grad(), c.args[1],
                                          f.Op("zeros", {Value(std::vector<int64_t>{})},
                                               {{"dtype", Value(c.grad().dtype())}}),
                                          false});
      }
      if (c.needs[1 + n]) out[1 + n] = f.Op("index", {c.grad(), c.args[1]});
      return out;
    });
  }
  Entry(d, "gather", "GatherBackward0", {2}, [](const G& c, F& f) -> V {
    Tensor z = f.Op("zeros", {Value(Sizes(c.in(0)))}, {{"dtype", Value(c.grad().dtype())}});
    return {f.Op("scatter_add", {z, c.args[1], c.in(2), c.grad()}), Tensor()};
  });
  Entry(d, "index_select", "IndexSelectBackward0", {2}, [](const G& c, F& f) -> V {
    const Tensor& self = c.in(0);
    const int64_t dim = Wrap(c.a().int_(1), self.dim());
    Tensor z = f.Op("zeros", {Value(Sizes(self))}, {{"dtype", Value(c.grad().dtype())}});
    if (self.dim() == 0) return {f.Op("reshape", {f.Op("sum", {c.grad()}), Value(Sizes(self))})};
    // The index broadcast along every other dim, then scatter_add.
    std::vector<int64_t> shape(self.dim(), 1);
    shape[dim] = c.in(2).numel();
    Tensor idx = f.Op("reshape", {c.in(2), Value(shape)});
    idx = f.Op("expand", {idx, Value(Sizes(c.grad()))});
    return {f.Op("scatter_add", {z, dim, idx, c.grad()}), Tensor()};
  });
  Entry(d, "embedding", "EmbeddingBackward0", {1}, [](const G& c, F& f) -> V {
    const Tensor& w = c.in(0);
    const int64_t dim = w.size(1);
    const int64_t padding_idx = c.a().int_(2);
    Tensor idx = f.Op("reshape", {c.in(1), Value(std::vector<int64_t>{-1})});
    Tensor g = f.Op("reshape", {c.grad(), Value(std::vector<int64_t>{-1, dim})});
    if (padding_idx >= 0) {
      Tensor pad = f.Op("unsqueeze", {f.Op("eq", {idx, padding_idx}), 1});
      g = f.Op("masked_fill", {g, pad, 0});
    }
    Tensor z = f.Op("zeros", {Value(Sizes(w))}, {{"dtype", Value(c.grad().dtype())}});
    return {f.Op("index_put", {z, Value(std::vector<Tensor>{idx}), g, true}), Tensor()};
  });
}

}  // namespace

// repeat_interleave(self, repeats, dim): upstream's composite, an index_select along dim
// (of the flattened input when dim is None) with the repeated positions, so the
// gradient (IndexSelectBackward0) sums the copies.
absl::StatusOr<Value> RepeatInterleave(const OpArgs& a) {
  Tensor x = a.tensor(0);
  int64_t dim = 0;
  if (a.is_none(2)) {
    ASSIGN_OR_RETURN(x, CallT("reshape", {x, Value(std::vector<int64_t>{-1})}));
  } else {
    dim = a.int_(2);
  }
  const int64_t n = x.size(dim < 0 ? dim + x.dim() : dim);
  ASSIGN_OR_RETURN(Tensor positions, CallT("arange", {n}));
  ASSIGN_OR_RETURN(Tensor index, CallT("repeat_interleave", {positions, a[1]}));
  return Call("index_select", {x, dim, index});
}

// The padding ops as upstream's gradients see them, written as index_select along each
// padded dim with indices made by ops (so traced graphs keep them): reflection maps j to
// (n-1) - |(n-1) - |j||, replication clamps it, circular wraps it.
enum class PadKind { kReflect, kReplicate, kCircular };
absl::StatusOr<Value> PadAsIndexing(const OpArgs& a, PadKind kind) {
  Tensor x = a.tensor(0);
  const IntSpan pad = a.int_list(1);
  for (size_t k = 0; 2 * k + 1 < pad.size(); ++k) {
    const int64_t dim = x.dim() - 1 - static_cast<int64_t>(k);
    const int64_t n = x.size(dim), lo = pad[2 * k], hi = pad[2 * k + 1];
    ASSIGN_OR_RETURN(Tensor j, CallT("arange", {-lo, n + hi}));
    Tensor idx;
    switch (kind) {
      case PadKind::kReflect: {
        ASSIGN_OR_RETURN(Tensor inner, CallT("abs", {j}));
        ASSIGN_OR_RETURN(Tensor back, CallT("rsub", {inner, n - 1}));
        ASSIGN_OR_RETURN(Tensor mirrored, CallT("abs", {back}));
        ASSIGN_OR_RETURN(idx, CallT("rsub", {mirrored, n - 1}));
        break;
      }
      case PadKind::kReplicate: {
        ASSIGN_OR_RETURN(idx, CallT("clamp", {j, 0, n - 1}));
        break;
      }
      case PadKind::kCircular: {
        ASSIGN_OR_RETURN(idx, CallT("remainder", {j, n}));
        break;
      }
    }
    ASSIGN_OR_RETURN(x, CallT("index_select", {x, dim, idx}));
  }
  // PyTorch's node for the padding op as a whole.
  static const char* const kReflect[] = {"", "ReflectionPad1DBackward0",
                                         "ReflectionPad2DBackward0", "ReflectionPad3DBackward0"};
  static const char* const kReplicate[] = {"", "ReplicationPad1DBackward0",
                                           "ReplicationPad2DBackward0",
                                           "ReplicationPad3DBackward0"};
  const size_t n = std::min<size_t>(pad.size() / 2, 3);
  if (kind == PadKind::kReflect && n > 0) return Renamed(Value(x), kReflect[n]);
  if (kind == PadKind::kReplicate && n > 0) return Renamed(Value(x), kReplicate[n]);
  // ATen's _pad_circular copies slices into a new tensor: its node is CopySlices.
  if (kind == PadKind::kCircular && n > 0) return Renamed(Value(x), "CopySlices");
  return Value(x);
}

void MoreShape(std::vector<Derivative>& d) {
  for (int n = 1; n <= 3; ++n) {
    d.push_back({absl::StrCat("reflection_pad", n, "d"), "", {}, {},
                 [](const OpArgs& a) { return PadAsIndexing(a, PadKind::kReflect); }});
    d.push_back({absl::StrCat("replication_pad", n, "d"), "", {}, {},
                 [](const OpArgs& a) { return PadAsIndexing(a, PadKind::kReplicate); }});
  }
  d.push_back({"_pad_circular", "", {}, {},
               [](const OpArgs& a) { return PadAsIndexing(a, PadKind::kCircular); }});
  // fliplr/flipud: upstream's composites over flip.
  d.push_back({"fliplr", "", {}, {}, [](const OpArgs& a) {
                 return Call("flip", {a.tensor(0), Value(std::vector<int64_t>{1})});
               }});
  d.push_back({"flipud", "", {}, {}, [](const OpArgs& a) {
                 return Call("flip", {a.tensor(0), Value(std::vector<int64_t>{0})});
               }});
  Entry(d, "movedim.int", "PermuteBackward0", {}, [](const G& c, F& f) -> V {
    return {f.Op("movedim", {c.grad(), c.args[2], c.args[1]})};
  });
  Entry(d, "movedim.intlist", "PermuteBackward0", {}, [](const G& c, F& f) -> V {
    return {f.Op("movedim", {c.grad(), c.args[2], c.args[1]})};
  });
  Entry(d, "unflatten.int", "ViewBackward0", {}, [](const G& c, F& f) -> V {
    return {f.Op("reshape", {c.grad(), Value(Sizes(c.in(0)))})};
  });
  // diag(self, diagonal): a vector's gradient is the matrix gradient's diagonal; a
  // matrix's, its diagonal's gradient scattered into zeros.
  Entry(d, "diag", "DiagBackward0", {}, [](const G& c, F& f) -> V {
    const int64_t k = c.a().int_(1);
    if (c.in(0).dim() == 1) return {f.Op("diagonal", {c.grad(), k})};
    Tensor z = f.Op("zeros", {Value(Sizes(c.in(0)))}, {{"dtype", Value(c.grad().dtype())}});
    return {f.Op("diagonal_scatter", {z, c.grad(), k})};
  });
  Entry(d, "diag_embed", "DiagEmbedBackward0", {}, [](const G& c, F& f) -> V {
    return {f.Op("diagonal", {c.grad(), c.args[1], c.args[2], c.args[3]})};
  });
  // scatter(self, dim, index, src/value): self keeps the gradient where it was not
  // overwritten; src gets the gradient at the places it went. scatter_add adds.
  // (Gradients and `needs` are per tensor slot: self, index, src.)
  Entry(d, "scatter.src", "ScatterBackward0", {2}, [](const G& c, F& f) -> V {
    V out(3);
    if (c.needs[0]) out[0] = f.Op("scatter", {c.grad(), c.args[1], c.in(2), 0});
    if (c.needs[2]) out[2] = f.Op("gather", {c.grad(), c.args[1], c.in(2)});
    return out;
  });
  Entry(d, "scatter.value", "ScatterBackward1", {2}, [](const G& c, F& f) -> V {
    return {f.Op("scatter", {c.grad(), c.args[1], c.in(2), 0}), Tensor()};
  });
  Entry(d, "scatter_add", "ScatterAddBackward0", {2}, [](const G& c, F& f) -> V {
    V out(3);
    out[0] = c.grad();
    if (c.needs[2]) out[2] = f.Op("gather", {c.grad(), c.args[1], c.in(2)});
    return out;
  });
  // masked_select(self, mask): the gradient put back at the selected places.
  Entry(d, "masked_select", "MaskedSelectBackward0", {1}, [](const G& c, F& f) -> V {
    const Tensor& mask = c.in(1);
    std::vector<int64_t> shape = Sizes(c.in(0));
    const std::vector<int64_t> ms = Sizes(mask);
    if (ms.size() > shape.size()) shape.insert(shape.begin(), ms.size() - shape.size(), 1);
    for (size_t i = 0; i < ms.size(); ++i) {
      int64_t& s = shape[shape.size() - ms.size() + i];
      if (s == 1) s = ms[i];
    }
    Tensor z = f.Op("zeros", {Value(shape)}, {{"dtype", Value(c.grad().dtype())}});
    Tensor m = f.Op("expand", {mask, Value(shape)});
    Tensor put = f.Op("index_put", {z, Value(std::vector<Tensor>{m}), c.grad(), false});
    return {f.SumTo(put, c.in(0).sizes()), Tensor()};
  });
}

void AddShapeDerivatives() {
  std::vector<Derivative> d;
  MoreShape(d);
  d.push_back({"repeat_interleave.self_int", "", {}, {}, RepeatInterleave});
  d.push_back({"repeat_interleave.self_Tensor", "", {}, {}, RepeatInterleave});
  Views(d);
  Joins(d);
  Indexing(d);
  AddDerivatives(std::move(d));
}

}  // namespace wick::tensor::autograd
