// Test inputs built without any registry op, so that every case file can run while the
// op groups are still being written: the deterministic helpers A, V, P, T of
// tests/parity/README.md and torch.tensor over literal nested lists.
#ifndef WICK_TESTS_PARITY_INPUTS_H_
#define WICK_TESTS_PARITY_INPUTS_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tensor/op_registry.h"
#include "tensor/tensor.h"
#include "tensor/value.h"
#include "tests/parity/expr.h"

namespace wick::parity {

// A(*size, dtype=torch.float32), V(*size, seed=0, dtype=torch.float32),
// P(*size, seed=0, dtype=torch.float32), T(x, *perm). `size`/`perm` may also be passed
// as one list or tuple. Any other name is a NameError.
absl::StatusOr<tensor::Value> CallInputHelper(const std::string& name,
                                              const std::vector<tensor::Value>& args,
                                              const tensor::Kwargs& kwargs);

// torch.tensor(data, dtype=None, requires_grad=False): `data` is a literal number or a
// (nested) list/tuple of them. Dtype inference, shape checks and overflow errors follow
// PyTorch 1.13 (ValueError "expected sequence of length 2 at dim 1 (got 3)", RuntimeError
// "value cannot be converted to type int32 without overflow").
absl::StatusOr<tensor::Tensor> TensorFromLiteral(const Expr& data,
                                                 std::optional<tensor::DType> dtype,
                                                 bool requires_grad);

}  // namespace wick::parity

#endif  // WICK_TESTS_PARITY_INPUTS_H_
