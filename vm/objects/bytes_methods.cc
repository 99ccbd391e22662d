// Methods of bytes and bytearray (decode, hex/fromhex, find and friends, join, split,
// strip, replace; bytearray's append/extend/pop/clear/copy), str.encode, and the
// utf-8 / latin-1 / ascii codecs with CPython's error texts.
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/objects/bytes.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/objects.h"
#include "vm/objects/unicode.h"
#include "vm/protocol.h"

namespace wick::vm {
namespace internal {
namespace {

// "utf-8", "latin-1" or "ascii" for the spellings Python's codec registry accepts for
// them; empty for anything else.
std::string CodecName(absl::string_view encoding) {
  std::string e = absl::AsciiStrToLower(encoding);
  for (char& c : e) {
    if (c == '_' || c == ' ') c = '-';
  }
  if (e == "utf-8" || e == "utf8" || e == "u8") return "utf-8";
  if (e == "latin-1" || e == "latin1" || e == "iso-8859-1" || e == "iso8859-1" || e == "l1" ||
      e == "8859" || e == "cp819" || e == "latin") {
    return "latin-1";
  }
  if (e == "ascii" || e == "us-ascii" || e == "646") return "ascii";
  return "";
}

bool CheckErrors(Runtime& rt, absl::string_view errors) {
  if (errors == "strict" || errors == "ignore" || errors == "replace") return true;
  rt.Raise(rt.exc().lookup_error, absl::StrCat("unknown error handler name '", errors, "'"));
  return false;
}

// How CPython's messages show a character: '\xe9', '\u20ac', '\U0001f600'.
std::string EscapedChar(char32_t c) {
  if (c < 0x100) return absl::StrFormat("\\x%02x", static_cast<unsigned>(c));
  if (c < 0x10000) return absl::StrFormat("\\u%04x", static_cast<unsigned>(c));
  return absl::StrFormat("\\U%08x", static_cast<unsigned>(c));
}

// Length of the valid UTF-8 sequence at s[i], or 0 with *why set (CPython's reasons).
size_t Utf8SeqLen(absl::string_view s, size_t i, const char** why, size_t* bad_end) {
  unsigned char c = s[i];
  *bad_end = i + 1;
  if (c < 0x80) return 1;
  size_t n;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    *why = "invalid start byte";
    return 0;
  }
  for (size_t k = 1; k < n; ++k) {
    if (i + k >= s.size()) {
      *why = "unexpected end of data";
      *bad_end = s.size();
      return 0;
    }
    unsigned char d = s[i + k];
    if (d < (k == 1 ? lo : 0x80) || d > (k == 1 ? hi : 0xBF)) {
      *why = "invalid continuation byte";
      *bad_end = i + k;
      return 0;
    }
  }
  return n;
}

}  // namespace

bool EncodeText(Runtime& rt, absl::string_view text, absl::string_view encoding,
                absl::string_view errors, std::string* out) {
  std::string codec = CodecName(encoding);
  if (codec.empty()) {
    rt.Raise(rt.exc().lookup_error, absl::StrCat("unknown encoding: ", encoding));
    return false;
  }
  if (!CheckErrors(rt, errors)) return false;
  if (codec == "utf-8") {
    out->assign(text.data(), text.size());
    return true;
  }
  char32_t limit = codec == "ascii" ? 0x80 : 0x100;
  out->clear();
  size_t pos = 0;
  for (size_t i = 0; i < text.size(); ++pos) {
    char32_t c = DecodeUtf8At(text, &i);
    if (c < limit) {
      out->push_back(static_cast<char>(c));
    } else if (errors == "replace") {
      out->push_back('?');
    } else if (errors == "strict") {
      rt.Raise(rt.exc().unicode_encode_error,
               absl::StrCat("'", codec, "' codec can't encode character '", EscapedChar(c),
                            "' in position ", pos, ": ordinal not in range(",
                            limit == 0x80 ? "128" : "256", ")"));
      return false;
    }
  }
  return true;
}

bool DecodeBytes(Runtime& rt, absl::string_view data, absl::string_view encoding,
                 absl::string_view errors, std::string* out) {
  std::string codec = CodecName(encoding);
  if (codec.empty()) {
    rt.Raise(rt.exc().lookup_error, absl::StrCat("unknown encoding: ", encoding));
    return false;
  }
  if (!CheckErrors(rt, errors)) return false;
  out->clear();
  for (size_t i = 0; i < data.size();) {
    unsigned char c = data[i];
    if (codec == "latin-1") {
      AppendUtf8(out, c);
      ++i;
      continue;
    }
    const char* why = "ordinal not in range(128)";
    size_t bad_end = i + 1;
    size_t n = c < 0x80 ? 1 : codec == "ascii" ? 0 : Utf8SeqLen(data, i, &why, &bad_end);
    if (n > 0) {
      out->append(data.data() + i, n);
      i += n;
      continue;
    }
    if (errors == "strict") {
      std::string where = bad_end - i > 1
                              ? absl::StrCat("bytes in position ", i, "-", bad_end - 1)
                              : absl::StrFormat("byte 0x%02x in position %d", c, i);
      rt.Raise(rt.exc().unicode_decode_error,
               absl::StrCat("'", codec, "' codec can't decode ", where, ": ", why));
      return false;
    }
    if (errors == "replace") AppendUtf8(out, 0xFFFD);
    i = bad_end;
  }
  return true;
}

namespace {

absl::string_view Data(const Value& v) { return v.as<Bytes>()->view(); }
bool IsByteArray(Runtime& rt, const Value& v) { return rt.TypeOf(v) == rt.types().bytearray; }
Value Like(Runtime& rt, const Value& v, std::string s) {
  return IsByteArray(rt, v) ? NewByteArray(rt, std::move(s)) : NewBytes(rt, std::move(s));
}

// A bytes-like argument (or an int byte when `allow_int`): false after raising.
bool SubArg(Runtime& rt, const Value& v, bool allow_int, std::string* out) {
  absl::string_view s;
  if (AsBytesLike(rt, v, &s)) {
    out->assign(s.data(), s.size());
    return true;
  }
  if (allow_int && v.is_int_like()) {
    if (v.as_int() < 0 || v.as_int() > 255) {
      rt.Raise(rt.exc().value_error, "byte must be in range(0, 256)");
      return false;
    }
    *out = std::string(1, static_cast<char>(v.as_int()));
    return true;
  }
  RaiseTypeName(rt, allow_int ? "argument should be integer or bytes-like object, not '"
                              : "a bytes-like object is required, not '",
                v, "'");
  return false;
}

// Clamps optional start/end arguments (None or int) as slice indices of length n.
bool Bounds(Runtime& rt, Args args, size_t first, int64_t n, int64_t* start, int64_t* end) {
  *start = 0;
  *end = n;
  for (size_t k = 0; k < 2; ++k) {
    if (args.size() <= first + k || args[first + k].is_none()) continue;
    int64_t v;
    if (!AsIndex(rt, args[first + k], &v,
                 "slice indices must be integers or None or have an __index__ method")) {
      return false;
    }
    if (v < 0) v = std::max<int64_t>(v + n, 0);
    v = std::min(v, n);
    (k == 0 ? *start : *end) = v;
  }
  return true;
}

Value Decode(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[2];
  if (!UnpackArgs(rt, "decode", args.subspan(1), kw, {"encoding", "errors"}, 0, a)) {
    return Value::Raised();
  }
  for (const Value& v : a) {
    if (!v.is_raised() && !rt.IsStr(v)) {
      return RaiseTypeName(rt, "decode() argument 'encoding' must be str, not ", v, "");
    }
  }
  std::string out;
  if (!DecodeBytes(rt, Data(args[0]), a[0].is_raised() ? "utf-8" : StrView(a[0]),
                   a[1].is_raised() ? "strict" : StrView(a[1]), &out)) {
    return Value::Raised();
  }
  return rt.NewStr(std::move(out));
}

Value StrEncode(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[2];
  if (!UnpackArgs(rt, "encode", args.subspan(1), kw, {"encoding", "errors"}, 0, a)) {
    return Value::Raised();
  }
  for (const Value& v : a) {
    if (!v.is_raised() && !rt.IsStr(v)) {
      return RaiseTypeName(rt, "encode() argument 'encoding' must be str, not ", v, "");
    }
  }
  std::string out;
  if (!EncodeText(rt, StrView(args[0]), a[0].is_raised() ? "utf-8" : StrView(a[0]),
                  a[1].is_raised() ? "strict" : StrView(a[1]), &out)) {
    return Value::Raised();
  }
  return NewBytes(rt, std::move(out));
}

Value Hex(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[2];
  if (!UnpackArgs(rt, "hex", args.subspan(1), kw, {"sep", "bytes_per_sep"}, 0, a)) {
    return Value::Raised();
  }
  absl::string_view s = Data(args[0]);
  std::string sep;
  if (!a[0].is_raised()) {
    absl::string_view sv;
    if (rt.IsStr(a[0])) {
      sv = StrView(a[0]);
    } else if (!AsBytesLike(rt, a[0], &sv)) {
      return rt.Raise(rt.exc().type_error, "sep must be str or bytes.");
    }
    if (sv.size() != 1) return rt.Raise(rt.exc().value_error, "sep must be length 1.");
    sep = std::string(sv);
  }
  int64_t per = a[1].is_raised() ? 1 : a[1].as_int();
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  int64_t n = static_cast<int64_t>(s.size());
  int64_t group = per < 0 ? -per : per;
  for (int64_t i = 0; i < n; ++i) {
    if (!sep.empty() && i > 0 && group > 0) {
      // Groups count from the right for a positive bytes_per_sep, from the left else.
      bool boundary = per > 0 ? (n - i) % group == 0 : i % group == 0;
      if (boundary) out += sep;
    }
    unsigned char c = s[i];
    out.push_back(kHex[c >> 4]);
    out.push_back(kHex[c & 15]);
  }
  return rt.NewStr(std::move(out));
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// bytes.fromhex(string) / bytearray.fromhex(string): args[0] is the class.
Value FromHex(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "fromhex", kw) || !CheckArgCount(rt, "fromhex", args.subspan(1), 1, 1)) {
    return Value::Raised();
  }
  if (!rt.IsStr(args[1])) return RaiseTypeName(rt, "fromhex() argument must be str, not ", args[1], "");
  absl::string_view s = StrView(args[1]);
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    if (absl::ascii_isspace(static_cast<unsigned char>(s[i]))) {
      ++i;
      continue;
    }
    int hi = HexDigit(s[i]);
    int lo = i + 1 < s.size() ? HexDigit(s[i + 1]) : -1;
    if (hi < 0 || lo < 0) {
      size_t at = hi < 0 ? i : i + 1;
      return rt.Raise(rt.exc().value_error,
                      absl::StrCat("non-hexadecimal number found in fromhex() arg at position ", at));
    }
    out.push_back(static_cast<char>(hi * 16 + lo));
    i += 2;
  }
  Type* cls = args[0].as<Type>();
  return cls == rt.types().bytearray ? NewByteArray(rt, std::move(out)) : NewBytes(rt, std::move(out));
}

