// Names of the AST's operator enums, and Module::Line.
#include "lang/ast.h"

namespace wick::lang {

absl::string_view OpName(ExprContext c) {
  switch (c) {
    case ExprContext::kLoad: return "Load";
    case ExprContext::kStore: return "Store";
    case ExprContext::kDel: return "Del";
  }
  return "?";
}

absl::string_view OpName(BoolOperator op) {
  return op == BoolOperator::kAnd ? "And" : "Or";
}

absl::string_view OpName(Operator op) {
  switch (op) {
    case Operator::kAdd: return "Add";
    case Operator::kSub: return "Sub";
    case Operator::kMult: return "Mult";
    case Operator::kMatMult: return "MatMult";
    case Operator::kDiv: return "Div";
    case Operator::kMod: return "Mod";
    case Operator::kPow: return "Pow";
    case Operator::kLShift: return "LShift";
    case Operator::kRShift: return "RShift";
    case Operator::kBitOr: return "BitOr";
    case Operator::kBitXor: return "BitXor";
    case Operator::kBitAnd: return "BitAnd";
    case Operator::kFloorDiv: return "FloorDiv";
  }
  return "?";
}

absl::string_view OpName(UnaryOperator op) {
  switch (op) {
    case UnaryOperator::kInvert: return "Invert";
    case UnaryOperator::kNot: return "Not";
    case UnaryOperator::kUAdd: return "UAdd";
    case UnaryOperator::kUSub: return "USub";
  }
  return "?";
}

absl::string_view OpName(CmpOp op) {
  switch (op) {
    case CmpOp::kEq: return "Eq";
    case CmpOp::kNotEq: return "NotEq";
    case CmpOp::kLt: return "Lt";
    case CmpOp::kLtE: return "LtE";
    case CmpOp::kGt: return "Gt";
    case CmpOp::kGtE: return "GtE";
    case CmpOp::kIs: return "Is";
    case CmpOp::kIsNot: return "IsNot";
    case CmpOp::kIn: return "In";
    case CmpOp::kNotIn: return "NotIn";
  }
  return "?";
}

absl::string_view Symbol(Operator op) {
  switch (op) {
    case Operator::kAdd: return "+";
    case Operator::kSub: return "-";
    case Operator::kMult: return "*";
    case Operator::kMatMult: return "@";
    case Operator::kDiv: return "/";
    case Operator::kMod: return "%";
    case Operator::kPow: return "**";
    case Operator::kLShift: return "<<";
    case Operator::kRShift: return ">>";
    case Operator::kBitOr: return "|";
    case Operator::kBitXor: return "^";
    case Operator::kBitAnd: return "&";
    case Operator::kFloorDiv: return "//";
  }
  return "?";
}

absl::string_view Symbol(CmpOp op) {
  switch (op) {
    case CmpOp::kEq: return "==";
    case CmpOp::kNotEq: return "!=";
    case CmpOp::kLt: return "<";
    case CmpOp::kLtE: return "<=";
    case CmpOp::kGt: return ">";
    case CmpOp::kGtE: return ">=";
    case CmpOp::kIs: return "is";
    case CmpOp::kIsNot: return "is not";
    case CmpOp::kIn: return "in";
    case CmpOp::kNotIn: return "not in";
  }
  return "?";
}

absl::string_view Module::Line(int n) const {
  absl::string_view src = source;
  size_t start = 0;
  for (int line = 1; line < n; ++line) {
    start = src.find('\n', start);
    if (start == absl::string_view::npos) return {};
    ++start;
  }
  if (n < 1 || start >= src.size()) return {};
  size_t end = src.find('\n', start);
  if (end == absl::string_view::npos) end = src.size();
  return src.substr(start, end - start);
}

}  // namespace wick::lang
