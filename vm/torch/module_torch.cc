// The native `torch` module: dtypes and types as attributes, the registry's functions,
// and the functions whose Python signature no schema expresses (tensor, as_tensor,
// einsum's varargs, set_printoptions, compile, is_tensor, ...). Grad-mode context
// managers live in grad_mode.cc, torch._C._nn in nn_natives.cc.
#include <cmath>
#include <limits>
#include <utility>

#include "absl/strings/str_cat.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/parallel.h"
#include "tensor/print/print.h"
#include "tensor/shape.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"
#include "vm/torch/grad_mode.h"
#include "vm/torch/internal.h"
#include "vm/torch/torch.h"

namespace wick::vm::torch {
namespace {

using internal::UnpackArgs;

bool Flag(Runtime& rt, const Value& v, bool* out) {
  if (v.is_raised()) return true;
  int b = Truthy(rt, v);
  if (b < 0) return false;
  *out = b == 1;
  return true;
}

bool CheckDevice(Runtime& rt, const Value& v) {
  if (v.is_raised() || v.is_none() || v.Is(State(rt).cpu_device)) return true;
  if (rt.IsStr(v) && (internal::StrView(v) == "cpu" || internal::StrView(v) == "cpu:0")) {
    return true;
  }
  std::string d;
  if (!StrString(rt, v, &d)) return false;
  rt.Raise(rt.exc().runtime_error,
           absl::StrCat("wick runs on the CPU only; device '", d, "' is not supported"));
  return false;
}

// torch.tensor(data, *, dtype=None, device=None, requires_grad=False)
Value TensorFn(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[4];
  if (!UnpackArgs(rt, "tensor", args, kwargs, {"data", "dtype", "device", "requires_grad"}, 1,
                  a)) {
    return Value::Raised();
  }
  std::optional<tensor::DType> dtype;
  bool requires_grad = false;
  if (!OptionalDType(rt, &a[1], &dtype) || !CheckDevice(rt, a[2]) ||
      !Flag(rt, a[3], &requires_grad)) {
    return Value::Raised();
  }
  absl::StatusOr<tensor::Tensor> t;
  if (const Value* nd = NdarrayTensor(rt, a[0])) a[0] = *nd;  // NumPy's dtype, copied
  if (IsTensor(rt, a[0])) {
    // torch.tensor(t) copies (PyTorch also warns; wick stays quiet).
    const tensor::Tensor& src = TensorOf(a[0]);
    t = tensor::ToDType(src, dtype.value_or(src.dtype()), /*copy=*/true);
  } else {
    bool raised;
    t = TensorFromData(rt, a[0], dtype, &raised);
    if (raised) return Value::Raised();
  }
  if (!t.ok()) return rt.RaiseStatus(t.status());
  if (requires_grad && !tensor::IsFloating(t->dtype())) {
    return rt.Raise(rt.exc().runtime_error,
                    "Only Tensors of floating point and complex dtype can require gradients");
  }
  t->set_requires_grad(requires_grad);
  return WrapTensor(rt, *std::move(t));
}

// torch.as_tensor(data, dtype=None, device=None): shares a tensor argument when it can.
Value AsTensor(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[3];
  if (!UnpackArgs(rt, "as_tensor", args, kwargs, {"data", "dtype", "device"}, 1, a)) {
    return Value::Raised();
  }
  std::optional<tensor::DType> dtype;
  if (!OptionalDType(rt, &a[1], &dtype) || !CheckDevice(rt, a[2])) return Value::Raised();
  if (NdarrayTensor(rt, a[0]) != nullptr) {  // shares the array's memory
    Value t = CallNumpyArray(rt, "_to_tensor", a[0]);
    if (t.is_raised()) return t;
    a[0] = t;
  }
  if (IsTensor(rt, a[0])) {
    const tensor::Tensor& src = TensorOf(a[0]);
    if (!dtype || *dtype == src.dtype()) return a[0];
    return WrapResult(rt, tensor::ToDType(src, *dtype));
  }
  bool raised;
  absl::StatusOr<tensor::Tensor> t = TensorFromData(rt, a[0], dtype, &raised);
  if (raised) return Value::Raised();
  return WrapResult(rt, std::move(t));
}

Value IsTensorFn(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[1];
  if (!UnpackArgs(rt, "is_tensor", args, kwargs, {"obj"}, 1, a)) return Value::Raised();
  return Value::Bool(IsTensor(rt, a[0]));
}

Value IsFloatingPointFn(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[1];
  if (!UnpackArgs(rt, "is_floating_point", args, kwargs, {"input"}, 1, a)) {
    return Value::Raised();
  }
  if (!IsTensor(rt, a[0])) {
    return RaiseTypeName(rt, "is_floating_point(): argument 'input' (position 1) must be Tensor, not ", a[0], "");
  }
  return Value::Bool(tensor::IsFloating(TensorOf(a[0]).dtype()));
}

Value NumelFn(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[1];
  if (!UnpackArgs(rt, "numel", args, kwargs, {"input"}, 1, a)) return Value::Raised();
  if (!IsTensor(rt, a[0])) {
    return RaiseTypeName(rt, "numel(): argument 'input' (position 1) must be Tensor, not ", a[0], "");
  }
  return Value::Int(TensorOf(a[0]).numel());
}

// torch.equal(a, b): same size and all elements equal.
Value EqualFn(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[2];
  if (!UnpackArgs(rt, "equal", args, kwargs, {"input", "other"}, 2, a)) return Value::Raised();
  if (!IsTensor(rt, a[0]) || !IsTensor(rt, a[1])) {
    return rt.Raise(rt.exc().type_error, "equal(): argument 'input' and 'other' must be Tensors");
  }
  if (TensorOf(a[0]).sizes() != TensorOf(a[1]).sizes()) return Value::Bool(false);
  Value eq = CallOp(rt, "eq", {a[0], a[1]}, {});
  if (eq.is_raised()) return eq;
  Value all = CallOp(rt, "all", {eq}, {});
  if (all.is_raised()) return all;
  return Value::Bool(TensorOf(all).ElementAt(0).to_bool());
}

// torch.broadcast_tensors(*tensors): expanded views with the common shape.
Value BroadcastTensors(Runtime& rt, Args args, const KwArgs& kwargs) {
  if (!internal::NoKwargs(rt, "broadcast_tensors", kwargs)) return Value::Raised();
  tensor::Shape shape;
  for (const Value& v : args) {
    if (!IsTensor(rt, v)) {
      return RaiseTypeName(rt, "expected Tensor as element in argument 0, but got ", v, "");
    }
    absl::StatusOr<tensor::Shape> s = tensor::BroadcastShapes(shape, TensorOf(v).sizes());
    if (!s.ok()) return rt.RaiseStatus(s.status());
    shape = *std::move(s);
  }
  std::vector<Value> sizes;
  for (int64_t d : shape) sizes.push_back(Value::Int(d));
  const Value size = rt.NewTuple(std::move(sizes));
  std::vector<Value> out;
  for (const Value& v : args) {
    Value e = CallOp(rt, "expand", {v, size}, {});  // recorded (ExpandBackward0)
    if (e.is_raised()) return e;
    out.push_back(std::move(e));
  }
  return rt.NewTuple(std::move(out));
}

// A Python number or tensor as a tensor for type promotion (numbers are wrapped).
bool PromotionOperand(Runtime& rt, const Value& v, tensor::Tensor* out) {
  if (IsTensor(rt, v)) {
    *out = TensorOf(v);
    return true;
  }
  tensor::Value tv;
  if ((v.is_int_like() || v.is_float()) && ToTensorValue(rt, v, &tv)) {
    *out = tensor::Tensor::FromScalar(tv.to_scalar(), std::nullopt, true);
    return true;
  }
  RaiseTypeName(rt, "result_type(): expected Tensor or Number, got ", v, "");
  return false;
}

Value ResultType(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[2];
  if (!UnpackArgs(rt, "result_type", args, kwargs, {"tensor", "other"}, 2, a)) {
    return Value::Raised();
  }
  tensor::Tensor x, y;
  if (!PromotionOperand(rt, a[0], &x) || !PromotionOperand(rt, a[1], &y)) {
    return Value::Raised();
  }
  return DTypeValue(rt, tensor::ResultType(x, y));
}

Value PromoteTypes(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[2];
  if (!UnpackArgs(rt, "promote_types", args, kwargs, {"type1", "type2"}, 2, a)) {
    return Value::Raised();
  }
  if (!IsDType(rt, a[0]) || !IsDType(rt, a[1])) {
    return rt.Raise(rt.exc().type_error, "promote_types(): arguments must be torch.dtype");
  }
  return DTypeValue(rt, tensor::PromoteTypes(a[0].as<DTypeObject>()->dtype,
                                             a[1].as<DTypeObject>()->dtype));
}

// torch.isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False), composed of
// registry ops: |a - b| <= atol + rtol * |b|, or a == b (infinities), or both NaN.
Value IsClose(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[5];
  if (!UnpackArgs(rt, "isclose", args, kwargs, {"input", "other", "rtol", "atol", "equal_nan"},
                  2, a)) {
    return Value::Raised();
  }
  Value rtol = a[2].is_raised() ? Value::Float(1e-05) : a[2];
  Value atol = a[3].is_raised() ? Value::Float(1e-08) : a[3];
  bool equal_nan = false;
  if (!Flag(rt, a[4], &equal_nan)) return Value::Raised();
  Value diff = CallOp(rt, "sub", {a[0], a[1]}, {});
  if (diff.is_raised()) return diff;
  diff = CallOp(rt, "abs", {diff}, {});
  if (diff.is_raised()) return diff;
  Value tol = CallOp(rt, "abs", {a[1]}, {});
  if (tol.is_raised()) return tol;
  tol = CallOp(rt, "mul", {tol, rtol}, {});
  if (tol.is_raised()) return tol;
  tol = CallOp(rt, "add", {tol, atol}, {});
  if (tol.is_raised()) return tol;
  Value close = CallOp(rt, "le", {diff, tol}, {});
  if (close.is_raised()) return close;
  Value same = CallOp(rt, "eq", {a[0], a[1]}, {});
  if (same.is_raised()) return same;
  close = CallOp(rt, "logical_or", {close, same}, {});
  if (close.is_raised() || !equal_nan) return close;
  Value na = CallOp(rt, "isnan", {a[0]}, {});
  if (na.is_raised()) return na;
  Value nb = CallOp(rt, "isnan", {a[1]}, {});
  if (nb.is_raised()) return nb;
  Value both = CallOp(rt, "logical_and", {na, nb}, {});
  if (both.is_raised()) return both;
  return CallOp(rt, "logical_or", {close, both}, {});
}

Value AllClose(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value close = IsClose(rt, args, kwargs);
  if (close.is_raised()) return close;
  Value all = CallOp(rt, "all", {close}, {});
  if (all.is_raised()) return all;
  return Value::Bool(TensorOf(all).ElementAt(0).to_bool());
}

Value GetDefaultDType(Runtime& rt, Args, const KwArgs&) {
  return DTypeValue(rt, tensor::DefaultFloatDType());
}

Value SetDefaultDType(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[1];
  if (!UnpackArgs(rt, "set_default_dtype", args, kwargs, {"d"}, 1, a)) return Value::Raised();
  if (!IsDType(rt, a[0]) || !tensor::IsFloating(a[0].as<DTypeObject>()->dtype)) {
    return rt.Raise(rt.exc().type_error,
                    "only floating-point types are supported as the default type");
  }
  tensor::SetDefaultFloatDType(a[0].as<DTypeObject>()->dtype);
  return Value::None();
}

// torch.einsum("ij,jk->ik", a, b) or torch.einsum("...", [a, b]).
Value EinsumFn(Runtime& rt, Args args, const KwArgs& kwargs) {
  if (args.size() >= 2 && IsTensor(rt, args[1])) {
    std::vector<Value> operands(args.begin() + 1, args.end());
    Value packed[2] = {args[0], rt.NewList(std::move(operands))};
    return CallOp(rt, "einsum", packed, kwargs);
  }
  return CallOp(rt, "einsum", args, kwargs);
}

// torch.get_num_threads() / set_num_threads(n): wick's kernel thread count (the
// WICK_NUM_THREADS default, clamped to tensor::kMaxThreads). Interop threads are not a
// separate pool in wick: their count is kept for get_num_interop_threads() only.
int g_interop_threads = 1;

Value GetNumThreads(Runtime& rt, Args args, const KwArgs& kwargs) {
  if (!UnpackArgs(rt, "get_num_threads", args, kwargs, {}, 0, nullptr)) return Value::Raised();
  return Value::Int(tensor::NumThreads());
}

bool PositiveThreadCount(Runtime& rt, const char* name, Args args, const KwArgs& kwargs,
                         int64_t* n) {
  Value a[1];
  if (!UnpackArgs(rt, name, args, kwargs, {"int"}, 1, a)) return false;
  if (!a[0].is_int()) {
    RaiseTypeName(rt, absl::StrCat(name, "(): argument 'int' (position 1) must be int, not "), a[0], "");
    return false;
  }
  if (a[0].as_int() <= 0) {
    rt.Raise(rt.exc().runtime_error, absl::StrCat(name, " expects a positive integer"));
    return false;
  }
  *n = a[0].as_int();
  return true;
}

Value SetNumThreads(Runtime& rt, Args args, const KwArgs& kwargs) {
  int64_t n = 0;
  if (!PositiveThreadCount(rt, "set_num_threads", args, kwargs, &n)) return Value::Raised();
  tensor::SetNumThreads(static_cast<int>(std::min<int64_t>(n, tensor::kMaxThreads)));
  return Value::None();
}

Value GetNumInteropThreads(Runtime& rt, Args args, const KwArgs& kwargs) {
  if (!UnpackArgs(rt, "get_num_interop_threads", args, kwargs, {}, 0, nullptr)) {
    return Value::Raised();
  }
  return Value::Int(g_interop_threads);
}

Value SetNumInteropThreads(Runtime& rt, Args args, const KwArgs& kwargs) {
  int64_t n = 0;
  if (!PositiveThreadCount(rt, "set_num_interop_threads", args, kwargs, &n)) {
    return Value::Raised();
  }
  g_interop_threads = static_cast<int>(std::min<int64_t>(n, tensor::kMaxThreads));
  return Value::None();
}

bool OptionalInt(Runtime& rt, const Value& v, std::optional<int>* out) {
  if (v.is_raised() || v.is_none()) return true;
  int64_t i;
  if (!AsIndex(rt, v, &i, "an integer is required")) return false;
  *out = static_cast<int>(i);
  return true;
}

// torch.set_printoptions(precision=None, threshold=None, edgeitems=None,
//                        linewidth=None, profile=None, sci_mode=None)
Value SetPrintOptions(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[6];
  if (!UnpackArgs(rt, "set_printoptions", args, kwargs,
                  {"precision", "threshold", "edgeitems", "linewidth", "profile", "sci_mode"},
                  0, a)) {
    return Value::Raised();
  }
  tensor::PrintOptionsUpdate u;
  if (!OptionalInt(rt, a[0], &u.precision) || !OptionalInt(rt, a[2], &u.edgeitems) ||
      !OptionalInt(rt, a[3], &u.linewidth)) {
    return Value::Raised();
  }
  if (!a[1].is_raised() && !a[1].is_none()) {
    Value f = internal::FloatFromValue(rt, a[1]);
    if (f.is_raised()) return f;
    u.threshold = f.as_float();
  }
  if (!a[4].is_raised() && !a[4].is_none()) {
    std::string p;
    if (!StrString(rt, a[4], &p)) return Value::Raised();
    u.profile = p;
  }
  if (!a[5].is_raised() && !a[5].is_none()) {
    bool b;
    if (!Flag(rt, a[5], &b)) return Value::Raised();
    u.sci_mode = b;
  }
  tensor::UpdatePrintOptions(u);
  return Value::None();
}

Value Identity(Runtime&, Args args, const KwArgs&) { return args.empty() ? Value::None() : args[0]; }

// torch.compile(model=None, *, fullgraph, dynamic, backend, mode, options, disable):
// eager for now (M3 replaces this); returns the model itself, or a decorator that does.
Value CompileFn(Runtime& rt, Args args, const KwArgs& kwargs) {
  if (args.size() > 1) {
    return rt.Raise(rt.exc().type_error, absl::StrCat("compile() takes from 0 to 1 positional arguments but ", args.size(), " were given"));
  }
  if (!args.empty() && !args[0].is_none()) return args[0];
  if (const Value* m = kwargs.Find("model"); m != nullptr && !m->is_none()) return *m;
  return rt.NewBuiltinFunction("compile", &Identity);
}

void AddDTypes(Runtime& rt, Dict* d) {
  using tensor::DType;
  const std::pair<const char*, DType> kNames[] = {
      {"float32", DType::kFloat32}, {"float", DType::kFloat32}, {"float64", DType::kFloat64},
      {"double", DType::kFloat64},  {"int64", DType::kInt64},   {"long", DType::kInt64},
      {"int32", DType::kInt32},     {"int", DType::kInt32},     {"bool", DType::kBool},
  };
  for (const auto& [name, dt] : kNames) d->SetStr(rt, rt.Intern(name), DTypeValue(rt, dt));
}

// torch.from_numpy(a): a tensor over a's memory.
Value FromNumpy(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[1];
  if (!UnpackArgs(rt, "from_numpy", args, kwargs, {"ndarray"}, 1, a)) return Value::Raised();
  return CallNumpyArray(rt, "_to_tensor", a[0]);
}

}  // namespace

const Value* NdarrayTensor(Runtime& rt, const Value& v) {
  if (!v.is_object()) return nullptr;
  Type* type = rt.TypeOf(v);
  if (type->layout() != Layout::kObject || type->name() != "ndarray") return nullptr;
  const Value* module = type->dict()->GetStr("__module__");
  std::string name;
  if (module == nullptr || !StrString(rt, *module, &name) || name != "numpy._array") {
    return nullptr;
  }
  const Dict* d = v.as<Instance>()->dict;
  const Value* t = d == nullptr ? nullptr : d->GetStr("_t");
  return t != nullptr && IsTensor(rt, *t) ? t : nullptr;
}

Value CallNumpyArray(Runtime& rt, const char* fn, const Value& arg) {
  auto import_module = State(rt).import_module;
  if (import_module == nullptr) {
    return rt.Raise(rt.exc().import_error, "No module named 'numpy'");
  }
  Value m = import_module(rt, "numpy._array");
  if (m.is_raised()) return m;
  Value f = GetAttr(rt, m, fn);
  if (f.is_raised()) return f;
  Value args[] = {arg};
  return Call(rt, f, args);
}

void AddFunction(Runtime& rt, Dict* dict, absl::string_view name, BuiltinFn fn) {
  rt.AddFunction(dict, name, fn);
}

}  // namespace wick::vm::torch

