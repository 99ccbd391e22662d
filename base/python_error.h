// The Python exception type an error should surface as, carried on an absl::Status.
//
// Lower layers (tensor kernels, the op registry) cannot create Python exceptions (those
// live in vm/), but users expect PyTorch's exception types: a bad argument is a
// TypeError, an index out of range an IndexError, a shape mismatch a RuntimeError. Such
// errors are InvalidArgument statuses with the type name attached as a payload; the VM
// reads it back with PythonErrorType() when it turns a status into an exception.
//
//   return TypeError("add(): argument 'other' (position 2) must be Tensor, not str");
#ifndef WICK_BASE_PYTHON_ERROR_H_
#define WICK_BASE_PYTHON_ERROR_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace wick {

inline constexpr absl::string_view kPythonErrorPayload = "wick/python_error_type";

// An InvalidArgument status that surfaces as Python exception `type_name`.
inline absl::Status PythonError(absl::string_view type_name, absl::string_view message) {
  absl::Status s = absl::InvalidArgumentError(message);
  s.SetPayload(kPythonErrorPayload, absl::Cord(type_name));
  return s;
}

inline absl::Status TypeError(absl::string_view m) { return PythonError("TypeError", m); }
inline absl::Status ValueError(absl::string_view m) { return PythonError("ValueError", m); }
inline absl::Status IndexError(absl::string_view m) { return PythonError("IndexError", m); }
inline absl::Status RuntimeError(absl::string_view m) {
  return PythonError("RuntimeError", m);
}
inline absl::Status NotImplementedError(absl::string_view m) {
  return PythonError("NotImplementedError", m);
}

// The Python exception type for `s`: its payload if set, otherwise "RuntimeError"
// (what PyTorch raises for errors from C++).
inline std::string PythonErrorType(const absl::Status& s) {
  auto payload = s.GetPayload(kPythonErrorPayload);
  return payload ? std::string(*payload) : std::string("RuntimeError");
}

}  // namespace wick

#endif  // WICK_BASE_PYTHON_ERROR_H_
