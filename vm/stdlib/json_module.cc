// _wick_json: the native half of `json` (vm/stdlib/json/ holds the Python API):
//   decode(s) -> the value, or (message, position) when s is not valid JSON (json.py
//               raises JSONDecodeError from them, positions in code points)
//   encode(obj, indent, item_sep, key_sep, sort_keys, skipkeys, ensure_ascii,
//          allow_nan, check_circular, default) -> str, with CPython's formatting
//          (float repr, separators, indentation, \uXXXX escapes) and errors.
// The grammar and messages follow CPython 3.11's json scanner and encoder.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/objects/unicode.h"
#include "vm/protocol.h"
#include "vm/stdlib/native_modules.h"

namespace wick::vm {
namespace {

constexpr int kMaxDepth = 990;

// ---- decoding ----

class Decoder {
 public:
  Decoder(Runtime& rt, absl::string_view s) : rt_(rt), s_(s) {}

  // The document's value; on a syntax error Raised() with error_/error_pos_ set (and
  // no exception pending), on a runtime failure Raised() with the exception pending.
  Value Run() {
    size_t i = SkipSpace(0);
    Value v = ParseValue(&i, 0);
    if (v.is_raised()) return v;
    i = SkipSpace(i);
    if (i != s_.size()) return Fail("Extra data", i);
    return v;
  }

  const std::string& error() const { return error_; }
  size_t error_pos() const { return error_pos_; }

 private:
  Value Fail(const char* msg, size_t pos) {
    error_ = msg;
    error_pos_ = pos;
    return Value::Raised();
  }
  size_t SkipSpace(size_t i) const {
    while (i < s_.size() && (s_[i] == ' ' || s_[i] == '\t' || s_[i] == '\n' || s_[i] == '\r')) {
      ++i;
    }
    return i;
  }
  bool StartsWith(size_t i, absl::string_view w) const { return s_.substr(i, w.size()) == w; }

  Value ParseValue(size_t* pi, int depth) {
    size_t i = *pi;
    if (i >= s_.size()) return Fail("Expecting value", i);
    char c = s_[i];
    switch (c) {
      case '"': {
        std::string out;
        if (!ParseString(pi, &out)) return Value::Raised();
        return rt_.NewStr(std::move(out));
      }
      case '{':
        return ParseObject(pi, depth + 1);
      case '[':
        return ParseArray(pi, depth + 1);
      case 'n':
        if (StartsWith(i, "null")) { *pi = i + 4; return Value::None(); }
        break;
      case 't':
        if (StartsWith(i, "true")) { *pi = i + 4; return Value::Bool(true); }
        break;
      case 'f':
        if (StartsWith(i, "false")) { *pi = i + 5; return Value::Bool(false); }
        break;
      case 'N':
        if (StartsWith(i, "NaN")) { *pi = i + 3; return Value::Float(std::nan("")); }
        break;
      case 'I':
        if (StartsWith(i, "Infinity")) { *pi = i + 8; return Value::Float(HUGE_VAL); }
        break;
      case '-':
        if (StartsWith(i, "-Infinity")) { *pi = i + 9; return Value::Float(-HUGE_VAL); }
        break;
      default:
        break;
    }
    return ParseNumber(pi);
  }

  // -?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?
  Value ParseNumber(size_t* pi) {
    size_t start = *pi, i = start;
    auto digit = [&](size_t k) { return k < s_.size() && s_[k] >= '0' && s_[k] <= '9'; };
    if (i < s_.size() && s_[i] == '-') ++i;
    if (!digit(i)) return Fail("Expecting value", start);
    if (s_[i] == '0') {
      ++i;
    } else {
      while (digit(i)) ++i;
    }
    bool is_float = false;
    if (i < s_.size() && s_[i] == '.' && digit(i + 1)) {
      is_float = true;
      i += 2;
      while (digit(i)) ++i;
    }
    if (i < s_.size() && (s_[i] == 'e' || s_[i] == 'E')) {
      size_t j = i + 1;
      if (j < s_.size() && (s_[j] == '+' || s_[j] == '-')) ++j;
      if (digit(j)) {
        is_float = true;
        i = j;
        while (digit(i)) ++i;
      }
    }
    std::string text(s_.substr(start, i - start));
    *pi = i;
    if (is_float) return Value::Float(std::strtod(text.c_str(), nullptr));
    errno = 0;
    long long v = std::strtoll(text.c_str(), nullptr, 10);
    if (errno == ERANGE) {
      return rt_.Raise(rt_.exc().overflow_error,
                       absl::StrCat("JSON integer ", text,
                                    " does not fit in 64 bits (wick's int is 64-bit)"));
    }
    return Value::Int(v);
  }