// startswith / endswith: a bytes-like or a tuple of them, optional start and end.
template <bool kEnd>
Value StartsEnds(Runtime& rt, Args args, const KwArgs& kw) {
  const char* name = kEnd ? "endswith" : "startswith";
  if (!NoKwargs(rt, name, kw) || !CheckArgCount(rt, name, args.subspan(1), 1, 3)) {
    return Value::Raised();
  }
  absl::string_view s = Data(args[0]);
  int64_t start, end;
  if (!Bounds(rt, args, 2, static_cast<int64_t>(s.size()), &start, &end)) return Value::Raised();
  absl::string_view window = start <= end ? s.substr(start, end - start) : absl::string_view();
  std::vector<Value> options;
  if (rt.IsTuple(args[1])) {
    options = TupleItems(args[1]);
  } else {
    options.push_back(args[1]);
  }
  for (const Value& o : options) {
    absl::string_view p;
    if (!AsBytesLike(rt, o, &p)) {
      return RaiseTypeName(rt, absl::StrCat(name, " first arg must be bytes or a tuple of bytes, not "),
                           o, "");
    }
    if (start > end) continue;
    bool hit = kEnd ? absl::EndsWith(window, p) : absl::StartsWith(window, p);
    if (hit) return Value::Bool(true);
  }
  return Value::Bool(false);
}

