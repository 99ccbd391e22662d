// TranslatePattern: Python 3.11 regular-expression syntax -> RE2 syntax, for the `re`
// module (re_module.cc). It parses the pattern the way CPython's sre_parse does for the
// constructs RE2 shares, rewrites the ones that differ (\Z -> \z, unicode \d \w \s,
// octal and \u escapes, {,n}, verbose mode), and rejects what RE2 cannot do
// (backreferences, look-around, conditionals, atomic groups, possessive repeats) with a
// message naming the construct. Errors carry CPython's texts where CPython also fails.
#ifndef WICK_VM_STDLIB_RE_TRANSLATE_H_
#define WICK_VM_STDLIB_RE_TRANSLATE_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/string_view.h"

namespace wick::vm::re {

// Python's flag values (re.I, re.M, ...).
enum Flag : int {
  kTemplate = 1, kIgnoreCase = 2, kLocale = 4, kMultiline = 8, kDotAll = 16,
  kUnicode = 32, kVerbose = 64, kDebug = 128, kAscii = 256,
};

struct Translation {
  // On success: the RE2 pattern (flags i/m/s already applied inline).
  std::string re2;
  // Non-empty on failure: re.error's msg, and its position in code points.
  std::string error;
  int error_pos = 0;
  // The pattern's flags with its leading inline flags ((?i)) merged, and re.UNICODE
  // added when re.ASCII is not set (what Pattern.flags reports).
  int flags = 0;
  int groups = 0;
  std::vector<std::pair<std::string, int>> names;  // (?P<name>...) -> group number
  // Group numbers in the order their ')' appears (Match.lastindex picks among them).
  std::vector<int> close_order;
  // Whether the pattern has a `$` outside multiline mode: Python's `$` also matches
  // before a final newline, which RE2's does not (the matcher retries without it).
  bool bare_dollar = false;
  // Whether the pattern uses \Z (only the real end of the string).
  bool has_end_z = false;
};

// `pattern` is UTF-8; `flags` a combination of Flag.
Translation TranslatePattern(absl::string_view pattern, int flags);

}  // namespace wick::vm::re

#endif  // WICK_VM_STDLIB_RE_TRANSLATE_H_
