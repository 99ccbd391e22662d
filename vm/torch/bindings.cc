// Registry-driven bindings: torch.<op> and Tensor.<op> are OpFunction objects that
// convert their Python arguments with ToTensorValue, let the registry bind them to an
// overload (Python's rules, PyTorch's coercions), run the kernel and convert the result
// back. The only call-site rule added here is PyTorch's varargs size packing
// (`x.view(2, 3)`, `torch.zeros(2, 3)`).
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "tensor/autograd/autograd.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/objects/subclass.h"
#include "vm/protocol.h"
#include "vm/torch/internal.h"
#include "vm/torch/torch.h"

namespace wick::vm::torch {
namespace {

using tensor::ArgType;

// PyTorch's python_arg_parser allows `f(2, 3)` for `f(int[] size)` when the int list
// is the only positional parameter (after self for methods).
bool TakesVarargsSizes(const tensor::OpSchema& schema, size_t self_offset) {
  if (schema.num_positional() != static_cast<int>(self_offset) + 1) return false;
  const ArgType& t = schema.arguments[self_offset].type;
  return t.list && t.base == ArgType::Base::kInt;
}

// Packs args[offset:] into one int list when the call uses varargs sizes.
void MaybePackVarargs(Runtime& rt, absl::string_view name, Args args,
                      std::vector<tensor::Value>* targs) {
  for (size_t offset : {size_t{0}, size_t{1}}) {
    if (args.size() <= offset) continue;
    if (offset == 1 && !IsTensor(rt, args[0])) continue;
    // Ints as converted (an IntEnum member has become its int by __index__).
    bool all_ints = true;
    for (size_t i = offset; i < args.size(); ++i) {
      all_ints &= args[i].is_int_like() || (*targs)[i].is_int();
    }
    if (!all_ints) continue;
    for (const tensor::OpDef* op : tensor::OpRegistry::Global().Overloads(name)) {
      if (!TakesVarargsSizes(op->schema, offset)) continue;
      std::vector<int64_t> sizes;
      for (size_t i = offset; i < args.size(); ++i) {
        sizes.push_back(args[i].is_int_like() ? args[i].as_int() : (*targs)[i].to_int());
      }
      targs->resize(offset);
      targs->push_back(tensor::Value(std::move(sizes)));
      return;
    }
  }
}

// --- the OpFunction type ----------------------------------------------------------

Value OpFunctionCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kwargs) {
  return CallOp(rt, callee.as<OpFunction>()->op, args, kwargs);
}

Value OpFunctionDescrGet(Runtime& rt, const Value& descr, const Value& instance, Type*) {
  if (instance.is_none() || !descr.as<OpFunction>()->method) return descr;
  return rt.NewBoundMethod(instance, descr);
}

// "mylib::scale" -> "mylib.scale" (how torch.ops spells a custom op).
std::string DottedOpName(absl::string_view op) {
  return absl::StrReplaceAll(op, {{"::", "."}});
}

Value OpFunctionRepr(Runtime& rt, const Value& v) {
  OpFunction* f = v.as<OpFunction>();
  if (absl::StrContains(f->op, "::")) {
    return rt.NewStr(absl::StrCat("<OpOverloadPacket(op='", DottedOpName(f->op), "')>"));
  }
  if (f->method) return rt.NewStr(absl::StrCat("<method '", f->op, "' of 'Tensor' objects>"));
  return rt.NewStr(absl::StrCat("<built-in method ", f->op, " of type object>"));
}

Value OpFunctionGetAttr(Runtime& rt, const Value& v, Str* name) {
  if (name == rt.names().name || name == rt.names().qualname) {
    return rt.NewStr(v.as<OpFunction>()->op);
  }
  // torch.ops.mylib.scale.default: the one overload of a custom op is the packet itself.
  if (absl::StrContains(v.as<OpFunction>()->op, "::") && name->view() == "default") return v;
  return GenericGetAttr(rt, v, name);
}

Type* OpFunctionType(Runtime& rt) {
  TorchState& s = State(rt);
  if (s.op_function_type.is_none()) {
    Type* t = rt.NewBuiltinType("builtin_function_or_method", rt.types().object,
                                Layout::kOther);
    t->set_method_descriptor(true);
    t->slots().call = &OpFunctionCall;
    t->slots().descr_get = &OpFunctionDescrGet;
    t->slots().repr = &OpFunctionRepr;
    t->slots().getattr = &OpFunctionGetAttr;
    t->slots().construct = nullptr;
    s.op_function_type = Value::Steal(t);
  }
  return s.op_function_type.as<Type>();
}

// --- torch.ops ---------------------------------------------------------------------
// `torch.ops` and its namespaces (`torch.ops.aten`, `torch.ops.mylib`): attribute access
// looks the registry up at that moment, so custom ops registered after `import torch`
// are found.

Value OpsNamespaceGetAttr(Runtime& rt, const Value& v, Str* name) {
  const std::string& ns = v.as<OpsNamespace>()->ns;
  const absl::string_view attr = name->view();
  if (absl::StartsWith(attr, "__")) return GenericGetAttr(rt, v, name);
  if (ns.empty()) return NewOpsNamespace(rt, attr);
  const std::string op = ns == "aten" ? std::string(attr) : absl::StrCat(ns, "::", attr);
  if (!tensor::OpRegistry::Global().Overloads(op).empty()) return NewOpFunction(rt, op, false);
  return rt.Raise(rt.exc().attribute_error,
                  absl::StrCat("'_OpNamespace' '", ns, "' object has no attribute '", attr,
                               "'"));
}

Value OpsNamespaceRepr(Runtime& rt, const Value& v) {
  const std::string& ns = v.as<OpsNamespace>()->ns;
  return rt.NewStr(ns.empty() ? "<module 'torch.ops' from 'torch._ops.py'>"
                              : absl::StrCat("<module 'torch.ops.", ns, "'>"));
}

Type* OpsNamespaceType(Runtime& rt) {
  TorchState& s = State(rt);
  if (s.ops_namespace_type.is_none()) {
    Type* t = rt.NewBuiltinType("_OpNamespace", rt.types().object, Layout::kOther);
    t->slots().getattr = &OpsNamespaceGetAttr;
    t->slots().repr = &OpsNamespaceRepr;
    t->slots().construct = nullptr;
    s.ops_namespace_type = Value::Steal(t);
  }
  return s.ops_namespace_type.as<Type>();
}

}  // namespace

