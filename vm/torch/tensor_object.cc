// The per-Runtime torch state and the Tensor type's slots: repr/str, identity hash,
// Python operators (forward, reflected and in-place, all through registry ops),
// truth value, len, iteration, `in`, and the attribute properties (shape, dtype, ...).
#include <utility>

#include "absl/strings/str_cat.h"
#include "tensor/autograd/autograd.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/print/print.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"
#include "vm/torch/internal.h"

namespace wick::vm::torch {
namespace {

// One Runtime per thread (vm/runtime.h), so a thread-local map is enough.
thread_local absl::flat_hash_map<const Runtime*, TorchState*> g_states;

bool IsNumber(const Value& v) { return v.is_int_like() || v.is_float(); }

// --- repr / str / format ----------------------------------------------------------

Value TensorRepr(Runtime& rt, const Value& v) {
  std::string text;
  if (std::shared_ptr<tensor::autograd::Node> fn = tensor::autograd::GradFnOf(TensorOf(v))) {
    tensor::ReprExtras extras;
    extras.grad_fn = fn->name();
    absl::StatusOr<std::string> r =
        tensor::Repr(TensorOf(v), tensor::GetPrintOptions(), extras);
    if (!r.ok()) return rt.RaiseStatus(r.status());
    text = *std::move(r);
  } else {
    text = tensor::ToString(TensorOf(v));
  }
  if (rt.TypeOf(v)->IsSubtypeOf(State(rt).parameter())) {
    text = absl::StrCat("Parameter containing:\n", text);
  }
  return rt.NewStr(std::move(text));
}

// f"{t:.2f}": 0-dim tensors format like their Python number (PyTorch's __format__).
Value TensorFormat(Runtime& rt, const Value& v, absl::string_view spec) {
  const tensor::Tensor& t = TensorOf(v);
  if (t.dim() == 0) {
    absl::StatusOr<tensor::Scalar> s = t.Item();
    if (!s.ok()) return rt.RaiseStatus(s.status());
    return Format(rt, ScalarToValue(*s), spec);
  }
  if (spec.empty()) return TensorRepr(rt, v);
  return rt.Raise(rt.exc().type_error, "unsupported format string passed to Tensor.__format__");
}

bool TensorHash(Runtime&, const Value& v, int64_t* out) {
  *out = static_cast<int64_t>(reinterpret_cast<intptr_t>(v.object()) >> 4);
  if (*out == -1) *out = -2;
  return true;
}

// --- operators --------------------------------------------------------------------

// What `a <op> b` calls: the forward op, and how the reflected form (`2 - t`) is done.
enum class Reflect { kSwap, kCommutative, kRsub, kReciprocalMul, kNone };
struct OpInfo {
  const char* forward;
  const char* inplace;
  Reflect reflect;
};

OpInfo BinaryInfo(BinOp op) {
  switch (op) {
    case BinOp::kAdd: return {"add", "add_", Reflect::kCommutative};
    case BinOp::kSub: return {"sub", "sub_", Reflect::kRsub};
    case BinOp::kMul: return {"mul", "mul_", Reflect::kCommutative};
    case BinOp::kMatMul: return {"matmul", nullptr, Reflect::kNone};
    case BinOp::kTrueDiv: return {"div", "div_", Reflect::kReciprocalMul};
    case BinOp::kFloorDiv: return {"floor_divide", "floor_divide_", Reflect::kSwap};
    case BinOp::kMod: return {"remainder", "remainder_", Reflect::kSwap};
    case BinOp::kPow: return {"pow", "pow_", Reflect::kSwap};
    case BinOp::kLShift: return {"bitwise_left_shift", "bitwise_left_shift_", Reflect::kSwap};
    case BinOp::kRShift: return {"bitwise_right_shift", "bitwise_right_shift_", Reflect::kSwap};
    case BinOp::kAnd: return {"bitwise_and", "bitwise_and_", Reflect::kCommutative};
    case BinOp::kOr: return {"bitwise_or", "bitwise_or_", Reflect::kCommutative};
    case BinOp::kXor: return {"bitwise_xor", "bitwise_xor_", Reflect::kCommutative};
  }
  return {"add", "add_", Reflect::kCommutative};
}

// A Python number as the 0-dim "wrapped number" tensor PyTorch's arg parser makes.
Value WrappedNumber(Runtime& rt, const Value& v) {
  tensor::Scalar s = v.is_bool()  ? tensor::Scalar(v.as_bool())
                     : v.is_int() ? tensor::Scalar(v.as_int())
                                  : tensor::Scalar(v.as_float());
  return WrapTensor(rt, tensor::Tensor::FromScalar(s, std::nullopt, true));
}

template <BinOp kOp>
Value TensorBinary(Runtime& rt, const Value& a, const Value& b) {
  const OpInfo info = BinaryInfo(kOp);
  if (IsTensor(rt, a)) {
    if (!IsTensor(rt, b) && !IsNumber(b)) return rt.NotImplemented();
    return CallOp(rt, info.forward, {a, b}, {});
  }
  // `a` is the other operand: `2 - t`.
  if (!IsNumber(a)) return rt.NotImplemented();
  switch (info.reflect) {
    case Reflect::kCommutative: return CallOp(rt, info.forward, {b, a}, {});
    case Reflect::kRsub: return CallOp(rt, "rsub", {b, a}, {});
    case Reflect::kReciprocalMul: {
      Value r = CallOp(rt, "reciprocal", {b}, {});
      if (r.is_raised()) return r;
      return CallOp(rt, "mul", {r, a}, {});
    }
    case Reflect::kSwap: {
      Value w = WrappedNumber(rt, a);
      return CallOp(rt, info.forward, {w, b}, {});
    }
    case Reflect::kNone: break;
  }
  return rt.NotImplemented();
}

template <BinOp kOp>
Value TensorInPlace(Runtime& rt, const Value& a, const Value& b) {
  const OpInfo info = BinaryInfo(kOp);
  if (info.inplace == nullptr || !IsTensor(rt, a)) return rt.NotImplemented();
  if (!IsTensor(rt, b) && !IsNumber(b)) return rt.NotImplemented();
  return CallOp(rt, info.inplace, {a, b}, {});
}

template <BinOp... kOps>
void FillBinarySlots(TypeSlots& s) {
  ((s.binary[static_cast<int>(kOps)] = &TensorBinary<kOps>,
    s.inplace[static_cast<int>(kOps)] = &TensorInPlace<kOps>),
   ...);
}

Value TensorCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if (!IsTensor(rt, b) && !IsNumber(b)) return rt.NotImplemented();
  static constexpr const char* kNames[] = {"lt", "le", "eq", "ne", "gt", "ge"};
  return CallOp(rt, kNames[static_cast<int>(op)], {a, b}, {});
}

Value TensorNeg(Runtime& rt, const Value& v) { return CallOp(rt, "neg", {v}, {}); }
Value TensorPos(Runtime&, const Value& v) { return v; }
Value TensorInvert(Runtime& rt, const Value& v) { return CallOp(rt, "bitwise_not", {v}, {}); }

// bool(t): PyTorch's errors for zero or several elements.
int TensorTruth(Runtime& rt, const Value& v) {
  const tensor::Tensor& t = TensorOf(v);
  if (t.numel() != 1) {
    rt.Raise(rt.exc().runtime_error,
             t.numel() == 0 ? "Boolean value of Tensor with no values is ambiguous"
                            : "Boolean value of Tensor with more than one value is ambiguous");
    return -1;
  }
  absl::StatusOr<tensor::Scalar> s = t.Item();
  if (!s.ok()) {
    rt.RaiseStatus(s.status());
    return -1;
  }
  return s->to_bool() ? 1 : 0;
}

int64_t TensorLen(Runtime& rt, const Value& v) {
  const tensor::Tensor& t = TensorOf(v);
  if (t.dim() == 0) {
    rt.Raise(rt.exc().type_error, "len() of a 0-d tensor");
    return -1;
  }
  return t.size(0);
}

// iter(t) walks t.unbind(0), as PyTorch's Tensor.__iter__ does.
Value TensorIter(Runtime& rt, const Value& v) {
  const tensor::Tensor& t = TensorOf(v);
  if (t.dim() == 0) return rt.Raise(rt.exc().type_error, "iteration over a 0-d tensor");
  absl::StatusOr<std::vector<tensor::Tensor>> parts = tensor::Unbind(t, 0);
  if (!parts.ok()) return rt.RaiseStatus(parts.status());
  std::vector<Value> items;
  items.reserve(parts->size());
  for (tensor::Tensor& p : *parts) items.push_back(WrapTensor(rt, std::move(p)));
  return GetIter(rt, rt.NewList(std::move(items)));
}

// `x in t`: (t == x).any(), for numbers and tensors only.
int TensorContains(Runtime& rt, const Value& v, const Value& key) {
  if (!IsTensor(rt, key) && !IsNumber(key)) {
    std::string name = rt.TypeOf(key)->name();
    rt.Raise(rt.exc().runtime_error,
             absl::StrCat("Tensor.__contains__ only supports Tensor or scalar, but you passed "
                          "in a ", name == "str" ? "<class 'str'>" : name, "."));
    return -1;
  }
  Value eq = CallOp(rt, "eq", {v, key}, {});
  if (eq.is_raised()) return -1;
  Value any = CallOp(rt, "any", {eq}, {});
  if (any.is_raised()) return -1;
  return TensorTruth(rt, any);
}

// --- attributes -------------------------------------------------------------------

Value TensorGetAttr(Runtime& rt, const Value& v, Str* name) {
  const tensor::Tensor& t = TensorOf(v);
  absl::string_view n = name->view();
  if (n == "shape") return NewSize(rt, t.sizes());
  if (n == "dtype") return DTypeValue(rt, t.dtype());
  if (n == "device") return State(rt).cpu_device;
  if (n == "ndim") return Value::Int(t.dim());
  if (n == "requires_grad") return Value::Bool(t.requires_grad());
  if (n == "is_leaf") return Value::Bool(tensor::autograd::IsLeaf(t));
  if (n == "grad") {
    tensor::Tensor g = tensor::autograd::GradOf(t);
    return g.defined() ? WrapTensor(rt, std::move(g)) : Value::None();
  }
  if (n == "grad_fn") return GradFnOfTensor(rt, t);
  if (n == "_version") return Value::Int(static_cast<int64_t>(t.version()));
  if (n == "retains_grad") {
    const tensor::autograd::AutogradMeta* m = tensor::autograd::FindMeta(t);
    return Value::Bool(m != nullptr && m->retains_grad);
  }
  // wick's tensors are dense CPU tensors.
  if (n == "is_cuda" || n == "is_sparse" || n == "is_quantized" || n == "is_mkldnn") {
    return Value::Bool(false);
  }
  if (n == "data") return WrapTensor(rt, tensor::autograd::Detach(t));
  if (n == "mT") return CallOp(rt, "transpose", {v, Value::Int(-2), Value::Int(-1)}, {});
  if (n == "T") {
    // t() for up to 2 dims; PyTorch reverses all dims beyond that.
    if (t.dim() <= 2) return CallOp(rt, "t", {v}, {});
    std::vector<Value> dims;
    for (int64_t d = t.dim() - 1; d >= 0; --d) dims.push_back(Value::Int(d));
    return CallOp(rt, "permute", {v, rt.NewTuple(std::move(dims))}, {});
  }
  if (Dict* attrs = v.as<TensorObject>()->attrs) {
    if (const Value* found = attrs->GetStr(name)) return *found;
  }
  if (name == rt.names().dict) {
    Dict*& attrs = v.as<TensorObject>()->attrs;
    if (attrs == nullptr) attrs = rt.Alloc<Dict>(rt.types().dict);
    return Value::Borrow(attrs);
  }
  return GenericGetAttr(rt, v, name);
}

bool TensorSetAttr(Runtime& rt, const Value& v, Str* name, const Value* value) {
  absl::string_view n = name->view();
  if (value != nullptr && n == "requires_grad") {
    int b = Truthy(rt, *value);
    if (b < 0) return false;
    absl::Status s = tensor::autograd::SetRequiresGrad(TensorOf(v), b == 1);
    if (!s.ok()) rt.RaiseStatus(s);
    return s.ok();
  }
  if (value != nullptr && n == "data" && IsTensor(rt, *value)) {
    const tensor::Tensor old = TensorOf(v);
    v.as<TensorObject>()->tensor = tensor::Alias(TensorOf(*value));
    // The tensor keeps its autograd identity (grad, accumulator) across `.data =`.
    tensor::autograd::ShareMeta(old, v.as<TensorObject>()->tensor);
    v.as<TensorObject>()->tensor.set_requires_grad(old.requires_grad());
    return true;
  }
  if (value != nullptr && n == "grad") {
    if (value->is_none()) {
      tensor::autograd::SetGrad(TensorOf(v), tensor::Tensor());
      return true;
    }
    if (!IsTensor(rt, *value)) {
      rt.Raise(rt.exc().type_error, "assigned grad expected to be a Tensor or None but got grad "
                                    "of type " + rt.TypeOf(*value)->name());
      return false;
    }
    const tensor::Tensor& g = TensorOf(*value);
    if (g.dtype() != TensorOf(v).dtype()) {
      rt.Raise(rt.exc().runtime_error, "assigned grad has data of a different type");
      return false;
    }
    if (g.sizes() != TensorOf(v).sizes()) {
      rt.Raise(rt.exc().runtime_error, "assigned grad has data of a different size");
      return false;
    }
    tensor::autograd::SetGrad(TensorOf(v), g);
    return true;
  }
  // The read-only properties TensorGetAttr answers itself (PyTorch's getset
  // descriptors without a setter).
  for (const char* ro : {"shape", "dtype", "device", "ndim", "is_leaf", "grad_fn", "is_cuda",
                         "is_sparse", "is_quantized", "is_mkldnn", "T", "mT"}) {
    if (n == ro) {
      rt.Raise(rt.exc().attribute_error,
               absl::StrCat("attribute '", n, "' of 'torch._C._TensorBase' objects is not "
                            "writable"));
      return false;
    }
  }
  // Data descriptors of the type (properties) first, then the tensor's own attributes.
  if (const Value* found = rt.TypeOf(v)->Lookup(name);
      found != nullptr && rt.TypeOf(*found)->slots().descr_set != nullptr) {
    return GenericSetAttr(rt, v, name, value);
  }
  Dict*& attrs = v.as<TensorObject>()->attrs;
  if (value == nullptr) {
    int removed = attrs == nullptr ? 0 : attrs->Remove(rt, Value::Borrow(name));
    if (removed < 0) return false;
    if (removed == 0) {
      rt.Raise(rt.exc().attribute_error,
               absl::StrCat("'", rt.TypeOf(v)->name(), "' object has no attribute '", n, "'"));
      return false;
    }
    return true;
  }
  if (attrs == nullptr) attrs = rt.Alloc<Dict>(rt.types().dict);
  return attrs->SetStr(rt, name, *value);
}

}  // namespace

