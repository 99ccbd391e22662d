// Symbolic output sizes of traced ops (shape_env.h's PropagateSizes). The registry's
// meta functions compute concrete sizes from the symbols' values at trace time; these
// rules say which expression each output size is, per op family, and record the facts
// the family relies on (broadcast dims equal, matmul inner dims equal, a view's numel
// preserved) as guards. An op with no rule specialises every symbol it reads, which is
// always sound (the entry then only matches those sizes) and logged as a guard.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "frontend/internal/shape_env.h"
#include "frontend/internal/translator.h"

namespace wick::frontend::internal {
namespace {

using graph::Arg;
using graph::Node;
using graph::TensorMeta;
using sym::ExprPtr;
using sym::Rel;
using Shape = std::vector<ExprPtr>;

Shape SymSizes(const TensorMeta& m) {
  if (m.is_dynamic()) return m.sym_sizes;
  Shape s;
  for (int64_t x : m.sizes) s.push_back(sym::Int(x));
  return s;
}

bool IsStatic(const Shape& s) {
  for (const ExprPtr& e : s) {
    if (!sym::AsConstant(*e).has_value()) return false;
  }
  return true;
}

ExprPtr Product(const Shape& s, size_t begin, size_t end) {
  ExprPtr p = sym::Int(1);
  for (size_t i = begin; i < end && i < s.size(); ++i) p = sym::Mul(p, s[i]);
  return p;
}

int64_t WrapDim(int64_t d, size_t rank) {
  const int64_t r = static_cast<int64_t>(rank);
  return d < 0 ? d + r : d;
}

class Rules {
 public:
  Rules(Translator& tx, graph::NodeId id)
      : tx_(tx), st_(tx.state()), node_(st_.builder.node(id)), id_(id) {}

  absl::Status Run();

 private:
  // The bound argument named `name` (nullptr when the schema has none).
  const Arg* ArgNamed(const std::string& name) const {
    const auto& params = node_.op->schema.arguments;
    for (size_t i = 0; i < params.size(); ++i) {
      if (params[i].name == name) return &node_.args[i];
    }
    return nullptr;
  }
  const TensorMeta* MetaOf(const Arg* a) const {
    if (a == nullptr || !a->is_ref() || a->ref().node < 0) return nullptr;
    const Node& n = st_.builder.node(a->ref().node);
    const size_t i = a->ref().index < 0 ? 0 : static_cast<size_t>(a->ref().index);
    return i < n.meta.size() ? &n.meta[i] : nullptr;
  }
  std::optional<Shape> ShapeOf(const std::string& name) const {
    const TensorMeta* m = MetaOf(ArgNamed(name));
    if (m == nullptr) return std::nullopt;
    return SymSizes(*m);
  }
  // An int (or bool) argument as an expression; null when it is not one.
  ExprPtr IntArg(const std::string& name) const {
    const Arg* a = ArgNamed(name);
    if (a == nullptr) return nullptr;
    if (a->is_sym() && !a->is_sym_list()) return a->sym()[0];
    if (a->is_constant() && a->constant().is_int()) return sym::Int(a->constant().to_int());
    return nullptr;
  }
  bool IsNoneArg(const std::string& name) const {
    const Arg* a = ArgNamed(name);
    return a == nullptr || (a->is_constant() && a->constant().is_none());
  }
  // An int[] argument as expressions.
  std::optional<Shape> IntListArg(const std::string& name) const {
    const Arg* a = ArgNamed(name);
    if (a == nullptr) return std::nullopt;
    if (a->is_sym_list()) return a->sym();
    if (a->is_constant() && a->constant().is_int_list()) {
      Shape s;
      for (int64_t x : a->constant().to_int_list()) s.push_back(sym::Int(x));
      return s;
    }
    if (a->is_constant() && a->constant().is_int()) return Shape{sym::Int(a->constant().to_int())};
    return std::nullopt;
  }
  int64_t Hint(const ExprPtr& e) const { return HintOf(st_, *e); }
  // Records that two sizes the op requires equal are equal (a guard unless they are
  // the same expression) and returns one of them.
  ExprPtr Same(const ExprPtr& a, const ExprPtr& b) {
    if (sym::Equal(*a, *b)) return a;
    EvaluateRelation(tx_, Rel::kEq, a, b);
    return sym::AsConstant(*a) ? a : b;
  }
  // Size `e` (hint >= 2) is not 1 in a broadcast: implied for a bare size symbol.
  void NotOne(const ExprPtr& e) {
    if (sym::AsConstant(*e)) return;
    EvaluateRelation(tx_, Rel::kNe, e, sym::Int(1));
  }
  Shape Broadcast(const std::vector<Shape>& shapes);
  bool BroadcastRule(Shape* out);
  std::optional<Shape> Rule(const std::string& name);
  // Ops with several outputs of different sizes (split, chunk, unbind).
  std::optional<std::vector<Shape>> MultiRule(const std::string& name);
  std::optional<int64_t> ConstDim(const std::string& name, size_t rank) const {
    ExprPtr d = IntArg(name);
    if (d == nullptr || !sym::AsConstant(*d)) return std::nullopt;
    const int64_t i = WrapDim(*sym::AsConstant(*d), rank);
    if (i < 0 || i >= static_cast<int64_t>(rank)) return std::nullopt;
    return i;
  }
  std::optional<Shape> ViewRule(const Shape& in);
  std::optional<Shape> SliceRule(const Shape& in);
  std::optional<Shape> ReduceRule(const Shape& in);
  std::optional<Shape> MatmulRule(const Shape& a, const Shape& b);
  void SpecializeInputs();

