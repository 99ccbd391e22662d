// The tracer fuzz target's program generator (see program_gen.h). The ideas (graph-break
// kinds, Python state across breaks, call chains, the driver's compare-in-program
// oracle) follow tests/differential/gen_programs.py; the expressions here are typed by
// shape, so they reach shape-changing ops (reductions, matmul, cat, stack, slicing,
// reshape, transposes) and not only (2, 3) pointwise arithmetic.
#include "tests/fuzz/program_gen.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace wick::tracer_fuzz {

int ChoiceStream::Below(int n) {
  if (n <= 1 || pos_ >= size_) return 0;
  int v = data_[pos_++];
  if (n > 256 && pos_ < size_) v |= data_[pos_++] << 8;
  return v % n;
}

int ChoiceStream::Weighted(std::initializer_list<int> weights) {
  int total = 0;
  for (int w : weights) total += w;
  int r = Below(total);
  int i = 0;
  for (int w : weights) {
    if (w > 0 && r < w) return i;
    r -= w;
    ++i;
  }
  return 0;
}

namespace {

using Shape = std::vector<int>;

// Every tensor variable holds values in [-kVarBound, kVarBound]; a sub-expression whose
// bound could pass kExprBound is clamped back to kVarBound. The bounds keep float32
// rounding differences between eager and compiled code far below the tolerances.
constexpr double kVarBound = 8.0;
constexpr double kExprBound = 64.0;
constexpr char kClampVar[] = ".clamp(-8.0, 8.0)";

constexpr const char* kConsts[] = {"0.5", "1.0",  "2.0",   "0.25", "1.5",
                                   "-0.5", "-1.0", "0.75", "-0.25", "3.0"};
constexpr const char* kSmallConsts[] = {"0.5", "0.25", "-0.5", "0.75", "1.0", "-1.0"};
constexpr const char* kSteps[] = {"0.25", "0.125", "0.5"};
// Comparison thresholds: not dyadic, so no value computed from the dyadic inputs and
// constants here equals one exactly, and a last-bit rounding difference between eager
// and compiled code cannot flip a comparison (which would legitimately change results).
constexpr const char* kThresholds[] = {"0.137", "-0.291", "0.613",  "1.377", "-1.123",
                                       "2.219", "0.0517", "-0.0731", "3.141", "-2.718"};

// Shapes for new variables and for the operands of full reductions and reshapes.
const std::vector<Shape>& AllShapes() {
  static const std::vector<Shape> shapes = {
      {2, 3}, {3, 2}, {3, 3}, {2, 2}, {3}, {2}, {6}, {4}, {}, {1, 3},
      {3, 1}, {4, 3}, {3, 4}, {12}, {9}, {2, 2, 3}, {2, 3, 2}, {1, 6}};
  return shapes;
}

int Numel(const Shape& s) {
  int n = 1;
  for (int d : s) n *= d;
  return n;
}

// "2, 3" for torch.ones(2, 3); "()" for a 0-d shape.
std::string DimsArgs(const Shape& s) {
  if (s.empty()) return "()";
  return absl::StrJoin(s, ", ");
}

// "(2, 3)", "(3,)", "()".
std::string DimsTuple(const Shape& s) {
  if (s.size() == 1) return absl::StrCat("(", s[0], ",)");
  return absl::StrCat("(", absl::StrJoin(s, ", "), ")");
}

double Value(const char* constant) { return std::fabs(std::strtod(constant, nullptr)); }

struct Expr {
  std::string text;
  double bound = 0;     // an upper bound of |every element|
  bool atomic = true;   // usable as a call receiver or operand without parentheses
};

std::string Operand(const Expr& e) { return e.atomic ? e.text : "(" + e.text + ")"; }

Expr Atom(std::string text, double bound) { return {std::move(text), bound, true}; }
Expr Infix(std::string text, double bound) { return {std::move(text), bound, false}; }

// Clamps an expression whose bound could leave the precision-safe range.
Expr Finish(Expr e) {
  if (e.bound <= kExprBound) return e;
  return Atom(Operand(e) + kClampVar, kVarBound);
}

// What a variable may hold: clamped to kVarBound when it could be more.
Expr Cap(Expr e) {
  if (e.bound <= kVarBound) return e;
  return Atom(Operand(e) + kClampVar, kVarBound);
}

// The text of a value stored under a name, in a container, returned or passed to a
// call: capped. A variable or container element stored again is the same tensor object
// under two names (two arguments, an argument and a closure cell, two locals at a
// resume entry), which guards must tell apart from two equal tensors.
std::string Stored(const Expr& value) { return Cap(value).text; }

Shape Without(const Shape& s, size_t p) {
  Shape r = s;
  r.erase(r.begin() + p);
  return r;
}

Shape Inserted(const Shape& s, size_t p, int d) {
  Shape r = s;
  r.insert(r.begin() + p, d);
  return r;
}

struct TensorVar {
  std::string name;
  Shape shape;
  double bound;
};

struct FloatVar {
  std::string name;
  double bound;
};

// A one-argument function defined in the frame (a closure or lambda): tensor of
// `shape` to tensor of `shape`.
struct Closure {
  std::string name;
  Shape shape;
};

// A list, dict or user object holding tensors of one shape: `lN = [a, b]` (count
// elements), `dN = {"a": a, "b": b}`, `bN = Box(t, scale)` (bN.t, bN.get()).
struct Container {
  enum class Kind { kList, kDict, kBox };
  Kind kind;
  std::string name;
  Shape shape;
  int count = 0;  // lists: the number of elements (lists never change length)
};

// What a statement may use. Blocks get a copy; names defined inside a block are gone
// after it (they might be unbound there), bounds of outer variables merge back.
struct Env {
  std::vector<TensorVar> tensors;
  std::vector<FloatVar> floats;
  std::vector<std::string> int_loop_vars;  // for i in range(...): i in [0, 2]
  std::vector<Closure> closures;
  std::vector<Container> containers;  // elements always within kVarBound
  int loop_depth = 0;      // enclosing for loops of any kind
  bool innermost_range = false;  // the innermost loop is a `for i in range(...)`
  bool in_try = false;     // a `raise ValueError` here is caught
};

// A generated helper `hJ(x, k)`: tensor of `shape` to tensor of `shape`.
struct Helper {
  std::string name;
  Shape shape;
};

// The function being generated.
struct Fn {
  bool is_top = false;
  size_t callable_helpers = 0;  // may call helpers_[0 .. callable_helpers)
  Shape result_shape;           // helpers: what `return` returns
  int next_tensor = 0;
  int next_float = 0;
  int next_object = 0;  // closures cN, lists lN, dicts dN, boxes bN
};

using Lines = std::vector<std::string>;

class Gen {
 public:
  explicit Gen(ChoiceStream& cs) : cs_(cs) {}

  std::string Program();

 private:
  template <size_t N>
  const char* Pick(const char* const (&options)[N]) {
    return options[cs_.Below(static_cast<int>(N))];
  }
  // Picks among (kind, weight) pairs; the first when the bytes ran out.
  template <typename K>
  K Choose(const std::vector<std::pair<K, int>>& options) {
    int total = 0;
    for (const auto& [kind, w] : options) total += w;
    int r = cs_.Below(total);
    for (const auto& [kind, w] : options) {
      if (r < w) return kind;
      r -= w;
    }
    return options.front().first;
  }

  Shape PoolShape();
  Expr Tensor(const Shape& s, int depth, const Env& env);
  Expr Leaf(const Shape& s, const Env& env);
  Expr Creation(const Shape& s);
  Expr Scalar(const Env& env);
  // An element of a container holding tensors of `s` (`lN[j]`, `dN["a"]`, `bN.t`, ...).
  Expr ContainerLeaf(const Container& c);
  Expr Unary(const Shape& s, int depth, const Env& env);
  Expr Binary(const Shape& s, int depth, const Env& env);
  Expr Reduce(const Shape& s, int depth, const Env& env);
  Expr Matmul(const Shape& s, int depth, const Env& env);
  std::string Cond(const Env& env);
  std::string StateCond(const Env& env);
  int ExprDepth() { return 1 + cs_.Below(3); }
  std::string Tag(const char* kind) { return absl::StrCat(kind, ++tags_); }

  // 1-3 statements in `inner` (a copy of `outer`, adjusted); merges bounds into outer.
  void Block(Fn& fn, Env& outer, Env inner, int depth, const std::string& ind, Lines* out);
  void Stmt(Fn& fn, Env& env, int depth, const std::string& ind, Lines* out);
  // Writes `<target> = <e>` (a new variable of `s`, or an existing one of that shape).
  void AssignTensor(Fn& fn, Env& env, const Shape& s, const Expr& e, const std::string& ind,
                    Lines* out);
  // A whole function: `header`, n and acc, `statements` statements, the return.
  Lines Function(Fn& fn, const std::string& header, int statements, Env env);