// find / rfind / index / rindex / count.
enum class Search { kFind, kRFind, kIndex, kRIndex, kCount };
template <Search kMode>
Value SearchMethod(Runtime& rt, Args args, const KwArgs& kw) {
  static const char* kNames[] = {"find", "rfind", "index", "rindex", "count"};
  const char* name = kNames[static_cast<int>(kMode)];
  if (!NoKwargs(rt, name, kw) || !CheckArgCount(rt, name, args.subspan(1), 1, 3)) {
    return Value::Raised();
  }
  absl::string_view s = Data(args[0]);
  std::string sub;
  if (!SubArg(rt, args[1], true, &sub)) return Value::Raised();
  int64_t start, end;
  if (!Bounds(rt, args, 2, static_cast<int64_t>(s.size()), &start, &end)) return Value::Raised();
  if (kMode == Search::kCount) {
    if (start > end) return Value::Int(0);
    absl::string_view w = s.substr(start, end - start);
    if (sub.empty()) return Value::Int(static_cast<int64_t>(w.size()) + 1);
    int64_t n = 0;
    for (size_t p = w.find(sub); p != absl::string_view::npos; p = w.find(sub, p + sub.size())) ++n;
    return Value::Int(n);
  }
  int64_t found = -1;
  if (start <= end && static_cast<int64_t>(sub.size()) <= end - start) {
    absl::string_view w = s.substr(start, end - start);
    size_t p = (kMode == Search::kRFind || kMode == Search::kRIndex) ? w.rfind(sub) : w.find(sub);
    if (p != absl::string_view::npos) found = start + static_cast<int64_t>(p);
  }
  if (found < 0 && (kMode == Search::kIndex || kMode == Search::kRIndex)) {
    return rt.Raise(rt.exc().value_error, "subsection not found");
  }
  return Value::Int(found);
}