  Translator& tx_;
  TraceState& st_;
  const Node& node_;
  graph::NodeId id_;
};

Shape Rules::Broadcast(const std::vector<Shape>& shapes) {
  size_t rank = 0;
  for (const Shape& s : shapes) rank = std::max(rank, s.size());
  Shape out(rank);
  for (size_t k = 0; k < rank; ++k) {  // k counts from the right
    ExprPtr r;
    for (const Shape& s : shapes) {
      if (k >= s.size()) continue;
      const ExprPtr& e = s[s.size() - 1 - k];
      const int64_t h = Hint(e);
      if (h == 1 || h == 0) {
        // A symbolic size that happens to be 0 or 1 now decides the broadcast.
        if (!sym::AsConstant(*e)) Specialize(tx_, e);
        if (h == 1) continue;
        if (r == nullptr) r = sym::Int(0);
        continue;
      }
      NotOne(e);
      r = r == nullptr ? e : Same(r, e);
    }
    out[rank - 1 - k] = r == nullptr ? sym::Int(1) : r;
  }
  return out;
}

// Ops whose arguments are tensors and scalars only (no int or int[] parameters) and
// whose output is the broadcast of their tensor inputs: pointwise ops.
bool Rules::BroadcastRule(Shape* out) {
  const std::string& name = node_.op->name();
  static const char* const kNotPointwise[] = {"matmul", "mm", "bmm", "linear", "addmm",
                                              "baddbmm", "dot", "mv", "outer", "ger",
                                              "einsum", "scaled_dot_product_attention"};
  for (const char* n : kNotPointwise) {
    if (name == n) return false;
  }
  std::vector<Shape> shapes;
  std::vector<std::vector<int64_t>> concrete;
  const auto& params = node_.op->schema.arguments;
  for (size_t i = 0; i < params.size(); ++i) {
    const tensor::ArgType& t = params[i].type;
    if (t.base == tensor::ArgType::Base::kInt) return false;
    if (t.base != tensor::ArgType::Base::kTensor) continue;
    if (t.list) return false;
    if (const TensorMeta* m = MetaOf(&node_.args[i])) {
      shapes.push_back(SymSizes(*m));
      concrete.push_back(m->sizes);
    }
  }
  if (shapes.empty() || node_.meta.size() != 1) return false;
  // The output must be the broadcast of the inputs' concrete sizes.
  size_t rank = 0;
  for (const auto& c : concrete) rank = std::max(rank, c.size());
  if (node_.meta[0].sizes.size() != rank) return false;
  for (size_t k = 0; k < rank; ++k) {
    int64_t b = 1;
    for (const auto& c : concrete) {
      if (k < c.size() && c[c.size() - 1 - k] != 1) b = c[c.size() - 1 - k];
    }
    if (node_.meta[0].sizes[rank - 1 - k] != b) return false;
  }
  *out = Broadcast(shapes);
  return true;
}

std::optional<Shape> Rules::ViewRule(const Shape& in) {
  std::optional<Shape> req = IntListArg(node_.op->name() == "view" ? "size" : "shape");
  if (!req.has_value()) req = IntListArg("size");
  if (!req.has_value()) return std::nullopt;
  const ExprPtr numel = Product(in, 0, in.size());
  Shape out = *req;
  int infer = -1;
  ExprPtr known = sym::Int(1);
  for (size_t i = 0; i < out.size(); ++i) {
    std::optional<int64_t> c = sym::AsConstant(*out[i]);
    if (c.has_value() && *c == -1) {
      infer = static_cast<int>(i);
    } else {
      known = sym::Mul(known, out[i]);
    }
  }
  if (infer >= 0) {
    if (Hint(known) == 0) return std::nullopt;
    const ExprPtr rem = sym::Mod(numel, known);
    if (!sym::AsConstant(*rem)) EvaluateRelation(tx_, Rel::kEq, rem, sym::Int(0));
    out[infer] = sym::FloorDiv(numel, known);
  } else {
    Same(numel, known);
  }
  return out;
}

std::optional<Shape> Rules::SliceRule(const Shape& in) {
  ExprPtr dim = IntArg("dim");
  ExprPtr step = IntArg("step");
  if (dim == nullptr || !sym::AsConstant(*dim) || step == nullptr || !sym::AsConstant(*step)) {
    return std::nullopt;
  }
  const int64_t d = WrapDim(*sym::AsConstant(*dim), in.size());
  const int64_t k = *sym::AsConstant(*step);
  if (d < 0 || d >= static_cast<int64_t>(in.size()) || k <= 0) return std::nullopt;
  const ExprPtr size = in[d];
  ExprPtr start = IsNoneArg("start") ? sym::Int(0) : IntArg("start");
  ExprPtr end = IsNoneArg("end") ? size : IntArg("end");
  if (start == nullptr || end == nullptr) return std::nullopt;
  // Python's clamping, decided on the hints and guarded: negative bounds count from the
  // end, then both are clamped to [0, size].
  auto normalise = [&](ExprPtr e) -> ExprPtr {
    if (sym::Equal(*e, *size)) return e;
    if (EvaluateRelation(tx_, Rel::kLt, e, sym::Int(0))) {
      e = sym::Add(e, size);
      if (EvaluateRelation(tx_, Rel::kLt, e, sym::Int(0))) return sym::Int(0);
      return e;
    }
    if (EvaluateRelation(tx_, Rel::kGe, e, size)) return size;
    return e;
  };
  start = normalise(start);
  end = normalise(end);
  ExprPtr len = sym::Sub(end, start);
  if (EvaluateRelation(tx_, Rel::kLe, len, sym::Int(0))) len = sym::Int(0);
  Shape out = in;
  out[d] = k == 1 ? len : sym::FloorDiv(sym::Add(len, sym::Int(k - 1)), sym::Int(k));
  return out;
}

std::optional<Shape> Rules::ReduceRule(const Shape& in) {
  const Arg* dim_arg = ArgNamed("dim");
  bool keepdim = false;
  if (const Arg* kd = ArgNamed("keepdim")) {
    if (!kd->is_constant() || !kd->constant().is_bool()) return std::nullopt;
    keepdim = kd->constant().to_bool();
  }
  std::vector<bool> reduced(in.size(), false);
  if (dim_arg == nullptr || (dim_arg->is_constant() && dim_arg->constant().is_none())) {
    std::fill(reduced.begin(), reduced.end(), true);
  } else if (dim_arg->is_constant() && dim_arg->constant().is_int()) {
    const int64_t d = WrapDim(dim_arg->constant().to_int(), in.size());
    if (d < 0 || d >= static_cast<int64_t>(in.size())) return std::nullopt;
    reduced[d] = true;
  } else if (dim_arg->is_constant() && dim_arg->constant().is_int_list()) {
    const auto& dims = dim_arg->constant().to_int_list();
    if (dims.empty()) std::fill(reduced.begin(), reduced.end(), true);
    for (int64_t x : dims) {
      const int64_t d = WrapDim(x, in.size());
      if (d < 0 || d >= static_cast<int64_t>(in.size())) return std::nullopt;
      reduced[d] = true;
    }
  } else {
    return std::nullopt;
  }
  Shape out;
  for (size_t i = 0; i < in.size(); ++i) {
    if (!reduced[i]) out.push_back(in[i]);
    else if (keepdim) out.push_back(sym::Int(1));
  }
  return out;
}

std::optional<Shape> Rules::MatmulRule(const Shape& a0, const Shape& b0) {
  if (a0.empty() || b0.empty()) return std::nullopt;
  Shape a = a0, b = b0;
  const bool a_vec = a.size() == 1, b_vec = b.size() == 1;
  if (a_vec) a.insert(a.begin(), sym::Int(1));
  if (b_vec) b.push_back(sym::Int(1));
  Same(a.back(), b[b.size() - 2]);
  Shape batch = Broadcast({Shape(a.begin(), a.end() - 2), Shape(b.begin(), b.end() - 2)});
  Shape out = batch;
  if (!a_vec) out.push_back(a[a.size() - 2]);
  if (!b_vec) out.push_back(b.back());
  return out;
}

std::optional<Shape> Rules::Rule(const std::string& name) {
  std::optional<Shape> self = ShapeOf("self");
  if (!self.has_value()) self = ShapeOf("input");
  if (name == "view" || name == "reshape" || name == "_unsafe_view") {
    if (!self) return std::nullopt;
    return ViewRule(*self);
  }
  if (name == "flatten" && self) {
    ExprPtr s = IntArg("start_dim"), e = IntArg("end_dim");
    if (s == nullptr || e == nullptr || !sym::AsConstant(*s) || !sym::AsConstant(*e)) {
      return std::nullopt;
    }
    if (self->empty()) return Shape{sym::Int(1)};
    const int64_t a = WrapDim(*sym::AsConstant(*s), self->size());
    const int64_t b = WrapDim(*sym::AsConstant(*e), self->size());
    Shape out(self->begin(), self->begin() + a);
    out.push_back(Product(*self, a, b + 1));
    out.insert(out.end(), self->begin() + b + 1, self->end());
    return out;
  }
  if (name == "unsqueeze" && self) {
    ExprPtr d = IntArg("dim");
    if (d == nullptr || !sym::AsConstant(*d)) return std::nullopt;
    int64_t i = *sym::AsConstant(*d);
    if (i < 0) i += static_cast<int64_t>(self->size()) + 1;
    Shape out = *self;
    out.insert(out.begin() + i, sym::Int(1));
    return out;
  }
  if (name == "permute" && self) {
    std::optional<Shape> dims = IntListArg("dims");
    if (!dims || dims->size() != self->size()) return std::nullopt;
    Shape out;
    for (const ExprPtr& d : *dims) {
      if (!sym::AsConstant(*d)) return std::nullopt;
      out.push_back((*self)[WrapDim(*sym::AsConstant(*d), self->size())]);
    }
    return out;
  }
  if ((name == "transpose" || name == "swapaxes" || name == "swapdims") && self) {
    ExprPtr d0 = IntArg("dim0"), d1 = IntArg("dim1");
    if (d0 == nullptr) d0 = IntArg("axis0");
    if (d1 == nullptr) d1 = IntArg("axis1");
    if (d0 == nullptr || d1 == nullptr || !sym::AsConstant(*d0) || !sym::AsConstant(*d1)) {
      return std::nullopt;
    }
    Shape out = *self;
    std::swap(out[WrapDim(*sym::AsConstant(*d0), out.size())],
              out[WrapDim(*sym::AsConstant(*d1), out.size())]);
    return out;
  }
  if (name == "t" && self) {
    Shape out = *self;
    if (out.size() == 2) std::swap(out[0], out[1]);
    return out;
  }
  if (name == "expand" && self) {
    std::optional<Shape> req = IntListArg("size");
    if (!req || req->size() < self->size()) return std::nullopt;
    Shape out = *req;
    const size_t lead = req->size() - self->size();
    for (size_t i = 0; i < out.size(); ++i) {
      std::optional<int64_t> c = sym::AsConstant(*out[i]);
      if (i < lead) continue;
      const ExprPtr& in = (*self)[i - lead];
      if (c.has_value() && *c == -1) {
        out[i] = in;
      } else if (Hint(in) != 1) {
        out[i] = Same(in, out[i]);
      } else if (!sym::AsConstant(*in)) {
        Specialize(tx_, in);
      }
    }
    return out;
  }
  if (name == "select" && self) {
    ExprPtr d = IntArg("dim"), index = IntArg("index");
    if (d == nullptr || index == nullptr || !sym::AsConstant(*d)) return std::nullopt;
    const int64_t i = WrapDim(*sym::AsConstant(*d), self->size());
    // In range, as eager checks: -size <= index < size.
    EvaluateRelation(tx_, Rel::kLt, index, (*self)[i]);
    EvaluateRelation(tx_, Rel::kGe, index, sym::Neg((*self)[i]));
    Shape out = *self;
    out.erase(out.begin() + i);
    return out;
  }
  if (name == "slice" && self) return SliceRule(*self);
  if (name == "cat" || name == "concat") {
    const Arg* ts = ArgNamed("tensors");
    ExprPtr d = IntArg("dim");
    if (ts == nullptr || !ts->is_ref_list() || d == nullptr || !sym::AsConstant(*d)) {
      return std::nullopt;
    }
    std::vector<Shape> shapes;
    for (graph::ValueRef r : ts->refs()) {
      Arg ref = Arg::Ref(r);
      const TensorMeta* m = MetaOf(&ref);
      if (m == nullptr || (m->sizes.size() == 1 && m->sizes[0] == 0)) return std::nullopt;
      shapes.push_back(SymSizes(*m));
    }
    if (shapes.empty()) return std::nullopt;
    const int64_t dim = WrapDim(*sym::AsConstant(*d), shapes[0].size());
    Shape out = shapes[0];
    for (size_t k = 1; k < shapes.size(); ++k) {
      if (shapes[k].size() != out.size()) return std::nullopt;
      for (size_t i = 0; i < out.size(); ++i) {
        out[i] = static_cast<int64_t>(i) == dim ? sym::Add(out[i], shapes[k][i])
                                                : Same(out[i], shapes[k][i]);
      }
    }
    return out;
  }
  if (name == "stack") {
    const Arg* ts = ArgNamed("tensors");
    ExprPtr d = IntArg("dim");
    if (ts == nullptr || !ts->is_ref_list() || d == nullptr || !sym::AsConstant(*d) ||
        ts->refs().empty()) {
      return std::nullopt;
    }
    Shape out;
    for (graph::ValueRef r : ts->refs()) {
      Arg ref = Arg::Ref(r);
      const TensorMeta* m = MetaOf(&ref);
      if (m == nullptr) return std::nullopt;
      Shape s = SymSizes(*m);
      if (out.empty()) {
        out = s;
      } else {
        if (s.size() != out.size()) return std::nullopt;
        for (size_t i = 0; i < out.size(); ++i) out[i] = Same(out[i], s[i]);
      }
    }
    int64_t dim = *sym::AsConstant(*d);
    if (dim < 0) dim += static_cast<int64_t>(out.size()) + 1;
    out.insert(out.begin() + dim, sym::Int(static_cast<int64_t>(ts->refs().size())));
    return out;
  }
  if (name == "mm" || name == "matmul" || name == "bmm") {
    std::optional<Shape> other = ShapeOf(name == "bmm" || name == "mm" ? "mat2" : "other");
    if (!self || !other) return std::nullopt;
    if ((name == "mm" && (self->size() != 2 || other->size() != 2)) ||
        (name == "bmm" && (self->size() != 3 || other->size() != 3))) {
      return std::nullopt;
    }
    return MatmulRule(*self, *other);
  }
  if (name == "addmm" || name == "baddbmm") {
    std::optional<Shape> a = ShapeOf(name == "addmm" ? "mat1" : "batch1");
    std::optional<Shape> b = ShapeOf(name == "addmm" ? "mat2" : "batch2");
    if (!a || !b || !self) return std::nullopt;
    std::optional<Shape> out = MatmulRule(*a, *b);
    if (!out) return std::nullopt;
    Broadcast({*self, *out});  // the bias broadcasts to the product
    return out;
  }
  if (name == "linear") {
    std::optional<Shape> w = ShapeOf("weight");
    if (!self || !w || w->size() != 2 || self->empty()) return std::nullopt;
    Same(self->back(), (*w)[1]);
    Shape out(self->begin(), self->end() - 1);
    out.push_back((*w)[0]);
    if (std::optional<Shape> bias = ShapeOf("bias")) Broadcast({*bias, out});
    return out;
  }
  if (name == "embedding") {
    std::optional<Shape> w = ShapeOf("weight"), idx = ShapeOf("indices");
    if (!w || !idx || w->size() != 2) return std::nullopt;
    Shape out = *idx;
    out.push_back((*w)[1]);
    return out;
  }
  if (name == "narrow" && self) {
    std::optional<int64_t> d = ConstDim("dim", self->size());
    ExprPtr start = IntArg("start"), length = IntArg("length");
    if (!d || start == nullptr || length == nullptr) return std::nullopt;
    // Eager's bounds check, decided on the values and guarded.
    if (EvaluateRelation(tx_, Rel::kLt, start, sym::Int(0))) start = sym::Add(start, (*self)[*d]);
    EvaluateRelation(tx_, Rel::kLe, sym::Add(start, length), (*self)[*d]);
    Shape out = *self;
    out[*d] = length;
    return out;
  }
  if (name == "squeeze" && self) {
    Shape out;
    std::optional<int64_t> only;
    if (ArgNamed("dim") != nullptr) {
      only = ConstDim("dim", self->size());
      if (!only) return std::nullopt;
    }
    for (size_t i = 0; i < self->size(); ++i) {
      const ExprPtr& e = (*self)[i];
      const bool candidate = !only || *only == static_cast<int64_t>(i);
      if (candidate && Hint(e) == 1) {
        if (!sym::AsConstant(*e)) Specialize(tx_, e);
        continue;
      }
      if (candidate) NotOne(e);
      out.push_back(e);
    }
    return out;
  }
  if (name == "repeat" && self) {
    std::optional<Shape> reps = IntListArg("repeats");
    if (!reps || reps->size() < self->size()) return std::nullopt;
    Shape out = *reps;
    const size_t lead = reps->size() - self->size();
    for (size_t i = lead; i < out.size(); ++i) out[i] = sym::Mul(out[i], (*self)[i - lead]);
    return out;
  }
  if (name == "index_select" && self) {
    std::optional<int64_t> d = ConstDim("dim", self->size());
    std::optional<Shape> index = ShapeOf("index");
    if (!d || !index || index->size() > 1) return std::nullopt;
    Shape out = *self;
    out[*d] = index->empty() ? sym::Int(1) : (*index)[0];
    return out;
  }
  if (name == "gather") return ShapeOf("index");
  if (name == "new_zeros" || name == "new_ones" || name == "new_empty" || name == "new_full") {
    return IntListArg("size");
  }
  if (name == "arange" && ArgNamed("start") != nullptr && !IsNoneArg("start")) {
    ExprPtr start = IntArg("start"), end = IntArg("end");
    ExprPtr step = ArgNamed("step") != nullptr ? IntArg("step") : sym::Int(1);
    if (start == nullptr || end == nullptr || step == nullptr || !sym::AsConstant(*step) ||
        *sym::AsConstant(*step) <= 0) {
      return std::nullopt;
    }
    const int64_t k = *sym::AsConstant(*step);
    ExprPtr len = sym::Sub(end, start);
    if (EvaluateRelation(tx_, Rel::kLe, len, sym::Int(0))) return Shape{sym::Int(0)};
    return Shape{k == 1 ? len : sym::FloorDiv(sym::Add(len, sym::Int(k - 1)), sym::Int(k))};
  }
  static const char* const kReductions[] = {"sum", "mean", "amax", "amin", "max", "min",
                                            "argmax", "argmin", "prod", "logsumexp", "norm",
                                            "std", "var", "any", "all", "count_nonzero"};
  for (const char* r : kReductions) {
    if (name == r && self) return ReduceRule(*self);
  }
  // Same sizes as the input (the op keeps the shape; its int arguments are dims).
  static const char* const kSameShape[] = {
      "softmax", "_softmax", "log_softmax", "layer_norm", "cumsum", "cumprod", "logcumsumexp", "tril",
      "triu", "flip", "roll", "clone", "contiguous", "alias", "detach", "dropout",
      "to", "type_as", "zeros_like", "ones_like", "empty_like", "full_like", "rand_like",
      "randn_like", "randint_like", "gelu", "softplus"};
  for (const char* r : kSameShape) {
    if (name == r && self && node_.meta.size() >= 1 && node_.meta[0].sizes.size() == self->size()) {
      if (name == std::string("layer_norm")) {
        std::optional<Shape> normalized = IntListArg("normalized_shape");
        if (!normalized || normalized->size() > self->size()) return std::nullopt;
        for (size_t i = 0; i < normalized->size(); ++i) {
          Same((*self)[self->size() - normalized->size() + i], (*normalized)[i]);
        }
      }
      return *self;
    }
  }
  // Creation ops with a size argument.
  static const char* const kCreation[] = {"zeros", "ones", "empty", "full", "rand", "randn"};
  for (const char* r : kCreation) {
    if (name == r) return IntListArg("size");
  }
  if (name == "arange" && IsNoneArg("start") && ArgNamed("end") != nullptr) {
    ExprPtr end = IntArg("end");
    if (end == nullptr) return std::nullopt;
    if (!EvaluateRelation(tx_, Rel::kGe, end, sym::Int(0))) return std::nullopt;
    return Shape{end};
  }
  return std::nullopt;
}

std::optional<std::vector<Shape>> Rules::MultiRule(const std::string& name) {
  std::optional<Shape> self = ShapeOf("self");
  if (!self) return std::nullopt;
  const size_t n = node_.meta.size();
  std::optional<int64_t> d = ConstDim("dim", self->size());
  if (!d || n == 0) return std::nullopt;
  const ExprPtr size = (*self)[*d];
  std::vector<Shape> outs(n, *self);
  if (name == "unbind") {
    // One output per element of the dim: its size is the output count (specialised).
    if (!sym::AsConstant(*size)) Specialize(tx_, size);
    for (Shape& o : outs) o.erase(o.begin() + *d);
    return outs;
  }
  ExprPtr piece;
  if (name == "split" && node_.op->schema.overload == "Tensor") {
    piece = IntArg("split_size");
  } else if (name == "chunk") {
    ExprPtr chunks = IntArg("chunks");
    if (chunks == nullptr || !sym::AsConstant(*chunks) || *sym::AsConstant(*chunks) <= 0) {
      return std::nullopt;
    }
    piece = sym::FloorDiv(sym::Add(size, sym::Int(*sym::AsConstant(*chunks) - 1)), chunks);
  }
  if (piece == nullptr) return std::nullopt;
  if (Hint(piece) <= 0) return std::nullopt;
  // The number of pieces is fixed in the graph: guard it, then every piece but the last
  // is `piece` long and the last holds the rest.
  const ExprPtr count = sym::FloorDiv(sym::Add(size, sym::Sub(piece, sym::Int(1))), piece);
  EvaluateRelation(tx_, Rel::kEq, count, sym::Int(static_cast<int64_t>(n)));
  for (size_t k = 0; k + 1 < n; ++k) outs[k][*d] = piece;
  outs[n - 1][*d] = sym::Sub(size, sym::Mul(piece, sym::Int(static_cast<int64_t>(n) - 1)));
  return outs;
}

void Rules::SpecializeInputs() {
  for (const Arg& a : node_.args) {
    if (a.is_sym()) {
      for (const ExprPtr& e : a.sym()) Specialize(tx_, e);
    }
    for (graph::ValueRef r : a.refs()) {
      if (r.node < 0) continue;
      Arg ref = Arg::Ref(r);
      const TensorMeta* m = MetaOf(&ref);
      if (m == nullptr || !m->is_dynamic()) continue;
      for (const ExprPtr& e : m->sym_sizes) Specialize(tx_, e);
    }
  }
}

absl::Status Rules::Run() {
  bool symbolic = false;
  for (const Arg& a : node_.args) {
    if (a.is_sym()) symbolic = true;
    for (graph::ValueRef r : a.refs()) {
      if (r.node < 0) continue;
      Arg ref = Arg::Ref(r);
      const TensorMeta* m = MetaOf(&ref);
      if (m != nullptr && m->is_dynamic()) symbolic = true;
    }
  }
  if (!symbolic) return absl::OkStatus();
  // One shape per output: list-returning ops with pieces of different sizes have a rule
  // of their own; the others give every output the same shape (max.dim's values and
  // indices).
  std::optional<std::vector<Shape>> outs;
  Shape broadcast;
  const std::string& name = node_.op->name();
  if (node_.meta.size() == 1 && BroadcastRule(&broadcast)) {
    outs = std::vector<Shape>{std::move(broadcast)};
  } else if (name == "split" || name == "chunk" || name == "unbind") {
    outs = MultiRule(name);
  } else if (std::optional<Shape> out = Rule(name)) {
    outs = std::vector<Shape>(node_.meta.size(), *out);
  }
  // The rule must agree with the meta function on the hints; where it does not (or no
  // rule applies) the op's inputs are specialised and its outputs are static.
  bool ok = outs.has_value() && !node_.meta.empty() && outs->size() == node_.meta.size();
  for (size_t k = 0; ok && k < node_.meta.size(); ++k) {
    const auto& sizes = node_.meta[k].sizes;
    ok = sizes.size() == (*outs)[k].size();
    for (size_t i = 0; ok && i < sizes.size(); ++i) ok = Hint((*outs)[k][i]) == sizes[i];
  }
  if (!ok) {
    if (!node_.meta.empty()) SpecializeInputs();
    return absl::OkStatus();
  }
  for (size_t k = 0; k < node_.meta.size(); ++k) {
    if (IsStatic((*outs)[k])) continue;
    st_.builder.SetSymSizes(id_, node_.meta.size() == 1 ? -1 : static_cast<int32_t>(k),
                            (*outs)[k]);
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status PropagateSizes(Translator& tx, graph::NodeId id) { return Rules(tx, id).Run(); }

}  // namespace wick::frontend::internal