  ChoiceStream& cs_;
  std::vector<Helper> helpers_;
  int tags_ = 0;
};


Shape Gen::PoolShape() {
  static const Shape kShapes[] = {{2, 3}, {3, 2}, {3, 3}, {2, 2}, {3},    {},
                                  {2},    {6},    {1, 3}, {4, 3}, {2, 2, 3}};
  return kShapes[cs_.Weighted({6, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1})];
}

Expr Gen::Leaf(const Shape& s, const Env& env) {
  std::vector<const TensorVar*> vars;
  for (const TensorVar& v : env.tensors) {
    if (v.shape == s) vars.push_back(&v);
  }
  std::vector<const Container*> containers;
  for (const Container& c : env.containers) {
    if (c.shape == s) containers.push_back(&c);
  }
  if ((!vars.empty() || !containers.empty()) && cs_.Below(4) != 3) {
    const int i = cs_.Below(static_cast<int>(vars.size() + containers.size()));
    if (i < static_cast<int>(vars.size())) return Atom(vars[i]->name, vars[i]->bound);
    return ContainerLeaf(*containers[i - vars.size()]);
  }
  return Creation(s);
}

Expr Gen::ContainerLeaf(const Container& c) {
  switch (c.kind) {
    case Container::Kind::kList:
      return Atom(absl::StrCat(c.name, "[", cs_.Below(2 * c.count) - c.count, "]"), kVarBound);
    case Container::Kind::kDict:
      return Atom(c.name + (cs_.Below(2) == 0 ? "[\"a\"]" : "[\"b\"]"), kVarBound);
    case Container::Kind::kBox:
      if (cs_.Below(2) == 0) return Atom(c.name + ".t", kVarBound);
      return Atom(c.name + ".get()", kVarBound);
  }
  return Atom(c.name, kVarBound);
}

Expr Gen::Creation(const Shape& s) {
  const char* c = Pick(kConsts);
  if (s.empty()) {
    switch (cs_.Below(3)) {
      case 0:
        return Atom(absl::StrCat("torch.tensor(", c, ")"), Value(c));
      case 1:
        return Atom(absl::StrCat("torch.full((), ", c, ")"), Value(c));
      default:
        return Infix(absl::StrCat("torch.ones(()) * ", c), Value(c));
    }
  }
  const int n = Numel(s);
  switch (cs_.Below(6)) {
    case 0:
      return Infix(absl::StrCat("torch.ones(", DimsArgs(s), ") * ", c), Value(c));
    case 1:
      return Atom(absl::StrCat("torch.full(", DimsTuple(s), ", ", c, ")"), Value(c));
    case 2: {
      const char* step = Pick(kSteps);
      std::string t = absl::StrCat("torch.arange(", n, ", dtype=torch.float32)");
      if (s.size() > 1) absl::StrAppend(&t, ".reshape(", DimsArgs(s), ")");
      return Infix(absl::StrCat(t, " * ", step, " - ", c), n * Value(step) + Value(c));
    }
    case 3:
      return Infix(absl::StrCat("torch.zeros(", DimsArgs(s), ") + ", c), Value(c));
    case 4: {  // int64, promoted to float32 by the multiply
      const char* step = Pick(kSteps);
      std::string t = absl::StrCat("torch.arange(", n, ")");
      if (s.size() > 1) absl::StrAppend(&t, ".reshape(", DimsArgs(s), ")");
      return Infix(absl::StrCat(t, " * ", step), n * Value(step));
    }
    default: {
      std::string t = absl::StrCat("torch.linspace(-1.0, 1.0, ", n, ")");
      if (s.size() > 1) absl::StrAppend(&t, ".reshape(", DimsArgs(s), ")");
      return Atom(t, 1.0);
    }
  }
}

Expr Gen::Scalar(const Env& env) {
  std::vector<std::pair<int, int>> opts = {{0, 4}, {3, 1}, {4, 1}, {5, 1}, {6, 1}};
  if (!env.floats.empty()) opts.push_back({1, 3});
  if (!env.int_loop_vars.empty()) opts.push_back({2, 2});
  opts.push_back({7, 1});
  switch (Choose(opts)) {
    case 7: {  // Python ints from shapes (symbolic under dynamic=True)
      const TensorVar& v = env.tensors[cs_.Below(static_cast<int>(env.tensors.size()))];
      if (v.shape.empty()) return Infix(v.name + ".numel() * 0.5", 0.5);
      switch (cs_.Below(4)) {
        case 0:
          return Infix(v.name + ".shape[0] * 0.25", v.shape[0] * 0.25);
        case 1:
          return Infix(v.name + ".size(-1) * 0.5", v.shape.back() * 0.5);
        case 2:
          return Infix(v.name + ".numel() * 0.125", Numel(v.shape) * 0.125);
        default:
          return Infix(v.name + ".ndim * 0.5", v.shape.size() * 0.5);
      }
    }
    case 0: {
      const char* c = Pick(kConsts);
      return c[0] == '-' ? Infix(c, Value(c)) : Atom(c, Value(c));
    }
    case 1: {
      const FloatVar& f = env.floats[cs_.Below(static_cast<int>(env.floats.size()))];
      return Atom(f.name, f.bound);
    }
    case 2: {
      const std::string& i =
          env.int_loop_vars[cs_.Below(static_cast<int>(env.int_loop_vars.size()))];
      return Infix(i + " * 0.5", 1.0);
    }
    case 3:
      if (cs_.Below(3) == 2) return Infix("(CNT % 3) * 0.5", 1.0);
      return Infix("k * 0.25", 0.75);
    case 4:
      return Infix("(n % 3) * 0.5", 1.0);
    case 5:
      return Infix("(len(acc) % 4) * 0.25", 0.75);
    default:
      return Atom("(acc[-1] if acc else 0.5)", kVarBound);
  }
}

Expr Gen::Unary(const Shape& s, int depth, const Env& env) {
  const Expr a = Tensor(s, depth - 1, env);
  const std::string o = Operand(a);
  const double b = a.bound;
  switch (cs_.Below(20)) {
    case 0:
      return Atom("torch.sin(" + a.text + ")", 1);
    case 1:
      return Atom("torch.cos(" + a.text + ")", 1);
    case 2:
      return Atom("torch.tanh(" + a.text + ")", 1);
    case 3:
      return Atom("torch.sigmoid(" + a.text + ")", 1);
    case 4:
      return Atom("torch.relu(" + a.text + ")", b);
    case 5:
      return Atom(o + ".abs()", b);
    case 6:
      return Infix("-" + o, b);
    case 7:
      return Atom(o + ".clamp(-1.0, 2.0)", 2);
    case 8:
      return Atom("torch.clamp(" + a.text + ", min=-0.5)", std::max(b, 0.5));
    case 9:
      return Atom(o + ".clamp(max=0.5)", std::max(b, 0.5));
    case 10:
      return Infix(o + " / (" + o + ".abs() + 1.0)", 1);
    case 11:
      return Atom("torch.exp(torch.tanh(" + a.text + "))", 2.72);
    case 12:
      return Atom("torch.sqrt(" + o + ".abs() + 0.5)", std::sqrt(b + 0.5));
    case 13:
      return Atom("torch.log(" + o + ".abs() + 1.0)", std::log(b + 1.0));
    case 14:
      return Atom("torch.square(" + a.text + ")", b * b);
    case 15:
      return Atom("torch.nn.functional.gelu(" + a.text + ")", b);
    case 16:
      return Atom("torch.nn.functional.silu(" + a.text + ")", b);
    case 17:  // through float64 and back
      if (cs_.Below(2) == 0) return Atom("(" + o + ".double() * 0.5).float()", b * 0.5);
      return Atom(o + ".to(torch.float64).sin().to(torch.float32)", 1);
    case 18:  // int64 and bool intermediates
      return Infix("(" + o + " > " + Pick(kThresholds) + ").long() * 0.5 + " + o, b + 0.5);
    default:
      return Atom(o + ".neg()", b);
  }
}

Expr Gen::Binary(const Shape& s, int depth, const Env& env) {
  const int nd = static_cast<int>(s.size());
  const int form = cs_.Below(3);  // same shape, Python scalar, broadcast
  if (form == 1) {
    const Expr a = Tensor(s, depth - 1, env);
    const Expr c = Scalar(env);
    const std::string x = Operand(a), y = Operand(c);
    switch (cs_.Below(6)) {
      case 0:
        return Infix(x + " * " + y, a.bound * c.bound);
      case 1:
        return Infix(x + " + " + y, a.bound + c.bound);
      case 2:
        return Infix(x + " - " + y, a.bound + c.bound);
      case 3:
        return Infix(y + " * " + x, a.bound * c.bound);
      case 4:
        return Infix(y + " - " + x, a.bound + c.bound);
      default: {
        static constexpr const char* kDivisors[] = {"2.0", "4.0", "-2.0", "0.5"};
        const char* d = Pick(kDivisors);
        return Infix(x + " / " + d, a.bound / Value(d));
      }
    }
  }
  Shape other = s;
  bool swap = false;
  if (form == 2 && nd >= 1) {
    if (cs_.Below(2) == 0) {
      other = Shape(s.begin() + 1 + cs_.Below(nd), s.end());  // a trailing part (or 0-d)
    } else {
      other[cs_.Below(nd)] = 1;
    }
    swap = cs_.Below(2) == 1;
  }
  Expr a = Tensor(s, depth - 1, env);
  Expr b = Tensor(other, depth - 1, env);
  if (swap) std::swap(a, b);
  const std::string x = Operand(a), y = Operand(b);
  const double sum = a.bound + b.bound, product = a.bound * b.bound;
  const double most = std::max(a.bound, b.bound);
  switch (cs_.Below(9)) {
    case 0:
      return Infix(x + " + " + y, sum);
    case 1:
      return Infix(x + " - " + y, sum);
    case 2:
      return Infix(x + " * " + y, product);
    case 3:
      return Atom("torch.maximum(" + a.text + ", " + b.text + ")", most);
    case 4:
      return Atom("torch.minimum(" + a.text + ", " + b.text + ")", most);
    case 5:
      return Infix(x + " / (" + y + ".abs() + 1.0)", a.bound);
    case 6:
      return Atom("torch.add(" + a.text + ", " + b.text + ", alpha=0.5)",
                  a.bound + 0.5 * b.bound);
    case 7:
      return Atom("torch.mul(" + a.text + ", " + b.text + ")", product);
    default:
      return Atom(x + ".sub(" + b.text + ")", sum);
  }
}

Expr Gen::Reduce(const Shape& s, int depth, const Env& env) {
  const int nd = static_cast<int>(s.size());
  if (nd == 0 && cs_.Below(3) != 2) {  // a full reduction of any shape
    const Shape& src = AllShapes()[cs_.Below(static_cast<int>(AllShapes().size()))];
    const Expr a = Tensor(src, depth - 1, env);
    const std::string o = Operand(a);
    const double n = Numel(src);
    switch (cs_.Below(7)) {
      case 0:
        return Atom(o + ".sum()", a.bound * n);
      case 1:
        return Atom(o + ".mean()", a.bound);
      case 2:
        return Atom(o + ".amax()", a.bound);
      case 3:
        return Atom(o + ".amin()", a.bound);
      case 4:
        return Atom(o + ".norm()", a.bound * std::sqrt(n));
      case 5:  // an int64 count, promoted by the float multiply
        return Infix("(" + o + " > " + Pick(kThresholds) + ").sum() * 0.25", n * 0.25);
      default:
        return Atom("torch.sum(" + a.text + ")", a.bound * n);
    }
  }
  // keepdim=True needs a size-1 dimension in the result.
  std::vector<int> ones;
  for (int p = 0; p < nd; ++p) {
    if (s[p] == 1) ones.push_back(p);
  }
  if (!ones.empty() && cs_.Below(3) == 2) {
    const int p = ones[cs_.Below(static_cast<int>(ones.size()))];
    const int m = 2 + cs_.Below(2);
    Shape src = s;
    src[p] = m;
    const Expr a = Tensor(src, depth - 1, env);
    if (cs_.Below(2) == 0) {
      return Atom(absl::StrCat(Operand(a), ".sum(dim=", p, ", keepdim=True)"), a.bound * m);
    }
    return Atom(absl::StrCat(Operand(a), ".mean(", p, ", keepdim=True)"), a.bound);
  }
  const int p = cs_.Below(nd + 1);
  const int m = 2 + cs_.Below(2);
  const Expr a = Tensor(Inserted(s, p, m), depth - 1, env);
  const std::string o = Operand(a);
  const std::string dim = p == nd && cs_.Below(2) == 1 ? "-1" : absl::StrCat(p);
  switch (cs_.Below(7)) {
    case 0:
      return Atom(o + ".sum(dim=" + dim + ")", a.bound * m);
    case 1:
      return Atom(o + ".mean(dim=" + dim + ")", a.bound);
    case 2:
      return Atom(o + ".amax(dim=" + dim + ")", a.bound);
    case 3:
      return cs_.Below(2) == 0 ? Atom(o + ".max(dim=" + dim + ").values", a.bound)
                               : Atom("torch.amax(" + a.text + ", dim=" + dim + ")", a.bound);
    case 4:
      return Atom("torch.sum(" + a.text + ", dim=" + dim + ")", a.bound * m);
    case 5:
      return Atom(o + ".sum(" + dim + ")", a.bound * m);
    default:
      return Atom("torch.mean(" + a.text + ", " + dim + ")", a.bound);
  }
}

Expr Gen::Matmul(const Shape& s, int depth, const Env& env) {
  const int k = 2 + cs_.Below(3);
  const int nd = static_cast<int>(s.size());
  auto product = [&](const Expr& a, const Expr& b) { return a.bound * b.bound * k; };
  if (nd == 0) {
    const Expr u = Tensor({k}, depth - 1, env), v = Tensor({k}, depth - 1, env);
    if (cs_.Below(2) == 0) return Atom("torch.dot(" + u.text + ", " + v.text + ")", product(u, v));
    return Infix(Operand(u) + " @ " + Operand(v), product(u, v));
  }
  if (nd == 1) {
    switch (cs_.Below(3)) {
      case 0: {
        const Expr a = Tensor({s[0], k}, depth - 1, env), v = Tensor({k}, depth - 1, env);
        return Infix(Operand(a) + " @ " + Operand(v), product(a, v));
      }
      case 1: {
        const Expr a = Tensor({s[0], k}, depth - 1, env), v = Tensor({k}, depth - 1, env);
        return Atom("torch.mv(" + a.text + ", " + v.text + ")", product(a, v));
      }
      default: {
        const Expr v = Tensor({k}, depth - 1, env), a = Tensor({k, s[0]}, depth - 1, env);
        return Infix(Operand(v) + " @ " + Operand(a), product(a, v));
      }
    }
  }
  if (nd == 2) {
    const Expr a = Tensor({s[0], k}, depth - 1, env);
    switch (cs_.Below(4)) {
      case 0: {
        const Expr b = Tensor({k, s[1]}, depth - 1, env);
        return Infix(Operand(a) + " @ " + Operand(b), product(a, b));
      }
      case 1: {
        const Expr b = Tensor({k, s[1]}, depth - 1, env);
        return Atom("torch.matmul(" + a.text + ", " + b.text + ")", product(a, b));
      }
      case 2: {
        const Expr b = Tensor({k, s[1]}, depth - 1, env);
        return Atom(Operand(a) + ".mm(" + b.text + ")", product(a, b));
      }
      default: {
        // The weight may be the input itself: F.linear(x, x) must not be reused for two
        // other tensors (F.linear's frame is compiled on its own when f is skipped).
        const Expr w = Tensor({s[1], k}, depth - 1, env);
        return Atom("torch.nn.functional.linear(" + a.text + ", " + w.text + ")",
                    product(a, w));
      }
    }
  }
  const Expr a = Tensor({s[0], s[1], k}, depth - 1, env);
  switch (cs_.Below(3)) {
    case 0: {
      const Expr b = Tensor({s[0], k, s[2]}, depth - 1, env);
      return Atom("torch.bmm(" + a.text + ", " + b.text + ")", product(a, b));
    }
    case 1: {
      const Expr b = Tensor({s[0], k, s[2]}, depth - 1, env);
      return Infix(Operand(a) + " @ " + Operand(b), product(a, b));
    }
    default: {  // a batch times one matrix (broadcast matmul)
      const Expr b = Tensor({k, s[2]}, depth - 1, env);
      return Infix(Operand(a) + " @ " + Operand(b), product(a, b));
    }
  }
}

Expr Gen::Tensor(const Shape& s, int depth, const Env& env) {
  if (depth <= 0) return Leaf(s, env);
  enum K {
    kLeaf, kUnary, kBinary, kWhere, kReduce, kTranspose, kReshape, kMatmul, kCat, kStack,
    kSlice, kIndex, kUnsqueeze, kCumsum, kSoftmax, kContainer
  };
  const int nd = static_cast<int>(s.size());
  std::vector<Shape> reshape_sources;
  for (const Shape& r : AllShapes()) {
    if (r != s && Numel(r) == Numel(s)) reshape_sources.push_back(r);
  }
  std::vector<int> splittable;  // dimensions torch.cat can build
  for (int p = 0; p < nd; ++p) {
    if (s[p] >= 2) splittable.push_back(p);
  }
  std::vector<std::pair<K, int>> opts = {{kLeaf, 2}, {kUnary, 5}, {kBinary, 6}, {kWhere, 2}};
  if (nd <= 2) opts.push_back({kReduce, 3});
  if (nd == 2 || nd == 3) opts.push_back({kTranspose, 2});
  if (!reshape_sources.empty()) opts.push_back({kReshape, 2});
  if (nd <= 3) opts.push_back({kMatmul, 3});
  if (!splittable.empty()) opts.push_back({kCat, 2});
  const bool stack0 = nd >= 1 && (s[0] == 2 || s[0] == 3);
  const bool stack_last = nd >= 2 && (s.back() == 2 || s.back() == 3);
  if (stack0 || stack_last) opts.push_back({kStack, 1});
  if (nd >= 1) opts.push_back({kSlice, 2});
  if (nd <= 2) opts.push_back({kIndex, 2});
  const bool has_one = std::find(s.begin(), s.end(), 1) != s.end();
  if (has_one || nd <= 2) opts.push_back({kUnsqueeze, 1});  // squeeze: at most 3-D
  if (nd >= 1) {
    opts.push_back({kCumsum, 1});
    opts.push_back({kSoftmax, 1});
  }
  // Lists whose elements have shape s (sum, stack + reduce) or that stack to s.
  std::vector<std::pair<const Container*, bool>> lists;  // (list, stacks to s)
  for (const Container& c : env.containers) {
    if (c.kind != Container::Kind::kList) continue;
    if (c.shape == s) lists.push_back({&c, false});
    if (Inserted(c.shape, 0, c.count) == s) lists.push_back({&c, true});
  }
  if (!lists.empty()) opts.push_back({kContainer, 2});
  const int d = depth - 1;
  switch (Choose(opts)) {
    case kLeaf:
      return Leaf(s, env);
    case kContainer: {
      const auto [c, stacks] = lists[cs_.Below(static_cast<int>(lists.size()))];
      if (stacks) return Atom("torch.stack(" + c->name + ")", kVarBound);
      switch (cs_.Below(3)) {
        case 0:
          return Finish(Infix("sum(" + c->name + ")", kVarBound * c->count));
        case 1:
          return Atom("torch.stack(" + c->name + ").mean(0)", kVarBound);
        default:
          return Atom("torch.stack(" + c->name + ", dim=0).amax(dim=0)", kVarBound);
      }
    }
    case kUnary:
      return Finish(Unary(s, depth, env));
    case kBinary:
      return Finish(Binary(s, depth, env));
    case kWhere: {
      const Expr c = Tensor(s, d, env), a = Tensor(s, d, env);
      const std::string t = Pick(kThresholds);
      switch (cs_.Below(5)) {
        case 0: {
          const Expr b = Tensor(s, d, env);
          return Finish(Atom("torch.where(" + Operand(c) + " > " + t + ", " + a.text + ", " +
                                 b.text + ")",
                             std::max(a.bound, b.bound)));
        }
        case 1:
          return Finish(Atom("torch.where(" + Operand(c) + " < " + t + ", " + a.text + ", 0.0)",
                             a.bound));
        case 2: {
          const char* v = Pick(kConsts);
          return Finish(Atom(Operand(a) + ".masked_fill(" + Operand(c) + " > " + t + ", " + v +
                                 ")",
                             std::max(a.bound, Value(v))));
        }
        case 3:
          return Atom("(" + Operand(c) + " > " + t + ").float()", 1);
        default:
          return Infix("(" + Operand(c) + " <= " + t + ").to(torch.float32) * " + Operand(a),
                       a.bound);
      }
    }
    case kReduce:
      return Finish(Reduce(s, depth, env));
    case kTranspose: {
      if (nd == 2) {
        const Expr a = Tensor({s[1], s[0]}, d, env);
        static constexpr const char* kForms[] = {".t()", ".transpose(0, 1)", ".permute(1, 0)",
                                                 ".T", ".transpose(-1, -2)"};
        return Atom(Operand(a) + Pick(kForms), a.bound);
      }
      static constexpr int kPerms[][3] = {{0, 2, 1}, {1, 0, 2}, {2, 1, 0}, {1, 2, 0}, {2, 0, 1}};
      const int* perm = kPerms[cs_.Below(5)];
      Shape src(3);
      for (int i = 0; i < 3; ++i) src[perm[i]] = s[i];
      const Expr a = Tensor(src, d, env);
      if (perm[0] == 0 && cs_.Below(2) == 0) return Atom(Operand(a) + ".transpose(1, 2)", a.bound);
      return Atom(absl::StrCat(Operand(a), ".permute(", perm[0], ", ", perm[1], ", ", perm[2], ")"),
                  a.bound);
    }
    case kReshape: {
      const Shape& src = reshape_sources[cs_.Below(static_cast<int>(reshape_sources.size()))];
      const Expr a = Tensor(src, d, env);
      const std::string o = Operand(a);
      switch (cs_.Below(4)) {
        case 0:
          return Atom(o + ".reshape(" + DimsArgs(s) + ")", a.bound);
        case 1:
          return Atom("torch.reshape(" + a.text + ", " + DimsTuple(s) + ")", a.bound);
        case 2:
          return Atom(o + ".contiguous().view(" + DimsArgs(s) + ")", a.bound);
        default:
          if (nd == 1) {
            return Atom(o + (cs_.Below(2) == 0 ? ".flatten()" : ".reshape(-1)"), a.bound);
          }
          return Atom(o + ".reshape(" + DimsArgs(s) + ")", a.bound);
      }
    }
    case kMatmul:
      return Finish(Matmul(s, depth, env));
    case kCat: {
      const int p = splittable[cs_.Below(static_cast<int>(splittable.size()))];
      const int first = 1 + cs_.Below(s[p] - 1);
      Shape sa = s, sb = s;
      sa[p] = first;
      sb[p] = s[p] - first;
      const Expr a = Tensor(sa, d, env), b = Tensor(sb, d, env);
      const std::string dim = p == nd - 1 && cs_.Below(2) == 1 ? "-1" : absl::StrCat(p);
      const double most = std::max(a.bound, b.bound);
      if (cs_.Below(2) == 0) {
        return Atom("torch.cat([" + a.text + ", " + b.text + "], dim=" + dim + ")", most);
      }
      return Atom("torch.cat((" + a.text + ", " + b.text + "), " + dim + ")", most);
    }
    case kStack: {
      const bool last = stack_last && (!stack0 || cs_.Below(2) == 1);
      const int count = last ? s.back() : s[0];
      const Shape elem = last ? Shape(s.begin(), s.end() - 1) : Shape(s.begin() + 1, s.end());
      std::vector<std::string> parts;
      double most = 0;
      for (int i = 0; i < count; ++i) {
        const Expr e = Tensor(elem, d, env);
        parts.push_back(e.text);
        most = std::max(most, e.bound);
      }
      const std::string list = "[" + absl::StrJoin(parts, ", ") + "]";
      if (last) return Atom("torch.stack(" + list + ", dim=-1)", most);
      return Atom("torch.stack(" + list + (cs_.Below(2) == 0 ? ")" : ", dim=0)"), most);
    }
    case kSlice: {
      const int p = cs_.Below(nd);
      const int extra = 1 + cs_.Below(2);
      Shape src = s;
      src[p] += extra;
      const Expr a = Tensor(src, d, env);
      std::string prefix;
      for (int i = 0; i < p; ++i) prefix += ":, ";
      switch (cs_.Below(3)) {
        case 0:
          return Atom(absl::StrCat(Operand(a), "[", prefix, extra, ":]"), a.bound);
        case 1:
          return Atom(absl::StrCat(Operand(a), "[", prefix, ":", s[p], "]"), a.bound);
        default:
          return Atom(absl::StrCat(Operand(a), ".narrow(", p, ", ", extra, ", ", s[p], ")"),
                      a.bound);
      }
    }
    case kIndex: {
      const int m = 2 + cs_.Below(2);
      const int j = cs_.Below(2 * m) - m;  // in [-m, m)
      const int form = cs_.Below(3);
      if (form == 1 && nd >= 1) {
        const Expr a = Tensor(Inserted(s, 1, m), d, env);
        return Atom(absl::StrCat(Operand(a), "[:, ", j, "]"), a.bound);
      }
      const Expr a = Tensor(Inserted(s, 0, m), d, env);
      if (form == 2) return Atom(absl::StrCat(Operand(a), ".select(0, ", j, ")"), a.bound);
      return Atom(absl::StrCat(Operand(a), "[", j, "]"), a.bound);
    }
    case kUnsqueeze: {
      std::vector<int> ones;
      for (int p = 0; p < nd; ++p) {
        if (s[p] == 1) ones.push_back(p);
      }
      if (!ones.empty() && (nd > 2 || cs_.Below(2) == 0)) {
        const int p = ones[cs_.Below(static_cast<int>(ones.size()))];
        const Expr a = Tensor(Without(s, p), d, env);
        if (p == 0 && cs_.Below(2) == 0) return Atom(Operand(a) + "[None]", a.bound);
        return Atom(absl::StrCat(Operand(a), ".unsqueeze(", p, ")"), a.bound);
      }
      const int p = cs_.Below(nd + 1);
      const Expr a = Tensor(Inserted(s, p, 1), d, env);
      return Atom(absl::StrCat(Operand(a), ".squeeze(", p, ")"), a.bound);
    }
    case kCumsum: {
      const int p = cs_.Below(nd);
      const Expr a = Tensor(s, d, env);
      if (cs_.Below(2) == 0) {
        return Finish(Atom(absl::StrCat(Operand(a), ".cumsum(dim=", p, ")"), a.bound * s[p]));
      }
      return Finish(Atom(absl::StrCat("torch.cumsum(", a.text, ", dim=", p, ")"), a.bound * s[p]));
    }
    case kSoftmax: {
      const Expr a = Tensor(s, d, env);
      switch (cs_.Below(3)) {
        case 0:
          return Atom(Operand(a) + ".softmax(dim=-1)", 1);
        case 1:
          return Atom(absl::StrCat("torch.softmax(", a.text, ", dim=", cs_.Below(nd), ")"), 1);
        default:
          return Finish(Atom(Operand(a) + ".log_softmax(dim=-1)", 2 * a.bound + 2));
      }
    }
  }
  return Leaf(s, env);
}

std::string Gen::Cond(const Env& env) {
  const std::string t = Pick(kThresholds);
  std::vector<std::pair<int, int>> opts = {{0, 3}, {1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 1}};
  if (!env.floats.empty()) opts.push_back({6, 2});
  const int kind = Choose(opts);
  if (kind == 6) {
    return env.floats[cs_.Below(static_cast<int>(env.floats.size()))].name + " > " + t;
  }
  const Expr e = Tensor(PoolShape(), cs_.Below(2), env);
  const std::string o = Operand(e);
  switch (kind) {
    case 0:
      return o + ".sum() > " + t;
    case 1:
      return o + ".mean() < " + t;
    case 2:
      return "(" + o + " > " + t + ").any()";
    case 3:
      return o + ".amax().item() > " + t;
    case 4:
      return "float(" + o + ".sum()) < " + t;
    default:
      return "(" + o + " < " + t + ").all()";
  }
}

std::string Gen::StateCond(const Env& env) {
  const int kind = cs_.Below(env.int_loop_vars.empty() ? 7 : 9);
  const TensorVar& v = env.tensors[cs_.Below(static_cast<int>(env.tensors.size()))];
  switch (kind) {
    case 4: {
      // type() and isinstance() of every kind of value the tracer holds: arguments,
      // globals (wrapped with a source: TUP, LST, ...), values made in the trace, and
      // getattr with a default on them; all fold to constants.
      static const char* const kValues[] = {
          "x", "k", "acc", "n", "(x, V)", "(k, 1.5)", "x.shape", "x.shape[0]", "TUP", "LST",
          "DCT", "RNG", "SZ", "NON", "STR", "FLT", "Box", "torch", "rec", "TUP[0]",
          "[x, k]", "{'a': x}", "range(k)", "slice(1, None)", "x.dtype"};
      static const char* const kClasses[] = {
          "torch.Tensor", "tuple", "list", "dict", "int", "float", "bool", "str", "range",
          "torch.Size", "type", "type(None)", "slice", "Box", "(int, float)",
          "(tuple, list)", "(torch.Tensor, dict)"};
      std::string value = Pick(kValues);
      if (value == "(x, V)") value = "(x, " + v.name + ")";  // a tensor of this function
      std::string cls = Pick(kClasses);
      switch (cs_.Below(4)) {
        case 0: return "isinstance(" + value + ", " + cls + ")";
        case 1:
          if (cls[0] == '(') cls = "tuple";
          return "type(" + value + ") is " + cls;
        case 2:
          if (cls[0] == '(') cls = "list";
          return "type(" + value + ") == " + cls;
        default:
          return "getattr(" + value + ", " + Pick({"'shape'", "'count'", "'keys'", "'dtype'"}) +
                 ", None) is None";
      }
    }
    case 5:
      return absl::StrCat(v.name, ".dim() == ", static_cast<int>(v.shape.size()) - cs_.Below(2));
    case 6:
      return absl::StrCat(v.name, ".numel() > ", Numel(v.shape) - cs_.Below(2));
    case 0:
      return "n % 2 == 0";
    case 1:
      return "k > 1";
    case 2:
      return "len(acc) > 1";
    case 3:
      return "n > k";
    default:
      return env.int_loop_vars[cs_.Below(static_cast<int>(env.int_loop_vars.size()))] +
             (kind == 7 ? " == 1" : " > 0");
  }
}

void Gen::AssignTensor(Fn& fn, Env& env, const Shape& s, const Expr& value,
                       const std::string& ind, Lines* out) {
  Expr e = Cap(value);
  e.text = Stored(value);
  std::vector<size_t> same;
  for (size_t i = 0; i < env.tensors.size(); ++i) {
    if (env.tensors[i].shape == s) same.push_back(i);
  }
  if (!same.empty() && cs_.Below(2) == 1) {
    TensorVar& v = env.tensors[same[cs_.Below(static_cast<int>(same.size()))]];
    out->push_back(ind + v.name + " = " + e.text);
    v.bound = std::max(v.bound, e.bound);
    return;
  }
  const std::string name = absl::StrCat("t", fn.next_tensor++);
  out->push_back(ind + name + " = " + e.text);
  env.tensors.push_back({name, s, e.bound});
}

void Gen::Block(Fn& fn, Env& outer, Env inner, int depth, const std::string& ind, Lines* out) {
  const int n = 1 + cs_.Below(3);
  for (int i = 0; i < n; ++i) Stmt(fn, inner, depth, ind, out);
  // Names made in the block may be unbound after it; outer names keep the larger bound.
  for (size_t i = 0; i < outer.tensors.size(); ++i) {
    outer.tensors[i].bound = std::max(outer.tensors[i].bound, inner.tensors[i].bound);
  }
}

// A loop body runs more than once: a value that grows per iteration is capped only at
// its assignment, so inside loops every outer variable counts as reaching the cap.
Env LoopEnv(const Env& env) {
  Env inner = env;
  for (TensorVar& v : inner.tensors) v.bound = kVarBound;
  ++inner.loop_depth;
  return inner;
}

void Gen::Stmt(Fn& fn, Env& env, int depth, const std::string& ind, Lines* out) {
  enum K {
    kAssign, kInplace, kGraphBreak, kPrint, kItem, kState, kCall, kClosure, kIfData, kIfState,
    kFor, kForTensors, kNoGrad, kTry, kLoopCtl, kRaise, kReturn, kMulti, kMakeContainer,
    kMutateContainer
  };
  std::vector<std::pair<K, int>> opts = {{kAssign, 12}, {kInplace, 2}, {kGraphBreak, 3},
                                         {kPrint, 3},   {kItem, 2},    {kState, 2},
                                         {kCall, 4},    {kMulti, 1},   {kMakeContainer, 2}};
  if (!env.containers.empty()) opts.push_back({kMutateContainer, 4});
  if (depth < 3) {
    opts.insert(opts.end(), {{kClosure, 1}, {kIfData, 3}, {kIfState, 1}, {kNoGrad, 1},
                             {kTry, 1}});
    if (env.loop_depth < 2) opts.insert(opts.end(), {{kFor, 3}, {kForTensors, 1}});
  }
  if (env.loop_depth > 0) opts.push_back({kLoopCtl, 1});
  if (env.in_try) opts.push_back({kRaise, 2});
  if (!fn.is_top && depth > 0) opts.push_back({kReturn, 1});
  const std::string in = ind + "    ";
  const K kind = Choose(opts);
  switch (kind) {
    case kAssign: {
      const Shape s = PoolShape();
      AssignTensor(fn, env, s, Tensor(s, ExprDepth(), env), ind, out);
      return;
    }
    case kInplace: {
      TensorVar& v = env.tensors[cs_.Below(static_cast<int>(env.tensors.size()))];
      // A tensor operand of an in-place op is a fresh tanh(...): never a view that
      // partially overlaps the target (which torch rejects).
      auto fresh = [&](const Shape& s) {
        return "torch.tanh(" + Tensor(s, cs_.Below(3), env).text + ")";
      };
      Shape operand = v.shape;
      if (!operand.empty() && cs_.Below(3) == 0) operand.erase(operand.begin());
      switch (cs_.Below(7)) {
        case 0:
          out->push_back(ind + v.name + ".mul_(" + Pick(kSmallConsts) + ")");
          break;
        case 1:
          out->push_back(ind + v.name + ".add_(" + Scalar(env).text + ")");
          out->push_back(ind + v.name + ".clamp_(-8.0, 8.0)");
          break;
        case 2:
          out->push_back(ind + v.name + ".add_(" + fresh(operand) + ")");
          out->push_back(ind + v.name + ".clamp_(-8.0, 8.0)");
          break;
        case 3:
          out->push_back(ind + v.name + ".sub_(" + fresh(operand) + ").clamp_(-8.0, 8.0)");
          break;
        case 4:
          if (!v.shape.empty()) {
            out->push_back(absl::StrCat(ind, v.name, "[", cs_.Below(v.shape[0]), "] = ",
                                        fresh(Shape(v.shape.begin() + 1, v.shape.end()))));
            break;
          }
          [[fallthrough]];
        case 5:
          out->push_back(ind + v.name + ".copy_(" + fresh(v.shape) + ")");
          break;
        default:
          out->push_back(ind + v.name + " += " + fresh(operand));
          out->push_back(ind + v.name + ".clamp_(-8.0, 8.0)");
          break;
      }
      // Through views (t = x[0]) other variables may have changed too.
      for (TensorVar& t : env.tensors) t.bound = kVarBound;
      return;
    }
    case kGraphBreak:
      out->push_back(ind + "torch._dynamo.graph_break()");
      return;
    case kPrint: {
      const std::string tag = Tag("p");
      const TensorVar& v = env.tensors[cs_.Below(static_cast<int>(env.tensors.size()))];
      std::vector<std::pair<int, int>> kinds = {{0, 3}, {1, 2}, {2, 2}, {3, 1}, {4, 1}, {5, 1}};
      if (!env.floats.empty()) kinds.push_back({6, 1});
      if (!env.int_loop_vars.empty()) kinds.push_back({7, 1});
      switch (Choose(kinds)) {
        case 0:
          out->push_back(ind + "print(\"" + tag + "\", " + v.name + ")");
          break;
        case 1:
          out->push_back(ind + "print(\"" + tag + "\", float(" + v.name + ".sum()))");
          break;
        case 2:
          out->push_back(ind + "print(f\"" + tag + " {" + v.name + ".sum().item():.4f}\")");
          break;
        case 3:
          out->push_back(ind + "print(\"" + tag + "\", n, len(acc), k)");
          break;
        case 4:
          out->push_back(ind + "print(\"" + tag + "\", " + v.name + ".shape, " + v.name +
                         ".dtype)");
          break;
        case 5:
          out->push_back(ind + "print(\"" + tag + "\", " +
                         Tensor(PoolShape(), 1 + cs_.Below(2), env).text + ")");
          break;
        case 6:
          out->push_back(ind + "print(\"" + tag + "\", " +
                         env.floats[cs_.Below(static_cast<int>(env.floats.size()))].name + ")");
          break;
        default:
          out->push_back(ind + "print(\"" + tag + "\", " + env.int_loop_vars.back() + ")");
          break;
      }
      return;
    }
    case kItem: {
      const Shape s = PoolShape();
      const Expr e = Cap(Tensor(s, cs_.Below(2), env));
      const std::string o = Operand(e);
      Expr f;
      std::vector<const Container*> lists;
      for (const Container& c : env.containers) {
        if (c.kind == Container::Kind::kList) lists.push_back(&c);
      }
      switch (cs_.Below(lists.empty() ? 4 : 6)) {
        case 4:  // a graph break inside a list comprehension's frame
        case 5: {  // ... or a generator expression's
          const Container* c = lists[cs_.Below(static_cast<int>(lists.size()))];
          const std::string item = "float(u.mean()) for u in " + c->name;
          f = Atom(cs_.Below(2) == 0 ? "sum([" + item + "])" : "sum(" + item + ")",
                   kVarBound * c->count);
          break;
        }
        case 0:
          f = Atom("float(" + o + ".sum())", e.bound * Numel(s));
          break;
        case 1:
          f = Atom(o + ".mean().item()", e.bound);
          break;
        case 2:
          f = Atom(o + ".amax().item()", e.bound);
          break;
        default:
          f = Atom("float(" + o + ".mean())", e.bound);
          break;
      }
      if (f.bound > kVarBound) f = Atom("max(-8.0, min(8.0, " + f.text + "))", kVarBound);
      const std::string name = absl::StrCat("s", fn.next_float++);
      out->push_back(ind + name + " = " + f.text);
      env.floats.push_back({name, f.bound});
      return;
    }
    case kState: {
      std::vector<std::pair<int, int>> kinds = {{0, 2}, {1, 2}, {2, 3}, {3, 1}, {4, 1},
                                                {7, 1}, {8, 1}};
      if (!env.int_loop_vars.empty()) kinds.push_back({5, 1});
      if (!env.floats.empty()) kinds.push_back({6, 1});
      switch (Choose(kinds)) {
        case 7:  // module-level state (every function declares `global CNT`)
          out->push_back(ind + (cs_.Below(2) == 0 ? "CNT += 1" : "CNT = (CNT + k) % 5"));
          break;
        case 8:
          if (!env.floats.empty() && cs_.Below(2) == 0) {
            out->push_back(ind + "G.append(" +
                           env.floats[cs_.Below(static_cast<int>(env.floats.size()))].name + ")");
          } else {
            out->push_back(ind + "G.append(n % 4)");
          }
          break;
        case 0:
          out->push_back(ind + "n += 1");
          break;
        case 1:
          out->push_back(ind + "n += k");
          break;
        case 2: {
          // A graph break inside the arguments of a method call on a list made in the
          // frame (acc is `self` on the stack and a local: one object after the break).
          const std::string mean =
              "float(" + Operand(Cap(Tensor(PoolShape(), cs_.Below(2), env))) + ".mean())";
          if (cs_.Below(2) == 0) {
            out->push_back(ind + "acc.append(" + mean + ")");
            break;
          }
          const std::string name = absl::StrCat("s", fn.next_float++);
          out->push_back(ind + name + " = " + mean);
          out->push_back(ind + "acc.append(" + name + ")");
          env.floats.push_back({name, kVarBound});
          break;
        }
        case 3:
          out->push_back(ind + "acc.append(len(acc) % 3)");
          break;
        case 4:
          out->push_back(ind + "n = (n * 2 + k) % 7");
          break;
        case 5:
          out->push_back(ind + "acc.append(" + env.int_loop_vars.back() + ")");
          break;
        default:
          out->push_back(ind + "acc.append(" +
                         env.floats[cs_.Below(static_cast<int>(env.floats.size()))].name + ")");
          break;
      }
      return;
    }
    case kCall: {
      std::vector<std::pair<int, int>> kinds = {{0, 2}, {1, 1}};
      if (fn.callable_helpers > 0) kinds.push_back({2, 4});
      if (!env.closures.empty()) kinds.push_back({3, 2});
      switch (Choose(kinds)) {
        case 0: {
          const Shape s = PoolShape();
          const std::string e = Stored(Tensor(s, cs_.Below(3), env));
          AssignTensor(fn, env, s, Atom(absl::StrCat("rec(", e, ", ", 1 + cs_.Below(3), ")"),
                                        kVarBound),
                       ind, out);
          return;
        }
        case 1: {
          const Shape s = PoolShape();
          const std::string e = Stored(Tensor(s, cs_.Below(3), env));
          AssignTensor(fn, env, s, Atom("dis(" + e + ")", 0.75), ind, out);
          return;
        }
        case 2: {
          const Helper& h = helpers_[cs_.Below(static_cast<int>(fn.callable_helpers))];
          const std::string e = Stored(Tensor(h.shape, cs_.Below(3), env));
          static constexpr const char* kArgs[] = {"{e}, k", "{e}, k=1", "{e}, n % 3",
                                                  "x={e}, k=2"};
          std::string args = Pick(kArgs);
          args.replace(args.find("{e}"), 3, e);
          AssignTensor(fn, env, h.shape, Atom(h.name + "(" + args + ")", kVarBound), ind, out);
          return;
        }
        default: {
          const Closure& c = env.closures[cs_.Below(static_cast<int>(env.closures.size()))];
          const Expr e = Cap(Tensor(c.shape, cs_.Below(3), env));
          AssignTensor(fn, env, c.shape, Atom(c.name + "(" + e.text + ")", kVarBound), ind,
                       out);
          return;
        }
      }
    }
    case kClosure: {
      const Shape s = PoolShape();
      const std::string name = absl::StrCat("c", fn.next_object++);
      Env inner = env;
      inner.tensors.push_back({"t", s, kVarBound});
      const std::string body = Stored(Tensor(s, ExprDepth(), inner));
      if (cs_.Below(3) == 2) {
        out->push_back(ind + name + " = lambda t: " + body);
      } else {
        out->push_back(ind + "def " + name + "(t):");
        switch (cs_.Below(5)) {
          case 1:
            out->push_back(in + "torch._dynamo.graph_break()");
            break;
          case 2:
            out->push_back(in + "print(\"" + name + "\", float(t.sum()))");
            break;
          case 3:
            out->push_back(in + "acc.append(len(acc) % 3)");  // mutates the frame's list
            break;
          default:
            break;
        }
        out->push_back(in + "return " + body);
      }
      env.closures.push_back({name, s});
      const Expr arg = Cap(Tensor(s, cs_.Below(3), env));
      AssignTensor(fn, env, s, Atom(name + "(" + arg.text + ")", kVarBound), ind, out);
      return;
    }
    case kIfData:
    case kIfState: {
      const std::string cond = kind == kIfState ? StateCond(env) : Cond(env);
      out->push_back(ind + "if " + cond + ":");
      Block(fn, env, env, depth + 1, in, out);
      if (cs_.Below(2) == 1) {
        out->push_back(ind + "else:");
        Block(fn, env, env, depth + 1, in, out);
      }
      return;
    }
    case kFor: {
      Env inner = LoopEnv(env);
      const std::string i = absl::StrCat("i", env.loop_depth);
      inner.int_loop_vars.push_back(i);
      inner.innermost_range = true;
      out->push_back(absl::StrCat(ind, "for ", i, " in range(", 1 + cs_.Below(3), "):"));
      Block(fn, env, inner, depth + 1, in, out);
      return;
    }
    case kForTensors: {
      Shape s = PoolShape();
      std::string iterable;
      std::vector<const Container*> lists;
      for (const Container& c : env.containers) {
        if (c.kind == Container::Kind::kList) lists.push_back(&c);
      }
      const int source = cs_.Below(4);
      std::string lists_name;
      if (!lists.empty() && source == 1) {
        const Container* c = lists[cs_.Below(static_cast<int>(lists.size()))];
        s = c->shape;
        iterable = lists_name = c->name;
      } else if (source == 2) {  // a generator function (its frame breaks or not)
        iterable = absl::StrCat("gen(", Stored(Tensor(s, cs_.Below(3), env)), ", ",
                                1 + cs_.Below(3), ")");
      } else {
        const int count = 2 + cs_.Below(2);
        std::vector<std::string> parts;
        for (int j = 0; j < count; ++j) parts.push_back(Stored(Tensor(s, cs_.Below(2), env)));
        const bool list = cs_.Below(2) == 1;
        iterable = (list ? "[" : "(") + absl::StrJoin(parts, ", ") + (list ? "]" : ")");
      }
      Env inner = LoopEnv(env);
      const std::string u = absl::StrCat("u", env.loop_depth);
      inner.tensors.push_back({u, s, kVarBound});
      inner.innermost_range = false;
      out->push_back(ind + "for " + u + " in " + iterable + ":");
      Block(fn, env, inner, depth + 1, in, out);
      return;
    }
    case kNoGrad:
      out->push_back(ind + (cs_.Below(3) == 2 ? "with torch.enable_grad():"
                                              : "with torch.no_grad():"));
      Block(fn, env, env, depth + 1, in, out);
      return;
    case kTry: {
      Env inner = env;
      inner.in_try = true;
      out->push_back(ind + "try:");
      Block(fn, env, inner, depth + 1, in, out);
      if (cs_.Below(3) == 1) {
        out->push_back(in + "if " + Cond(env) + ":");
        out->push_back(in + "    raise ValueError(\"" + Tag("e") + "\")");
      }
      out->push_back(ind + "except ValueError as e:");
      out->push_back(in + "print(\"caught\", e)");
      if (cs_.Below(2) == 1) Block(fn, env, env, depth + 1, in, out);
      if (cs_.Below(4) == 3) {
        out->push_back(ind + "finally:");
        out->push_back(in + "print(\"finally " + Tag("f") + "\")");
      }
      return;
    }
    case kLoopCtl:
      if (env.innermost_range) {
        out->push_back(absl::StrCat(ind, "if ", env.int_loop_vars.back(), " == ", cs_.Below(3),
                                    ":"));
      } else {
        out->push_back(ind + "if " + Cond(env) + ":");
      }
      out->push_back(in + (cs_.Below(2) == 0 ? "continue" : "break"));
      return;
    case kRaise:
      if (cs_.Below(3) == 2) {  // raised in a callee, caught here
        const Shape s = PoolShape();
        AssignTensor(fn, env, s, Atom("boom(" + Stored(Tensor(s, cs_.Below(3), env)) + ")",
                                      kVarBound),
                     ind, out);
      } else if (cs_.Below(4) == 3) {
        out->push_back(ind + "raise ValueError(\"" + Tag("e") + "\")");
      } else {
        out->push_back(ind + "if " + Cond(env) + ":");
        out->push_back(in + "raise ValueError(\"" + Tag("e") + "\")");
      }
      return;
    case kReturn:
      out->push_back(ind + "return " + Stored(Tensor(fn.result_shape, ExprDepth(), env)));
      return;
    case kMulti: {  // tuple unpacking of multi-output ops (views) and of a tuple
      const Shape s = PoolShape();
      const int nd = static_cast<int>(s.size());
      std::vector<Shape> shapes;
      std::string rhs;
      const int form = cs_.Below(4);
      if (form == 0 && nd >= 1) {
        const int p = cs_.Below(nd);
        Shape src = s;
        src[p] *= 2;
        const Expr e = Tensor(src, cs_.Below(3), env);
        rhs = cs_.Below(2) == 0 ? absl::StrCat(Operand(e), ".chunk(2, dim=", p, ")")
                                : absl::StrCat("torch.chunk(", e.text, ", 2, ", p, ")");
        shapes = {s, s};
      } else if (form == 1 && nd >= 1) {
        const int p = cs_.Below(nd);
        const int m = 1 + cs_.Below(2);
        const Expr e = Tensor(Inserted(Without(s, p), p, s[p] + m), cs_.Below(3), env);
        rhs = absl::StrCat("torch.split(", e.text, ", [", s[p], ", ", m, "], dim=", p, ")");
        Shape rest = s;
        rest[p] = m;
        shapes = {s, rest};
      } else if (form == 2) {
        const int m = 2 + cs_.Below(2);
        const Expr e = Tensor(Inserted(s, 0, m), cs_.Below(3), env);
        rhs = cs_.Below(2) == 0 ? Operand(e) + ".unbind(0)" : "torch.unbind(" + e.text + ")";
        shapes.assign(m, s);
      } else {
        std::vector<std::string> parts;
        for (int j = 0; j < 2; ++j) parts.push_back(Stored(Tensor(s, cs_.Below(2), env)));
        rhs = absl::StrJoin(parts, ", ");
        shapes = {s, s};
      }
      std::vector<std::string> names;
      for (const Shape& shape : shapes) {
        names.push_back(absl::StrCat("t", fn.next_tensor++));
        env.tensors.push_back({names.back(), shape, kVarBound});
      }
      out->push_back(ind + absl::StrJoin(names, ", ") + " = " + rhs);
      return;
    }
    case kMakeContainer: {
      const Shape s = PoolShape();
      Container c;
      c.shape = s;
      switch (cs_.Below(3)) {
        case 0: {
          c.kind = Container::Kind::kList;
          c.name = absl::StrCat("l", fn.next_object++);
          c.count = 1 + cs_.Below(3);
          std::vector<std::string> parts;
          for (int j = 0; j < c.count; ++j) parts.push_back(Stored(Tensor(s, cs_.Below(3), env)));
          out->push_back(ind + c.name + " = [" + absl::StrJoin(parts, ", ") + "]");
          break;
        }
        case 1: {
          c.kind = Container::Kind::kDict;
          c.name = absl::StrCat("d", fn.next_object++);
          const std::string a = Stored(Tensor(s, cs_.Below(3), env));
          const std::string b = Stored(Tensor(s, cs_.Below(3), env));
          out->push_back(ind + c.name + " = {\"a\": " + a + ", \"b\": " + b + "}");
          break;
        }
        default:
          c.kind = Container::Kind::kBox;
          c.name = absl::StrCat("b", fn.next_object++);
          out->push_back(ind + c.name + " = Box(" + Stored(Tensor(s, cs_.Below(3), env)) +
                         ", " + Pick(kSmallConsts) + ")");
          break;
      }
      env.containers.push_back(c);
      return;
    }
    case kMutateContainer: {
      const Container& c = env.containers[cs_.Below(static_cast<int>(env.containers.size()))];
      switch (c.kind) {
        case Container::Kind::kList: {
          Env inner = env;
          inner.tensors.push_back({"u", c.shape, kVarBound});
          const std::string body = Stored(Tensor(c.shape, ExprDepth(), inner));
          if (cs_.Below(2) == 0) {
            out->push_back(ind + c.name + " = [" + body + " for u in " + c.name + "]");
          } else {
            out->push_back(absl::StrCat(ind, c.name, "[", cs_.Below(c.count), "] = ",
                                        Stored(Tensor(c.shape, ExprDepth(), env))));
          }
          return;
        }
        case Container::Kind::kDict:
          out->push_back(ind + c.name + (cs_.Below(2) == 0 ? "[\"a\"] = " : "[\"b\"] = ") +
                         Stored(Tensor(c.shape, ExprDepth(), env)));
          return;
        case Container::Kind::kBox:
          if (cs_.Below(3) == 0) {
            out->push_back(ind + c.name + ".scale = " + Pick(kSmallConsts));
          } else {
            out->push_back(ind + c.name + ".t = " + Stored(Tensor(c.shape, ExprDepth(), env)));
          }
          return;
      }
      return;
    }
  }
}

Lines Gen::Function(Fn& fn, const std::string& header, int statements, Env env) {
  Lines out = {header, "    global CNT", "    n = 0", "    acc = []"};
  for (int i = 0; i < statements; ++i) Stmt(fn, env, 0, "    ", &out);
  if (!fn.is_top) {
    out.push_back("    return " + Stored(Tensor(fn.result_shape, ExprDepth(), env)));
    return out;
  }
  // Every tensor still bound (the last eight), the Python floats, n and acc.
  std::vector<std::string> tensors, floats;
  const size_t first = env.tensors.size() > 8 ? env.tensors.size() - 8 : 0;
  for (size_t i = first; i < env.tensors.size(); ++i) tensors.push_back(env.tensors[i].name);
  for (const FloatVar& f : env.floats) floats.push_back(f.name);
  out.push_back("    return (" + absl::StrJoin(tensors, ", ") + ",), [" +
                absl::StrJoin(floats, ", ") + "], n, acc");
  return out;
}

constexpr char kDriver[] = R"py(

def close(a, b):
    return a.shape == b.shape and torch.allclose(a, b, rtol=1e-4, atol=1e-4)


def fclose(a, b):
    return abs(a - b) <= 1e-4 + 1e-4 * abs(b)


def check(label, got, want):
    gt, gf, gn, ga = got
    wt, wf, wn, wa = want
    if len(gt) != len(wt) or len(gf) != len(wf) or gn != wn or len(ga) != len(wa):
        print("MISMATCH", label, "structure", gn, wn, len(ga), len(wa))
        return
    for j in range(len(wt)):
        if not close(gt[j], wt[j]):
            print("MISMATCH", label, "tensor", j)
    for j in range(len(wf)):
        if not fclose(gf[j], wf[j]):
            print("MISMATCH", label, "float", j)
    for j in range(len(wa)):
        if not fclose(ga[j], wa[j]):
            print("MISMATCH", label, "acc", j)


def run(label, fn, x, w, k):
    global CNT
    print("== " + label)
    G.clear()
    CNT = 0
    out = fn(x.clone(), w.clone(), k)
    print(out)
    print("globals", G, CNT)
    return out


)py";

