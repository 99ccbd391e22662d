// Each adapter is the Python signature of one F function (torch/nn/functional.py in
// PyTorch 1.13) and the ATen op call its body makes.
#include "tests/parity/functional.h"

#include <functional>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "tensor/print/print.h"

namespace wick::parity {

using tensor::Kwargs;
using tensor::Value;

namespace {

struct PyParam {
  std::string name;
  std::optional<Value> default_value;  // nullopt: required.
};

// Python's binding of (args, kwargs) to a def's parameters, with its messages.
absl::StatusOr<std::vector<Value>> BindPython(const std::string& fn,
                                              const std::vector<PyParam>& params,
                                              const std::vector<Value>& args,
                                              const Kwargs& kwargs) {
  size_t required = 0;
  for (const PyParam& p : params) required += p.default_value ? 0 : 1;
  if (args.size() > params.size()) {
    const std::string range = required == params.size()
                                  ? absl::StrCat(params.size())
                                  : absl::StrCat("from ", required, " to ", params.size());
    return TypeError(absl::StrCat(fn, "() takes ", range, " positional argument",
                                  params.size() == 1 ? "" : "s", " but ", args.size(),
                                  args.size() == 1 ? " was" : " were", " given"));
  }
  std::vector<std::optional<Value>> slots(params.size());
  for (size_t i = 0; i < args.size(); ++i) slots[i] = args[i];
  for (const auto& [name, v] : kwargs) {
    size_t i = 0;
    while (i < params.size() && params[i].name != name) ++i;
    if (i == params.size()) {
      return TypeError(absl::StrCat(fn, "() got an unexpected keyword argument '", name, "'"));
    }
    if (slots[i]) {
      return TypeError(absl::StrCat(fn, "() got multiple values for argument '", name, "'"));
    }
    slots[i] = v;
  }
  std::vector<Value> out;
  std::vector<std::string> missing;
  for (size_t i = 0; i < params.size(); ++i) {
    if (slots[i]) {
      out.push_back(*slots[i]);
    } else if (params[i].default_value) {
      out.push_back(*params[i].default_value);
    } else {
      missing.push_back(absl::StrCat("'", params[i].name, "'"));
    }
  }
  if (!missing.empty()) {
    return TypeError(absl::StrCat(fn, "() missing ", missing.size(),
                                  " required positional argument", missing.size() == 1 ? "" : "s",
                                  ": ", absl::StrJoin(missing, " and ")));
  }
  return out;
}

bool Truthy(const Value& v) { return v.is_scalar() && v.to_scalar().to_bool(); }

using Lower = std::function<absl::StatusOr<RegistryCall>(std::vector<Value>&)>;

struct Adapter {
  std::string name;
  std::vector<PyParam> params;
  Lower lower;
};

// `op` or `op_` depending on the trailing `inplace` parameter.
Lower Unary(const std::string& op, size_t n_extra) {
  return [op, n_extra](std::vector<Value>& a) -> absl::StatusOr<RegistryCall> {
    const bool inplace = a.size() > n_extra + 1 && Truthy(a[n_extra + 1]);
    std::vector<Value> args(a.begin(), a.begin() + 1 + n_extra);
    return RegistryCall{inplace ? op + "_" : op, std::move(args), {}};
  };
}

// Python's implicit softmax dim (torch.nn.functional._get_softmax_dim).
Lower Softmax(const std::string& op) {
  return [op](std::vector<Value>& a) -> absl::StatusOr<RegistryCall> {
    Value dim = a[1];
    if (dim.is_none()) {
      if (!a[0].is_tensor()) return TypeError(absl::StrCat(op, "(): input must be a Tensor"));
      const int64_t nd = a[0].to_tensor().dim();
      dim = Value(int64_t{nd == 0 || nd == 1 || nd == 3 ? 0 : 1});
    }
    RegistryCall call{op, {a[0], dim}, {}};
    if (!a[3].is_none()) call.kwargs.emplace_back("dtype", a[3]);
    return call;
  };
}

const std::vector<Adapter>& Adapters() {
  static const auto* adapters = new std::vector<Adapter>{
      {"relu", {{"input"}, {"inplace", false}}, Unary("relu", 0)},
      {"relu6", {{"input"}, {"inplace", false}}, Unary("relu6", 0)},
      {"silu", {{"input"}, {"inplace", false}}, Unary("silu", 0)},
      {"elu", {{"input"}, {"alpha", 1.0}, {"inplace", false}}, Unary("elu", 1)},
      {"leaky_relu",
       {{"input"}, {"negative_slope", 0.01}, {"inplace", false}},
       Unary("leaky_relu", 1)},
      {"hardtanh",
       {{"input"}, {"min_val", -1.0}, {"max_val", 1.0}, {"inplace", false}},
       Unary("hardtanh", 2)},
      {"gelu",
       {{"input"}, {"approximate", "none"}},
       [](std::vector<Value>& a) -> absl::StatusOr<RegistryCall> {
         return RegistryCall{"gelu", {a[0]}, {{"approximate", a[1]}}};
       }},
      {"softplus",
       {{"input"}, {"beta", int64_t{1}}, {"threshold", int64_t{20}}},
       [](std::vector<Value>& a) -> absl::StatusOr<RegistryCall> {
         return RegistryCall{"softplus", {a[0], a[1], a[2]}, {}};
       }},
      {"softmax",
       {{"input"}, {"dim", Value()}, {"_stacklevel", int64_t{3}}, {"dtype", Value()}},
       Softmax("softmax")},
      {"log_softmax",
       {{"input"}, {"dim", Value()}, {"_stacklevel", int64_t{3}}, {"dtype", Value()}},
       Softmax("log_softmax")},
      {"linear",
       {{"input"}, {"weight"}, {"bias", Value()}},
       [](std::vector<Value>& a) -> absl::StatusOr<RegistryCall> {
         return RegistryCall{"linear", {a[0], a[1], a[2]}, {}};
       }},
      {"layer_norm",
       {{"input"}, {"normalized_shape"}, {"weight", Value()}, {"bias", Value()}, {"eps", 1e-5}},
       [](std::vector<Value>& a) -> absl::StatusOr<RegistryCall> {
         return RegistryCall{"layer_norm", {a[0], a[1], a[2], a[3], a[4]}, {}};
       }},
      {"embedding",
       {{"input"},
        {"weight"},
        {"padding_idx", Value()},
        {"max_norm", Value()},
        {"norm_type", 2.0},
        {"scale_grad_by_freq", false},
        {"sparse", false}},
       [](std::vector<Value>& a) -> absl::StatusOr<RegistryCall> {
         if (!a[3].is_none()) {
           return NotImplementedError("F.embedding(max_norm=...) is not supported by wick");
         }
         int64_t padding_idx = -1;
         if (a[2].is_int() && a[1].is_tensor()) {
           // F.embedding wraps a negative padding_idx and checks its range.
           const int64_t rows = a[1].to_tensor().size(0);
           padding_idx = a[2].to_int();
           if (padding_idx >= rows || padding_idx < -rows) {
             return PythonError("AssertionError", "Padding_idx must be within num_embeddings");
           }
           if (padding_idx < 0) padding_idx += rows;
         }
         return RegistryCall{"embedding", {a[1], a[0], Value(padding_idx)}, {}};
       }},
      {"dropout",
       {{"input"}, {"p", 0.5}, {"training", true}, {"inplace", false}},
       [](std::vector<Value>& a) -> absl::StatusOr<RegistryCall> {
         const double p = a[1].is_scalar() ? a[1].to_scalar().to_double() : 0.0;
         if (p < 0.0 || p > 1.0) {
           return ValueError(absl::StrCat(
               "dropout probability has to be between 0 and 1, but got ",
               a[1].is_int() ? absl::StrCat(a[1].to_int()) : tensor::PythonFloatRepr(p)));
         }
         const bool inplace = Truthy(a[3]);
         return RegistryCall{inplace ? "dropout_" : "dropout", {a[0], a[1], a[2]}, {}};
       }},
  };
  return *adapters;
}

}  // namespace

absl::StatusOr<std::optional<RegistryCall>> LowerFunctional(const std::string& name,
                                                            const std::vector<Value>& args,
                                                            const Kwargs& kwargs) {
  for (const Adapter& adapter : Adapters()) {
    if (adapter.name != name) continue;
    absl::StatusOr<std::vector<Value>> bound = BindPython(name, adapter.params, args, kwargs);
    if (!bound.ok()) return bound.status();
    absl::StatusOr<RegistryCall> call = adapter.lower(*bound);
    if (!call.ok()) return call.status();
    return std::optional<RegistryCall>(*std::move(call));
  }
  return std::optional<RegistryCall>();
}

}  // namespace wick::parity
