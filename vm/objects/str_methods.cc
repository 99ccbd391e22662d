// Methods of str: join, split/rsplit, strip family, replace, prefix/suffix tests,
// searching and counting, padding, partition, splitlines, expandtabs. Offsets and
// widths count code points; ASCII strings (the common case) skip the conversion.
// Case conversion and character tests are in str_case.cc.
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/unicode.h"
#include "vm/protocol.h"

namespace wick::vm::internal {
namespace {

#define WICK_STR_METHOD(Name) Value Name(Runtime& rt, Args args, const KwArgs& kw)

// Checks that args[i] is a str; raises "<fname>() argument N must be str, not int".
bool RequireStr(Runtime& rt, absl::string_view fname, const Value& v, int argno) {
  if (rt.IsInstance(v, rt.types().str)) return true;
  RaiseTypeName(rt, absl::StrCat(fname, "() argument ", argno, " must be str, not "), v, "");
  return false;
}

// Resolves optional start/end arguments like slice indices into [*start, *end).
bool StartEnd(Runtime& rt, const Value& sv, const Value& ev, int64_t n, int64_t* start,
              int64_t* end) {
  *start = 0;
  *end = n;
  const char* what = "slice indices must be integers or None or have an __index__ method";
  if (!sv.is_raised() && !sv.is_none() && !AsIndex(rt, sv, start, what)) return false;
  if (!ev.is_raised() && !ev.is_none() && !AsIndex(rt, ev, end, what)) return false;
  if (*start < 0) *start = std::max<int64_t>(0, *start + n);
  if (*end < 0) *end = std::max<int64_t>(0, *end + n);
  *end = std::min(*end, n);
  return true;
}

// StartEnd over the code points of the str `self`, converted to byte offsets of its
// UTF-8 text. `*empty` is set when start lies past end (then nothing matches, not even
// ""); the offsets are meaningless then.
bool StartEndBytes(Runtime& rt, const Value& self, Args args, size_t first, int64_t* start,
                   int64_t* end, bool* empty) {
  Str* s = self.as<Str>();
  if (!StartEnd(rt, args.size() > first ? args[first] : Value::Raised(),
                args.size() > first + 1 ? args[first + 1] : Value::Raised(), s->length(),
                start, end)) {
    return false;
  }
  *empty = *start > *end;
  if (!*empty && !s->is_ascii()) {
    *start = static_cast<int64_t>(CodePointToByte(s->view(), *start));
    *end = static_cast<int64_t>(CodePointToByte(s->view(), *end));
  }
  return true;
}

WICK_STR_METHOD(StrJoin) {
  if (!NoKwargs(rt, "join", kw) || !CheckArgCount(rt, "join", args, 2, 2)) return Value::Raised();
  std::vector<Value> items;
  if (!Unpack(rt, args[1], &items)) return Value::Raised();
  absl::string_view sep = StrView(args[0]);
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!rt.IsInstance(items[i], rt.types().str)) {
      return rt.Raise(rt.exc().type_error,
                      absl::StrCat("sequence item ", i, ": expected str instance, ",
                                   rt.TypeOf(items[i])->name(), " found"));
    }
    if (i > 0) absl::StrAppend(&out, sep);
    absl::StrAppend(&out, StrView(items[i]));
  }
  return rt.NewStr(std::move(out));
}

