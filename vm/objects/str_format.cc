// String formatting: printf-style `fmt % args` and `fmt.format(*args, **kwargs)`.
// Both translate each field into a format-spec and reuse format_spec.cc, so numbers
// print identically however they are formatted.
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"

namespace wick::vm::internal {
namespace {

// One `%` conversion of a number or string with printf flags.
Value PercentOne(Runtime& rt, char conv, const std::string& flags, int64_t width,
                 int64_t precision, const Value& arg) {
  bool left = flags.find('-') != std::string::npos;
  bool zero = flags.find('0') != std::string::npos && !left;
  std::string spec;
  std::string sign;
  if (flags.find('+') != std::string::npos) sign = "+";
  else if (flags.find(' ') != std::string::npos) sign = " ";
  bool alt = flags.find('#') != std::string::npos;
  auto numeric_spec = [&](char type) {
    std::string s = left ? "<" : (zero ? "0=" : ">");
    s += sign;
    if (alt) s += "#";
    if (width >= 0) absl::StrAppend(&s, width);
    if (precision >= 0 && type != 'd' && type != 'x' && type != 'X' && type != 'o') {
      absl::StrAppend(&s, ".", precision);
    }
    s.push_back(type);
    return s;
  };
  switch (conv) {
    case 's':
    case 'r':
    case 'a': {
      Value text = conv == 's' ? ToStr(rt, arg) : Repr(rt, arg);
      if (text.is_raised()) return text;
      std::string s = left ? "<" : ">";
      if (width >= 0) absl::StrAppend(&s, width);
      if (precision >= 0) absl::StrAppend(&s, ".", precision);
      return FormatStr(rt, StrView(text), s);
    }
    case 'd':
    case 'i':
    case 'u': {
      Value n = arg;
      if (arg.is_float()) {
        n = IntFromValue(rt, arg, 10, false);
        if (n.is_raised()) return n;
      } else if (!arg.is_int_like()) {
        int64_t idx;
        if (!AsIndex(rt, arg, &idx,
                     absl::StrCat("%", std::string(1, conv),
                                  " format: a real number is required, not ",
                                  rt.TypeOf(arg)->name()))) {
          return Value::Raised();
        }
        n = Value::Int(idx);
      }
      return FormatInt(rt, n.as_int(), numeric_spec('d'));
    }
    case 'x':
    case 'X':
    case 'o': {
      int64_t idx;
      if (!AsIndex(rt, arg, &idx,
                   absl::StrCat("%", std::string(1, conv), " format: an integer is required, not ",
                                rt.TypeOf(arg)->name()))) {
        return Value::Raised();
      }
      return FormatInt(rt, idx, numeric_spec(conv));
    }
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G': {
      Value f = arg;
      if (!arg.is_float()) {
        if (!arg.is_int_like() && rt.TypeOf(arg)->Lookup("__float__") == nullptr &&
            rt.TypeOf(arg)->Lookup("__index__") == nullptr) {
          return RaiseTypeName(rt, "must be real number, not ", arg, "");
        }
        f = FloatFromValue(rt, arg);
        if (f.is_raised()) return f;
      }
      if (precision < 0) precision = 6;
      return FormatFloat(rt, f.as_float(), numeric_spec(conv));
    }
    case 'c': {
      if (rt.IsInstance(arg, rt.types().str)) {
        if (StrView(arg).size() != 1) {
          return rt.Raise(rt.exc().type_error, "%c requires int or char");
        }
        return FormatStr(rt, StrView(arg), absl::StrCat(left ? "<" : ">", width >= 0 ? width : 0));
      }
      if (!arg.is_int_like()) return rt.Raise(rt.exc().type_error, "%c requires int or char");
      return FormatInt(rt, arg.as_int(), absl::StrCat(left ? "<" : ">", width >= 0 ? width : 0, "c"));
    }
    default: return Value::Raised();
  }
}

}  // namespace