std::string Gen::Program() {
  // Program-level choices first, so a short input still varies them.
  const bool nested = cs_.Below(2) == 1;
  const bool dynamic = cs_.OneIn(3);
  const bool capture_scalars = cs_.OneIn(3);
  const int num_helpers = cs_.Below(3);
  const int rec_kind = cs_.Below(4);
  const bool dis_prints = cs_.Below(2) == 1;
  const int gen_kind = cs_.Below(3);
  const char* boom_threshold = Pick(kThresholds);
  const Expr x_a = Creation({2, 3}), w_a = Creation({3, 2});
  const Expr x_b = Creation({2, 3}), w_b = Creation({3, 2});
  const int k_a = 1 + cs_.Below(3), k_b = 1 + cs_.Below(3);

  Lines out = {"# Generated by the tracer fuzz target (tests/fuzz/program_gen.cc).",
               "import torch", "", ""};
  out.insert(out.end(), {"def rec(x, d):", "    if d <= 0:", "        return x"});
  if (rec_kind == 1) out.push_back("    torch._dynamo.graph_break()");
  if (rec_kind == 2) out.push_back("    print(\"rec\", d, float(x.sum()))");
  if (rec_kind == 3) out.push_back("    x = x + x.mean().item() * 0.25");
  out.insert(out.end(), {"    return rec(torch.sin(x) * 0.5 + x * 0.25, d - 1)", "", "",
                         "@torch.compiler.disable", "def dis(x):"});
  if (dis_prints) out.push_back("    print(\"dis\", x.shape, float(x.sum()))");
  out.insert(out.end(), {"    return torch.tanh(x) * 0.5 + 0.25", "", "", "def gen(x, m):",
                         "    for i in range(m):"});
  if (gen_kind == 1) out.push_back("        torch._dynamo.graph_break()");
  if (gen_kind == 2) out.push_back("        print(\"gen\", i)");
  out.insert(out.end(), {"        yield torch.tanh(x) * i + x * 0.5", "", "", "def boom(x):",
                         absl::StrCat("    if x.sum() > ", boom_threshold, ":"),
                         "        raise ValueError(\"boom\")", "    return x * 0.5", "", "",
                         "G = []", "CNT = 0", "TUP = (0.5, 2)", "LST = [1, 2]",
                         "DCT = {'a': 1}", "RNG = range(3)", "SZ = torch.Size([2, 3])",
                         "NON = None", "STR = 's'", "FLT = 2.5", "", "", "class Box:",
                         "    def __init__(self, t, scale):", "        self.t = t",
                         "        self.scale = scale", "", "    def get(self):",
                         "        return self.t * self.scale", "", ""});

  for (int j = 0; j < num_helpers; ++j) {
    Fn fn;
    fn.callable_helpers = helpers_.size();
    fn.result_shape = PoolShape();
    Env env;
    env.tensors.push_back({"x", fn.result_shape, kVarBound});
    const std::string name = absl::StrCat("h", j);
    Lines body = Function(fn, "def " + name + "(x, k):", 1 + cs_.Below(3), env);
    out.insert(out.end(), body.begin(), body.end());
    out.insert(out.end(), {"", ""});
    helpers_.push_back({name, fn.result_shape});
  }

  Fn top;
  top.is_top = true;
  top.callable_helpers = helpers_.size();
  Env env;
  env.tensors.push_back({"x", {2, 3}, std::max(x_a.bound, x_b.bound)});
  env.tensors.push_back({"w", {3, 2}, std::max(w_a.bound, w_b.bound)});
  Lines body = Function(top, "def f(x, w, k):", 1 + cs_.Below(8), env);
  out.insert(out.end(), body.begin(), body.end());

  std::string text = absl::StrJoin(out, "\n") + "\n" + kDriver;
  absl::StrAppend(&text, "torch._dynamo.config.nested_graph_breaks = ",
                  nested ? "True" : "False", "\n");
  if (capture_scalars) {
    absl::StrAppend(&text, "torch._dynamo.config.capture_scalar_outputs = True\n");
  }
  absl::StrAppend(&text, "x_a = ", x_a.text, "\n", "w_a = ", w_a.text, "\n");
  absl::StrAppend(&text, "x_b = ", x_b.text, "\n", "w_b = ", w_b.text, "\n");
  absl::StrAppend(&text, "want_a = run(\"a ref\", f, x_a, w_a, ", k_a, ")\n");
  absl::StrAppend(&text, "want_b = run(\"b ref\", f, x_b, w_b, ", k_b, ")\n");
  absl::StrAppend(&text, "for backend in (\"eager\", \"inductor\"):\n",
                  "    torch._dynamo.reset()\n",
                  "    g = torch.compile(f, backend=backend", dynamic ? ", dynamic=True" : "",
                  ")\n");
  absl::StrAppend(&text, "    check(backend + \" a fresh\", run(\"a \" + backend + \" fresh\", g, ",
                  "x_a, w_a, ", k_a, "), want_a)\n");
  absl::StrAppend(&text, "    check(backend + \" a cached\", ",
                  "run(\"a \" + backend + \" cached\", g, x_a, w_a, ", k_a, "), want_a)\n");
  absl::StrAppend(&text, "    check(backend + \" b\", run(\"b \" + backend, g, x_b, w_b, ", k_b,
                  "), want_b)\n");
  return text;
}

}  // namespace

