// SourceLoc: a position in a user's script. Tokens, AST nodes, bytecode, graph nodes,
// guards and break reasons carry one, so every message can cite file:line.
#ifndef WICK_BASE_SOURCE_LOC_H_
#define WICK_BASE_SOURCE_LOC_H_

#include <cstdint>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"

namespace wick {

struct SourceLoc {
  // The file name as the user gave it (shared: many locations point into one file).
  std::shared_ptr<const std::string> file;
  int32_t line = 0;    // 1-based; 0 = unknown.
  int32_t column = 0;  // 1-based; 0 = unknown.

  bool known() const { return line > 0; }
  absl::string_view file_name() const {
    return file ? absl::string_view(*file) : absl::string_view("<unknown>");
  }
  // "file.py:12" (or "file.py:12:5" with a column), the form log records cite.
  std::string ToString() const {
    if (column > 0) return absl::StrCat(file_name(), ":", line, ":", column);
    return absl::StrCat(file_name(), ":", line);
  }
};

}  // namespace wick

#endif  // WICK_BASE_SOURCE_LOC_H_
