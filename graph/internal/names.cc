// FX-compatible node naming; see names.h.
#include "graph/internal/names.h"

#include <cctype>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace wick::graph::internal {
namespace {

// keyword.kwlist, dir(builtins) of CPython 3.11 (lowercase and dunder entries; the
// capitalised exception names cannot collide with op names) and FX's custom builtins.
const absl::flat_hash_set<absl::string_view>& IllegalNames() {
  static const auto* names = new absl::flat_hash_set<absl::string_view>{
      "False", "None", "True", "and", "as", "assert", "async", "await", "break",
      "class", "continue", "def", "del", "elif", "else", "except", "finally", "for",
      "from", "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or",
      "pass", "raise", "return", "try", "while", "with", "yield",
      "abs", "aiter", "all", "anext", "any", "ascii", "bin", "bool", "breakpoint",
      "bytearray", "bytes", "callable", "chr", "classmethod", "compile", "complex",
      "copyright", "credits", "delattr", "dict", "dir", "divmod", "enumerate", "eval",
      "exec", "exit", "filter", "float", "format", "frozenset", "getattr", "globals",
      "hasattr", "hash", "help", "hex", "id", "input", "int", "isinstance",
      "issubclass", "iter", "len", "license", "list", "locals", "map", "max",
      "memoryview", "min", "next", "object", "oct", "open", "ord", "pow", "print",
      "property", "quit", "range", "repr", "reversed", "round", "set", "setattr",
      "slice", "sorted", "staticmethod", "str", "sum", "super", "tuple", "type", "vars",
      "zip", "Ellipsis", "NotImplemented", "Exception", "BaseException",
      "__build_class__", "__debug__", "__doc__", "__import__", "__loader__", "__name__",
      "__package__", "__spec__",
      "inf", "nan", "NoneType", "torch", "device", "fx_pytree", "pytree"};
  return *names;
}

bool IsIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Splits FX's `^([a-zA-Z_][0-9a-zA-Z_]*?)(?:_(\d+))?$` into base and numeric suffix.
// Returns false when `s` is not a valid identifier.
bool SplitName(absl::string_view s, std::string* base, int64_t* num, bool* has_num) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
  for (char c : s) {
    if (!IsIdentChar(c)) return false;
  }
  *has_num = false;
  const size_t us = s.rfind('_');
  if (us != absl::string_view::npos && us > 0 && us + 1 < s.size()) {
    absl::string_view digits = s.substr(us + 1);
    bool all_digits = true;
    for (char c : digits) all_digits &= std::isdigit(static_cast<unsigned char>(c)) != 0;
    if (all_digits && absl::SimpleAtoi(digits, num)) {
      *base = std::string(s.substr(0, us));
      *has_num = true;
      return true;
    }
  }
  *base = std::string(s);
  return true;
}

}  // namespace

std::string SnakeCase(absl::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (i > 0 && std::isupper(static_cast<unsigned char>(c)) &&
        std::islower(static_cast<unsigned char>(s[i - 1]))) {
      out.push_back('_');
    }
    out.push_back(c);
  }
  return absl::AsciiStrToLower(out);
}

std::string CandidateForTarget(absl::string_view target) {
  const size_t dot = target.rfind('.');
  absl::string_view last = dot == absl::string_view::npos ? target : target.substr(dot + 1);
  if (last.size() > 4 && absl::StartsWith(last, "__") && absl::EndsWith(last, "__")) {
    last = last.substr(2, last.size() - 4);
  }
  return SnakeCase(last);
}

bool IsIllegalName(absl::string_view name) { return IllegalNames().contains(name); }

std::string CreateName(absl::string_view candidate_in,
                       absl::flat_hash_set<std::string>& used,
                       absl::flat_hash_map<std::string, int64_t>& base_count) {
  std::string candidate(candidate_in);
  std::string base;
  int64_t num = 0;
  bool has_num = false;
  if (!SplitName(candidate, &base, &num, &has_num)) {
    std::string clean;
    bool in_illegal_run = false;
    for (char c : candidate) {
      if (IsIdentChar(c)) {
        clean.push_back(c);
        in_illegal_run = false;
      } else if (!in_illegal_run) {
        clean.push_back('_');  // a run of illegal characters becomes one '_'
        in_illegal_run = true;
      }
    }
    if (clean.empty()) clean = "_unnamed";
    if (std::isdigit(static_cast<unsigned char>(clean[0]))) clean = "_" + clean;
    candidate = clean;
    SplitName(candidate, &base, &num, &has_num);
  }
  if (!has_num || used.contains(candidate)) {
    auto it = base_count.find(candidate);
    num = it == base_count.end() ? 0 : it->second;
    if (IsIllegalName(candidate)) {
      ++num;
      candidate = absl::StrCat(base, "_", num);
    }
  }
  while (used.contains(candidate)) {
    ++num;
    candidate = absl::StrCat(base, "_", num);
  }
  used.insert(candidate);
  base_count[base] = num;
  return candidate;
}

}  // namespace wick::graph::internal
