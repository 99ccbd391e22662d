// Evaluates parsed parity cases through an op registry, the way `/usr/bin/python3` +
// torch evaluates the same text: `torch.NAME(...)` and `F.NAME(...)` calls, method calls
// with the receiver as `self`, `torch.tensor(nested, dtype=)`, and the deterministic
// input helpers A, V, P and T (tests/parity/README.md).
//
//   Evaluator ev(OpRegistry::Global());
//   absl::StatusOr<Value> v = ev.Run(stmts);   // the last statement's value
//   if (!v.ok() && v.status().code() == absl::StatusCode::kNotFound) ev.missing() ...
#ifndef WICK_TESTS_PARITY_EVALUATOR_H_
#define WICK_TESTS_PARITY_EVALUATOR_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "tensor/op_registry.h"
#include "tensor/value.h"
#include "tests/parity/expr.h"

namespace wick::parity {

class Evaluator {
 public:
  explicit Evaluator(const tensor::OpRegistry& registry) : registry_(registry) {}

  // Evaluates the statements in order and returns the last one's value. Errors are the
  // statuses the ops return (base/python_error.h types), TypeError-style statuses for
  // bad calls, and NotFound when the case needs an op or attribute wick does not have
  // (its Python name, e.g. "torch.frac" or "Tensor.frac", is then added to missing()).
  absl::StatusOr<tensor::Value> Run(const std::vector<ExprPtr>& statements);

  const std::vector<std::string>& missing() const { return missing_; }

 private:
  absl::StatusOr<tensor::Value> Eval(const Expr& e);
  absl::StatusOr<tensor::Value> EvalList(const Expr& e);
  absl::StatusOr<tensor::Value> EvalAttribute(const Expr& e);
  absl::StatusOr<tensor::Value> EvalCall(const Expr& e);
  absl::Status EvalArgs(const Expr& call, std::vector<tensor::Value>* args, tensor::Kwargs* kwargs);

  // torch.NAME(...) / Tensor.NAME(...) through the registry, with PyTorch's varargs
  // int-list rule (`x.view(2, 3)`, `torch.zeros(2, 3)`).
  absl::StatusOr<tensor::Value> CallRegistry(const std::string& op, const std::string& python_name,
                                             bool method, bool check_flags,
                                             std::vector<tensor::Value> args,
                                             const tensor::Kwargs& kwargs);
  absl::StatusOr<tensor::Value> CallFunctional(const std::string& name,
                                               std::vector<tensor::Value> args,
                                               const tensor::Kwargs& kwargs);
  absl::StatusOr<tensor::Value> CallTensorBuiltin(const std::string& name,
                                                  const tensor::Tensor& self,
                                                  const std::vector<tensor::Value>& args,
                                                  const tensor::Kwargs& kwargs, bool* found);
  absl::StatusOr<tensor::Value> TorchTensor(const Expr& call);

  absl::Status Missing(const std::string& python_name);

  const tensor::OpRegistry& registry_;
  std::vector<std::string> missing_;
};

}  // namespace wick::parity

#endif  // WICK_TESTS_PARITY_EVALUATOR_H_
