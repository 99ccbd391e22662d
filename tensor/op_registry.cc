// Registration, lookup and argument binding for the op registry.
#include "tensor/op_registry.h"

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"

namespace wick::tensor {
namespace {

using B = ArgType::Base;

absl::string_view BaseTypeName(B b) {
  switch (b) {
    case B::kTensor: return "Tensor";
    case B::kScalar: return "Number";
    case B::kInt: return "int";
    case B::kFloat: return "float";
    case B::kBool: return "bool";
    case B::kDType: return "torch.dtype";
    case B::kString: return "str";
    case B::kDevice: return "torch.device";
    case B::kLayout: return "torch.layout";
    case B::kGenerator: return "torch.Generator";
    case B::kMemoryFormat: return "torch.memory_format";
  }
  return "?";
}

std::string ExpectedTypeName(const ArgType& t) {
  if (!t.list) return std::string(BaseTypeName(t.base));
  if (t.base == B::kTensor) return "tuple of Tensors";
  if (t.base == B::kInt) return "tuple of ints";
  return absl::StrCat("tuple of ", BaseTypeName(t.base), "s");
}

// Converts `v` to the argument's type, or explains why it cannot (nullopt + message).
// An integer 0-dim tensor with data: what PyTorch's parser accepts for an `int` (its
// __index__). A meta tensor (while tracing) has no value to give.
bool IsIndexTensor(const Value& v) {
  if (!v.is_tensor()) return false;
  const Tensor& t = v.to_tensor();
  return t.defined() && !t.is_meta() && t.dim() == 0 && IsIntegral(t.dtype(), false);
}

// `index_tensors`: also take an IsIndexTensor value for an `int` (the second binding
// pass, so that calls that bind without it keep their overload).
std::optional<Value> Coerce(const ArgType& t, const Value& v, std::string* why,
                            bool index_tensors) {
  if (v.is_none()) {
    if (t.optional || t.base == B::kLayout || t.base == B::kGenerator ||
        t.base == B::kMemoryFormat) {
      return Value();
    }
    return std::nullopt;
  }
  if (t.list) {
    switch (t.base) {
      case B::kInt:
        if (v.is_int_list()) return v;
        if (v.is_int() && t.fixed_size > 0) {
          return Value(std::vector<int64_t>(t.fixed_size, v.to_int()));
        }
        if (v.is_tensor_list() && v.to_tensor_list().empty()) {
          return Value(std::vector<int64_t>{});
        }
        return std::nullopt;
      case B::kFloat:
        if (v.is_double_list()) return v;
        if (v.is_int_list()) {
          std::vector<double> d(v.to_int_list().begin(), v.to_int_list().end());
          return Value(std::move(d));
        }
        if (v.is_scalar() && !v.is_bool() && t.fixed_size > 0) {
          return Value(std::vector<double>(t.fixed_size, v.to_double()));
        }
        return std::nullopt;
      case B::kTensor:
        if (v.is_tensor_list()) return v;
        if (v.is_int_list() && v.to_int_list().empty()) return Value(std::vector<Tensor>{});
        return std::nullopt;
      default:
        return std::nullopt;
    }
  }
  switch (t.base) {
    case B::kTensor:
      if (v.is_tensor()) return v;
      if (v.is_scalar()) return Value(Tensor::FromScalar(v.to_scalar(), std::nullopt, true));
      return std::nullopt;
    case B::kScalar:
      if (v.is_scalar()) return v;
      return std::nullopt;
    case B::kInt:
      if (v.is_int()) return v;
      if (v.is_bool()) return Value(static_cast<int64_t>(v.to_bool()));
      if (index_tensors && IsIndexTensor(v)) {
        absl::StatusOr<Scalar> item = v.to_tensor().Item();
        if (item.ok()) return Value(item->to_int());
      }
      return std::nullopt;
    case B::kFloat:
      if (v.is_double()) return v;
      if (v.is_int() || v.is_bool()) return Value(v.to_double());
      return std::nullopt;
    case B::kBool:
      if (v.is_bool()) return v;
      return std::nullopt;
    case B::kDType:
      if (v.is_dtype()) return v;
      return std::nullopt;
    case B::kString:
      if (v.is_string()) return v;
      return std::nullopt;
    case B::kDevice:
      if (v.is_string()) {
        const std::string& d = v.to_string();
        if (d == "cpu" || d.rfind("cpu:", 0) == 0) return v;
        *why = absl::StrCat("wick runs on the CPU only; device '", d, "' is not supported");
      }
      return std::nullopt;
    case B::kLayout:
    case B::kGenerator:
    case B::kMemoryFormat:
      return v;  // Accepted and ignored: wick has one layout and one generator.
  }
  return std::nullopt;
}

}  // namespace

absl::string_view ValueTypeName(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kNone: return "NoneType";
    case Value::Kind::kBool: return "bool";
    case Value::Kind::kInt: return "int";
    case Value::Kind::kDouble: return "float";
    case Value::Kind::kString: return "str";
    case Value::Kind::kDType: return "torch.dtype";
    case Value::Kind::kIntList: return "tuple";
    case Value::Kind::kDoubleList: return "tuple";
    case Value::Kind::kTensor: return "Tensor";
    case Value::Kind::kTensorList: return "tuple";
  }
  return "?";
}

