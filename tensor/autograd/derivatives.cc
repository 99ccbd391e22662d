// The derivative table and the formula builder.
#include "tensor/autograd/derivatives.h"
#include "base/status_macros.h"

#include <memory>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"

namespace wick::tensor::autograd {
namespace {

struct Table {
  absl::flat_hash_map<std::string, std::unique_ptr<Derivative>> by_name;
  absl::flat_hash_map<const OpDef*, const Derivative*> by_op;
};

absl::Mutex table_mutex(absl::kConstInit);
Table* g_table = nullptr;  // Guarded by table_mutex while filled.
bool g_filling = false;

Table& Get() {
  static Table* table = [] {
    g_table = new Table();
    g_filling = true;
    AddPointwiseDerivatives();
    AddShapeDerivatives();
    AddReductionDerivatives();
    AddLinalgDerivatives();
    AddDecompositionDerivatives();
    AddNNDerivatives();
    AddConvDerivatives();
    // Ops whose outputs never require grad, whatever their inputs.
    std::vector<Derivative> none;
    for (const char* op :
         {"detach", "zeros_like", "ones_like", "empty_like", "full_like", "rand_like",
          "randn_like", "randint_like", "randint_like.low_dtype", "new_zeros", "new_ones",
          "new_empty", "new_full", "bernoulli", "bernoulli.p", "multinomial", "argmax",
          "argmin", "one_hot", "eq.Tensor", "eq.Scalar"}) {
      none.push_back({op, "", {}, {}, {}, {}});
    }
    AddDerivatives(std::move(none));
    g_filling = false;
    return g_table;
  }();
  return *table;
}

}  // namespace

void AddDerivatives(std::vector<Derivative> entries) {
  for (Derivative& d : entries) {
    std::string key = d.op;
    g_table->by_name[key] = std::make_unique<Derivative>(std::move(d));
  }
}

const Derivative* FindDerivative(const OpDef& op) {
  Table& t = Get();
  absl::MutexLock lock(&table_mutex);
  auto it = t.by_op.find(&op);
  if (it != t.by_op.end()) return it->second;
  auto named = t.by_name.find(op.full_name());
  const Derivative* d = named == t.by_name.end() ? nullptr : named->second.get();
  t.by_op[&op] = d;
  return d;
}

absl::StatusOr<Value> Renamed(absl::StatusOr<Value> v, const char* node) {
  if (v.ok() && v->is_tensor()) {
    if (std::shared_ptr<Node> fn = GradFnOf(v->to_tensor())) fn->Rename(node);
  }
  return v;
}

std::vector<std::string> DerivativeKeys() {
  std::vector<std::string> keys;
  for (const auto& [k, v] : Get().by_name) keys.push_back(k);
  return keys;
}

Tensor FormulaBuilder::Op(absl::string_view name, std::vector<Value> args,
                          const Kwargs& kwargs) {
  if (!status_.ok()) return Tensor();
  for (const Value& v : args) {
    if (v.is_tensor() && !v.to_tensor().defined()) {
      Fail(absl::InternalError(absl::StrCat("derivative formula passed an undefined tensor to ",
                                            name)));
      return Tensor();
    }
  }
  absl::StatusOr<Value> r = Call(name, std::move(args), kwargs);
  if (!r.ok()) {
    Fail(r.status());
    return Tensor();
  }
  if (!r->is_tensor()) {
    Fail(absl::InternalError(absl::StrCat(name, " did not return a Tensor in a formula")));
    return Tensor();
  }
  return r->to_tensor();
}

std::vector<Tensor> FormulaBuilder::Ops(absl::string_view name, std::vector<Value> args,
                                        const Kwargs& kwargs) {
  if (!status_.ok()) return {};
  absl::StatusOr<Value> r = Call(name, std::move(args), kwargs);
  if (!r.ok()) {
    Fail(r.status());
    return {};
  }
  if (r->is_tensor()) return {r->to_tensor()};
  if (r->is_tensor_list()) return r->to_tensor_list();
  return {};
}

Tensor FormulaBuilder::SumTo(const Tensor& g, IntSpan sizes) {
  if (!ok() || g.sizes() == sizes) return g;
  const int64_t lead = g.dim() - static_cast<int64_t>(sizes.size());
  std::vector<int64_t> dims;
  for (int64_t d = 0; d < g.dim(); ++d) {
    if (d < lead || (sizes[d - lead] == 1 && g.size(d) != 1)) dims.push_back(d);
  }
  Tensor r = g;
  if (!dims.empty()) r = Op("sum", {r, Value(std::move(dims)), true});
  if (ok() && r.sizes() != sizes) {
    r = Op("reshape", {r, Value(std::vector<int64_t>(sizes.begin(), sizes.end()))});
  }
  return r;
}

Tensor FormulaBuilder::UnsqueezeDims(const Tensor& g, IntSpan dims, int64_t ndim) {
  std::vector<bool> reduced(ndim, false);
  if (dims.empty()) reduced.assign(ndim, true);
  for (int64_t d : dims) reduced[d < 0 ? d + ndim : d] = true;
  Tensor r = g;
  for (int64_t d = 0; d < ndim; ++d) {
    if (reduced[d]) r = Op("unsqueeze", {r, d});
  }
  return r;
}

}  // namespace wick::tensor::autograd