  static int Hex4(absl::string_view s, size_t i) {
    if (i + 4 > s.size()) return -1;
    int v = 0;
    for (size_t k = i; k < i + 4; ++k) {
      char c = s[k];
      int h = c >= '0' && c <= '9'   ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                     : -1;
      if (h < 0) return -1;
      v = v * 16 + h;
    }
    return v;
  }

  bool ParseString(size_t* pi, std::string* out) {
    size_t start = *pi;
    size_t i = start + 1;
    while (true) {
      if (i >= s_.size()) {
        Fail("Unterminated string starting at", start);
        return false;
      }
      unsigned char c = static_cast<unsigned char>(s_[i]);
      if (c == '"') break;
      if (c < 0x20) {
        Fail("Invalid control character at", i);
        return false;
      }
      if (c != '\\') {
        out->push_back(static_cast<char>(c));
        ++i;
        continue;
      }
      if (i + 1 >= s_.size()) {
        Fail("Unterminated string starting at", start);
        return false;
      }
      char e = s_[i + 1];
      switch (e) {
        case '"': out->push_back('"'); break;
        case '\\': out->push_back('\\'); break;
        case '/': out->push_back('/'); break;
        case 'b': out->push_back('\b'); break;
        case 'f': out->push_back('\f'); break;
        case 'n': out->push_back('\n'); break;
        case 'r': out->push_back('\r'); break;
        case 't': out->push_back('\t'); break;
        case 'u': {
          int u = Hex4(s_, i + 2);
          if (u < 0) {
            Fail("Invalid \\uXXXX escape", i + 1);
            return false;
          }
          char32_t cp = static_cast<char32_t>(u);
          i += 6;
          if (u >= 0xd800 && u <= 0xdbff && i + 1 < s_.size() && s_[i] == '\\' &&
              s_[i + 1] == 'u') {
            int lo = Hex4(s_, i + 2);
            if (lo < 0) {
              Fail("Invalid \\uXXXX escape", i + 1);
              return false;
            }
            if (lo >= 0xdc00 && lo <= 0xdfff) {
              cp = 0x10000 + ((static_cast<char32_t>(u) - 0xd800) << 10) + (lo - 0xdc00);
              i += 6;
            }
          }
          internal::AppendUtf8(out, cp);
          continue;
        }
        default:
          Fail("Invalid \\escape", i);
          return false;
      }
      i += 2;
    }
    *pi = i + 1;
    return true;
  }

  Value ParseArray(size_t* pi, int depth) {
    if (depth > kMaxDepth) {
      return rt_.Raise(rt_.exc().recursion_error,
                       "maximum recursion depth exceeded while decoding a JSON array from a "
                       "unicode string");
    }
    size_t i = SkipSpace(*pi + 1);
    std::vector<Value> items;
    if (i < s_.size() && s_[i] == ']') {
      *pi = i + 1;
      return rt_.NewList(std::move(items));
    }
    while (true) {
      Value v = ParseValue(&i, depth);
      if (v.is_raised()) return v;
      items.push_back(std::move(v));
      i = SkipSpace(i);
      if (i < s_.size() && s_[i] == ']') break;
      if (i >= s_.size() || s_[i] != ',') return Fail("Expecting ',' delimiter", i);
      i = SkipSpace(i + 1);
    }
    *pi = i + 1;
    return rt_.NewList(std::move(items));
  }

