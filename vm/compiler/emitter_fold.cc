// Constant folding, as CPython 3.11's AST optimizer does it for what wick can fold
// exactly (results that fit its 64-bit ints, no operation that would raise), and the
// loading of literal constants.
#include <algorithm>
#include <limits>

#include "vm/objects/bytes.h"
#include "absl/strings/str_cat.h"
#include "vm/compiler/emitter.h"
#include "vm/objects/objects.h"

namespace wick::vm::compiler {

using namespace lang;  // NOLINT: the AST's node names are the vocabulary here

// Constant folding as 3.11's AST optimizer does for the cases that matter here:
// literals, negated numbers (so that -9223372036854775808 is an int), and tuples of
// constants.
std::optional<Value> Emitter::Fold(const Expr* e) {
  if (const lang::Constant* c = e->As<lang::Constant>()) {
    switch (c->value_kind) {
      case ConstantKind::kNone: return Value::None();
      case ConstantKind::kBool: return Value::Bool(c->bool_value);
      case ConstantKind::kInt: return Value::Int(c->int_value);
      case ConstantKind::kFloat: return Value::Float(c->float_value);
      case ConstantKind::kComplex: return NewComplex(rt_, 0.0, c->float_value);
      case ConstantKind::kStr: return Value::Borrow(rt_.Intern(c->str_value));
      case ConstantKind::kEllipsis: return rt_.Ellipsis();
      case ConstantKind::kBytes: return NewBytes(rt_, std::string(c->str_value));
      default: return std::nullopt;
    }
  }
  if (const UnaryOp* u = e->As<UnaryOp>()) {
    const lang::Constant* c = u->operand->As<lang::Constant>();
    if (u->op == UnaryOperator::kUSub && c != nullptr && c->value_kind == ConstantKind::kBigInt &&
        c->str_value == "9223372036854775808") {
      return Value::Int(std::numeric_limits<int64_t>::min());
    }
    std::optional<Value> v = Fold(u->operand);
    if (!v || !(v->is_int() || v->is_float())) return std::nullopt;
    switch (u->op) {
      case UnaryOperator::kUSub:
        if (v->is_float()) return Value::Float(-v->as_float());
        if (v->as_int() == std::numeric_limits<int64_t>::min()) return std::nullopt;
        return Value::Int(-v->as_int());
      case UnaryOperator::kUAdd:
        return v;
      case UnaryOperator::kInvert:
        if (v->is_float()) return std::nullopt;
        return Value::Int(~v->as_int());
      case UnaryOperator::kNot:
        return std::nullopt;
    }
    return std::nullopt;
  }
  if (const lang::BinOp* b = e->As<lang::BinOp>()) {
    std::optional<Value> left = Fold(b->left);
    if (!left) return std::nullopt;
    std::optional<Value> right = Fold(b->right);
    if (!right) return std::nullopt;
    return FoldBinary(b->op, *left, *right);
  }
  if (const Tuple* t = e->As<Tuple>()) {
    if (t->ctx != ExprContext::kLoad) return std::nullopt;
    std::vector<Value> items;
    for (const Expr* elt : t->elts) {
      std::optional<Value> v = Fold(elt);
      if (!v) return std::nullopt;
      items.push_back(std::move(*v));
    }
    return rt_.NewTuple(std::move(items));
  }
  return std::nullopt;
}

// 3.11's fold_binop, for the operands wick can fold exactly: ints (when the result
// fits in 64 bits and no error would be raised), float + - * /, and str + and *.
std::optional<Value> Emitter::FoldBinary(Operator op, const Value& a_in, const Value& b_in) {
  // bool is an int subclass: arithmetic gives ints, & | ^ of two bools a bool.
  if (a_in.is_bool() && b_in.is_bool() &&
      (op == Operator::kBitAnd || op == Operator::kBitOr || op == Operator::kBitXor)) {
    bool x = a_in.as_bool(), y = b_in.as_bool();
    return Value::Bool(op == Operator::kBitAnd ? (x && y) : op == Operator::kBitOr ? (x || y) : (x != y));
  }
  Value a = a_in.is_bool() ? Value::Int(a_in.as_int()) : a_in;
  Value b = b_in.is_bool() ? Value::Int(b_in.as_int()) : b_in;
  auto* ta = a.is_object() ? dynamic_cast<vm::Tuple*>(a.object()) : nullptr;
  auto* tb = b.is_object() ? dynamic_cast<vm::Tuple*>(b.object()) : nullptr;
  constexpr size_t kMaxCollection = 256;
  if (ta != nullptr && tb != nullptr && op == Operator::kAdd &&
      ta->items.size() + tb->items.size() <= kMaxCollection) {
    std::vector<Value> items = ta->items;
    items.insert(items.end(), tb->items.begin(), tb->items.end());
    return rt_.NewTuple(std::move(items));
  }
  if (op == Operator::kMult && ((ta != nullptr && b.is_int()) || (tb != nullptr && a.is_int()))) {
    vm::Tuple* t = ta != nullptr ? ta : tb;
    int64_t count = std::max<int64_t>(0, ta != nullptr ? b.as_int() : a.as_int());
    if (count > 0 && t->items.size() > kMaxCollection / static_cast<size_t>(count)) {
      return std::nullopt;
    }
    std::vector<Value> items;
    for (int64_t i = 0; i < count; ++i) items.insert(items.end(), t->items.begin(), t->items.end());
    return rt_.NewTuple(std::move(items));
  }
  if (a.is_int() && b.is_int()) {
    int64_t x = a.as_int(), y = b.as_int(), r = 0;
    switch (op) {
      case Operator::kAdd:
        if (__builtin_add_overflow(x, y, &r)) return std::nullopt;
        return Value::Int(r);
      case Operator::kSub:
        if (__builtin_sub_overflow(x, y, &r)) return std::nullopt;
        return Value::Int(r);
      case Operator::kMult:
        if (__builtin_mul_overflow(x, y, &r)) return std::nullopt;
        return Value::Int(r);
      case Operator::kFloorDiv:
      case Operator::kMod: {
        if (y == 0 || (x == std::numeric_limits<int64_t>::min() && y == -1)) return std::nullopt;
        int64_t q = x / y, m = x % y;
        if (m != 0 && ((m < 0) != (y < 0))) {
          --q;
          m += y;
        }
        return Value::Int(op == Operator::kFloorDiv ? q : m);
      }
      case Operator::kDiv: {
        constexpr int64_t kExact = int64_t{1} << 53;
        if (y == 0 || x > kExact || x < -kExact || y > kExact || y < -kExact) return std::nullopt;
        return Value::Float(static_cast<double>(x) / static_cast<double>(y));
      }
      case Operator::kPow: {
        if (y < 0 || y > 64) return std::nullopt;
        int64_t result = 1;
        for (int64_t i = 0; i < y; ++i) {
          if (__builtin_mul_overflow(result, x, &result)) return std::nullopt;
        }
        return Value::Int(result);
      }
      case Operator::kLShift:
        if (y < 0 || y > 62 || x > (std::numeric_limits<int64_t>::max() >> y) ||
            x < (std::numeric_limits<int64_t>::min() >> y)) {
          return std::nullopt;
        }
        return Value::Int(static_cast<int64_t>(static_cast<uint64_t>(x) << y));
      case Operator::kRShift:
        if (y < 0) return std::nullopt;
        return Value::Int(x >> (y > 63 ? 63 : y));
      case Operator::kBitAnd: return Value::Int(x & y);
      case Operator::kBitOr: return Value::Int(x | y);
      case Operator::kBitXor: return Value::Int(x ^ y);
      default: return std::nullopt;
    }
  }
  bool numbers = (a.is_int() || a.is_float()) && (b.is_int() || b.is_float());
  if (numbers && (a.is_float() || b.is_float())) {
    double x = a.is_float() ? a.as_float() : static_cast<double>(a.as_int());
    double y = b.is_float() ? b.as_float() : static_cast<double>(b.as_int());
    constexpr int64_t kExact = int64_t{1} << 53;
    for (const Value* v : {&a, &b}) {
      if (v->is_int() && (v->as_int() > kExact || v->as_int() < -kExact)) return std::nullopt;
    }
    switch (op) {
      case Operator::kAdd: return Value::Float(x + y);
      case Operator::kSub: return Value::Float(x - y);
      case Operator::kMult: return Value::Float(x * y);
      case Operator::kDiv:
        if (y == 0) return std::nullopt;
        return Value::Float(x / y);
      default: return std::nullopt;
    }
  }
  auto* sa = a.is_object() ? dynamic_cast<Str*>(a.object()) : nullptr;
  auto* sb = b.is_object() ? dynamic_cast<Str*>(b.object()) : nullptr;
  if (sa != nullptr && sb != nullptr && op == Operator::kAdd) {
    return rt_.NewStr(absl::StrCat(sa->view(), sb->view()));
  }
  if (op == Operator::kMult && ((sa != nullptr && b.is_int()) || (sb != nullptr && a.is_int()))) {
    Str* str = sa != nullptr ? sa : sb;
    int64_t count = sa != nullptr ? b.as_int() : a.as_int();
    if (count < 0) count = 0;
    if (count > 0 && str->view().size() > 4096 / static_cast<size_t>(count)) return std::nullopt;
    std::string out;
    for (int64_t i = 0; i < count; ++i) absl::StrAppend(&out, str->view());
    return rt_.NewStr(std::move(out));
  }
  return std::nullopt;
}

void Emitter::Constant(const lang::Constant* c) {
  if (std::optional<Value> v = Fold(c)) return LoadConst(*v);
  switch (c->value_kind) {
    case ConstantKind::kBigInt:
      return Error(c->loc, "integer literal too large: wick's ints are 64-bit");
    case ConstantKind::kComplex:
      return Error(c->loc, "complex numbers are not supported by wick");
    default:
      return Error(c->loc, "unsupported constant");
  }
}

}  // namespace wick::vm::compiler
