// Status propagation macros: every library boundary in wick returns absl::Status or
// absl::StatusOr<T>, and these keep the early-return pattern to one line.
//
//   RETURN_IF_ERROR(Verify(graph));
//   ASSIGN_OR_RETURN(Tensor out, registry.Call("add", args));
#ifndef WICK_BASE_STATUS_MACROS_H_
#define WICK_BASE_STATUS_MACROS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define WICK_STATUS_CONCAT_INNER_(a, b) a##b
#define WICK_STATUS_CONCAT_(a, b) WICK_STATUS_CONCAT_INNER_(a, b)

// Evaluates `expr` (an absl::Status); returns it from the enclosing function if not OK.
#define RETURN_IF_ERROR(expr)                                  \
  do {                                                         \
    ::absl::Status wick_status_ = (expr);                      \
    if (ABSL_PREDICT_FALSE(!wick_status_.ok())) return wick_status_; \
  } while (0)

// Evaluates `rexpr` (an absl::StatusOr<T>); on error returns its status, otherwise
// move-assigns the value to `lhs`, which may be a declaration (`auto x`, `Tensor t`).
#define ASSIGN_OR_RETURN(lhs, rexpr) \
  WICK_ASSIGN_OR_RETURN_IMPL_(WICK_STATUS_CONCAT_(wick_statusor_, __LINE__), lhs, rexpr)

#define WICK_ASSIGN_OR_RETURN_IMPL_(statusor, lhs, rexpr)  \
  auto statusor = (rexpr);                                 \
  if (ABSL_PREDICT_FALSE(!statusor.ok())) return std::move(statusor).status(); \
  lhs = *std::move(statusor)

#endif  // WICK_BASE_STATUS_MACROS_H_