  Value ParseObject(size_t* pi, int depth) {
    if (depth > kMaxDepth) {
      return rt_.Raise(rt_.exc().recursion_error,
                       "maximum recursion depth exceeded while decoding a JSON object from a "
                       "unicode string");
    }
    size_t i = SkipSpace(*pi + 1);
    Value dict = rt_.NewDict();
    if (i < s_.size() && s_[i] == '}') {
      *pi = i + 1;
      return dict;
    }
    while (true) {
      if (i >= s_.size() || s_[i] != '"') {
        return Fail("Expecting property name enclosed in double quotes", i);
      }
      std::string key;
      if (!ParseString(&i, &key)) return Value::Raised();
      i = SkipSpace(i);
      if (i >= s_.size() || s_[i] != ':') return Fail("Expecting ':' delimiter", i);
      i = SkipSpace(i + 1);
      Value v = ParseValue(&i, depth);
      if (v.is_raised()) return v;
      if (!dict.as<Dict>()->Set(rt_, rt_.NewStr(std::move(key)), v)) return Value::Raised();
      i = SkipSpace(i);
      if (i < s_.size() && s_[i] == '}') break;
      if (i >= s_.size() || s_[i] != ',') return Fail("Expecting ',' delimiter", i);
      i = SkipSpace(i + 1);
    }
    *pi = i + 1;
    return dict;
  }

  Runtime& rt_;
  absl::string_view s_;
  std::string error_;
  size_t error_pos_ = 0;
};

Value Decode(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 1 || !kw.empty() || !rt.IsStr(args[0])) {
    return rt.Raise(rt.exc().type_error, "decode(str)");
  }
  absl::string_view s = args[0].as<Str>()->view();
  Decoder d(rt, s);
  Value v = d.Run();
  if (!v.is_raised() || rt.HasPending()) return v;
  int64_t pos = internal::CountCodePoints(s.substr(0, d.error_pos()));
  return rt.NewTuple({rt.NewStr(d.error()), Value::Int(pos)});
}

// ---- encoding ----

void AppendEscaped(std::string* out, absl::string_view s, bool ensure_ascii) {
  out->push_back('"');
  size_t i = 0;
  while (i < s.size()) {
    unsigned char b = static_cast<unsigned char>(s[i]);
    if (b < 0x80) {
      ++i;
      switch (b) {
        case '"': *out += "\\\""; break;
        case '\\': *out += "\\\\"; break;
        case '\n': *out += "\\n"; break;
        case '\r': *out += "\\r"; break;
        case '\t': *out += "\\t"; break;
        case '\b': *out += "\\b"; break;
        case '\f': *out += "\\f"; break;
        default:
          if (b < 0x20) {
            absl::StrAppendFormat(out, "\\u%04x", b);
          } else {
            out->push_back(static_cast<char>(b));
          }
      }
      continue;
    }
    size_t start = i;
    char32_t cp = internal::DecodeUtf8At(s, &i);
    if (!ensure_ascii) {
      out->append(s.data() + start, i - start);
    } else if (cp >= 0x10000) {
      char32_t v = cp - 0x10000;
      absl::StrAppendFormat(out, "\\u%04x\\u%04x", 0xd800 + (v >> 10), 0xdc00 + (v & 0x3ff));
    } else {
      absl::StrAppendFormat(out, "\\u%04x", static_cast<uint32_t>(cp));
    }
  }
  out->push_back('"');
}

struct EncodeOptions {
  bool has_indent = false;
  std::string indent;
  std::string item_sep, key_sep;
  bool sort_keys = false, skipkeys = false, ensure_ascii = true, allow_nan = true;
  bool check_circular = true;
  Value default_fn;  // None: unserializable objects raise TypeError
};

class Encoder {
 public:
  Encoder(Runtime& rt, const EncodeOptions& o) : rt_(rt), o_(o) {}
  bool Encode(const Value& v, int level);
  std::string& out() { return out_; }