Value Join(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "join", kw) || !CheckArgCount(rt, "join", args.subspan(1), 1, 1)) {
    return Value::Raised();
  }
  std::vector<Value> items;
  if (!Unpack(rt, args[1], &items)) return Value::Raised();
  std::string sep(Data(args[0]));
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    absl::string_view p;
    if (!AsBytesLike(rt, items[i], &p)) {
      return rt.Raise(rt.exc().type_error,
                      absl::StrCat("sequence item ", i, ": expected a bytes-like object, ",
                                   rt.TypeOf(items[i])->name(), " found"));
    }
    if (i > 0) out += sep;
    out.append(p.data(), p.size());
  }
  return Like(rt, args[0], std::move(out));
}

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\x0b' || c == '\x0c'; }

Value Split(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[2];
  if (!UnpackArgs(rt, "split", args.subspan(1), kw, {"sep", "maxsplit"}, 0, a)) {
    return Value::Raised();
  }
  absl::string_view s = Data(args[0]);
  int64_t maxsplit = a[1].is_raised() ? -1 : a[1].as_int();
  std::vector<Value> parts;
  if (a[0].is_raised() || a[0].is_none()) {
    size_t i = 0;
    while (true) {
      while (i < s.size() && IsSpace(s[i])) ++i;
      if (i >= s.size()) break;
      if (maxsplit >= 0 && static_cast<int64_t>(parts.size()) == maxsplit) {
        size_t e = s.size();
        while (e > i && IsSpace(s[e - 1])) --e;
        parts.push_back(Like(rt, args[0], std::string(s.substr(i, e - i))));
        break;
      }
      size_t j = i;
      while (j < s.size() && !IsSpace(s[j])) ++j;
      parts.push_back(Like(rt, args[0], std::string(s.substr(i, j - i))));
      i = j;
    }
    return rt.NewList(std::move(parts));
  }
  std::string sep;
  if (!SubArg(rt, a[0], false, &sep)) return Value::Raised();
  if (sep.empty()) return rt.Raise(rt.exc().value_error, "empty separator");
  size_t i = 0;
  while (true) {
    size_t p = s.find(sep, i);
    if (p == absl::string_view::npos ||
        (maxsplit >= 0 && static_cast<int64_t>(parts.size()) == maxsplit)) {
      parts.push_back(Like(rt, args[0], std::string(s.substr(i))));
      break;
    }
    parts.push_back(Like(rt, args[0], std::string(s.substr(i, p - i))));
    i = p + sep.size();
  }
  return rt.NewList(std::move(parts));
}