namespace {

absl::StatusOr<std::vector<Value>> BindArgumentsImpl(const OpDef& op,
                                                     absl::Span<const Value> args,
                                                     const Kwargs& kwargs, bool index_tensors) {
  const OpSchema& schema = op.schema;
  const auto& params = schema.arguments;
  std::vector<std::optional<Value>> slots(params.size());
  const int npos = schema.num_positional();
  if (static_cast<int>(args.size()) > npos) {
    return TypeError(absl::StrCat(schema.name, "() takes ", npos, " positional argument",
                                  npos == 1 ? "" : "s", " but ", args.size(),
                                  args.size() == 1 ? " was" : " were", " given"));
  }
  auto assign = [&](size_t i, const Value& v, bool positional) -> absl::Status {
    // None in a list bound to Tensor[] (not Tensor?[]): PyTorch's message, not a null
    // tensor reaching the kernel.
    if (params[i].type.base == ArgType::Base::kTensor && params[i].type.list &&
        !params[i].type.optional_elements && v.is_tensor_list()) {
      const std::vector<Tensor>& ts = v.to_tensor_list();
      for (size_t j = 0; j < ts.size(); ++j) {
        if (!ts[j].defined()) {
          return TypeError(absl::StrCat("expected Tensor as element ", j, " in argument ", i,
                                        ", but got NoneType"));
        }
      }
    }
    std::string why;
    const bool number_for_tensor = params[i].type.base == ArgType::Base::kTensor &&
                                   !params[i].type.list && v.is_scalar();
    std::optional<Value> c = number_for_tensor && !op.flags.numbers_as_tensors
                                 ? std::nullopt
                                 : Coerce(params[i].type, v, &why, index_tensors);
    if (!c) {
      if (!why.empty()) return RuntimeError(why);
      return TypeError(absl::StrCat(
          schema.name, "(): argument '", params[i].name == "self" ? "input" : params[i].name,
          "'",
          positional ? absl::StrCat(" (position ", i + 1, ")") : std::string(), " must be ",
          ExpectedTypeName(params[i].type), ", not ", ValueTypeName(v)));
    }
    slots[i] = *std::move(c);
    return absl::OkStatus();
  };
  for (size_t i = 0; i < args.size(); ++i) RETURN_IF_ERROR(assign(i, args[i], true));
  for (const auto& kwarg : kwargs) {
    const auto& name = kwarg.first;  // not a structured binding: the lambda captures it
    const auto& v = kwarg.second;
    auto it = std::find_if(params.begin(), params.end(),
                           [&](const Argument& a) { return a.name == name; });
    if (it == params.end()) {
      return TypeError(absl::StrCat(schema.name, "() got an unexpected keyword argument '",
                                    name, "'"));
    }
    const size_t i = it - params.begin();
    if (slots[i]) {
      return TypeError(absl::StrCat(schema.name, "() got multiple values for argument '",
                                    name, "'"));
    }
    RETURN_IF_ERROR(assign(i, v, false));
  }
  std::vector<Value> out;
  out.reserve(params.size());
  std::vector<std::string> missing;
  for (size_t i = 0; i < params.size(); ++i) {
    if (slots[i]) {
      out.push_back(*std::move(slots[i]));
    } else if (params[i].default_value) {
      out.push_back(*params[i].default_value);
    } else {
      missing.push_back(absl::StrCat("\"", params[i].name, "\""));
      out.emplace_back();
    }
  }
  if (!missing.empty()) {
    return TypeError(absl::StrCat(schema.name, "() missing ", missing.size(), " required positional argument",
                                  missing.size() == 1 ? "" : "s", ": ",
                                  absl::StrJoin(missing, ", ")));
  }
  return out;
}

// Whether a second binding pass (0-dim integer tensors for ints) could change anything.
bool HasIndexTensor(absl::Span<const Value> args, const Kwargs& kwargs) {
  for (const Value& v : args) {
    if (IsIndexTensor(v)) return true;
  }
  for (const auto& kv : kwargs) {
    if (IsIndexTensor(kv.second)) return true;
  }
  return false;
}

}  // namespace

