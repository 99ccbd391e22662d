// Parsing and printing of op schemas in native_functions.yaml syntax:
//   schema  -> [namespace '::'] name ['.' overload] '(' [arg {',' arg}] ')' '->' returns
//   arg     -> '*' | type [alias] name ['=' default]
//   type    -> base ['[' [N] ']'] ['?']     (also 'Tensor?[]')
//   alias   -> '(' letter ['!'] ')'
//   returns -> type [alias] [name] | '(' ret {',' ret} ')' | '()'
#include <cctype>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tensor/op_registry.h"

namespace wick::tensor {
namespace {

class SchemaParser {
 public:
  explicit SchemaParser(absl::string_view text) : text_(text) {}

  absl::StatusOr<OpSchema> Parse() {
    OpSchema s;
    s.name = Ident();
    if (s.name.empty()) return Error("expected op name");
    // A custom op's namespace: "mylib::scale" (torch.library's spelling).
    if (text_.substr(pos_, 2) == "::") {
      pos_ += 2;
      const std::string op = Ident();
      if (op.empty()) return Error("expected op name after '::'");
      s.name = absl::StrCat(s.name, "::", op);
    }
    if (Accept('.')) {
      s.overload = Ident();
      if (s.overload.empty()) return Error("expected overload name");
    }
    if (!Accept('(')) return Error("expected '('");
    bool keyword_only = false;
    if (!Accept(')')) {
      do {
        if (Accept('*')) {
          keyword_only = true;
          continue;
        }
        Argument a;
        absl::Status st = TypeAndAlias(a.type, a.alias_set, a.is_write);
        if (!st.ok()) return st;
        a.name = Ident();
        if (a.name.empty()) return Error("expected argument name");
        a.keyword_only = keyword_only;
        if (Accept('=')) {
          absl::StatusOr<Value> d = Default(a.type);
          if (!d.ok()) return d.status();
          a.default_value = *std::move(d);
        }
        s.arguments.push_back(std::move(a));
      } while (Accept(','));
      if (!Accept(')')) return Error("expected ')' or ','");
    }
    if (!AcceptStr("->")) return Error("expected '->'");
    if (Accept('(')) {
      if (!Accept(')')) {
        do {
          absl::StatusOr<Return> r = OneReturn();
          if (!r.ok()) return r.status();
          s.returns.push_back(*std::move(r));
        } while (Accept(','));
        if (!Accept(')')) return Error("expected ')' after returns");
      }
    } else {
      absl::StatusOr<Return> r = OneReturn();
      if (!r.ok()) return r.status();
      s.returns.push_back(*std::move(r));
    }
    Skip();
    if (pos_ != text_.size()) return Error("unexpected trailing text");
    return s;
  }

 private:
  void Skip() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool Accept(char c) {
    Skip();
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool AcceptStr(absl::string_view s) {
    Skip();
    if (text_.substr(pos_, s.size()) == s) {
      pos_ += s.size();
      return true;
    }
    return false;
  }
  std::string Ident() {
    Skip();
    size_t start = pos_;
    while (pos_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) {
      ++pos_;
    }
    return std::string(text_.substr(start, pos_ - start));
  }
  absl::Status Error(absl::string_view what) const {
    return absl::InvalidArgumentError(
        absl::StrCat("bad op schema at column ", pos_ + 1, ": ", what, " in \"", text_, "\""));
  }

  absl::Status TypeAndAlias(ArgType& t, char& alias, bool& write) {
    std::string base = Ident();
    using B = ArgType::Base;
    static const std::pair<const char*, B> kBases[] = {
        {"Tensor", B::kTensor},      {"Scalar", B::kScalar},   {"int", B::kInt},
        {"SymInt", B::kInt},         {"float", B::kFloat},     {"bool", B::kBool},
        {"ScalarType", B::kDType},   {"str", B::kString},      {"Device", B::kDevice},
        {"Layout", B::kLayout},      {"Generator", B::kGenerator},
        {"MemoryFormat", B::kMemoryFormat}};
    bool found = false;
    for (const auto& [n, b] : kBases) {
      if (base == n) {
        t.base = b;
        found = true;
      }
    }
    if (!found) return Error(absl::StrCat("unknown type '", base, "'"));
    if (Accept('(')) {
      Skip();
      if (pos_ >= text_.size() || !std::isalpha(static_cast<unsigned char>(text_[pos_]))) {
        return Error("expected alias letter");
      }
      alias = text_[pos_++];
      write = Accept('!');
      if (!Accept(')')) return Error("expected ')' after alias");
    }
    if (Accept('?')) {
      t.optional = true;
      t.optional_elements = true;  // Only meaningful if a list follows: `Tensor?[]`.
    }
    if (Accept('[')) {
      t.list = true;
      if (!t.optional) t.optional_elements = false;
      t.optional = false;
      std::string n = Ident();
      if (!n.empty() && !absl::SimpleAtoi(n, &t.fixed_size)) return Error("bad list size");
      if (!Accept(']')) return Error("expected ']'");
      if (Accept('?')) t.optional = true;
    } else {
      t.optional_elements = false;
    }
    return absl::OkStatus();
  }

  absl::StatusOr<Return> OneReturn() {
    Return r;
    absl::Status st = TypeAndAlias(r.type, r.alias_set, r.is_write);
    if (!st.ok()) return st;
    r.name = Ident();
    return r;
  }

  absl::StatusOr<Value> Default(const ArgType& t) {
    Skip();
    size_t start = pos_;
    int depth = 0;
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == '[') ++depth;
      if (c == ']') --depth;
      if (depth == 0 && (c == ',' || c == ')')) break;
      ++pos_;
    }
    std::string tok(absl::StripAsciiWhitespace(text_.substr(start, pos_ - start)));
    if (tok == "None") return Value();
    if (tok == "True") return Value(true);
    if (tok == "False") return Value(false);
    if (tok.size() >= 2 && (tok[0] == '\'' || tok[0] == '"')) {
      return Value(tok.substr(1, tok.size() - 2));
    }
    if (tok[0] == '[') {
      std::vector<int64_t> ints;
      std::string inner = tok.substr(1, tok.size() - 2);
      for (absl::string_view part : absl::StrSplit(inner, ',', absl::SkipWhitespace())) {
        int64_t v;
        if (!absl::SimpleAtoi(absl::StripAsciiWhitespace(part), &v)) {
          return Error("bad list default");
        }
        ints.push_back(v);
      }
      return Value(std::move(ints));
    }
    if (t.base == ArgType::Base::kDType) {
      if (auto d = DTypeFromName(tok)) return Value(*d);
    }
    int64_t i;
    if (absl::SimpleAtoi(tok, &i)) {
      if (t.base == ArgType::Base::kFloat) return Value(static_cast<double>(i));
      if (t.list) return Value(std::vector<int64_t>(std::max(t.fixed_size, 1), i));
      return Value(i);
    }
    double d;
    if (absl::SimpleAtod(tok, &d)) return Value(d);
    return Error(absl::StrCat("bad default '", tok, "'"));
  }