template <int kSides>  // 1 = left, 2 = right, 3 = both
Value Strip(Runtime& rt, Args args, const KwArgs& kw) {
  const char* name = kSides == 1 ? "lstrip" : kSides == 2 ? "rstrip" : "strip";
  if (!NoKwargs(rt, name, kw) || !CheckArgCount(rt, name, args.subspan(1), 0, 1)) {
    return Value::Raised();
  }
  absl::string_view s = Data(args[0]);
  std::string chars = " \t\n\r\x0b\x0c";
  if (args.size() > 1 && !args[1].is_none() && !SubArg(rt, args[1], false, &chars)) {
    return Value::Raised();
  }
  size_t b = 0, e = s.size();
  if (kSides & 1) {
    while (b < e && chars.find(s[b]) != std::string::npos) ++b;
  }
  if (kSides & 2) {
    while (e > b && chars.find(s[e - 1]) != std::string::npos) --e;
  }
  return Like(rt, args[0], std::string(s.substr(b, e - b)));
}

Value Replace(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "replace", kw) || !CheckArgCount(rt, "replace", args.subspan(1), 2, 3)) {
    return Value::Raised();
  }
  std::string old_s, new_s;
  if (!SubArg(rt, args[1], false, &old_s) || !SubArg(rt, args[2], false, &new_s)) {
    return Value::Raised();
  }
  int64_t count = args.size() > 3 ? args[3].as_int() : -1;
  absl::string_view s = Data(args[0]);
  std::string out;
  size_t i = 0;
  int64_t done = 0;
  if (old_s.empty()) {
    for (; i <= s.size(); ++i) {
      if (count < 0 || done < count) {
        out += new_s;
        ++done;
      }
      if (i < s.size()) out.push_back(s[i]);
    }
    return Like(rt, args[0], std::move(out));
  }
  while (count < 0 || done < count) {
    size_t p = s.find(old_s, i);
    if (p == absl::string_view::npos) break;
    out.append(s.data() + i, p - i);
    out += new_s;
    i = p + old_s.size();
    ++done;
  }
  out.append(s.data() + i, s.size() - i);
  return Like(rt, args[0], std::move(out));
}

template <bool kUpper>
Value CaseMethod(Runtime& rt, Args args, const KwArgs& kw) {
  std::string s(Data(args[0]));
  for (char& c : s) c = kUpper ? absl::ascii_toupper(c) : absl::ascii_tolower(c);
  return Like(rt, args[0], std::move(s));
}

Value IsAscii(Runtime& rt, Args args, const KwArgs& kw) {
  for (unsigned char c : Data(args[0])) {
    if (c >= 0x80) return Value::Bool(false);
  }
  return Value::Bool(true);
}

// bytearray's mutators.
std::string& Mut(const Value& v) { return v.as<Bytes>()->data; }