 private:
  bool Float(double d) {
    if (std::isnan(d) || std::isinf(d)) {
      if (!o_.allow_nan) {
        rt_.Raise(rt_.exc().value_error, "Out of range float values are not JSON compliant");
        return false;
      }
      out_ += std::isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
      return true;
    }
    Value r = Repr(rt_, Value::Float(d));
    if (r.is_raised()) return false;
    absl::StrAppend(&out_, r.as<Str>()->view());
    return true;
  }
  void Newline(int level) {
    out_.push_back('\n');
    for (int k = 0; k < level; ++k) out_ += o_.indent;
  }
  bool Enter(const Value& v) {
    if (!o_.check_circular) return true;
    vm::Object* o = v.object();
    if (std::find(stack_.begin(), stack_.end(), o) != stack_.end()) {
      rt_.Raise(rt_.exc().value_error, "Circular reference detected");
      return false;
    }
    if (stack_.size() > kMaxDepth) {
      rt_.Raise(rt_.exc().recursion_error, "maximum recursion depth exceeded while encoding a JSON object");
      return false;
    }
    stack_.push_back(o);
    return true;
  }
  void Leave() {
    if (o_.check_circular) stack_.pop_back();
  }
  bool EncodeArray(const Value& v, const std::vector<Value>& items, int level);
  bool EncodeObject(const Value& v, int level);
  // The JSON text of a dict key, or false with *skip set (skipkeys) or after raising.
  bool Key(const Value& k, std::string* out, bool* skip);

  Runtime& rt_;
  const EncodeOptions& o_;
  std::string out_;
  std::vector<vm::Object*> stack_;
};

bool Encoder::Encode(const Value& v, int level) {
  if (v.is_none()) { out_ += "null"; return true; }
  if (v.is_bool()) { out_ += v.as_bool() ? "true" : "false"; return true; }
  if (v.is_int()) { absl::StrAppend(&out_, v.as_int()); return true; }
  if (v.is_float()) return Float(v.as_float());
  if (rt_.IsInstance(v, rt_.types().str)) {
    AppendEscaped(&out_, v.as<Str>()->view(), o_.ensure_ascii);
    return true;
  }
  if (rt_.IsInstance(v, rt_.types().list)) {
    std::vector<Value> items = v.as<List>()->items;  // a copy: default() may mutate it
    return EncodeArray(v, items, level);
  }
  if (rt_.IsInstance(v, rt_.types().tuple)) return EncodeArray(v, v.as<Tuple>()->items, level);
  if (rt_.IsInstance(v, rt_.types().dict)) return EncodeObject(v, level);
  if (o_.default_fn.is_none()) {
    rt_.Raise(rt_.exc().type_error, absl::StrCat("Object of type ", rt_.TypeOf(v)->name(),
                                                 " is not JSON serializable"));
    return false;
  }
  if (!Enter(v)) return false;
  Value r = Call(rt_, o_.default_fn, {v});
  if (r.is_raised()) return false;
  bool ok = Encode(r, level);
  Leave();
  return ok;
}

bool Encoder::EncodeArray(const Value& v, const std::vector<Value>& items, int level) {
  if (items.empty()) {
    out_ += "[]";
    return true;
  }
  if (!Enter(v)) return false;
  out_.push_back('[');
  if (o_.has_indent) Newline(level + 1);
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) {
      out_ += o_.item_sep;
      if (o_.has_indent) Newline(level + 1);
    }
    if (!Encode(items[i], level + 1)) return false;
  }
  if (o_.has_indent) Newline(level);
  out_.push_back(']');
  Leave();
  return true;
}

