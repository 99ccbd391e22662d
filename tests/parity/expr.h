// The parity case language (tests/parity/README.md): a tiny Python subset of literals,
// names, attribute access and calls, parsed by recursive descent into a small AST that
// the evaluator (evaluator.h) walks. No operators: case files call ops by name.
//
//   ASSIGN_OR_RETURN(std::vector<ExprPtr> stmts, ParseCase("torch.manual_seed(0) ;
//   torch.randn(3)"));
#ifndef WICK_TESTS_PARITY_EXPR_H_
#define WICK_TESTS_PARITY_EXPR_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace wick::parity {

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct Expr {
  enum class Kind {
    kNone,
    kBool,
    kInt,
    kFloat,
    kString,
    kList,   // [a, b]    items
    kTuple,  // (a, b)    items
    kName,   // torch     text
    kAttr,   // x.name    target, text
    kCall,   // f(a, k=v) target, items, kwargs
  };
  Kind kind = Kind::kNone;
  bool b = false;
  int64_t i = 0;
  double f = 0;
  std::string text;  // String value, name, or attribute name.
  ExprPtr target;
  std::vector<ExprPtr> items;
  std::vector<std::pair<std::string, ExprPtr>> kwargs;
  int column = 0;  // 1-based, for messages.

  // "torch.nn.functional" for a chain of names and attributes; "" otherwise.
  std::string DottedName() const;
};

// One case line: expressions separated by ';'. A trailing '#' comment must already be
// stripped (StripComment). Errors are InvalidArgument "column N: ...".
absl::StatusOr<std::vector<ExprPtr>> ParseCase(absl::string_view line);

// The line without a trailing `# ...` comment (a '#' inside a string literal stays).
absl::string_view StripComment(absl::string_view line);

}  // namespace wick::parity

#endif  // WICK_TESTS_PARITY_EXPR_H_
