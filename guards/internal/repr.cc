// Constant reprs and equality for guards (see repr.h).
#include "guards/internal/repr.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"

namespace wick::guards::internal {
namespace {

vm::Layout LayoutOf(const vm::Value& v) {
  return v.is_object() ? v.object()->type()->layout() : vm::Layout::kNone;
}

bool IsExactStr(const vm::Value& v) {
  return v.is_object() && v.object()->type()->layout() == vm::Layout::kStr &&
         !v.object()->type()->is_heap();
}
bool IsExactTuple(const vm::Value& v) {
  return v.is_object() && v.object()->type()->layout() == vm::Layout::kTuple &&
         !v.object()->type()->is_heap();
}
bool IsRange(const vm::Value& v) { return LayoutOf(v) == vm::Layout::kRange; }

}  // namespace

bool IsConstant(const vm::Value& v) {
  if (!v.is_object()) return !v.is_raised();
  if (IsExactStr(v) || IsRange(v)) return true;
  if (!IsExactTuple(v)) return false;
  for (const vm::Value& item : v.as<vm::Tuple>()->items) {
    if (!IsConstant(item)) return false;
  }
  return true;
}

std::string FloatRepr(double d) {
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  // Shortest round-trip digits in scientific form, then laid out as Python's 'r' format
  // does: positional for exponents in [-4, 16), scientific otherwise.
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), d, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  size_t e = sci.find('e');
  std::string mant = sci.substr(0, e);
  int exp = std::stoi(sci.substr(e + 1));
  bool neg = mant[0] == '-';
  if (neg) mant.erase(0, 1);
  std::string digits;
  for (char c : mant) {
    if (c != '.') digits.push_back(c);
  }
  std::string out = neg ? "-" : "";
  if (exp >= -4 && exp < 16) {
    int point = exp + 1;  // digits before the decimal point
    if (point <= 0) {
      out += "0." + std::string(-point, '0') + digits;
    } else if (point >= static_cast<int>(digits.size())) {
      out += digits + std::string(point - digits.size(), '0') + ".0";
    } else {
      out += digits.substr(0, point) + "." + digits.substr(point);
    }
    return out;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  char exp_buf[16];
  std::snprintf(exp_buf, sizeof(exp_buf), "e%c%02d", exp < 0 ? '-' : '+', std::abs(exp));
  return out + exp_buf;
}

std::string StrRepr(absl::string_view s) {
  bool has_single = s.find('\'') != absl::string_view::npos;
  bool has_double = s.find('"') != absl::string_view::npos;
  char q = (has_single && !has_double) ? '"' : '\'';
  std::string out(1, q);
  for (char c : s) {
    switch (c) {
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\\': out += "\\\\"; break;
      default:
        if (c == q) out.push_back('\\');
        out.push_back(c);
    }
  }
  out.push_back(q);
  return out;
}

std::string ConstantRepr(const vm::Value& v) {
  switch (v.tag()) {
    case vm::Value::Tag::kNone: return "None";
    case vm::Value::Tag::kBool: return v.as_bool() ? "True" : "False";
    case vm::Value::Tag::kInt: return absl::StrCat(v.as_int());
    case vm::Value::Tag::kFloat: return FloatRepr(v.as_float());
    case vm::Value::Tag::kRaised: return "<unbound>";
    case vm::Value::Tag::kObject: break;
  }
  if (IsExactStr(v)) return StrRepr(v.as<vm::Str>()->view());
  if (IsExactTuple(v)) {
    const auto& items = v.as<vm::Tuple>()->items;
    std::string out = "(" + absl::StrJoin(items, ", ", [](std::string* o, const vm::Value& x) {
                        o->append(ConstantRepr(x));
                      });
    return out + (items.size() == 1 ? ",)" : ")");
  }
  if (IsRange(v)) {  // as Python prints it
    const vm::Range* r = v.as<vm::Range>();
    return r->step == 1 ? absl::StrCat("range(", r->start, ", ", r->stop, ")")
                        : absl::StrCat("range(", r->start, ", ", r->stop, ", ", r->step, ")");
  }
  return absl::StrCat("<", v.object()->type()->name(), " object>");
}

bool ConstantEquals(const vm::Value& actual, const vm::Value& expected) {
  if (actual.tag() != expected.tag()) return false;
  switch (expected.tag()) {
    case vm::Value::Tag::kNone: return true;
    case vm::Value::Tag::kBool:
    case vm::Value::Tag::kInt: return actual.as_int() == expected.as_int();
    case vm::Value::Tag::kFloat: return actual.as_float() == expected.as_float();
    case vm::Value::Tag::kRaised: return false;
    case vm::Value::Tag::kObject: break;
  }
  if (actual.object() == expected.object()) return true;
  if (actual.object()->type() != expected.object()->type()) return false;
  if (LayoutOf(expected) == vm::Layout::kStr) {
    return actual.as<vm::Str>()->view() == expected.as<vm::Str>()->view();
  }
  if (IsRange(expected)) {  // Python's range equality: the same sequence of ints
    const vm::Range* a = actual.as<vm::Range>();
    const vm::Range* b = expected.as<vm::Range>();
    if (a->length != b->length) return false;
    if (a->length == 0) return true;
    return a->start == b->start && (a->length == 1 || a->step == b->step);
  }
  const auto& a = actual.as<vm::Tuple>()->items;
  const auto& b = expected.as<vm::Tuple>()->items;
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!ConstantEquals(a[i], b[i])) return false;
  }
  return true;
}

std::string TypeRepr(const vm::Type* t) {
  if (t->is_heap() && t->dict() != nullptr) {
    const vm::Value* mod = t->dict()->GetStr("__module__");
    if (mod != nullptr && IsExactStr(*mod)) {
      return absl::StrCat("<class '", mod->as<vm::Str>()->view(), ".", t->name(), "'>");
    }
  }
  return absl::StrCat("<class '", t->name(), "'>");
}

}  // namespace wick::guards::internal
