// Python regex syntax -> RE2 syntax (re_translate.h). One pass over the pattern's code
// points with a stack of open groups; each construct is either copied, rewritten or
// rejected. Literals outside [a-zA-Z0-9_] and non-ASCII are re-emitted escaped, so RE2
// never reads a Python-only meaning into them.
#include "vm/stdlib/re_translate.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/objects/unicode.h"

namespace wick::vm::re {
namespace {

constexpr absl::string_view kUnsupported = " is not supported by wick's re (RE2)";

// Python's unicode \s (str.isspace) as the inside of an RE2 class.
constexpr absl::string_view kSpaceSet =
    "\\x{9}-\\x{d}\\x{1c}-\\x{20}\\x{85}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}"
    "\\x{2029}\\x{202f}\\x{205f}\\x{3000}";
constexpr absl::string_view kWordSet = "\\p{L}\\p{N}_";

bool IsAsciiAlnum(char32_t c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool IsOctal(char32_t c) { return c >= '0' && c <= '7'; }
int HexValue(char32_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
bool IsVerboseSpace(char32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

// Appends code point `c` as an RE2 literal (inside or outside a class).
void EmitLiteral(std::string* out, char32_t c) {
  if (IsAsciiAlnum(c) || c == '_') {
    out->push_back(static_cast<char>(c));
  } else if (c < 0x80 && c > 0x20 && c != 0x7f) {
    out->push_back('\\');
    out->push_back(static_cast<char>(c));
  } else if (c < 0x80) {
    absl::StrAppendFormat(out, "\\x{%x}", static_cast<uint32_t>(c));
  } else {
    internal::AppendUtf8(out, c);
  }
}

struct Group {
  size_t open_pos;   // index of '(' (for "missing )")
  int number;        // capture group number, 0 if not capturing
  bool verbose, ascii, multiline;  // the flags to restore at ')'
};

class Translator {
 public:
  Translator(absl::string_view pattern, int flags, Translation* out)
      : p_(internal::DecodeUtf8(pattern)), out_(out) {
    out_->flags = flags;
    verbose_ = flags & kVerbose;
    ascii_ = flags & kAscii;
    multiline_ = flags & kMultiline;
  }

  bool Run() {
    while (i_ < p_.size()) {
      if (!Step()) return false;
    }
    if (!stack_.empty()) {
      return Fail("missing ), unterminated subpattern", stack_.back().open_pos);
    }
    int f = out_->flags;
    std::string prefix;
    if (f & kIgnoreCase) prefix += 'i';
    if (f & kMultiline) prefix += 'm';
    if (f & kDotAll) prefix += 's';
    out_->re2 = prefix.empty() ? re2_ : absl::StrCat("(?", prefix, ")", re2_);
    if (!(f & kAscii)) out_->flags |= kUnicode;
    return true;
  }

 private:
  bool Fail(std::string msg, size_t pos) {
    out_->error = std::move(msg);
    out_->error_pos = static_cast<int>(pos);
    return false;
  }
  bool Unsupported(absl::string_view what, size_t pos) {
    return Fail(absl::StrCat(what, kUnsupported), pos);
  }
  char32_t At(size_t j) const { return j < p_.size() ? p_[j] : 0; }
  bool AtEnd(size_t j) const { return j >= p_.size(); }
  std::string Slice(size_t from, size_t to) const {
    return internal::EncodeUtf8(p_.substr(from, to - from));
  }

  // An item that a quantifier may follow was emitted.
  void Item() { can_repeat_ = true; after_repeat_ = false; }
  void NoItem() { can_repeat_ = false; after_repeat_ = false; }

  bool Step() {
    char32_t c = p_[i_];
    if (verbose_ && IsVerboseSpace(c)) {
      ++i_;
      return true;
    }
    if (verbose_ && c == '#') {
      while (i_ < p_.size() && p_[i_] != '\n') ++i_;
      return true;
    }
    switch (c) {
      case '(':
        return OpenGroup();
      case ')':
        return CloseGroup();
      case '|':
        re2_ += '|';
        NoItem();
        ++i_;
        return true;
      case '*':
      case '+':
      case '?':
        return Repeat(std::string(1, static_cast<char>(c)), i_, i_ + 1);
      case '{':
        return Brace();
      case '[':
        return Class();
      case '\\':
        return Escape();
      case '.':
        re2_ += '.';
        Item();
        ++i_;
        return true;
      case '^':
        re2_ += '^';
        NoItem();
        ++i_;
        return true;
      case '$':
        re2_ += '$';
        if (!multiline_) out_->bare_dollar = true;
        NoItem();
        ++i_;
        return true;
      default:
        EmitLiteral(&re2_, c);
        Item();
        ++i_;
        return true;
    }
  }

  // A quantifier `q` (RE2 text) found at `pos`; the pattern continues at `next`.
  bool Repeat(const std::string& q, size_t pos, size_t next) {
    if (!can_repeat_) return Fail(after_repeat_ ? "multiple repeat" : "nothing to repeat", pos);
    re2_ += q;
    i_ = next;
    if (At(i_) == '?') {
      re2_ += '?';
      ++i_;
    } else if (At(i_) == '+') {
      return Unsupported("possessive repeat", pos);
    }
    can_repeat_ = false;
    after_repeat_ = true;
    return true;
  }

  // '{': a repeat {m}, {m,}, {,n}, {m,n}, or else a literal brace (as sre_parse reads it).
  bool Brace() {
    size_t start = i_;
    size_t j = i_ + 1;
    auto literal = [&] {
      EmitLiteral(&re2_, '{');
      Item();
      i_ = start + 1;
      return true;
    };
    if (At(j) == '}') return literal();
    std::string lo, hi;
    while (At(j) >= '0' && At(j) <= '9') lo += static_cast<char>(p_[j++]);
    bool comma = false;
    if (At(j) == ',') {
      comma = true;
      ++j;
      while (At(j) >= '0' && At(j) <= '9') hi += static_cast<char>(p_[j++]);
    } else {
      hi = lo;
    }
    if (At(j) != '}' || AtEnd(j)) return literal();
    ++j;
    auto parse = [](const std::string& s) {
      return s.size() > 9 ? int64_t{1} << 40 : std::stoll(s);
    };
    int64_t min = lo.empty() ? 0 : parse(lo);
    int64_t max = hi.empty() ? -1 : parse(hi);
    if (max >= 0 && max < min) return Fail("min repeat greater than max repeat", start + 1);
    if (min > 1000 || max > 1000) {
      return Unsupported("a repetition count greater than 1000", start);
    }
    std::string q = absl::StrCat("{", min);
    if (comma) absl::StrAppend(&q, ",", max >= 0 ? absl::StrCat(max) : "");
    q += "}";
    return Repeat(q, start, j);
  }

  bool OpenGroup() {
    size_t start = i_;
    Group g{start, 0, verbose_, ascii_, multiline_};
    if (At(i_ + 1) != '?') {
      g.number = ++out_->groups;
      re2_ += '(';
      stack_.push_back(g);
      i_ += 1;
      NoItem();
      return true;
    }
    size_t j = i_ + 2;
    if (AtEnd(j)) return Fail("unexpected end of pattern", j);
    char32_t c = p_[j];
    switch (c) {
      case ':':
        re2_ += "(?:";
        stack_.push_back(g);
        i_ = j + 1;
        NoItem();
        return true;
      case 'P':
        return NamedGroup(g, j + 1);
      case '#': {
        size_t k = j + 1;
        while (!AtEnd(k) && p_[k] != ')') ++k;
        if (AtEnd(k)) return Fail("missing ), unterminated comment", start);
        i_ = k + 1;
        return true;
      }
      case '=':
        return Unsupported("look-ahead assertion (?=...)", start);
      case '!':
        return Unsupported("negative look-ahead assertion (?!...)", start);
      case '<':
        if (At(j + 1) == '=') return Unsupported("look-behind assertion (?<=...)", start);
        if (At(j + 1) == '!') return Unsupported("negative look-behind assertion (?<!...)", start);
        return Fail(absl::StrCat("unknown extension ?<", Slice(j + 1, j + 2)), start + 1);
      case '(':
        return Unsupported("conditional group (?(...)...)", start);
      case '>':
        return Unsupported("atomic group (?>...)", start);
      default:
        break;
    }
    if (c == '-' || absl::string_view("aiLmsux").find(static_cast<char>(c < 0x80 ? c : 0)) !=
                        absl::string_view::npos) {
      return Flags(g, j);
    }
    return Fail(absl::StrCat("unknown extension ?", Slice(j, j + 1)), start + 1);
  }

  // (?P<name>...) and (?P=name); `j` is just past 'P'.
  bool NamedGroup(Group g, size_t j) {
    size_t start = g.open_pos;
    if (At(j) == '=') return Unsupported("backreference (?P=name)", start);
    if (At(j) != '<') {
      if (AtEnd(j)) return Fail("unexpected end of pattern", j);
      return Fail(absl::StrCat("unknown extension ?P", Slice(j, j + 1)), start + 1);
    }
    size_t k = j + 1;
    while (!AtEnd(k) && p_[k] != '>') ++k;
    if (AtEnd(k)) return Fail("missing >, unterminated name", j + 1);
    std::string name = Slice(j + 1, k);
    if (name.empty()) return Fail("missing group name", j + 1);
    bool ok = !(p_[j + 1] >= '0' && p_[j + 1] <= '9');
    for (size_t m = j + 1; m < k; ++m) {
      char32_t ch = p_[m];
      if (!(IsAsciiAlnum(ch) || ch == '_' || (ch >= 0x80 && internal::IsAlphaChar(ch)) ||
            (ch >= 0x80 && m > j + 1 && internal::IsDecimalChar(ch)))) {
        ok = false;
      }
    }
    if (!ok) return Fail(absl::StrCat("bad character in group name '", name, "'"), j + 1);
    int number = out_->groups + 1;
    for (const auto& [n, num] : out_->names) {
      if (n == name) {
        return Fail(absl::StrFormat("redefinition of group name '%s' as group %d; was group %d",
                                    name, number, num),
                    j + 1);
      }
    }
    out_->groups = number;
    out_->names.emplace_back(name, number);
    g.number = number;
    absl::StrAppend(&re2_, "(?P<", name, ">");
    stack_.push_back(g);
    i_ = k + 1;
    NoItem();
    return true;
  }

  // (?aiLmsux) at the start, or (?aiLmsux-imsx:...); `j` is at the first flag letter.
  bool Flags(Group g, size_t j) {
    size_t start = g.open_pos;
    int on = 0, off = 0;
    auto flag_of = [](char32_t ch) {
      switch (ch) {
        case 'a': return static_cast<int>(kAscii);
        case 'i': return static_cast<int>(kIgnoreCase);
        case 'L': return static_cast<int>(kLocale);
        case 'm': return static_cast<int>(kMultiline);
        case 's': return static_cast<int>(kDotAll);
        case 'u': return static_cast<int>(kUnicode);
        case 'x': return static_cast<int>(kVerbose);
        default: return 0;
      }
    };
    while (!AtEnd(j) && flag_of(p_[j]) != 0) on |= flag_of(p_[j++]);
    if (At(j) == '-') {
      ++j;
      if (AtEnd(j)) return Fail("missing flag", j);
      while (!AtEnd(j) && flag_of(p_[j]) != 0) off |= flag_of(p_[j++]);
      if (off == 0) return Fail("missing flag", j);
      if (At(j) != ':') return Fail("missing :", j);
    }
    if (AtEnd(j)) return Fail("missing -, : or )", j);
    if (on & kLocale) return Fail("bad inline flag: cannot use 'L' flag with a str pattern", j);
    if (p_[j] == ')') {
      if (!stack_.empty() || !re2_.empty()) {
        return Fail("global flags not at the start of the expression", start);
      }
      out_->flags |= on;
      if (on & kVerbose) verbose_ = true;
      if (on & kAscii) ascii_ = true;
      if (on & kMultiline) multiline_ = true;
      i_ = j + 1;
      return true;
    }
    if (p_[j] != ':') {
      return Fail(p_[j] < 0x80 && (IsAsciiAlnum(p_[j])) ? "unknown flag" : "missing -, : or )",
                  j);
    }
    std::string set, clear;
    for (auto [bit, ch] : {std::pair{kIgnoreCase, 'i'}, {kMultiline, 'm'}, {kDotAll, 's'}}) {
      if (on & bit) set += ch;
      if (off & bit) clear += ch;
    }
    re2_ += "(?";
    re2_ += set;
    if (!clear.empty()) absl::StrAppend(&re2_, "-", clear);
    re2_ += ':';
    stack_.push_back(g);
    if (on & kVerbose) verbose_ = true;
    if (off & kVerbose) verbose_ = false;
    if (on & kAscii) ascii_ = true;
    if (on & kMultiline) multiline_ = true;
    if (off & kMultiline) multiline_ = false;
    i_ = j + 1;
    NoItem();
    return true;
  }

  bool CloseGroup() {
    if (stack_.empty()) return Fail("unbalanced parenthesis", i_);
    Group g = stack_.back();
    stack_.pop_back();
    if (g.number > 0) out_->close_order.push_back(g.number);
    verbose_ = g.verbose;
    ascii_ = g.ascii;
    multiline_ = g.multiline;
    re2_ += ')';
    ++i_;
    Item();
    return true;
  }

  // Reads a character escape (\n, \x41, \u00e9, \012, \0) starting at the backslash at
  // i_. Returns false with *handled = false when the escape is not a character escape.
  bool CharEscape(char32_t* out, bool* handled, bool in_class) {
    size_t start = i_;
    char32_t c = At(i_ + 1);
    *handled = true;
    auto hex = [&](int digits) {
      uint32_t v = 0;
      for (int k = 0; k < digits; ++k) {
        int h = HexValue(At(i_ + 2 + k));
        if (h < 0 || AtEnd(i_ + 2 + k)) {
          return Fail(absl::StrCat("incomplete escape \\", Slice(i_ + 1, i_ + 2 + k)), start);
        }
        v = v * 16 + h;
      }
      if (v > 0x10FFFF) {
        return Fail(absl::StrCat("bad escape \\", Slice(i_ + 1, i_ + 2 + digits)), start);
      }
      *out = v;
      i_ += 2 + digits;
      return true;
    };
    switch (c) {
      case 'a': *out = 7; i_ += 2; return true;
      case 'f': *out = 12; i_ += 2; return true;
      case 'n': *out = 10; i_ += 2; return true;
      case 'r': *out = 13; i_ += 2; return true;
      case 't': *out = 9; i_ += 2; return true;
      case 'v': *out = 11; i_ += 2; return true;
      case 'x': return hex(2);
      case 'u': return hex(4);
      case 'U': return hex(8);
      case 'N': return Unsupported("named unicode escape \\N{...}", start);
      default: break;
    }
    if (c == '0') {
      uint32_t v = 0;
      size_t k = i_ + 2;
      for (int n = 0; n < 2 && IsOctal(At(k)) && !AtEnd(k); ++n) v = v * 8 + (p_[k++] - '0');
      *out = v;
      i_ = k;
      return true;
    }
    if (c >= '1' && c <= '9') {
      if (IsOctal(c) && IsOctal(At(i_ + 2)) && IsOctal(At(i_ + 3)) && !AtEnd(i_ + 3)) {
        uint32_t v = (c - '0') * 64 + (p_[i_ + 2] - '0') * 8 + (p_[i_ + 3] - '0');
        if (v > 0377) {
          return Fail(absl::StrCat("octal escape value \\", Slice(i_ + 1, i_ + 4),
                                   " outside of range 0-0o377"),
                      start);
        }
        *out = v;
        i_ += 4;
        return true;
      }
      if (in_class) return Fail(absl::StrCat("bad escape \\", Slice(i_ + 1, i_ + 2)), start);
      size_t k = i_ + 1;
      while (k < i_ + 3 && At(k) >= '0' && At(k) <= '9' && !AtEnd(k)) ++k;
      return Unsupported(absl::StrCat("backreference \\", Slice(i_ + 1, k)), start);
    }
    *handled = false;
    return false;
  }

  // A backslash outside a class.
  bool Escape() {
    size_t start = i_;
    if (AtEnd(i_ + 1)) return Fail("bad escape (end of pattern)", start);
    char32_t c = p_[i_ + 1];
    switch (c) {
      case 'A': re2_ += "\\A"; NoItem(); i_ += 2; return true;
      case 'Z':
        re2_ += "\\z";
        out_->has_end_z = true;
        NoItem();
        i_ += 2;
        return true;
      case 'b': re2_ += "\\b"; NoItem(); i_ += 2; return true;
      case 'B': re2_ += "\\B"; NoItem(); i_ += 2; return true;
      case 'd': re2_ += ascii_ ? "\\d" : "\\p{Nd}"; Item(); i_ += 2; return true;
      case 'D': re2_ += ascii_ ? "\\D" : "\\P{Nd}"; Item(); i_ += 2; return true;
      case 's': re2_ += ascii_ ? "\\s" : absl::StrCat("[", kSpaceSet, "]"); Item(); i_ += 2; return true;
      case 'S': re2_ += ascii_ ? "\\S" : absl::StrCat("[^", kSpaceSet, "]"); Item(); i_ += 2; return true;
      case 'w': re2_ += ascii_ ? "\\w" : absl::StrCat("[", kWordSet, "]"); Item(); i_ += 2; return true;
      case 'W': re2_ += ascii_ ? "\\W" : absl::StrCat("[^", kWordSet, "]"); Item(); i_ += 2; return true;
      default: break;
    }
    char32_t ch;
    bool handled;
    if (CharEscape(&ch, &handled, false)) {
      EmitLiteral(&re2_, ch);
      Item();
      return true;
    }
    if (handled) return false;
    if (c < 0x80 && IsAsciiAlnum(c)) {
      return Fail(absl::StrCat("bad escape \\", Slice(i_ + 1, i_ + 2)), start);
    }
    EmitLiteral(&re2_, c);
    Item();
    i_ += 2;
    return true;
  }

  // One member of a class at i_: a code point (*cp) or a category (*set, RE2 text).
  bool ClassAtom(char32_t* cp, std::string* set) {
    set->clear();
    if (p_[i_] != '\\') {
      *cp = p_[i_++];
      return true;
    }
    size_t start = i_;
    if (AtEnd(i_ + 1)) return Fail("unterminated character set", start);
    char32_t c = p_[i_ + 1];
    switch (c) {
      case 'd': *set = ascii_ ? "\\d" : "\\p{Nd}"; i_ += 2; return true;
      case 's': *set = ascii_ ? "\\s" : std::string(kSpaceSet); i_ += 2; return true;
      case 'w': *set = ascii_ ? "\\w" : std::string(kWordSet); i_ += 2; return true;
      case 'D':
      case 'S':
      case 'W':
        if (ascii_) {
          *set = absl::StrCat("\\", Slice(i_ + 1, i_ + 2));
          i_ += 2;
          return true;
        }
        return Unsupported(absl::StrCat("\\", Slice(i_ + 1, i_ + 2),
                                        " inside a character class (without re.ASCII)"),
                           start);
      case 'b': *cp = 8; i_ += 2; return true;
      default: break;
    }
    bool handled;
    if (CharEscape(cp, &handled, true)) return true;
    if (handled) return false;
    if (c < 0x80 && IsAsciiAlnum(c)) {
      return Fail(absl::StrCat("bad escape \\", Slice(i_ + 1, i_ + 2)), start);
    }
    *cp = c;
    i_ += 2;
    return true;
  }

  bool Class() {
    size_t start = i_;
    ++i_;
    std::string body;
    bool negate = false;
    if (At(i_) == '^' && !AtEnd(i_)) {
      negate = true;
      ++i_;
    }
    bool first = true;
    while (true) {
      if (AtEnd(i_)) return Fail("unterminated character set", start);
      if (p_[i_] == ']' && !first) {
        ++i_;
        break;
      }
      first = false;
      size_t atom_pos = i_;
      char32_t lo;
      std::string set;
      if (!ClassAtom(&lo, &set)) return false;
      if (At(i_) == '-' && !AtEnd(i_)) {
        ++i_;
        if (AtEnd(i_)) return Fail("unterminated character set", start);
        if (p_[i_] == ']') {
          if (set.empty()) EmitLiteral(&body, lo); else body += set;
          EmitLiteral(&body, '-');
          continue;  // the ']' closes the class next round
        }
        char32_t hi;
        std::string hiset;
        if (!ClassAtom(&hi, &hiset)) return false;
        if (!set.empty() || !hiset.empty() || hi < lo) {
          return Fail(absl::StrCat("bad character range ", Slice(atom_pos, i_)), atom_pos);
        }
        EmitLiteral(&body, lo);
        body += '-';
        EmitLiteral(&body, hi);
        continue;
      }
      if (set.empty()) EmitLiteral(&body, lo); else body += set;
    }
    absl::StrAppend(&re2_, negate ? "[^" : "[", body, "]");
    Item();
    return true;
  }

  std::u32string p_;
  size_t i_ = 0;
  Translation* out_;
  std::string re2_;
  std::vector<Group> stack_;
  bool verbose_, ascii_, multiline_;
  bool can_repeat_ = false;
  bool after_repeat_ = false;
};

}  // namespace

Translation TranslatePattern(absl::string_view pattern, int flags) {
  Translation t;
  Translator(pattern, flags, &t).Run();
  return t;
}

}  // namespace wick::vm::re
