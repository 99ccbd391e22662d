// Methods of str that look at characters one by one: case conversion (upper, lower,
// casefold, title, capitalize, swapcase) and the predicates (isupper, islower,
// istitle, isalpha, isdigit, isdecimal, isnumeric, isalnum, isspace, isprintable,
// isascii, isidentifier). ASCII text converts byte by byte; other text is decoded to
// code points and uses the tables of unicode.h.
#include <string>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "vm/objects/internal/objects_internal.h"
#include "base/unicode.h"
#include "vm/objects/unicode.h"

namespace wick::vm::internal {
namespace {

#define WICK_STR_METHOD(Name) Value Name(Runtime& rt, Args args, const KwArgs& kw)

// Checks that a method was called with no arguments besides self.
bool NoArgs(Runtime& rt, absl::string_view name, Args args, const KwArgs& kw) {
  return NoKwargs(rt, absl::StrCat("str.", name), kw) &&
         CheckArgCount(rt, absl::StrCat("str.", name), args, 1, 1);
}

enum class Case { kUpper, kLower, kCasefold, kTitle, kCapitalize, kSwap };

// Greek capital sigma lowercases to final sigma at the end of a word: after a cased
// character and not before one (CPython's simplified Final_Sigma rule).
char32_t LowerSigma(const std::u32string& s, size_t i) {
  bool after_cased = i > 0 && IsCasedChar(s[i - 1]);
  bool before_cased = i + 1 < s.size() && IsCasedChar(s[i + 1]);
  return after_cased && !before_cased ? 0x3C2 : 0x3C3;
}

void AppendLowerAt(std::u32string* out, const std::u32string& s, size_t i) {
  if (s[i] == 0x3A3) {
    out->push_back(LowerSigma(s, i));
  } else {
    AppendLower(out, s[i]);
  }
}

void AppendCasefold(std::u32string* out, char32_t c) {
  switch (c) {
    case 0xDF: case 0x1E9E: out->append(U"ss"); return;
    case 0x3C2: out->push_back(0x3C3); return;
    case 0xB5: out->push_back(0x3BC); return;
    case 0x17F: out->push_back('s'); return;
    default: AppendLower(out, c);
  }
}

std::u32string ConvertCase(const std::u32string& s, Case mode) {
  std::u32string out;
  out.reserve(s.size());
  bool prev_cased = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char32_t c = s[i];
    switch (mode) {
      case Case::kUpper: AppendUpper(&out, c, false); break;
      case Case::kLower: AppendLowerAt(&out, s, i); break;
      case Case::kCasefold: AppendCasefold(&out, c); break;
      case Case::kTitle:
        if (prev_cased) {
          AppendLowerAt(&out, s, i);
        } else {
          AppendUpper(&out, c, true);
        }
        prev_cased = IsCasedChar(c);
        break;
      case Case::kCapitalize:
        if (i == 0) {
          AppendUpper(&out, c, true);
        } else {
          AppendLowerAt(&out, s, i);
        }
        break;
      case Case::kSwap:
        if (IsUpperChar(c)) {
          AppendLowerAt(&out, s, i);
        } else if (IsLowerChar(c)) {
          AppendUpper(&out, c, false);
        } else {
          out.push_back(c);
        }
        break;
    }
  }
  return out;
}

// ASCII-only text converts in place without decoding.
std::string ConvertAsciiCase(absl::string_view text, Case mode) {
  std::string s(text);
  bool prev_cased = false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    switch (mode) {
      case Case::kUpper: s[i] = absl::ascii_toupper(c); break;
      case Case::kLower:
      case Case::kCasefold: s[i] = absl::ascii_tolower(c); break;
      case Case::kTitle:
        s[i] = prev_cased ? absl::ascii_tolower(c) : absl::ascii_toupper(c);
        prev_cased = absl::ascii_isalpha(c);
        break;
      case Case::kCapitalize:
        s[i] = i == 0 ? absl::ascii_toupper(c) : absl::ascii_tolower(c);
        break;
      case Case::kSwap:
        s[i] = absl::ascii_isupper(c) ? absl::ascii_tolower(c) : absl::ascii_toupper(c);
        break;
    }
  }
  return s;
}

template <Case kMode>
WICK_STR_METHOD(StrCase) {
  static constexpr absl::string_view kNames[] = {"upper", "lower", "casefold", "title",
                                                 "capitalize", "swapcase"};
  if (!NoArgs(rt, kNames[static_cast<int>(kMode)], args, kw)) return Value::Raised();
  Str* s = args[0].as<Str>();
  if (s->is_ascii()) return rt.NewStr(ConvertAsciiCase(s->view(), kMode));
  return rt.NewStr(EncodeUtf8(ConvertCase(DecodeUtf8(s->view()), kMode)));
}

// Predicates that hold when the string is non-empty and every character passes.
enum class Class { kAlpha, kDecimal, kDigit, kNumeric, kAlnum, kSpace, kPrintable, kAscii };