TensorObject::~TensorObject() {
  if (attrs != nullptr) attrs->DecRef();
}

void TensorObject::ClearRefs() {
  if (Dict* d = std::exchange(attrs, nullptr)) d->DecRef();
}

TorchState::~TorchState() {
  auto it = g_states.find(rt);
  if (it != g_states.end() && it->second == this) g_states.erase(it);
}

void TorchState::ClearRefs() {
  tensor_type = parameter_type = dtype_type = device_type = size_type = Value();
  op_function_type = grad_mode_type = grad_wrapper_type = compile_decorator_type =
      ops_namespace_type = grad_fn_type = Value();
  for (Value& d : dtypes) d = Value();
  cpu_device = Value();
  tensor_new = Value();
  removable_handle = Value();
  set_grad_enabled_type = Value();
  grad_fn_classes.clear();
  return_types.clear();
}

TorchState& State(Runtime& rt) {
  auto it = g_states.find(&rt);
  if (it != g_states.end()) return *it->second;
  // Pinned by its own reference; the Runtime frees it at teardown.
  TorchState* s = rt.Alloc<TorchState>(rt.types().object, &rt);
  g_states[&rt] = s;
  InitDTypeSizeDeviceTypes(rt, *s);
  InitTensorType(rt, *s);
  InitTensorMethods(rt, *s);
  return *s;
}

