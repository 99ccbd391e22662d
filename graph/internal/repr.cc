// Python repr() of graph constants; see repr.h.
#include "graph/internal/repr.h"

#include <cstdio>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tensor/print/print.h"

namespace wick::graph::internal {

std::string PyStringRepr(absl::string_view s) {
  const bool has_single = s.find('\'') != absl::string_view::npos;
  const bool has_double = s.find('"') != absl::string_view::npos;
  const char quote = has_single && !has_double ? '"' : '\'';
  std::string out(1, quote);
  for (unsigned char c : s) {
    if (c == quote || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "\\x%02x", c);
      out += buf;
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  out.push_back(quote);
  return out;
}

std::string PyRepr(const tensor::Value& v) {
  using K = tensor::Value::Kind;
  switch (v.kind()) {
    case K::kNone: return "None";
    case K::kBool: return v.to_bool() ? "True" : "False";
    case K::kInt: return absl::StrCat(v.to_int());
    case K::kDouble: return tensor::PythonFloatRepr(v.to_double());
    case K::kString: return PyStringRepr(v.to_string());
    case K::kDType: return tensor::DTypeRepr(v.to_dtype());
    case K::kIntList: return absl::StrCat("[", absl::StrJoin(v.to_int_list(), ", "), "]");
    case K::kDoubleList:
      return absl::StrCat("[",
                          absl::StrJoin(v.to_double_list(), ", ",
                                        [](std::string* out, double d) {
                                          out->append(tensor::PythonFloatRepr(d));
                                        }),
                          "]");
    case K::kTensor:
    case K::kTensorList:
      break;  // never constants (graph.h); callers print refs themselves
  }
  return "<tensor>";
}

absl::string_view DTypeAbbr(tensor::DType d) {
  switch (d) {
    case tensor::DType::kBool: return "b8";
    case tensor::DType::kInt32: return "i32";
    case tensor::DType::kInt64: return "i64";
    case tensor::DType::kFloat32: return "f32";
    case tensor::DType::kFloat64: return "f64";
  }
  return "?";
}

std::string SymRepr(const std::vector<sym::ExprPtr>& exprs, bool list,
                    const sym::SymbolNamer& name) {
  std::vector<std::string> parts;
  for (const sym::ExprPtr& e : exprs) parts.push_back(sym::ToString(*e, name));
  if (!list) return parts.empty() ? "" : parts[0];
  return absl::StrCat("[", absl::StrJoin(parts, ", "), "]");
}

}  // namespace wick::graph::internal