Value Append(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "append", kw) || !CheckArgCount(rt, "append", args.subspan(1), 1, 1)) {
    return Value::Raised();
  }
  int64_t b;
  if (!AsIndex(rt, args[1], &b, absl::StrCat("'", rt.TypeOf(args[1])->name(),
                                              "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  if (b < 0 || b > 255) return rt.Raise(rt.exc().value_error, "byte must be in range(0, 256)");
  Mut(args[0]).push_back(static_cast<char>(b));
  return Value::None();
}

Value Extend(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "extend", kw) || !CheckArgCount(rt, "extend", args.subspan(1), 1, 1)) {
    return Value::Raised();
  }
  if (rt.IsStr(args[1])) {
    return rt.Raise(rt.exc().type_error, "expected iterable of integers; got: 'str'");
  }
  std::string more;
  if (!BytesFromIterable(rt, args[1], &more)) return Value::Raised();
  Mut(args[0]) += more;
  return Value::None();
}

Value Pop(Runtime& rt, Args args, const KwArgs& kw) {
  if (!NoKwargs(rt, "pop", kw) || !CheckArgCount(rt, "pop", args.subspan(1), 0, 1)) {
    return Value::Raised();
  }
  std::string& s = Mut(args[0]);
  if (s.empty()) return rt.Raise(rt.exc().index_error, "pop from empty bytearray");
  int64_t i = args.size() > 1 ? args[1].as_int() : -1;
  if (!NormalizeIndex(&i, static_cast<int64_t>(s.size()))) {
    return rt.Raise(rt.exc().index_error, "pop index out of range");
  }
  unsigned char c = s[i];
  s.erase(i, 1);
  return Value::Int(c);
}

Value Clear(Runtime& rt, Args args, const KwArgs& kw) {
  Mut(args[0]).clear();
  return Value::None();
}

Value Copy(Runtime& rt, Args args, const KwArgs& kw) {
  return NewByteArray(rt, std::string(Data(args[0])));
}

// int.to_bytes(length=1, byteorder="big", signed=False) within wick's 64-bit ints.
bool ByteOrder(Runtime& rt, const Value& v, bool* little) {
  if (v.is_raised()) {
    *little = false;
    return true;
  }
  if (!rt.IsStr(v)) {
    RaiseTypeName(rt, "to_bytes() argument 'byteorder' must be str, not ", v, "");
    return false;
  }
  absl::string_view s = StrView(v);
  if (s != "little" && s != "big") {
    rt.Raise(rt.exc().value_error, "byteorder must be either 'little' or 'big'");
    return false;
  }
  *little = s == "little";
  return true;
}

Value IntToBytes(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[3];
  if (!UnpackArgs(rt, "to_bytes", args.subspan(1), kw, {"length", "byteorder", "signed"}, 0, a)) {
    return Value::Raised();
  }
  int64_t v = args[0].as_int();
  int64_t length = a[0].is_raised() ? 1 : a[0].as_int();
  bool little, is_signed = !a[2].is_raised() && Truthy(rt, a[2]) == 1;
  if (!ByteOrder(rt, a[1], &little)) return Value::Raised();
  if (length < 0) return rt.Raise(rt.exc().value_error, "length argument must be non-negative");
  if (v < 0 && !is_signed) return rt.Raise(rt.exc().overflow_error, "can't convert negative int to unsigned");
  std::string out(length, '\0');
  uint64_t u = static_cast<uint64_t>(v);
  for (int64_t k = 0; k < length; ++k) {
    unsigned char byte = k < 8 ? static_cast<unsigned char>(u >> (8 * k)) : (v < 0 ? 0xFF : 0);
    out[little ? k : length - 1 - k] = static_cast<char>(byte);
  }
  // It fits when the bytes read back (with the sign rule) give the value again.
  bool fits;
  if (length >= 8) {
    fits = is_signed || length > 8 || v >= 0;
    if (length == 8 && is_signed) fits = true;
  } else {
    int bits = static_cast<int>(8 * length);
    fits = is_signed ? (bits == 0 ? v == 0 : v >= -(int64_t{1} << (bits - 1)) && v < (int64_t{1} << (bits - 1)))
                     : (bits == 0 ? v == 0 : v < (int64_t{1} << bits));
  }
  if (!fits) return rt.Raise(rt.exc().overflow_error, "int too big to convert");
  return NewBytes(rt, std::move(out));
}