Value NewOpsNamespace(Runtime& rt, absl::string_view ns) {
  return Value::Steal(rt.Alloc<OpsNamespace>(OpsNamespaceType(rt), std::string(ns)));
}

Value CallOp(Runtime& rt, absl::string_view name, Args args, const KwArgs& kwargs) {
  const tensor::OpRegistry& reg = tensor::OpRegistry::Global();
  std::vector<tensor::Value> targs(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    if (!ToTensorValue(rt, args[i], &targs[i], static_cast<int>(i))) return Value::Raised();
  }
  MaybePackVarargs(rt, name, args, &targs);
  tensor::Kwargs tkw;
  for (size_t i = 0; i < kwargs.size(); ++i) {
    tensor::Value v;
    if (!ToTensorValue(rt, kwargs.value(i), &v)) return Value::Raised();
    tkw.emplace_back(std::string(kwargs.name(i)), std::move(v));
  }
  absl::StatusOr<tensor::BoundCall> call = reg.Bind(name, targs, tkw);
  if (!call.ok()) return rt.RaiseStatus(call.status());
  // Grad mode off or no input requiring grad: the kernel (plus a version bump for
  // in-place ops); otherwise autograd records the call.
  absl::StatusOr<tensor::Value> result =
      tensor::autograd::RunOp(*call->op, std::move(call->args));
  if (!result.ok()) return rt.RaiseStatus(result.status());
  return FromTensorValue(rt, *std::move(result), call->op, args);
}

Value NewOpFunction(Runtime& rt, absl::string_view name, bool method) {
  return Value::Steal(rt.Alloc<OpFunction>(OpFunctionType(rt), std::string(name), method));
}

void InstallTensorOpMethods(Runtime& rt, Type* tensor_type) {
  for (const tensor::OpDef* op : tensor::OpRegistry::Global().All()) {
    if (!op->flags.method) continue;
    Str* name = rt.Intern(op->name());
    if (tensor_type->dict()->GetStr(name) != nullptr) continue;
    tensor_type->dict()->SetStr(rt, name, NewOpFunction(rt, op->name(), true));
  }
}

