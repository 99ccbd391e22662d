// JSON parsing (recursive descent over RFC 8259's grammar) and serialization.
#include "report/json.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "absl/strings/str_cat.h"
#include "base/text.h"

namespace wick::report {

double Json::as_double() const {
  if (is_int()) return static_cast<double>(as_int());
  return std::get<double>(value_);
}

const Json* Json::Find(absl::string_view key) const {
  if (!is_object()) return nullptr;
  const Json* found = nullptr;
  for (const auto& [k, v] : as_object()) {
    if (k == key) found = &v;
  }
  return found;
}

void Json::Set(absl::string_view key, Json value) {
  Object& object = std::get<Object>(value_);
  for (auto& [k, v] : object) {
    if (k == key) {
      v = std::move(value);
      return;
    }
  }
  object.emplace_back(std::string(key), std::move(value));
}

namespace {


// value -> object | array | string | number | true | false | null
class Parser {
 public:
  explicit Parser(absl::string_view text) : text_(text) {}

  absl::StatusOr<Json> ParseDocument() {
    Json value;
    if (!ParseValue(&value, 0)) return Error();
    SkipSpace();
    if (pos_ != text_.size()) {
      error_ = "trailing characters";
      return Error();
    }
    return value;
  }

 private:
  static constexpr int kMaxDepth = 512;

  absl::Status Error() const {
    return absl::InvalidArgumentError(absl::StrCat("JSON: ", error_, " at offset ", pos_));
  }
  bool Fail(const char* message) {
    if (error_.empty()) error_ = message;
    return false;
  }
  void SkipSpace() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r')) {
      ++pos_;
    }
  }
  bool Consume(absl::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  bool ParseValue(Json* out, int depth) {
    if (depth > kMaxDepth) return Fail("nesting too deep");
    SkipSpace();
    if (pos_ >= text_.size()) return Fail("unexpected end of input");
    const char c = text_[pos_];
    if (c == '{') return ParseObject(out, depth);
    if (c == '[') return ParseArray(out, depth);
    if (c == '"') {
      std::string s;
      if (!ParseString(&s)) return false;
      *out = Json::String(std::move(s));
      return true;
    }
    if (Consume("true")) {
      *out = Json::Bool(true);
      return true;
    }
    if (Consume("false")) {
      *out = Json::Bool(false);
      return true;
    }
    if (Consume("null")) {
      *out = Json();
      return true;
    }
    if (c == '-' || (c >= '0' && c <= '9')) return ParseNumber(out);
    return Fail("unexpected character");
  }

  // object -> '{' [string ':' value (',' string ':' value)*] '}'
  bool ParseObject(Json* out, int depth) {
    ++pos_;
    Json::Object object;
    SkipSpace();
    if (pos_ < text_.size() && text_[pos_] == '}') {
      ++pos_;
      *out = Json::MakeObject(std::move(object));
      return true;
    }
    while (true) {
      SkipSpace();
      if (pos_ >= text_.size() || text_[pos_] != '"') return Fail("expected a key");
      std::string key;
      if (!ParseString(&key)) return false;
      SkipSpace();
      if (pos_ >= text_.size() || text_[pos_] != ':') return Fail("expected ':'");
      ++pos_;
      Json value;
      if (!ParseValue(&value, depth + 1)) return false;
      object.emplace_back(std::move(key), std::move(value));
      SkipSpace();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == '}') {
        ++pos_;
        *out = Json::MakeObject(std::move(object));
        return true;
      }
      return Fail("expected ',' or '}'");
    }
  }