Value StrPercentFormat(Runtime& rt, absl::string_view fmt, const Value& args) {
  std::vector<Value> items;
  bool is_tuple = rt.IsTuple(args);
  if (is_tuple) items = TupleItems(args);
  else items.push_back(args);
  bool mapping = !is_tuple && rt.IsDict(args);
  size_t next = 0;
  bool used_mapping = false;
  std::string out;
  auto next_arg = [&](Value* v) {
    if (next >= items.size()) {
      rt.Raise(rt.exc().type_error, "not enough arguments for format string");
      return false;
    }
    *v = items[next++];
    return true;
  };
  for (size_t i = 0; i < fmt.size(); ++i) {
    char c = fmt[i];
    if (c != '%') {
      out.push_back(c);
      continue;
    }
    size_t start = i;
    if (++i >= fmt.size()) return rt.Raise(rt.exc().value_error, "incomplete format");
    Value arg;
    bool have_arg = false;
    if (fmt[i] == '(') {
      if (!mapping) return rt.Raise(rt.exc().type_error, "format requires a mapping");
      size_t close = fmt.find(')', i);
      if (close == absl::string_view::npos) {
        return rt.Raise(rt.exc().value_error, "incomplete format key");
      }
      Value key = rt.NewStr(fmt.substr(i + 1, close - i - 1));
      Value r = GetItem(rt, args, key);
      if (r.is_raised()) return r;
      arg = std::move(r);
      have_arg = used_mapping = true;
      i = close + 1;
    }
    std::string flags;
    while (i < fmt.size() && absl::string_view("-+ #0").find(fmt[i]) != absl::string_view::npos) {
      flags.push_back(fmt[i++]);
    }
    auto read_num = [&](int64_t* out_num, const char* what) {
      if (i < fmt.size() && fmt[i] == '*') {
        ++i;
        Value n;
        if (!next_arg(&n)) return false;
        if (!n.is_int_like()) {
          rt.Raise(rt.exc().type_error, "* wants int");
          return false;
        }
        *out_num = n.as_int();
        return true;
      }
      if (i < fmt.size() && absl::ascii_isdigit(fmt[i])) {
        *out_num = 0;
        while (i < fmt.size() && absl::ascii_isdigit(fmt[i])) {
          *out_num = *out_num * 10 + (fmt[i++] - '0');
          if (*out_num > INT32_MAX) {  // CPython reads these into a C int
            rt.Raise(rt.exc().value_error, absl::StrCat(what, " too big"));
            return false;
          }
        }
      }
      return true;
    };
    int64_t width = -1, precision = -1;
    if (!read_num(&width, "width")) return Value::Raised();
    if (width < -1) {
      flags.push_back('-');
      width = -width;
    }
    if (i < fmt.size() && fmt[i] == '.') {
      ++i;
      precision = 0;
      if (!read_num(&precision, "precision")) return Value::Raised();
    }
    while (i < fmt.size() && (fmt[i] == 'l' || fmt[i] == 'h' || fmt[i] == 'L')) ++i;
    if (i >= fmt.size()) return rt.Raise(rt.exc().value_error, "incomplete format");
    char conv = fmt[i];
    if (conv == '%') {
      out.push_back('%');
      continue;
    }
    if (absl::string_view("sradiuxXoeEfFgGc").find(conv) == absl::string_view::npos) {
      return rt.Raise(rt.exc().value_error,
                      absl::StrFormat("unsupported format character '%c' (0x%x) at index %d",
                                      conv, static_cast<unsigned char>(conv), i));
    }
    (void)start;
    if (!have_arg && !next_arg(&arg)) return Value::Raised();
    Value piece = PercentOne(rt, conv, flags, width, precision, arg);
    if (piece.is_raised()) return piece;
    absl::StrAppend(&out, StrView(piece));
  }
  if (next < items.size() && !mapping && !used_mapping) {
    return rt.Raise(rt.exc().type_error, "not all arguments converted during string formatting");
  }
  return rt.NewStr(std::move(out));
}