namespace wick::vm {

Value NewTorchModule(Runtime& rt) {
  using namespace torch;  // NOLINT: the torch bindings' own namespace
  TorchState& s = State(rt);
  Value module = rt.NewModule("torch");
  Dict* d = module.as<Module>()->dict;
  InstallTorchOpFunctions(rt, d);
  AddDTypes(rt, d);
  d->SetStr(rt, rt.Intern("Tensor"), s.tensor_type);
  d->SetStr(rt, rt.Intern("Size"), s.size_type);
  d->SetStr(rt, rt.Intern("dtype"), s.dtype_type);
  d->SetStr(rt, rt.Intern("device"), s.device_type);
  d->SetStr(rt, rt.Intern("__version__"), rt.NewStr("1.13.1"));
  d->SetStr(rt, rt.Intern("inf"), Value::Float(std::numeric_limits<double>::infinity()));
  d->SetStr(rt, rt.Intern("nan"), Value::Float(std::numeric_limits<double>::quiet_NaN()));
  d->SetStr(rt, rt.Intern("pi"), Value::Float(M_PI));
  d->SetStr(rt, rt.Intern("e"), Value::Float(M_E));
  d->SetStr(rt, rt.Intern("ops"), NewOpsNamespace(rt, ""));
  struct Fn {
    const char* name;
    BuiltinFn fn;
  };
  static constexpr Fn kFns[] = {
      {"tensor", &TensorFn},
      {"as_tensor", &AsTensor},
      {"from_numpy", &FromNumpy},
      {"is_tensor", &IsTensorFn},
      {"is_floating_point", &IsFloatingPointFn},
      {"numel", &NumelFn},
      {"equal", &EqualFn},
      {"get_default_dtype", &GetDefaultDType},
      {"set_default_dtype", &SetDefaultDType},
      {"einsum", &EinsumFn},
      {"set_printoptions", &SetPrintOptions},
      {"compile", &CompileFn},
      {"broadcast_tensors", &BroadcastTensors},
      {"result_type", &ResultType},
      {"isclose", &IsClose},
      {"allclose", &AllClose},
      {"promote_types", &PromoteTypes},
      {"get_num_threads", &GetNumThreads},
      {"set_num_threads", &SetNumThreads},
      {"get_num_interop_threads", &GetNumInteropThreads},
      {"set_num_interop_threads", &SetNumInteropThreads},
  };
  for (const Fn& f : kFns) AddFunction(rt, d, f.name, f.fn);
  if (!AddGradModeFunctions(rt, d)) return Value::Raised();
  return module;
}

}  // namespace wick::vm
