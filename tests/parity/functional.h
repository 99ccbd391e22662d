// torch.nn.functional's Python signatures on top of ATen-style registry ops: F.NAME
// functions whose parameters differ from the op's schema (F.dropout's `training`,
// F.embedding's swapped operands, `inplace=` flags) are bound here the way Python binds
// them and lowered to one registry call.
#ifndef WICK_TESTS_PARITY_FUNCTIONAL_H_
#define WICK_TESTS_PARITY_FUNCTIONAL_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tensor/op_registry.h"
#include "tensor/value.h"

namespace wick::parity {

struct RegistryCall {
  std::string op;
  std::vector<tensor::Value> args;
  tensor::Kwargs kwargs;
};

// The registry call that F.`name`(args, kwargs) stands for; nullopt when F.`name` has no
// adapter (the caller then uses the registry op of the same name directly). Binding
// errors are Python's TypeErrors; F-level argument checks (F.dropout's p) are raised here
// with Python's exception type.
absl::StatusOr<std::optional<RegistryCall>> LowerFunctional(const std::string& name,
                                                            const std::vector<tensor::Value>& args,
                                                            const tensor::Kwargs& kwargs);

}  // namespace wick::parity

#endif  // WICK_TESTS_PARITY_FUNCTIONAL_H_