absl::StatusOr<std::vector<Value>> BindArguments(const OpDef& op, absl::Span<const Value> args,
                                                 const Kwargs& kwargs) {
  absl::StatusOr<std::vector<Value>> bound = BindArgumentsImpl(op, args, kwargs, false);
  if (bound.ok() || !HasIndexTensor(args, kwargs)) return bound;
  absl::StatusOr<std::vector<Value>> indexed = BindArgumentsImpl(op, args, kwargs, true);
  return indexed.ok() ? indexed : bound;
}

bool OpDef::is_inplace() const {
  return !schema.arguments.empty() && schema.arguments[0].is_write;
}

bool OpDef::is_view() const {
  for (const Return& r : schema.returns) {
    if (r.alias_set != 0 && !r.is_write) return true;
  }
  return false;
}

absl::Status OpRegistry::Register(absl::string_view schema_text, OpFn meta, OpFn kernel,
                                  OpFlags flags) {
  ASSIGN_OR_RETURN(OpSchema schema, ParseSchema(schema_text));
  const std::string full = schema.full_name();
  if (by_full_name_.contains(full)) {
    return absl::AlreadyExistsError(absl::StrCat("op '", full, "' registered twice"));
  }
  auto def = std::make_unique<OpDef>();
  def->schema = std::move(schema);
  def->meta = std::move(meta);
  def->kernel = std::move(kernel);
  def->flags = flags;
  by_full_name_[full] = def.get();
  by_name_[def->schema.name].push_back(def.get());
  ops_.push_back(std::move(def));
  return absl::OkStatus();
}

const OpDef* OpRegistry::Find(absl::string_view full_name) const {
  auto it = by_full_name_.find(full_name);
  return it == by_full_name_.end() ? nullptr : it->second;
}

absl::Span<const OpDef* const> OpRegistry::Overloads(absl::string_view name) const {
  auto it = by_name_.find(name);
  if (it == by_name_.end()) return {};
  return it->second;
}

std::vector<const OpDef*> OpRegistry::All() const {
  std::vector<const OpDef*> all;
  for (const auto& op : ops_) all.push_back(op.get());
  std::sort(all.begin(), all.end(), [](const OpDef* a, const OpDef* b) {
    return a->full_name() < b->full_name();
  });
  return all;
}

absl::StatusOr<BoundCall> OpRegistry::Bind(absl::string_view name,
                                           absl::Span<const Value> args,
                                           const Kwargs& kwargs) const {
  absl::Span<const OpDef* const> overloads = Overloads(name);
  if (overloads.empty()) {
    return absl::NotFoundError(absl::StrCat("no op named '", name, "'"));
  }
  absl::Status first_error;
  for (const OpDef* op : overloads) {
    absl::StatusOr<std::vector<Value>> bound = BindArgumentsImpl(*op, args, kwargs, false);
    if (bound.ok()) return BoundCall{op, *std::move(bound)};
    if (first_error.ok()) first_error = bound.status();
  }
  // Only when no overload binds as given: 0-dim integer tensors may stand for ints, as
  // PyTorch's parser allows (topk(x, torch.tensor(2))). A second pass, so that an
  // overload taking the tensor as a tensor keeps winning (max(x, torch.tensor(1))).
  if (HasIndexTensor(args, kwargs)) {
    for (const OpDef* op : overloads) {
      absl::StatusOr<std::vector<Value>> bound = BindArgumentsImpl(*op, args, kwargs, true);
      if (bound.ok()) return BoundCall{op, *std::move(bound)};
    }
  }
  if (overloads.size() == 1) return first_error;
  std::vector<std::string> sigs;
  for (const OpDef* op : overloads) sigs.push_back(absl::StrCat(" * ", op->schema.ToString()));
  std::vector<std::string> given;
  for (const Value& v : args) given.emplace_back(ValueTypeName(v));
  for (const auto& [k, v] : kwargs) given.push_back(absl::StrCat(k, "=", ValueTypeName(v)));
  return TypeError(absl::StrCat(name, "() received an invalid combination of arguments - got (",
                                absl::StrJoin(given, ", "), "), but expected one of:\n",
                                absl::StrJoin(sigs, "\n")));
}

absl::StatusOr<Value> OpRegistry::Call(absl::string_view name, absl::Span<const Value> args,
                                       const Kwargs& kwargs) const {
  ASSIGN_OR_RETURN(BoundCall call, Bind(name, args, kwargs));
  return call.op->kernel(OpArgs(call.args));
}

absl::StatusOr<Value> OpRegistry::CallMeta(absl::string_view name,
                                           absl::Span<const Value> args,
                                           const Kwargs& kwargs) const {
  ASSIGN_OR_RETURN(BoundCall call, Bind(name, args, kwargs));
  if (!call.op->meta) {
    return absl::UnimplementedError(absl::StrCat("op '", call.op->full_name(),
                                                 "' has no meta function"));
  }
  return call.op->meta(OpArgs(call.args));
}

}  // namespace wick::tensor
