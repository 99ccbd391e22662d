// The derivative table: for each differentiable registry op (keyed by its full schema
// name, "mul.Tensor"), the backward node's PyTorch name, which arguments the formula
// reads (saved at record time; the others are kept as metadata only), and the formula.
// Formulas are PyTorch's derivatives.yaml facts written against registry ops through a
// FormulaBuilder, so they record when create_graph is on.
//
// An op may instead be `composite`: under recording it runs a decomposition into other
// ops (linear -> t + addmm), so its gradient and grad_fn names are those of the parts,
// as for PyTorch's CompositeImplicitAutograd ops.
//
// Each op group adds its entries in derivatives_<group>.cc; derivatives_test.cc checks
// that every key names a registered op and that formulas agree with finite differences.
#ifndef WICK_TENSOR_AUTOGRAD_DERIVATIVES_H_
#define WICK_TENSOR_AUTOGRAD_DERIVATIVES_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "tensor/autograd/autograd.h"

namespace wick::tensor::autograd {

// Runs registry ops for a formula; after the first error every call returns an
// undefined tensor without running anything, and `status` keeps the error.
class FormulaBuilder {
 public:
  Tensor Op(absl::string_view name, std::vector<Value> args, const Kwargs& kwargs = {});
  std::vector<Tensor> Ops(absl::string_view name, std::vector<Value> args,
                          const Kwargs& kwargs = {});
  Tensor Add(const Tensor& a, const Tensor& b) { return Op("add", {a, b}); }
  Tensor Sub(const Tensor& a, const Tensor& b) { return Op("sub", {a, b}); }
  Tensor Mul(const Tensor& a, const Tensor& b) { return Op("mul", {a, b}); }
  Tensor Mul(const Tensor& a, double s) { return Op("mul", {a, s}); }
  Tensor Div(const Tensor& a, const Tensor& b) { return Op("div", {a, b}); }
  Tensor Neg(const Tensor& a) { return Op("neg", {a}); }
  // Sums `g` down to `sizes` (broadcast reduction).
  Tensor SumTo(const Tensor& g, IntSpan sizes);
  // Sum over `dims` keeping them, or expand a reduced gradient back (keepdim=False).
  Tensor UnsqueezeDims(const Tensor& g, IntSpan dims, int64_t ndim);
  Tensor ZerosLike(const Tensor& like) { return Op("zeros_like", {like}); }
  bool ok() const { return status_.ok(); }
  const absl::Status& status() const { return status_; }
  void Fail(absl::Status s) {
    if (status_.ok()) status_ = std::move(s);
  }

 private:
  absl::Status status_;
};

// What a formula sees.
struct GradCtx {
  std::vector<Value> args;       // Bound arguments (unsaved tensors as meta tensors).
  std::vector<Tensor> results;   // Saved forward results (or meta tensors).
  std::vector<Tensor> grads;     // One per forward output.
  std::vector<bool> needs;       // One per flattened tensor argument.

  OpArgs a() const { return OpArgs(args); }
  const Tensor& in(size_t i) const { return args[i].to_tensor(); }
  const Tensor& grad(size_t i = 0) const { return grads[i]; }
  const Tensor& result(size_t i = 0) const { return results[i]; }
};

// Gradients for every tensor argument slot, flattened (a Tensor[] argument contributes
// one per element); undefined where there is none.
using Formula = std::function<std::vector<Tensor>(const GradCtx&, FormulaBuilder&)>;
using Composite = std::function<absl::StatusOr<Value>(const OpArgs&)>;

inline constexpr int kResult = -1;  // In `save`: the forward results.
// In `save`: forward result `i` only (topk saves its indices, not the values a caller may
// go on to modify in place).
constexpr int ResultAt(int i) { return -2 - i; }

struct Derivative {
  std::string op;                 // "mul.Tensor"
  std::string node;               // "MulBackward0"
  std::vector<int> save;          // Argument indices the formula reads, kResult for results.
  Formula formula;
  Composite composite;            // Set instead of node/formula for decomposed ops.
  // When set, names the node from the call's arguments (sum() is SumBackward0,
  // sum(dim) SumBackward1: one wick overload, two PyTorch ones).
  std::function<std::string(const OpArgs&)> name_fn;
};

// A tensor's sizes as an int list argument (reshape, zeros, ...).
inline std::vector<int64_t> Sizes(const Tensor& t) {
  return std::vector<int64_t>(t.sizes().begin(), t.sizes().end());
}

void AddDerivatives(std::vector<Derivative> entries);
// `v`'s (a Tensor result's) grad_fn renamed, for composites; `v` unchanged otherwise.
absl::StatusOr<Value> Renamed(absl::StatusOr<Value> v, const char* node);
const Derivative* FindDerivative(const OpDef& op);
std::vector<std::string> DerivativeKeys();

// The groups (derivatives_<group>.cc); called once before the first lookup.
void AddPointwiseDerivatives();
void AddShapeDerivatives();
void AddReductionDerivatives();
void AddLinalgDerivatives();
void AddDecompositionDerivatives();  // derivatives_linalg.cc
void AddNNDerivatives();
void AddConvDerivatives();

}  // namespace wick::tensor::autograd

#endif  // WICK_TENSOR_AUTOGRAD_DERIVATIVES_H_