Value SplitImpl(Runtime& rt, Args args, const KwArgs& kw, bool right) {
  Value a[3];
  if (!UnpackArgs(rt, right ? "rsplit" : "split", args, kw, {"self", "sep", "maxsplit"}, 1, a)) {
    return Value::Raised();
  }
  absl::string_view s = StrView(a[0]);
  int64_t maxsplit = -1;
  if (!a[2].is_raised() &&
      !AsIndex(rt, a[2], &maxsplit, "'str' object cannot be interpreted as an integer")) {
    return Value::Raised();
  }
  if (maxsplit < 0) maxsplit = INT64_MAX;
  std::vector<Value> parts;
  if (a[1].is_raised() || a[1].is_none()) {
    // Whitespace split: runs of whitespace separate, no empty strings.
    std::vector<absl::string_view> words;
    if (!right) {
      size_t i = 0;
      while (true) {
        while (i < s.size() && absl::ascii_isspace(s[i])) ++i;
        if (i >= s.size()) break;
        if (static_cast<int64_t>(words.size()) == maxsplit) {
          words.push_back(s.substr(i));
          break;
        }
        size_t j = i;
        while (j < s.size() && !absl::ascii_isspace(s[j])) ++j;
        words.push_back(s.substr(i, j - i));
        i = j;
      }
    } else {
      int64_t i = static_cast<int64_t>(s.size());
      while (true) {
        while (i > 0 && absl::ascii_isspace(s[i - 1])) --i;
        if (i <= 0) break;
        if (static_cast<int64_t>(words.size()) == maxsplit) {
          size_t b = 0;
          while (b < static_cast<size_t>(i) && absl::ascii_isspace(s[b])) ++b;
          words.push_back(s.substr(b, i - b));
          break;
        }
        int64_t j = i;
        while (j > 0 && !absl::ascii_isspace(s[j - 1])) --j;
        words.push_back(s.substr(j, i - j));
        i = j;
      }
      std::reverse(words.begin(), words.end());
    }
    for (absl::string_view w : words) parts.push_back(rt.NewStr(w));
    return rt.NewList(std::move(parts));
  }
  if (!RequireStr(rt, right ? "rsplit" : "split", a[1], 1)) return Value::Raised();
  absl::string_view sep = StrView(a[1]);
  if (sep.empty()) return rt.Raise(rt.exc().value_error, "empty separator");
  std::vector<absl::string_view> pieces;
  if (!right) {
    size_t pos = 0;
    while (static_cast<int64_t>(pieces.size()) < maxsplit) {
      size_t f = s.find(sep, pos);
      if (f == absl::string_view::npos) break;
      pieces.push_back(s.substr(pos, f - pos));
      pos = f + sep.size();
    }
    pieces.push_back(s.substr(pos));
  } else {
    size_t end = s.size();
    while (static_cast<int64_t>(pieces.size()) < maxsplit && end >= sep.size()) {
      size_t f = s.rfind(sep, end - sep.size());
      if (f == absl::string_view::npos) break;
      pieces.push_back(s.substr(f + sep.size(), end - f - sep.size()));
      end = f;
    }
    pieces.push_back(s.substr(0, end));
    std::reverse(pieces.begin(), pieces.end());
  }
  for (absl::string_view p : pieces) parts.push_back(rt.NewStr(p));
  return rt.NewList(std::move(parts));
}

WICK_STR_METHOD(StrSplit) { return SplitImpl(rt, args, kw, false); }
WICK_STR_METHOD(StrRSplit) { return SplitImpl(rt, args, kw, true); }

Value StripImpl(Runtime& rt, Args args, const KwArgs& kw, absl::string_view name, bool left,
                bool right) {
  if (!NoKwargs(rt, name, kw) || !CheckArgCount(rt, name, args, 1, 2)) return Value::Raised();
  absl::string_view s = StrView(args[0]);
  bool ws = args.size() < 2 || args[1].is_none();
  if (!ws && !RequireStr(rt, name, args[1], 1)) return Value::Raised();
  absl::string_view chars = ws ? absl::string_view() : StrView(args[1]);
  // Bytes are characters when the text is ASCII, or when stripping ASCII characters
  // (they never match part of a multi-byte character); otherwise decode.
  bool by_char = ws ? !args[0].as<Str>()->is_ascii() : !args[1].as<Str>()->is_ascii();
  if (by_char) {
    std::u32string text = DecodeUtf8(s), set = DecodeUtf8(chars);
    auto strip_char = [&](char32_t c) {
      return ws ? IsSpaceChar(c) : set.find(c) != std::u32string::npos;
    };
    size_t b = 0, e = text.size();
    if (left) while (b < e && strip_char(text[b])) ++b;
    if (right) while (e > b && strip_char(text[e - 1])) --e;
    if (b == 0 && e == text.size()) return args[0];
    return rt.NewStr(EncodeUtf8(text.substr(b, e - b)));
  }
  auto strip_char = [&](char c) {
    return ws ? absl::ascii_isspace(c) : chars.find(c) != absl::string_view::npos;
  };
  size_t b = 0, e = s.size();
  if (left) while (b < e && strip_char(s[b])) ++b;
  if (right) while (e > b && strip_char(s[e - 1])) --e;
  if (b == 0 && e == s.size()) return args[0];
  return rt.NewStr(s.substr(b, e - b));
}

WICK_STR_METHOD(StrStrip) { return StripImpl(rt, args, kw, "strip", true, true); }
WICK_STR_METHOD(StrLStrip) { return StripImpl(rt, args, kw, "lstrip", true, false); }
WICK_STR_METHOD(StrRStrip) { return StripImpl(rt, args, kw, "rstrip", false, true); }

