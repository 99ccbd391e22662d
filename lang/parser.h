// lang/: the public entry points of wick's front end: Parse (source text -> AST, see
// lang/ast.h), the AST dump used by text-in/text-out tests, and SyntaxError, the
// structured error that renders exactly like CPython 3.11 prints an uncaught one.
//
//   absl::StatusOr<std::unique_ptr<lang::Module>> m = lang::Parse(src, "x.py");
//   if (!m.ok()) {
//     if (auto e = lang::GetSyntaxError(m.status())) std::cerr << e->Render();
//   }
#ifndef WICK_LANG_PARSER_H_
#define WICK_LANG_PARSER_H_

#include <memory>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "lang/ast.h"

namespace wick::lang {

// A syntax error as CPython's SyntaxError object holds it: 1-based line, 1-based
// *character* offsets into `text` (CPython converts byte columns to characters), and the
// offending source line without its newline.
struct SyntaxError {
  enum class Type { kSyntaxError, kIndentationError, kTabError };

  Type type = Type::kSyntaxError;
  std::string message;  // "expected ':'"
  std::string filename;
  int line = 0;
  int offset = 0;      // 1-based; <= 0 means none
  int end_line = 0;
  int end_offset = 0;  // 1-based, exclusive; <= 0 means none
  std::string text;    // the source line; empty when there is none

  // "SyntaxError", "IndentationError" or "TabError".
  absl::string_view TypeName() const;

  // What CPython 3.11 prints for the uncaught exception (no traceback header):
  //   File "x.py", line 3
  //     if x
  //         ^
  // SyntaxError: expected ':'
  std::string Render() const;

  // An InvalidArgument status carrying this error: the message is `message`, the
  // Python exception type (base/python_error.h) is TypeName(), and GetSyntaxError()
  // recovers every field.
  absl::Status ToStatus() const;
};

// The SyntaxError carried by `status`, if it carries one.
std::optional<SyntaxError> GetSyntaxError(const absl::Status& status);

// Parses a whole file (CPython's `exec` mode). Errors: InvalidArgument with a
// SyntaxError payload for any syntax error, including the ones CPython's compiler
// reports after parsing ('return' outside function, 'break' outside loop, misplaced
// starred expressions, ...), and for out-of-scope features (async, match, except*).
absl::StatusOr<std::unique_ptr<Module>> Parse(absl::string_view source,
                                              absl::string_view filename);

// The canonical text form of a tree: one node per line, indented by depth, fields in
// CPython's order, positions as @line:col-end_line:end_col. See lang/testdata/README.md.
std::string DumpAst(const Module& module);

}  // namespace wick::lang

#endif  // WICK_LANG_PARSER_H_