bool CharInClass(char32_t c, Class k) {
  switch (k) {
    case Class::kAlpha: return IsAlphaChar(c);
    case Class::kDecimal: return IsDecimalChar(c);
    case Class::kDigit: return IsDigitChar(c);
    case Class::kNumeric: return IsNumericChar(c);
    case Class::kAlnum: return IsAlphaChar(c) || IsNumericChar(c);
    case Class::kSpace: return IsSpaceChar(c);
    case Class::kPrintable: return IsPrintableChar(c);
    case Class::kAscii: return c < 0x80;
  }
  return false;
}

template <Class kClass>
WICK_STR_METHOD(StrIsClass) {
  static constexpr absl::string_view kNames[] = {"isalpha", "isdecimal", "isdigit",
                                                 "isnumeric", "isalnum", "isspace",
                                                 "isprintable", "isascii"};
  if (!NoArgs(rt, kNames[static_cast<int>(kClass)], args, kw)) return Value::Raised();
  absl::string_view s = StrView(args[0]);
  // The empty string is printable and ASCII but has no letters, digits or spaces.
  if (s.empty()) return Value::Bool(kClass == Class::kPrintable || kClass == Class::kAscii);
  for (size_t i = 0; i < s.size();) {
    if (!CharInClass(DecodeUtf8At(s, &i), kClass)) return Value::Bool(false);
  }
  return Value::Bool(true);
}

// isupper / islower: at least one cased character and none of the other case.
template <bool kUpper>
WICK_STR_METHOD(StrIsCase) {
  if (!NoArgs(rt, kUpper ? "isupper" : "islower", args, kw)) return Value::Raised();
  absl::string_view s = StrView(args[0]);
  bool cased = false;
  for (size_t i = 0; i < s.size();) {
    char32_t c = DecodeUtf8At(s, &i);
    if (kUpper ? IsLowerChar(c) : IsUpperChar(c)) return Value::Bool(false);
    if (kUpper ? IsUpperChar(c) : IsLowerChar(c)) cased = true;
  }
  return Value::Bool(cased);
}

// istitle: uppercase characters only start words, lowercase ones only continue them,
// and there is at least one cased character.
WICK_STR_METHOD(StrIsTitle) {
  if (!NoArgs(rt, "istitle", args, kw)) return Value::Raised();
  absl::string_view s = StrView(args[0]);
  bool cased = false, prev_cased = false;
  for (size_t i = 0; i < s.size();) {
    char32_t c = DecodeUtf8At(s, &i);
    if (IsUpperChar(c)) {
      if (prev_cased) return Value::Bool(false);
      prev_cased = cased = true;
    } else if (IsLowerChar(c)) {
      if (!prev_cased) return Value::Bool(false);
      prev_cased = cased = true;
    } else {
      prev_cased = false;
    }
  }
  return Value::Bool(cased);
}

// isidentifier: XID_Start or '_', then XID_Continue characters (the tokenizer's rule).
WICK_STR_METHOD(StrIsIdentifier) {
  if (!NoArgs(rt, "isidentifier", args, kw)) return Value::Raised();
  absl::string_view s = StrView(args[0]);
  if (s.empty()) return Value::Bool(false);
  for (size_t i = 0; i < s.size();) {
    bool first = i == 0;
    char32_t c = DecodeUtf8At(s, &i);
    bool ok = first ? base::IsXidStart(c) : base::IsXidContinue(c);
    if (!ok) return Value::Bool(false);
  }
  return Value::Bool(true);
}

}  // namespace

void InitStrCaseMethods(Runtime& rt) {
  Type* t = rt.types().str;
  rt.AddMethod(t, "upper", &StrCase<Case::kUpper>);
  rt.AddMethod(t, "lower", &StrCase<Case::kLower>);
  rt.AddMethod(t, "casefold", &StrCase<Case::kCasefold>);
  rt.AddMethod(t, "title", &StrCase<Case::kTitle>);
  rt.AddMethod(t, "capitalize", &StrCase<Case::kCapitalize>);
  rt.AddMethod(t, "swapcase", &StrCase<Case::kSwap>);
  rt.AddMethod(t, "isalpha", &StrIsClass<Class::kAlpha>);
  rt.AddMethod(t, "isdecimal", &StrIsClass<Class::kDecimal>);
  rt.AddMethod(t, "isdigit", &StrIsClass<Class::kDigit>);
  rt.AddMethod(t, "isnumeric", &StrIsClass<Class::kNumeric>);
  rt.AddMethod(t, "isalnum", &StrIsClass<Class::kAlnum>);
  rt.AddMethod(t, "isspace", &StrIsClass<Class::kSpace>);
  rt.AddMethod(t, "isprintable", &StrIsClass<Class::kPrintable>);
  rt.AddMethod(t, "isascii", &StrIsClass<Class::kAscii>);
  rt.AddMethod(t, "isupper", &StrIsCase<true>);
  rt.AddMethod(t, "islower", &StrIsCase<false>);
  rt.AddMethod(t, "istitle", &StrIsTitle);
  rt.AddMethod(t, "isidentifier", &StrIsIdentifier);
}

}  // namespace wick::vm::internal
