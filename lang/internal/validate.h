// The SyntaxErrors CPython raises after parsing, from its symbol table and compiler:
// misplaced return/yield/break/continue, starred expressions where they cannot go,
// duplicate parameters, repeated keywords, a bare `except:` before others, `nonlocal`
// at module level. Doing them here gives every consumer of lang/ the same checked tree.
#ifndef WICK_LANG_INTERNAL_VALIDATE_H_
#define WICK_LANG_INTERNAL_VALIDATE_H_

#include "absl/status/status.h"
#include "lang/ast.h"
#include "lang/source_lines.h"

namespace wick::lang::internal {

// OK, or an InvalidArgument status carrying the first error in CPython's order (symbol
// table errors for the whole file before compiler errors; each in source order).
absl::Status Validate(const Module& module, const SourceLines& lines);

}  // namespace wick::lang::internal

#endif  // WICK_LANG_INTERNAL_VALIDATE_H_