namespace {

// A field number of str.format ("{12}", "{0[3]}"): ValueError past the largest index,
// as CPython says it.
bool ParseFieldNumber(Runtime& rt, absl::string_view digits, int64_t* out) {
  int64_t n = 0;
  for (char c : digits) {
    if (n > (INT64_MAX - (c - '0')) / 10) {
      rt.Raise(rt.exc().value_error, "Too many decimal digits in format string");
      return false;
    }
    n = n * 10 + (c - '0');
  }
  *out = n;
  return true;
}

// Resolves a str.format field name ("0", "name", "0.attr", "x[1]") to its value.
Value ResolveField(Runtime& rt, absl::string_view name, Args pos, const KwArgs& kw,
                   int* auto_index, bool* manual) {
  size_t end = name.find_first_of(".[");
  absl::string_view head = name.substr(0, end);
  Value v;
  if (head.empty()) {
    if (*manual) {
      return rt.Raise(rt.exc().value_error,
                      "cannot switch from manual field specification to automatic field numbering");
    }
    int i = (*auto_index)++;
    if (i >= static_cast<int>(pos.size())) {
      return rt.Raise(rt.exc().index_error,
                      absl::StrCat("Replacement index ", i, " out of range for positional args tuple"));
    }
    v = pos[i];
  } else if (std::all_of(head.begin(), head.end(), absl::ascii_isdigit)) {
    if (*auto_index > 0) {
      return rt.Raise(rt.exc().value_error,
                      "cannot switch from automatic field numbering to manual field specification");
    }
    *manual = true;
    int64_t i = 0;
    if (!ParseFieldNumber(rt, head, &i)) return Value::Raised();
    if (i >= static_cast<int64_t>(pos.size())) {
      return rt.Raise(rt.exc().index_error,
                      absl::StrCat("Replacement index ", i, " out of range for positional args tuple"));
    }
    v = pos[i];
  } else {
    const Value* found = kw.Find(head);
    if (found == nullptr) return rt.RaiseKeyError(rt.NewStr(head));
    v = *found;
  }
  while (end != absl::string_view::npos && end < name.size()) {
    if (name[end] == '.') {
      size_t next = name.find_first_of(".[", end + 1);
      absl::string_view attr = name.substr(end + 1, next == absl::string_view::npos
                                                        ? absl::string_view::npos
                                                        : next - end - 1);
      v = GetAttr(rt, v, attr);
      end = next;
    } else {
      size_t close = name.find(']', end);
      if (close == absl::string_view::npos) {
        return rt.Raise(rt.exc().value_error, "Missing ']' in format string");
      }
      absl::string_view key = name.substr(end + 1, close - end - 1);
      Value k;
      if (!key.empty() && std::all_of(key.begin(), key.end(), absl::ascii_isdigit)) {
        int64_t index = 0;
        if (!ParseFieldNumber(rt, key, &index)) return Value::Raised();
        k = Value::Int(index);
      } else {
        k = rt.NewStr(key);
      }
      v = GetItem(rt, v, k);
      end = close + 1;
    }
    if (v.is_raised()) return v;
  }
  return v;
}

// Expands one format string (the template or a nested spec) into `out`.
bool FormatInto(Runtime& rt, absl::string_view fmt, Args pos, const KwArgs& kw, int* auto_index,
                bool* manual, int depth, std::string* out) {
  if (depth > 2) {
    rt.Raise(rt.exc().value_error, "Max string recursion exceeded");
    return false;
  }
  for (size_t i = 0; i < fmt.size(); ++i) {
    char c = fmt[i];
    if (c == '}') {
      if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
        out->push_back('}');
        ++i;
        continue;
      }
      rt.Raise(rt.exc().value_error, "Single '}' encountered in format string");
      return false;
    }
    if (c != '{') {
      out->push_back(c);
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
      out->push_back('{');
      ++i;
      continue;
    }
    // Find the matching close brace, allowing nested {} in the spec.
    size_t j = i + 1;
    int level = 1;
    while (j < fmt.size()) {
      if (fmt[j] == '{') ++level;
      else if (fmt[j] == '}' && --level == 0) break;
      ++j;
    }
    if (j >= fmt.size()) {
      rt.Raise(rt.exc().value_error, "expected '}' before end of string");
      return false;
    }
    absl::string_view field = fmt.substr(i + 1, j - i - 1);
    i = j;
    size_t colon = std::string::npos, bang = std::string::npos;
    for (size_t k = 0; k < field.size(); ++k) {
      if (field[k] == '[') {
        while (k < field.size() && field[k] != ']') ++k;
        continue;
      }
      if (field[k] == '!' && bang == std::string::npos && colon == std::string::npos) bang = k;
      if (field[k] == ':') {
        colon = k;
        break;
      }
    }
    absl::string_view name = field.substr(0, std::min(bang, colon));
    char conv = 0;
    if (bang != std::string::npos) {
      size_t conv_end = colon == std::string::npos ? field.size() : colon;
      if (conv_end != bang + 2) {
        rt.Raise(rt.exc().value_error, "expected ':' after conversion specifier");
        return false;
      }
      conv = field[bang + 1];
      if (conv != 'r' && conv != 's' && conv != 'a') {
        rt.Raise(rt.exc().value_error,
                 absl::StrCat("Unknown conversion specifier ", std::string(1, conv)));
        return false;
      }
    }
    // The field's own value is numbered before any nested fields in its spec.
    Value v = ResolveField(rt, name, pos, kw, auto_index, manual);
    if (v.is_raised()) return false;
    std::string spec;
    if (colon != std::string::npos &&
        !FormatInto(rt, field.substr(colon + 1), pos, kw, auto_index, manual, depth + 1, &spec)) {
      return false;
    }
    if (conv == 's') v = ToStr(rt, v);
    else if (conv == 'r' || conv == 'a') v = Repr(rt, v);
    if (v.is_raised()) return false;
    Value r = Format(rt, v, spec);
    if (r.is_raised()) return false;
    absl::StrAppend(out, StrView(r));
  }
  return true;
}

}  // namespace

Value StrFormatMethod(Runtime& rt, Args args, const KwArgs& kwargs) {
  std::string out;
  int auto_index = 0;
  bool manual = false;
  if (!FormatInto(rt, StrView(args[0]), args.subspan(1), kwargs, &auto_index, &manual, 0, &out)) {
    return Value::Raised();
  }
  return rt.NewStr(std::move(out));
}

}  // namespace wick::vm::internal