// int.from_bytes(bytes, byteorder="big", signed=False); args[0] is the class.
Value IntFromBytes(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[3];
  if (!UnpackArgs(rt, "from_bytes", args.subspan(1), kw, {"bytes", "byteorder", "signed"}, 1, a)) {
    return Value::Raised();
  }
  std::string data;
  if (rt.IsStr(a[0])) return rt.Raise(rt.exc().type_error, "cannot convert 'str' object to bytes");
  if (!BytesFromIterable(rt, a[0], &data)) return Value::Raised();
  bool little, is_signed = !a[2].is_raised() && Truthy(rt, a[2]) == 1;
  if (!ByteOrder(rt, a[1], &little)) return Value::Raised();
  size_t n = data.size();
  uint64_t u = 0;
  bool negative = is_signed && n > 0 &&
                  (static_cast<unsigned char>(data[little ? n - 1 : 0]) & 0x80) != 0;
  for (size_t k = 0; k < n; ++k) {
    unsigned char byte = static_cast<unsigned char>(data[little ? k : n - 1 - k]);
    if (k >= 8) {
      if (byte != (negative ? 0xFF : 0)) {
        return rt.Raise(rt.exc().overflow_error, "int too large for wick's 64-bit ints");
      }
      continue;
    }
    u |= static_cast<uint64_t>(byte) << (8 * k);
  }
  if (negative && n < 8) u |= ~uint64_t{0} << (8 * n);
  int64_t v = static_cast<int64_t>(u);
  if (!is_signed && n >= 8 && v < 0) {
    return rt.Raise(rt.exc().overflow_error, "int too large for wick's 64-bit ints");
  }
  if (is_signed && n > 8 && (v < 0) != negative) {
    return rt.Raise(rt.exc().overflow_error, "int too large for wick's 64-bit ints");
  }
  return Value::Int(v);
}

}  // namespace

void InitBytesMethods(Runtime& rt) {
  struct Method {
    const char* name;
    BuiltinFn fn;
  };
  for (Type* t : {rt.types().bytes, rt.types().bytearray}) {
    for (const Method& m : {Method{"decode", &Decode}, Method{"hex", &Hex},
                            Method{"startswith", &StartsEnds<false>},
                            Method{"endswith", &StartsEnds<true>},
                            Method{"find", &SearchMethod<Search::kFind>},
                            Method{"rfind", &SearchMethod<Search::kRFind>},
                            Method{"index", &SearchMethod<Search::kIndex>},
                            Method{"rindex", &SearchMethod<Search::kRIndex>},
                            Method{"count", &SearchMethod<Search::kCount>},
                            Method{"join", &Join}, Method{"split", &Split},
                            Method{"strip", &Strip<3>}, Method{"lstrip", &Strip<1>},
                            Method{"rstrip", &Strip<2>}, Method{"replace", &Replace},
                            Method{"upper", &CaseMethod<true>},
                            Method{"lower", &CaseMethod<false>}, Method{"isascii", &IsAscii}}) {
      rt.AddMethod(t, m.name, m.fn);
    }
    AddClassMethod(rt, t, "fromhex", &FromHex);
  }
  Type* ba = rt.types().bytearray;
  for (const Method& m : {Method{"append", &Append}, Method{"extend", &Extend},
                          Method{"pop", &Pop}, Method{"clear", &Clear}, Method{"copy", &Copy}}) {
    rt.AddMethod(ba, m.name, m.fn);
  }
  rt.AddMethod(rt.types().str, "encode", &StrEncode);
  rt.AddMethod(rt.types().int_, "to_bytes", &IntToBytes);
  AddClassMethod(rt, rt.types().int_, "from_bytes", &IntFromBytes);
}

}  // namespace internal
}  // namespace wick::vm