void InstallTorchOpFunctions(Runtime& rt, Dict* module_dict) {
  for (const tensor::OpDef* op : tensor::OpRegistry::Global().All()) {
    if (!op->flags.function) continue;
    Str* name = rt.Intern(op->name());
    if (module_dict->GetStr(name) != nullptr) continue;
    module_dict->SetStr(rt, name, NewOpFunction(rt, op->name(), false));
  }
}

}  // namespace wick::vm::torch

namespace wick::vm {

Value NewTensorObject(Runtime& rt, tensor::Tensor t) { return torch::WrapTensor(rt, std::move(t)); }

const tensor::Tensor* TensorOfObject(Runtime& rt, const Value& v) {
  return torch::IsTensor(rt, v) ? &torch::TensorOf(v) : nullptr;
}

const std::vector<int64_t>* MarkedDynamicDims(Runtime& rt, const Value& v) {
  if (!torch::IsTensor(rt, v)) return nullptr;
  return &static_cast<const torch::TensorObject*>(v.object())->dynamic_dims;
}

const std::vector<int64_t>* MarkedStaticDims(Runtime& rt, const Value& v) {
  if (!torch::IsTensor(rt, v)) return nullptr;
  return &static_cast<const torch::TensorObject*>(v.object())->static_dims;
}

bool IsParameterObject(Runtime& rt, const Value& v) {
  return v.is_object() && rt.TypeOf(v)->IsSubtypeOf(torch::State(rt).parameter());
}

bool RegistryOpOf(Runtime& rt, const Value& v, std::string* op, bool* method) {
  torch::TorchState& s = torch::State(rt);
  if (!v.is_object() || s.op_function_type.is_none() ||
      v.object()->type() != s.op_function_type.as<Type>()) {
    return false;
  }
  *op = v.as<torch::OpFunction>()->op;
  *method = v.as<torch::OpFunction>()->method;
  return true;
}

bool DTypeOfObject(Runtime& rt, const Value& v, tensor::DType* out) {
  if (!torch::IsDType(rt, v)) return false;
  *out = v.as<torch::DTypeObject>()->dtype;
  return true;
}

Value DTypeObject(Runtime& rt, tensor::DType d) { return torch::DTypeValue(rt, d); }

bool IsSizeObject(Runtime& rt, const Value& v) { return torch::IsSize(rt, v); }
Type* SizeType(Runtime& rt) { return torch::State(rt).size(); }
Value NewSizeObject(Runtime& rt, tensor::IntSpan sizes) { return torch::NewSize(rt, sizes); }

Type* ReturnTypeOfOp(Runtime& rt, const tensor::OpDef& op) {
  const std::vector<tensor::Return>& returns = op.schema.returns;
  if (returns.size() < 2 || returns[0].name.empty()) return nullptr;
  std::vector<std::string> fields;
  for (const tensor::Return& r : returns) fields.push_back(r.name);
  return torch::ReturnType(rt, op.schema.name, fields);
}

const std::vector<std::string>* ReturnTypeFields(Runtime& rt, const Type* t) {
  const auto& fields = torch::State(rt).return_fields;
  auto it = fields.find(t);
  return it != fields.end() ? &it->second : nullptr;
}

Value NewReturnTuple(Runtime& rt, Type* t, std::vector<Value> items) {
  // A class statement's tuple subclass (a namedtuple) has its own instance layout.
  if (t->is_heap()) return internal::AllocInstance(rt, t, std::move(items));
  return Value::Steal(rt.Alloc<Tuple>(t, std::move(items)));
}

Value CpuDeviceObject(Runtime& rt) { return torch::State(rt).cpu_device; }

bool GradModeEnabled(Runtime&) { return tensor::autograd::GradModeEnabled(); }
void SetGradModeEnabled(Runtime&, bool enabled) {
  tensor::autograd::SetGradModeEnabled(enabled);
}

TorchCheckState GetTorchCheckState(Runtime& rt) {
  torch::TorchState& s = torch::State(rt);
  return TorchCheckState{s.tensor(), s.parameter(), tensor::autograd::GradModeEnabled()};
}

const tensor::Tensor& TensorOfTensorObject(const Value& v) { return torch::TensorOf(v); }

}  // namespace wick::vm