bool IsTensor(Runtime& rt, const Value& v) {
  return v.is_object() && v.object()->type()->IsSubtypeOf(State(rt).tensor());
}

Value WrapTensor(Runtime& rt, tensor::Tensor t) {
  return Value::Steal(rt.Alloc<TensorObject>(State(rt).tensor(), std::move(t)));
}

Value TensorConstruct(Runtime& rt, Type*, Args args, const KwArgs& kwargs) {
  const Value& fn = State(rt).tensor_new;
  if (!fn.is_object()) return rt.Raise(rt.exc().type_error, "cannot create 'Tensor' instances");
  return Call(rt, fn, args, kwargs);
}

Value WrapResult(Runtime& rt, absl::StatusOr<tensor::Tensor> t) {
  if (!t.ok()) return rt.RaiseStatus(t.status());
  return WrapTensor(rt, *std::move(t));
}

void InitTensorType(Runtime& rt, TorchState& s) {
  Type* t = rt.NewBuiltinType("Tensor", rt.types().object, Layout::kOther);
  s.tensor_type = Value::Steal(t);
  t->dict()->SetStr(rt, rt.names().module, rt.NewStr("torch"));
  TypeSlots& sl = t->slots();
  sl.repr = sl.str = &TensorRepr;
  sl.format = &TensorFormat;
  sl.hash = &TensorHash;
  sl.compare = &TensorCompare;
  FillBinarySlots<BinOp::kAdd, BinOp::kSub, BinOp::kMul, BinOp::kMatMul, BinOp::kTrueDiv,
                  BinOp::kFloorDiv, BinOp::kMod, BinOp::kPow, BinOp::kLShift,
                  BinOp::kRShift, BinOp::kAnd, BinOp::kOr, BinOp::kXor>(sl);
  sl.unary[static_cast<int>(UnaryOp::kNeg)] = &TensorNeg;
  sl.unary[static_cast<int>(UnaryOp::kPos)] = &TensorPos;
  sl.unary[static_cast<int>(UnaryOp::kInvert)] = &TensorInvert;
  sl.truth = &TensorTruth;
  sl.len = &TensorLen;
  sl.iter = &TensorIter;
  sl.contains = &TensorContains;
  sl.getitem = &TensorGetItem;
  sl.setitem = &TensorSetItem;
  sl.getattr = &TensorGetAttr;
  sl.setattr = &TensorSetAttr;
  sl.construct = nullptr;

  // Parameter: a Tensor whose repr says so; torch.nn's prelude exposes it.
  Type* p = rt.NewBuiltinType("Parameter", t, Layout::kOther);
  p->dict()->SetStr(rt, rt.names().module, rt.NewStr("torch.nn.parameter"));
  s.parameter_type = Value::Steal(p);
}

}  // namespace wick::vm::torch
