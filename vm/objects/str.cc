// The str type's slots: repr with Python's quote choice and escapes, hashing,
// comparison, concatenation and repetition, `%` formatting, indexing and slicing
// (by code point; ASCII strings take the byte path), containment, iteration, str(x).
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/unicode.h"
#include "vm/protocol.h"

namespace wick::vm {

int64_t Str::ComputeHash(absl::string_view s) {
  // FNV-1a, 64-bit. CPython randomises str hashes per process, so no program can
  // depend on the exact values; -1 is reserved for "not computed".
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  int64_t r = static_cast<int64_t>(h);
  return r == -1 ? -2 : r;
}

int8_t Str::ComputeIsAscii(absl::string_view s) { return internal::IsAsciiText(s) ? 1 : 0; }
int64_t Str::CodePointLength(absl::string_view s) { return internal::CountCodePoints(s); }

namespace internal {

std::string StrRepr(absl::string_view s) {
  bool has_single = s.find('\'') != absl::string_view::npos;
  bool has_double = s.find('"') != absl::string_view::npos;
  char quote = has_single && !has_double ? '"' : '\'';
  std::string out(1, quote);
  for (size_t i = 0; i < s.size();) {
    char32_t c = DecodeUtf8At(s, &i);
    if (c == static_cast<unsigned char>(quote) || c == '\\') {
      out.push_back('\\');
      out.push_back(static_cast<char>(c));
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (IsPrintableChar(c)) {
      AppendUtf8(&out, c);
    } else if (c < 0x100) {
      absl::StrAppendFormat(&out, "\\x%02x", static_cast<unsigned>(c));
    } else if (c < 0x10000) {
      absl::StrAppendFormat(&out, "\\u%04x", static_cast<unsigned>(c));
    } else {
      absl::StrAppendFormat(&out, "\\U%08x", static_cast<unsigned>(c));
    }
  }
  out.push_back(quote);
  return out;
}

namespace {

bool IsStrLike(Runtime& rt, const Value& v) { return rt.IsInstance(v, rt.types().str); }

Value StrReprSlot(Runtime& rt, const Value& v) { return rt.NewStr(StrRepr(StrView(v))); }
Value StrStrSlot(Runtime& rt, const Value& v) {
  if (rt.IsStr(v)) return v;
  return rt.NewStr(StrView(v));
}

bool StrHashSlot(Runtime&, const Value& v, int64_t* out) {
  *out = v.as<Str>()->Hash();
  return true;
}

Value StrCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if (!IsStrLike(rt, a) || !IsStrLike(rt, b)) return rt.NotImplemented();
  int c = StrView(a).compare(StrView(b));
  switch (op) {
    case CmpOp::kLt: return Value::Bool(c < 0);
    case CmpOp::kLe: return Value::Bool(c <= 0);
    case CmpOp::kEq: return Value::Bool(c == 0);
    case CmpOp::kNe: return Value::Bool(c != 0);
    case CmpOp::kGt: return Value::Bool(c > 0);
    case CmpOp::kGe: return Value::Bool(c >= 0);
  }
  return rt.NotImplemented();
}

Value StrAdd(Runtime& rt, const Value& a, const Value& b) {
  if (!IsStrLike(rt, a) || !IsStrLike(rt, b)) return rt.NotImplemented();
  return rt.NewStr(absl::StrCat(StrView(a), StrView(b)));
}

Value StrMul(Runtime& rt, const Value& a, const Value& b) {
  const Value& s = IsStrLike(rt, a) ? a : b;
  const Value& n = IsStrLike(rt, a) ? b : a;
  if (!IsStrLike(rt, s) || !n.is_int_like()) return rt.NotImplemented();
  int64_t count = n.as_int();
  absl::string_view text = StrView(s);
  if (count <= 0 || text.empty()) return rt.empty_str();
  // CPython: a length past PY_SSIZE_T_MAX is an OverflowError, a length malloc refuses
  // a MemoryError (bad_alloc, raised by the caller's BinaryOp).
  if (count > INT64_MAX / static_cast<int64_t>(text.size())) {
    return rt.Raise(rt.exc().overflow_error, "repeated string is too long");
  }
  std::string out;
  out.reserve(text.size() * count);
  for (int64_t i = 0; i < count; ++i) absl::StrAppend(&out, text);
  return rt.NewStr(std::move(out));
}

Value StrMod(Runtime& rt, const Value& a, const Value& b) {
  if (!IsStrLike(rt, a)) return rt.NotImplemented();
  return StrPercentFormat(rt, StrView(a), b);
}

int64_t StrLen(Runtime&, const Value& v) { return v.as<Str>()->length(); }

// s[key] for text with non-ASCII characters: index the decoded code points.
Value NonAsciiGetItem(Runtime& rt, absl::string_view s, const Value& key, int64_t i,
                      bool is_slice) {
  std::u32string text = DecodeUtf8(s);
  int64_t n = static_cast<int64_t>(text.size());
  if (!is_slice) {
    if (!NormalizeIndex(&i, n)) return rt.Raise(rt.exc().index_error, "string index out of range");
    std::string out;
    AppendUtf8(&out, text[i]);
    return rt.NewStr(std::move(out));
  }
  int64_t start, stop, step, count;
  if (!SliceIndices(rt, *key.as<Slice>(), n, &start, &stop, &step, &count)) {
    return Value::Raised();
  }
  std::string out;
  for (int64_t k = 0, j = start; k < count; ++k, j += step) AppendUtf8(&out, text[j]);
  return rt.NewStr(std::move(out));
}

Value StrGetItem(Runtime& rt, const Value& v, const Value& key) {
  absl::string_view s = StrView(v);
  int64_t n = static_cast<int64_t>(s.size());
  bool is_slice = key.is_object() && key.object()->type() == rt.types().slice;
  if (!v.as<Str>()->is_ascii() && is_slice) return NonAsciiGetItem(rt, s, key, 0, true);
  if (is_slice) {
    int64_t start, stop, step, count;
    if (!SliceIndices(rt, *key.as<Slice>(), n, &start, &stop, &step, &count)) {
      return Value::Raised();
    }
    if (step == 1) return rt.NewStr(s.substr(start, count));
    std::string out;
    out.reserve(count);
    for (int64_t i = 0, j = start; i < count; ++i, j += step) out.push_back(s[j]);
    return rt.NewStr(std::move(out));
  }
  int64_t i;
  if (!AsIndex(rt, key, &i,
               absl::StrCat("string indices must be integers, not '",
                            rt.TypeOf(key)->name(), "'"))) {
    return Value::Raised();
  }
  if (!v.as<Str>()->is_ascii()) return NonAsciiGetItem(rt, s, key, i, false);
  if (!NormalizeIndex(&i, n)) return rt.Raise(rt.exc().index_error, "string index out of range");
  return rt.NewStr(s.substr(i, 1));
}

int StrContains(Runtime& rt, const Value& v, const Value& key) {
  if (!IsStrLike(rt, key)) {
    RaiseTypeName(rt, "'in <string>' requires string as left operand, not ", key, "");
    return -1;
  }
  return StrView(v).find(StrView(key)) != absl::string_view::npos;
}

Value StrIter(Runtime& rt, const Value& v) { return NewSeqIterator(rt, v); }

Value StrConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  Value x[1];
  if (!UnpackArgs(rt, "str", args, kw, {"object"}, 0, x)) return Value::Raised();
  if (x[0].is_raised()) return rt.empty_str();
  return ToStr(rt, x[0]);
}

Value StrFormatSlot(Runtime& rt, const Value& v, absl::string_view spec) {
  return FormatStr(rt, StrView(v), spec);
}

}  // namespace

void InitStrType(Runtime& rt) {
  TypeSlots& s = rt.types().str->slots();
  s.repr = &StrReprSlot;
  s.str = &StrStrSlot;
  s.hash = &StrHashSlot;
  s.compare = &StrCompare;
  s.binary[static_cast<int>(BinOp::kAdd)] = &StrAdd;
  s.binary[static_cast<int>(BinOp::kMul)] = &StrMul;
  s.binary[static_cast<int>(BinOp::kMod)] = &StrMod;
  s.len = &StrLen;
  s.getitem = &StrGetItem;
  s.contains = &StrContains;
  s.iter = &StrIter;
  s.construct = &StrConstruct;
  s.format = &StrFormatSlot;
}

}  // namespace internal
}  // namespace wick::vm