WICK_STR_METHOD(StrReplace) {
  if (!NoKwargs(rt, "replace", kw) || !CheckArgCount(rt, "replace", args, 3, 4)) {
    return Value::Raised();
  }
  if (!RequireStr(rt, "replace", args[1], 1) || !RequireStr(rt, "replace", args[2], 2)) {
    return Value::Raised();
  }
  int64_t count = -1;
  if (args.size() > 3 &&
      !AsIndex(rt, args[3], &count, "'str' object cannot be interpreted as an integer")) {
    return Value::Raised();
  }
  absl::string_view s = StrView(args[0]), old = StrView(args[1]), repl = StrView(args[2]);
  if (count < 0) count = INT64_MAX;
  std::string out;
  if (old.empty()) {
    // Python inserts `repl` before every character and at the end.
    int64_t n = 0;
    for (size_t i = 0; i <= s.size();) {
      if (n < count) {
        absl::StrAppend(&out, repl);
        ++n;
      }
      if (i == s.size()) break;
      size_t next = i;
      DecodeUtf8At(s, &next);  // one whole character
      absl::StrAppend(&out, s.substr(i, next - i));
      i = next;
    }
    return rt.NewStr(std::move(out));
  }
  size_t pos = 0;
  int64_t n = 0;
  while (n < count) {
    size_t f = s.find(old, pos);
    if (f == absl::string_view::npos) break;
    absl::StrAppend(&out, s.substr(pos, f - pos));
    absl::StrAppend(&out, repl);
    pos = f + old.size();
    ++n;
  }
  absl::StrAppend(&out, s.substr(pos));
  return rt.NewStr(std::move(out));
}

Value AffixImpl(Runtime& rt, Args args, const KwArgs& kw, bool suffix) {
  absl::string_view name = suffix ? "endswith" : "startswith";
  if (!NoKwargs(rt, name, kw) || !CheckArgCount(rt, name, args, 2, 4)) return Value::Raised();
  absl::string_view s = StrView(args[0]);
  int64_t start, end;
  bool empty;
  if (!StartEndBytes(rt, args[0], args, 2, &start, &end, &empty)) return Value::Raised();
  auto test = [&](absl::string_view a) {
    if (empty || end - start < static_cast<int64_t>(a.size())) {
      return false;
    }
    absl::string_view w = s.substr(start, end - start);
    return suffix ? absl::EndsWith(w, a) : absl::StartsWith(w, a);
  };
  if (rt.IsTuple(args[1])) {
    for (const Value& p : TupleItems(args[1])) {
      if (!rt.IsInstance(p, rt.types().str)) {
        return RaiseTypeName(rt, absl::StrCat("tuple for ", name, " must only contain str, not "),
                             p, "");
      }
      if (test(StrView(p))) return Value::Bool(true);
    }
    return Value::Bool(false);
  }
  if (!rt.IsInstance(args[1], rt.types().str)) {
    return RaiseTypeName(rt, absl::StrCat(name, " first arg must be str or a tuple of str, not "),
                         args[1], "");
  }
  return Value::Bool(test(StrView(args[1])));
}

WICK_STR_METHOD(StrStartsWith) { return AffixImpl(rt, args, kw, false); }
WICK_STR_METHOD(StrEndsWith) { return AffixImpl(rt, args, kw, true); }

// find/rfind/index/rindex/count share argument handling.
enum class Search { kFind, kRFind, kIndex, kRIndex, kCount };

Value SearchImpl(Runtime& rt, Args args, const KwArgs& kw, Search mode) {
  static constexpr absl::string_view kNames[] = {"find", "rfind", "index", "rindex", "count"};
  absl::string_view name = kNames[static_cast<int>(mode)];
  if (!NoKwargs(rt, name, kw) || !CheckArgCount(rt, name, args, 2, 4)) return Value::Raised();
  if (!RequireStr(rt, name, args[1], 1)) return Value::Raised();
  absl::string_view s = StrView(args[0]), sub = StrView(args[1]);
  int64_t start, end;
  bool empty;
  if (!StartEndBytes(rt, args[0], args, 2, &start, &end, &empty)) return Value::Raised();
  if (mode == Search::kCount) {
    if (empty) return Value::Int(0);
    absl::string_view w = s.substr(start, end - start);
    if (sub.empty()) return Value::Int(CountCodePoints(w) + 1);
    int64_t n = 0;
    for (size_t p = w.find(sub); p != absl::string_view::npos; p = w.find(sub, p + sub.size())) ++n;
    return Value::Int(n);
  }
  int64_t found = -1;
  if (!empty && end - start >= static_cast<int64_t>(sub.size())) {
    absl::string_view w = s.substr(start, end - start);
    size_t p = (mode == Search::kFind || mode == Search::kIndex) ? w.find(sub) : w.rfind(sub);
    if (p != absl::string_view::npos) found = start + static_cast<int64_t>(p);
  }
  if (found >= 0 && !args[0].as<Str>()->is_ascii()) found = ByteToCodePoint(s, found);
  if (found < 0 && (mode == Search::kIndex || mode == Search::kRIndex)) {
    return rt.Raise(rt.exc().value_error, "substring not found");
  }
  return Value::Int(found);
}