bool Encoder::Key(const Value& k, std::string* out, bool* skip) {
  *skip = false;
  if (rt_.IsInstance(k, rt_.types().str)) {
    AppendEscaped(out, k.as<Str>()->view(), o_.ensure_ascii);
    return true;
  }
  std::string text;
  if (k.is_none()) {
    text = "null";
  } else if (k.is_bool()) {
    text = k.as_bool() ? "true" : "false";
  } else if (k.is_int()) {
    text = absl::StrCat(k.as_int());
  } else if (k.is_float()) {
    double d = k.as_float();
    if (std::isnan(d) || std::isinf(d)) {
      if (!o_.allow_nan) {
        rt_.Raise(rt_.exc().value_error, "Out of range float values are not JSON compliant");
        return false;
      }
      text = std::isnan(d) ? "NaN" : d > 0 ? "Infinity" : "-Infinity";
    } else {
      Value r = Repr(rt_, k);
      if (r.is_raised()) return false;
      text = std::string(r.as<Str>()->view());
    }
  } else if (o_.skipkeys) {
    *skip = true;
    return false;
  } else {
    rt_.Raise(rt_.exc().type_error,
              absl::StrCat("keys must be str, int, float, bool or None, not ",
                           rt_.TypeOf(k)->name()));
    return false;
  }
  AppendEscaped(out, text, false);
  return true;
}

bool Encoder::EncodeObject(const Value& v, int level) {
  std::vector<std::pair<Value, Value>> items;
  for (const Dict::Entry& e : v.as<Dict>()->entries()) {
    if (!e.key.is_raised()) items.emplace_back(e.key, e.value);
  }
  if (items.empty()) {
    out_ += "{}";
    return true;
  }
  if (o_.sort_keys) {
    bool failed = false;
    std::stable_sort(items.begin(), items.end(), [&](const auto& a, const auto& b) {
      if (failed) return false;
      int r = CompareBool(rt_, a.first, b.first, CmpOp::kLt);
      if (r < 0) failed = true;
      return r == 1;
    });
    if (failed) return false;
  }
  if (!Enter(v)) return false;
  out_.push_back('{');
  if (o_.has_indent) Newline(level + 1);
  bool first = true;
  for (const auto& [k, val] : items) {
    std::string key;
    bool skip;
    if (!Key(k, &key, &skip)) {
      if (skip) continue;
      return false;
    }
    if (!first) {
      out_ += o_.item_sep;
      if (o_.has_indent) Newline(level + 1);
    }
    first = false;
    out_ += key;
    out_ += o_.key_sep;
    if (!Encode(val, level + 1)) return false;
  }
  if (o_.has_indent) Newline(level);
  out_.push_back('}');
  Leave();
  return true;
}

Value EncodeFn(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 10 || !kw.empty()) {
    return rt.Raise(rt.exc().type_error, "encode() takes 10 arguments");
  }
  EncodeOptions o;
  if (!args[1].is_none()) {
    if (!rt.IsStr(args[1])) return rt.Raise(rt.exc().type_error, "indent must be a str");
    o.has_indent = true;
    o.indent = std::string(args[1].as<Str>()->view());
  }
  if (!rt.IsStr(args[2]) || !rt.IsStr(args[3])) {
    return rt.Raise(rt.exc().type_error, "separators must be strs");
  }
  o.item_sep = std::string(args[2].as<Str>()->view());
  o.key_sep = std::string(args[3].as<Str>()->view());
  o.sort_keys = Truthy(rt, args[4]) == 1;
  o.skipkeys = Truthy(rt, args[5]) == 1;
  o.ensure_ascii = Truthy(rt, args[6]) == 1;
  o.allow_nan = Truthy(rt, args[7]) == 1;
  o.check_circular = Truthy(rt, args[8]) == 1;
  o.default_fn = args[9];
  Encoder e(rt, o);
  if (!e.Encode(args[0], 0)) return Value::Raised();
  return rt.NewStr(std::move(e.out()));
}

}  // namespace

bool InitJsonModule(Interpreter& in, const Value& module) {
  Runtime& rt = in.runtime();
  Dict* d = module.as<Module>()->dict;
  d->SetStr(rt, rt.Intern("decode"), rt.NewBuiltinFunction("decode", &Decode));
  d->SetStr(rt, rt.Intern("encode"), rt.NewBuiltinFunction("encode", &EncodeFn));
  return true;
}

}  // namespace wick::vm