std::string GenerateProgram(const uint8_t* data, size_t size) {
  ChoiceStream cs(data, size);
  return Gen(cs).Program();
}

}  // namespace wick::tracer_fuzz

namespace wick::tracer_fuzz {
namespace {

struct Token {
  bool number = false;
  double value = 0;
  char text = 0;  // a non-number character
};

bool StartsNumber(absl::string_view s, size_t i) {
  auto digit = [&](size_t j) { return j < s.size() && s[j] >= '0' && s[j] <= '9'; };
  if (digit(i)) return true;
  if (s[i] == '.') return digit(i + 1);
  if (s[i] == '-') return digit(i + 1) || (i + 1 < s.size() && s[i + 1] == '.' && digit(i + 2));
  return false;
}

std::vector<Token> Tokenize(absl::string_view s) {
  std::vector<Token> tokens;
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == ' ' || c == '\n' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (StartsNumber(s, i)) {
      const std::string rest(s.substr(i, 64));
      char* end = nullptr;
      const double v = std::strtod(rest.c_str(), &end);
      const size_t used = static_cast<size_t>(end - rest.c_str());
      if (used > 0) {
        tokens.push_back({true, v, 0});
        i += used;
        continue;
      }
    }
    tokens.push_back({false, 0, c});
    ++i;
  }
  return tokens;
}

std::string Describe(const Token& t) {
  return t.number ? absl::StrCat(t.value) : std::string(1, t.text);
}

}  // namespace

bool SameOutput(absl::string_view want, absl::string_view got, std::string* why) {
  const std::vector<Token> a = Tokenize(want), b = Tokenize(got);
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    bool same = a[i].number == b[i].number;
    if (same && a[i].number) {
      const double x = a[i].value, y = b[i].value;
      same = (std::isnan(x) && std::isnan(y)) || x == y ||
             std::fabs(x - y) <= 2e-4 + 1e-4 * std::max(std::fabs(x), std::fabs(y));
    } else if (same) {
      same = a[i].text == b[i].text;
    }
    if (!same) {
      if (why) {
        *why = absl::StrCat("token ", i, ": expected '", Describe(a[i]), "', got '",
                            Describe(b[i]), "'");
      }
      return false;
    }
  }
  if (a.size() != b.size()) {
    if (why) *why = absl::StrCat(a.size(), " tokens expected, got ", b.size());
    return false;
  }
  return true;
}

}  // namespace wick::tracer_fuzz