  absl::string_view text_;
  size_t pos_ = 0;
};

std::string DefaultToString(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kNone: return "None";
    case Value::Kind::kBool: return v.to_bool() ? "True" : "False";
    case Value::Kind::kInt: return absl::StrCat(v.to_int());
    case Value::Kind::kDouble: {
      std::string s = absl::StrCat(v.to_double());
      if (s.find_first_of(".e") == std::string::npos) s += ".";
      return s;
    }
    case Value::Kind::kString: return absl::StrCat("'", v.to_string(), "'");
    case Value::Kind::kDType: return std::string(DTypeName(v.to_dtype()));
    case Value::Kind::kIntList: return absl::StrCat("[", absl::StrJoin(v.to_int_list(), ","), "]");
    default: return "?";
  }
}

std::string AliasText(char alias, bool write) {
  if (alias == 0) return "";
  return absl::StrCat("(", std::string(1, alias), write ? "!" : "", ")");
}

}  // namespace

std::string ArgType::ToString() const {
  static const char* kNames[] = {"Tensor", "Scalar", "int",    "float",     "bool", "ScalarType",
                                 "str",    "Device", "Layout", "Generator", "MemoryFormat"};
  std::string s = kNames[static_cast<int>(base)];
  if (list) {
    if (optional_elements) s += "?";
    s += fixed_size > 0 ? absl::StrCat("[", fixed_size, "]") : "[]";
  }
  if (optional) s += "?";
  return s;
}

std::string OpSchema::ToString() const {
  std::vector<std::string> args;
  bool kw = false;
  for (const Argument& a : arguments) {
    if (a.keyword_only && !kw) {
      args.push_back("*");
      kw = true;
    }
    std::string t = a.type.ToString();
    // The alias annotation sits between the base type and its suffixes: Tensor(a!)
    if (a.alias_set != 0) t.insert(6, AliasText(a.alias_set, a.is_write));
    std::string s = absl::StrCat(t, " ", a.name);
    if (a.default_value) absl::StrAppend(&s, "=", DefaultToString(*a.default_value));
    args.push_back(std::move(s));
  }
  std::vector<std::string> rets;
  for (const Return& r : returns) {
    std::string t = r.type.ToString();
    if (r.alias_set != 0) t.insert(6, AliasText(r.alias_set, r.is_write));
    rets.push_back(r.name.empty() ? t : absl::StrCat(t, " ", r.name));
  }
  std::string ret = rets.size() == 1 ? rets[0] : absl::StrCat("(", absl::StrJoin(rets, ", "), ")");
  return absl::StrCat(full_name(), "(", absl::StrJoin(args, ", "), ") -> ", ret);
}

int OpSchema::num_positional() const {
  int n = 0;
  for (const Argument& a : arguments) n += a.keyword_only ? 0 : 1;
  return n;
}

absl::StatusOr<OpSchema> ParseSchema(absl::string_view text) {
  return SchemaParser(text).Parse();
}

}  // namespace wick::tensor