WICK_STR_METHOD(StrFind) { return SearchImpl(rt, args, kw, Search::kFind); }
WICK_STR_METHOD(StrRFind) { return SearchImpl(rt, args, kw, Search::kRFind); }
WICK_STR_METHOD(StrIndex) { return SearchImpl(rt, args, kw, Search::kIndex); }
WICK_STR_METHOD(StrRIndex) { return SearchImpl(rt, args, kw, Search::kRIndex); }
WICK_STR_METHOD(StrCount) { return SearchImpl(rt, args, kw, Search::kCount); }

// ljust / rjust / center / zfill.
template <int kMode>  // 0 ljust, 1 rjust, 2 center
WICK_STR_METHOD(StrPad) {
  static constexpr absl::string_view kNames[] = {"ljust", "rjust", "center"};
  absl::string_view name = kNames[kMode];
  if (!NoKwargs(rt, name, kw) || !CheckArgCount(rt, name, args, 2, 3)) return Value::Raised();
  int64_t width;
  if (!AsIndex(rt, args[1], &width, absl::StrCat("'", rt.TypeOf(args[1])->name(),
                                                 "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  absl::string_view fill = " ";
  if (args.size() > 2) {
    if (!rt.IsInstance(args[2], rt.types().str)) {
      return RaiseTypeName(rt, "The fill character must be a unicode character, not ", args[2],
                           "");
    }
    if (args[2].as<Str>()->length() != 1) {
      return rt.Raise(rt.exc().type_error,
                      "The fill character must be exactly one character long");
    }
    fill = StrView(args[2]);
  }
  int64_t n = args[0].as<Str>()->length();
  if (width <= n) return args[0];
  int64_t pad = width - n;
  int64_t left = kMode == 0 ? 0 : kMode == 1 ? pad : pad / 2 + (pad & width & 1);
  std::string out;
  for (int64_t i = 0; i < left; ++i) absl::StrAppend(&out, fill);
  absl::StrAppend(&out, StrView(args[0]));
  for (int64_t i = left; i < pad; ++i) absl::StrAppend(&out, fill);
  return rt.NewStr(std::move(out));
}

WICK_STR_METHOD(StrZFill) {
  if (!NoKwargs(rt, "str.zfill", kw) || !CheckArgCount(rt, "str.zfill", args, 2, 2)) {
    return Value::Raised();
  }
  int64_t width;
  if (!AsIndex(rt, args[1], &width, absl::StrCat("'", rt.TypeOf(args[1])->name(),
                                                 "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  int64_t n = args[0].as<Str>()->length();
  if (width <= n) return args[0];
  std::string s(StrView(args[0]));
  size_t at = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  s.insert(at, std::string(width - n, '0'));
  return rt.NewStr(std::move(s));
}

// removeprefix / removesuffix: the text without the affix when it has it.
template <bool kSuffix>
WICK_STR_METHOD(StrRemoveAffix) {
  absl::string_view name = kSuffix ? "removesuffix" : "removeprefix";
  if (!NoKwargs(rt, absl::StrCat("str.", name), kw) ||
      !CheckArgCount(rt, absl::StrCat("str.", name), args, 2, 2)) {
    return Value::Raised();
  }
  if (!RequireStr(rt, name, args[1], 1)) return Value::Raised();
  absl::string_view s = StrView(args[0]), affix = StrView(args[1]);
  if (affix.empty() || !(kSuffix ? absl::EndsWith(s, affix) : absl::StartsWith(s, affix))) {
    return args[0];
  }
  return rt.NewStr(kSuffix ? s.substr(0, s.size() - affix.size()) : s.substr(affix.size()));
}

// expandtabs(tabsize=8): each tab advances to the next multiple of tabsize; the
// column restarts after \n and \r and counts code points.
WICK_STR_METHOD(StrExpandTabs) {
  Value a[2];
  if (!UnpackArgs(rt, "expandtabs", args, kw, {"self", "tabsize"}, 1, a)) return Value::Raised();
  int64_t tabsize = 8;
  if (!a[1].is_raised() &&
      !AsIndex(rt, a[1], &tabsize, absl::StrCat("'", rt.TypeOf(a[1])->name(),
                                                "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  absl::string_view s = StrView(a[0]);
  std::string out;
  int64_t column = 0;
  for (size_t i = 0; i < s.size();) {
    size_t start = i;
    char32_t c = DecodeUtf8At(s, &i);
    if (c == '\t') {
      if (tabsize > 0) {
        int64_t spaces = tabsize - column % tabsize;
        out.append(spaces, ' ');
        column += spaces;
      }
      continue;
    }
    absl::StrAppend(&out, s.substr(start, i - start));
    column = (c == '\n' || c == '\r') ? 0 : column + 1;
  }
  return rt.NewStr(std::move(out));
}

template <bool kRight>
WICK_STR_METHOD(StrPartition) {
  absl::string_view name = kRight ? "rpartition" : "partition";
  if (!CheckArgCount(rt, name, args, 2, 2)) return Value::Raised();
  if (!RequireStr(rt, name, args[1], 1)) return Value::Raised();
  absl::string_view s = StrView(args[0]), sep = StrView(args[1]);
  if (sep.empty()) return rt.Raise(rt.exc().value_error, "empty separator");
  size_t f = kRight ? s.rfind(sep) : s.find(sep);
  if (f == absl::string_view::npos) {
    if (kRight) return rt.NewTuple({rt.empty_str(), rt.empty_str(), args[0]});
    return rt.NewTuple({args[0], rt.empty_str(), rt.empty_str()});
  }
  return rt.NewTuple({rt.NewStr(s.substr(0, f)), args[1], rt.NewStr(s.substr(f + sep.size()))});
}

WICK_STR_METHOD(StrSplitLines) {
  Value a[2];
  if (!UnpackArgs(rt, "splitlines", args, kw, {"self", "keepends"}, 1, a)) return Value::Raised();
  bool keep = false;
  if (!a[1].is_raised()) {
    int t = Truthy(rt, a[1]);
    if (t < 0) return Value::Raised();
    keep = t;
  }
  absl::string_view s = StrView(a[0]);
  std::vector<Value> lines;
  size_t i = 0;
  while (i < s.size()) {
    size_t j = i;
    while (j < s.size() && s[j] != '\n' && s[j] != '\r' && s[j] != '\v' && s[j] != '\f' &&
           s[j] != '\x1c' && s[j] != '\x1d' && s[j] != '\x1e') {
      ++j;
    }
    size_t eol = j;
    if (j < s.size()) {
      eol = (s[j] == '\r' && j + 1 < s.size() && s[j + 1] == '\n') ? j + 2 : j + 1;
    }
    lines.push_back(rt.NewStr(s.substr(i, (keep ? eol : j) - i)));
    i = eol;
  }
  return rt.NewList(std::move(lines));
}

WICK_STR_METHOD(StrFormatM) { return StrFormatMethod(rt, args, kw); }

}  // namespace

void InitStrMethods(Runtime& rt) {
  Type* t = rt.types().str;
  rt.AddMethod(t, "join", &StrJoin);
  rt.AddMethod(t, "split", &StrSplit);
  rt.AddMethod(t, "rsplit", &StrRSplit);
  rt.AddMethod(t, "strip", &StrStrip);
  rt.AddMethod(t, "lstrip", &StrLStrip);
  rt.AddMethod(t, "rstrip", &StrRStrip);
  rt.AddMethod(t, "replace", &StrReplace);
  rt.AddMethod(t, "startswith", &StrStartsWith);
  rt.AddMethod(t, "endswith", &StrEndsWith);
  rt.AddMethod(t, "find", &StrFind);
  rt.AddMethod(t, "rfind", &StrRFind);
  rt.AddMethod(t, "index", &StrIndex);
  rt.AddMethod(t, "rindex", &StrRIndex);
  rt.AddMethod(t, "count", &StrCount);
  rt.AddMethod(t, "ljust", &StrPad<0>);
  rt.AddMethod(t, "rjust", &StrPad<1>);
  rt.AddMethod(t, "center", &StrPad<2>);
  rt.AddMethod(t, "zfill", &StrZFill);
  rt.AddMethod(t, "removeprefix", &StrRemoveAffix<false>);
  rt.AddMethod(t, "removesuffix", &StrRemoveAffix<true>);
  rt.AddMethod(t, "expandtabs", &StrExpandTabs);
  rt.AddMethod(t, "partition", &StrPartition<false>);
  rt.AddMethod(t, "rpartition", &StrPartition<true>);
  rt.AddMethod(t, "splitlines", &StrSplitLines);
  rt.AddMethod(t, "format", &StrFormatM);
  InitStrCaseMethods(rt);
}

}  // namespace wick::vm::internal