  // array -> '[' [value (',' value)*] ']'
  bool ParseArray(Json* out, int depth) {
    ++pos_;
    Json::Array array;
    SkipSpace();
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      *out = Json::MakeArray(std::move(array));
      return true;
    }
    while (true) {
      Json value;
      if (!ParseValue(&value, depth + 1)) return false;
      array.push_back(std::move(value));
      SkipSpace();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == ']') {
        ++pos_;
        *out = Json::MakeArray(std::move(array));
        return true;
      }
      return Fail("expected ',' or ']'");
    }
  }

  bool ParseHex4(uint32_t* out) {
    if (pos_ + 4 > text_.size()) return Fail("short \\u escape");
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      const char h = text_[pos_ + i];
      v <<= 4;
      if (h >= '0' && h <= '9') v |= h - '0';
      else if (h >= 'a' && h <= 'f') v |= h - 'a' + 10;
      else if (h >= 'A' && h <= 'F') v |= h - 'A' + 10;
      else return Fail("bad \\u escape");
    }
    pos_ += 4;
    *out = v;
    return true;
  }

  // string -> '"' (char | escape)* '"'; \uD800-\uDBFF pairs with a low surrogate.
  bool ParseString(std::string* out) {
    ++pos_;
    while (true) {
      if (pos_ >= text_.size()) return Fail("unterminated string");
      const char c = text_[pos_++];
      if (c == '"') return true;
      if (static_cast<unsigned char>(c) < 0x20) return Fail("control character in string");
      if (c != '\\') {
        out->push_back(c);
        continue;
      }
      if (pos_ >= text_.size()) return Fail("unterminated escape");
      const char e = text_[pos_++];
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
          uint32_t cp;
          if (!ParseHex4(&cp)) return false;
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            uint32_t low;
            if (!Consume("\\u") || !ParseHex4(&low) || low < 0xDC00 || low > 0xDFFF) {
              return Fail("unpaired surrogate");
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return Fail("unpaired surrogate");
          }
          base::AppendUtf8(cp, out);
          break;
        }
        default:
          return Fail("bad escape");
      }
    }
  }

  // number -> '-'? int frac? exp?
  bool ParseNumber(Json* out) {
    const size_t start = pos_;
    bool integral = true;
    if (text_[pos_] == '-') ++pos_;
    auto digits = [&] {
      const size_t from = pos_;
      while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
      return pos_ - from;
    };
    const size_t int_start = pos_;
    const size_t int_digits = digits();
    if (int_digits == 0) return Fail("bad number");
    if (int_digits > 1 && text_[int_start] == '0') return Fail("leading zero");
    if (pos_ < text_.size() && text_[pos_] == '.') {
      ++pos_;
      integral = false;
      if (digits() == 0) return Fail("bad fraction");
    }
    if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
      ++pos_;
      integral = false;
      if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-')) ++pos_;
      if (digits() == 0) return Fail("bad exponent");
    }
    const char* first = text_.data() + start;
    const char* last = text_.data() + pos_;
    if (integral) {
      int64_t i;
      auto [ptr, ec] = std::from_chars(first, last, i);
      if (ec == std::errc() && ptr == last) {
        *out = Json::Int(i);
        return true;
      }
    }
    double d;
    auto [ptr, ec] = std::from_chars(first, last, d);
    if (ptr != last || !std::isfinite(d)) return Fail("number out of range");
    *out = Json::Double(d);
    return true;
  }

  absl::string_view text_;
  size_t pos_ = 0;
  std::string error_;
};


}  // namespace

void Json::DumpTo(std::string* out, int indent, int depth) const {
  auto newline = [&](int d) {
    if (indent == 0) return;
    out->push_back('\n');
    out->append(static_cast<size_t>(indent * d), ' ');
  };
  switch (type()) {
    case Type::kNull: out->append("null"); break;
    case Type::kBool: out->append(as_bool() ? "true" : "false"); break;
    case Type::kInt: out->append(std::to_string(as_int())); break;
    case Type::kDouble: out->append(base::JsonFloat(as_double())); break;
    case Type::kString: out->append(base::JsonQuote(as_string(), /*ascii=*/false)); break;
    case Type::kArray: {
      const Array& a = as_array();
      out->push_back('[');
      for (size_t i = 0; i < a.size(); ++i) {
        if (i > 0) out->append(indent ? "," : ", ");
        newline(depth + 1);
        a[i].DumpTo(out, indent, depth + 1);
      }
      if (!a.empty()) newline(depth);
      out->push_back(']');
      break;
    }
    case Type::kObject: {
      const Object& o = as_object();
      out->push_back('{');
      for (size_t i = 0; i < o.size(); ++i) {
        if (i > 0) out->append(indent ? "," : ", ");
        newline(depth + 1);
        out->append(base::JsonQuote(o[i].first, /*ascii=*/false));
        out->append(": ");
        o[i].second.DumpTo(out, indent, depth + 1);
      }
      if (!o.empty()) newline(depth);
      out->push_back('}');
      break;
    }
  }
}

std::string Json::Dump() const {
  std::string out;
  DumpTo(&out, 0, 0);
  return out;
}

std::string Json::DumpPretty() const {
  std::string out;
  DumpTo(&out, 2, 0);
  return out;
}

absl::StatusOr<Json> ParseJson(absl::string_view text) { return Parser(text).ParseDocument(); }

}  // namespace wick::report
