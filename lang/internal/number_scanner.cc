// Number literal scanning (number_scanner.h), step for step as tokenizer.c's tok_get
// reads a number, so that each error leaves its cursor where CPython's does.
#include "lang/internal/number_scanner.h"

#include <algorithm>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace wick::lang::internal {
namespace {

class NumberScanner {
 public:
  explicit NumberScanner(absl::string_view src) : src_(src) {}

  NumberScan Run(size_t start) {
    Scan(start);
    return std::move(out_);
  }

 private:
  int Peek(size_t at) const {
    return at < src_.size() ? static_cast<unsigned char>(src_[at]) : -1;
  }
  // CPython's syntaxerror(): the caret goes just before `cursor`.
  bool Raise(size_t cursor, std::string message) {
    out_.cursor = cursor;
    out_.error = std::move(message);
    return false;
  }

  bool Scan(size_t start);
  bool VerifyEnd(size_t at, const char* kind);
  // Reads digits and single underscores after a first digit; returns the position of
  // the first character after them, or npos after reporting an error.
  size_t DecimalTail(size_t at);

  absl::string_view src_;
  NumberScan out_;
};

// After a number: a letter or digit right after it is an error, except the keywords that
// may follow a number in valid code (`1if x else 2`), which CPython only warns about.
bool NumberScanner::VerifyEnd(size_t at, const char* kind) {
  absl::string_view rest = src_.substr(std::min(at, src_.size()));
  int c = Peek(at);
  // tokenizer.c's lookahead(): the whole keyword, then no identifier character (but it
  // checks only the second letter of if/in/is).
  auto whole = [&](absl::string_view word) {
    return absl::StartsWith(rest, word) && !IsIdentifierChar(Peek(at + word.size()));
  };
  bool keyword = false;
  if (c == 'a') keyword = whole("and");
  if (c == 'e') keyword = whole("else");
  if (c == 'f') keyword = whole("for");
  if (c == 'i') {
    int c2 = Peek(at + 1);
    keyword = c2 == 'f' || c2 == 'n' || c2 == 's';
  }
  if (c == 'o') keyword = whole("or");
  if (c == 'n') keyword = whole("not");
  if (keyword) return true;
  if (IsIdentifierChar(c)) return Raise(at, absl::StrCat("invalid ", kind, " literal"));
  return true;
}

size_t NumberScanner::DecimalTail(size_t at) {
  for (;;) {
    while (IsDigit(Peek(at))) ++at;
    if (Peek(at) != '_') return at;
    ++at;
    if (!IsDigit(Peek(at))) {
      Raise(at, "invalid decimal literal");
      return absl::string_view::npos;
    }
  }
}

bool NumberScanner::Scan(size_t start) {
  size_t at = start;
  int c = Peek(at);
  auto finish = [&](size_t end) {
    out_.end = end;
    return true;
  };
  auto radix = [&](auto is_digit, const char* kind) -> bool {
    // `at` is past the 0x/0o/0b prefix.
    for (;;) {
      if (Peek(at) == '_') ++at;
      if (!is_digit(Peek(at))) {
        if (IsDigit(Peek(at)) && kind[0] != 'h') {
          return Raise(at + 1, absl::StrFormat("invalid digit '%c' in %s literal",
                                               Peek(at), kind));
        }
        return Raise(at, absl::StrCat("invalid ", kind, " literal"));
      }
      while (is_digit(Peek(at))) ++at;
      if (Peek(at) != '_') break;
    }
    if (IsDigit(Peek(at)) && kind[0] != 'h') {
      return Raise(at + 1,
                   absl::StrFormat("invalid digit '%c' in %s literal", Peek(at), kind));
    }
    if (!VerifyEnd(at, kind)) return false;
    return finish(at);
  };
  bool fraction = false;
  if (c == '0') {
    int x = Peek(at + 1) | 0x20;
    if (x == 'x') {
      at += 2;
      return radix([](int d) { return IsXDigit(d); }, "hexadecimal");
    }
    if (x == 'o') {
      at += 2;
      return radix([](int d) { return d >= '0' && d <= '7'; }, "octal");
    }
    if (x == 'b') {
      at += 2;
      return radix([](int d) { return d == '0' || d == '1'; }, "binary");
    }
    // Zeros (with underscores), then maybe a float; `0777` is an error.
    ++at;
    bool nonzero = false;
    for (;;) {
      if (Peek(at) == '_') {
        ++at;
        if (!IsDigit(Peek(at))) return Raise(at, "invalid decimal literal");
      }
      if (Peek(at) != '0') break;
      ++at;
    }
    size_t zeros_end = at;
    if (IsDigit(Peek(at))) {
      nonzero = true;
      zeros_end = at + 1;
      at = DecimalTail(at + 1);
      if (at == absl::string_view::npos) return false;
    }
    c = Peek(at);
    if (c == '.') {
      ++at;
      fraction = true;
    } else if (c != 'e' && c != 'E' && c != 'j' && c != 'J') {
      if (nonzero) {
        out_.range_end = zeros_end;
        return Raise(at, "leading zeros in decimal integer literals are not permitted; "
                         "use an 0o prefix for octal integers");
      }
      if (!VerifyEnd(at, "decimal")) return false;
      return finish(at);
    }
  } else if (c == '.') {
    ++at;
    fraction = true;
  } else {
    at = DecimalTail(at + 1);
    if (at == absl::string_view::npos) return false;
    if (Peek(at) == '.') {
      ++at;
      fraction = true;
    }
  }
  if (fraction && IsDigit(Peek(at))) {
    at = DecimalTail(at + 1);
    if (at == absl::string_view::npos) return false;
  }
  c = Peek(at);
  if (c == 'e' || c == 'E') {
    size_t e_at = at;
    ++at;
    if (Peek(at) == '+' || Peek(at) == '-') {
      ++at;
      if (!IsDigit(Peek(at))) return Raise(at, "invalid decimal literal");
    } else if (!IsDigit(Peek(at))) {
      // `1e` or `1else`: the number ends before the 'e'.
      if (!VerifyEnd(e_at, "decimal")) return false;
      return finish(e_at);
    }
    at = DecimalTail(at + 1);
    if (at == absl::string_view::npos) return false;
  }
  c = Peek(at);
  if (c == 'j' || c == 'J') {
    ++at;
    if (!VerifyEnd(at, "imaginary")) return false;
  } else if (!VerifyEnd(at, "decimal")) {
    return false;
  }
  return finish(at);
}

}  // namespace

NumberScan ScanNumber(absl::string_view src, size_t start) {
  return NumberScanner(src).Run(start);
}

}  // namespace wick::lang::internal
