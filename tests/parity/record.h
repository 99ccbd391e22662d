// The canonical per-case record (tests/parity/README.md) for a registry Value or an
// error; run_torch.py prints the same lines for Python objects.
//
//   type Tensor / dtype torch.float32 / shape [2, 3] / stride [3, 1] / values ... / str ...
#ifndef WICK_TESTS_PARITY_RECORD_H_
#define WICK_TESTS_PARITY_RECORD_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "tensor/value.h"

namespace wick::parity {

// Appends the record lines of `v`, each starting with `prefix` ("" at top level, "[0] "
// for the first element of a tuple) and ending with '\n'.
void AppendRecord(const tensor::Value& v, const std::string& prefix, std::string* out);

// "error <PythonExceptionType>\n" for `status`; a NotFound status (an op or attribute
// wick lacks) is "error NotFound\n" followed by one "missing <python name>\n" per name.
std::string ErrorRecord(const absl::Status& status, const std::vector<std::string>& missing);

// Python's repr of a str: 'abc', "it's", with \n, \t, \\ escaped.
std::string PythonStringRepr(const std::string& s);

}  // namespace wick::parity

#endif  // WICK_TESTS_PARITY_RECORD_H_
