// The small torch value types: dtype singletons (torch.float32 is torch.float), devices
// (the cpu one, and others that can only be named), torch.Size (a tuple subclass printing
// as "torch.Size([2, 3])"), and the named tuples of torch.return_types (max.dim's
// (values, indices)).
#include <functional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "tensor/print/print.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"
#include "vm/torch/internal.h"

namespace wick::vm::torch {
namespace {

using internal::TupleItems;

// --- dtype ------------------------------------------------------------------------

Value DTypeRepr(Runtime& rt, const Value& v) {
  return rt.NewStr(tensor::DTypeRepr(v.as<DTypeObject>()->dtype));
}

Value DTypeGetAttr(Runtime& rt, const Value& v, Str* name) {
  tensor::DType d = v.as<DTypeObject>()->dtype;
  absl::string_view n = name->view();
  if (n == "is_floating_point") return Value::Bool(tensor::IsFloating(d));
  if (n == "is_signed") return Value::Bool(d != tensor::DType::kBool);
  if (n == "is_complex") return Value::Bool(false);
  if (n == "itemsize") return Value::Int(static_cast<int64_t>(tensor::ElementSize(d)));
  return GenericGetAttr(rt, v, name);
}

// --- device -----------------------------------------------------------------------

// A device object is a Singleton named by its string form: "cpu" (the one cpu device)
// or, for devices wick cannot run on, "cuda" / "cuda:1" / "meta" ... Those exist only so
// scripts can name them (`device = torch.device("cuda")` at module level); using one for
// a tensor raises (module_torch.cc's CheckDevice, op_registry.cc's device check).
const std::string& DeviceName(const Value& v) { return v.as<Singleton>()->name; }
absl::string_view DeviceTypeName(const Value& v) {
  absl::string_view n = DeviceName(v);
  return n.substr(0, n.find(':'));
}
// The index after ':', or -1.
int64_t DeviceIndex(const Value& v) {
  const std::string& n = DeviceName(v);
  const size_t colon = n.find(':');
  return colon == std::string::npos ? -1 : std::stoll(n.substr(colon + 1));
}

Value DeviceRepr(Runtime& rt, const Value& v) {
  const int64_t index = DeviceIndex(v);
  if (index < 0) return rt.NewStr(absl::StrCat("device(type='", DeviceTypeName(v), "')"));
  return rt.NewStr(absl::StrCat("device(type='", DeviceTypeName(v), "', index=", index, ")"));
}
Value DeviceStr(Runtime& rt, const Value& v) { return rt.NewStr(DeviceName(v)); }

Value DeviceGetAttr(Runtime& rt, const Value& v, Str* name) {
  if (name->view() == "type") return rt.NewStr(DeviceTypeName(v));
  if (name->view() == "index") {
    const int64_t index = DeviceIndex(v);
    return index < 0 ? Value::None() : Value::Int(index);
  }
  return GenericGetAttr(rt, v, name);
}

Value DeviceCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if ((op != CmpOp::kEq && op != CmpOp::kNe) || rt.TypeOf(b) != rt.TypeOf(a)) {
    return rt.NotImplemented();
  }
  return Value::Bool((DeviceName(a) == DeviceName(b)) == (op == CmpOp::kEq));
}

bool DeviceHash(Runtime&, const Value& v, int64_t* out) {
  *out = static_cast<int64_t>(std::hash<std::string>()(DeviceName(v)) >> 1);
  return true;
}

// PyTorch 1.13's device types (c10/core/DeviceType.cpp), in its error message's order.
constexpr absl::string_view kDeviceTypes[] = {
    "cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve",
    "fpga", "ort", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "privateuseone"};

// torch.device("cpu") / torch.device("cpu", 0) is the cpu device; other device types
// give device objects that only name them.
Value DeviceConstruct(Runtime& rt, Type*, Args args, const KwArgs& kwargs) {
  Value a[2];
  if (!internal::UnpackArgs(rt, "device", args, kwargs, {"type", "index"}, 1, a)) {
    return Value::Raised();
  }
  if (rt.TypeOf(a[0]) == State(rt).device_type.as<Type>()) return a[0];
  if (!rt.IsStr(a[0])) {
    return RaiseTypeName(rt, "device() argument 'type' must be str, not ", a[0], "");
  }
  absl::string_view d = internal::StrView(a[0]);
  if (d == "cpu" || d == "cpu:0") return State(rt).cpu_device;
  const absl::string_view type = d.substr(0, d.find(':'));
  bool known = false;
  for (absl::string_view t : kDeviceTypes) known |= t == type;
  if (!known) {
    std::string all;
    for (absl::string_view t : kDeviceTypes) absl::StrAppend(&all, all.empty() ? "" : ", ", t);
    return rt.Raise(rt.exc().runtime_error,
                    absl::StrCat("Expected one of ", all,
                                 " device type at start of device string: ", d));
  }
  std::string name(d);
  if (a[1].is_int() && name.find(':') == std::string::npos) {
    absl::StrAppend(&name, ":", a[1].as_int());
  }
  if (name == "cpu:0") return State(rt).cpu_device;
  return Value::Steal(rt.Alloc<Singleton>(State(rt).device_type.as<Type>(), name));
}

// --- torch.Size -------------------------------------------------------------------

Value SizeRepr(Runtime& rt, const Value& v) {
  std::vector<int64_t> dims;
  for (const Value& x : TupleItems(v)) dims.push_back(x.as_int());
  return rt.NewStr(tensor::SizeRepr(dims));
}

// torch.Size(iterable of ints).
Value SizeConstruct(Runtime& rt, Type*, Args args, const KwArgs& kwargs) {
  if (!internal::NoKwargs(rt, "Size", kwargs) ||
      !internal::CheckArgCount(rt, "Size", args, 0, 1)) {
    return Value::Raised();
  }
  std::vector<Value> items;
  if (!args.empty() && !Unpack(rt, args[0], &items)) return Value::Raised();
  std::vector<int64_t> dims;
  for (size_t i = 0; i < items.size(); ++i) {
    int64_t d;
    if (items[i].is_int_like()) {
      d = items[i].as_int();
    } else if (IsTensor(rt, items[i]) && TensorOf(items[i]).numel() == 1 &&
               !tensor::IsFloating(TensorOf(items[i]).dtype())) {
      d = TensorOf(items[i]).ElementAt(0).to_int();
    } else {
      return rt.Raise(rt.exc().type_error,
                      absl::StrCat("torch.Size() takes an iterable of 'int' (item ", i,
                                   " is '", rt.TypeOf(items[i])->name(), "')"));
    }
    dims.push_back(d);
  }
  return NewSize(rt, dims);
}

// s[1:] stays a Size; s[0] is an int.
Value SizeGetItem(Runtime& rt, const Value& v, const Value& key) {
  Value r = rt.types().tuple->slots().getitem(rt, v, key);
  if (r.is_raised() || !rt.IsTuple(r)) return r;
  return Value::Steal(rt.Alloc<Tuple>(State(rt).size(), TupleItems(r)));
}

// Size + tuple and Size * n are Sizes; tuple + Size is a tuple.
Value SizeAdd(Runtime& rt, const Value& a, const Value& b) {
  Value r = rt.types().tuple->slots().binary[static_cast<int>(BinOp::kAdd)](rt, a, b);
  if (r.is_raised() || rt.IsNotImplemented(r) || !IsSize(rt, a)) return r;
  return Value::Steal(rt.Alloc<Tuple>(State(rt).size(), TupleItems(r)));
}

Value SizeMul(Runtime& rt, const Value& a, const Value& b) {
  Value r = rt.types().tuple->slots().binary[static_cast<int>(BinOp::kMul)](rt, a, b);
  if (r.is_raised() || rt.IsNotImplemented(r) || !rt.IsTuple(r)) return r;
  return Value::Steal(rt.Alloc<Tuple>(State(rt).size(), TupleItems(r)));
}

Value SizeNumel(Runtime& rt, Args args, const KwArgs& kwargs) {
  if (!internal::NoKwargs(rt, "numel", kwargs)) return Value::Raised();
  int64_t n = 1;
  for (const Value& x : TupleItems(args[0])) n *= x.as_int();
  return Value::Int(n);
}

// --- torch.return_types -----------------------------------------------------------

Value ReturnTypeRepr(Runtime& rt, const Value& v) {
  Type* t = rt.TypeOf(v);
  const std::vector<std::string>& fields = State(rt).return_fields[t];
  std::string out = absl::StrCat("torch.return_types.", t->name(), "(");
  const std::vector<Value>& items = TupleItems(v);
  for (size_t i = 0; i < items.size(); ++i) {
    std::string r;
    if (!ReprString(rt, items[i], &r)) return Value::Raised();
    absl::StrAppend(&out, "\n", i < fields.size() ? fields[i] : "?", "=", r,
                    i + 1 < items.size() ? "," : "");
  }
  return rt.NewStr(absl::StrCat(out, ")"));
}

Value ReturnTypeGetAttr(Runtime& rt, const Value& v, Str* name) {
  const std::vector<std::string>& fields = State(rt).return_fields[rt.TypeOf(v)];
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i] == name->view()) return TupleItems(v)[i];
  }
  return GenericGetAttr(rt, v, name);
}

}  // namespace

Value DTypeValue(Runtime& rt, tensor::DType d) {
  return State(rt).dtypes[static_cast<int>(d)];
}

bool IsDType(Runtime& rt, const Value& v) {
  return v.is_object() && v.object()->type() == State(rt).dtype_type.as<Type>();
}

bool IsSize(Runtime& rt, const Value& v) {
  return v.is_object() && v.object()->type() == State(rt).size();
}

Value NewSize(Runtime& rt, tensor::IntSpan sizes) {
  std::vector<Value> items;
  items.reserve(sizes.size());
  for (int64_t d : sizes) items.push_back(Value::Int(d));
  return Value::Steal(rt.Alloc<Tuple>(State(rt).size(), std::move(items)));
}

Type* ReturnType(Runtime& rt, absl::string_view name, const std::vector<std::string>& fields) {
  TorchState& s = State(rt);
  auto it = s.return_types.find(name);
  if (it != s.return_types.end()) return it->second.as<Type>();
  Type* t = rt.NewBuiltinType(name, rt.types().tuple, Layout::kTuple);
  t->dict()->SetStr(rt, rt.names().module, rt.NewStr("torch.return_types"));
  t->slots().repr = t->slots().str = &ReturnTypeRepr;
  t->slots().getattr = &ReturnTypeGetAttr;
  t->slots().construct = nullptr;
  s.return_types[name] = Value::Steal(t);
  s.return_fields[t] = fields;
  return t;
}

void InitDTypeSizeDeviceTypes(Runtime& rt, TorchState& s) {
  Type* dt = rt.NewBuiltinType("dtype", rt.types().object, Layout::kOther);
  dt->dict()->SetStr(rt, rt.names().module, rt.NewStr("torch"));
  dt->slots().repr = dt->slots().str = &DTypeRepr;
  dt->slots().getattr = &DTypeGetAttr;
  dt->slots().construct = nullptr;
  s.dtype_type = Value::Steal(dt);
  for (int i = 0; i < tensor::kNumDTypes; ++i) {
    s.dtypes[i] = Value::Steal(rt.Alloc<DTypeObject>(dt, static_cast<tensor::DType>(i)));
  }

  Type* dev = rt.NewBuiltinType("device", rt.types().object, Layout::kOther);
  dev->dict()->SetStr(rt, rt.names().module, rt.NewStr("torch"));
  dev->slots().repr = &DeviceRepr;
  dev->slots().str = &DeviceStr;
  dev->slots().getattr = &DeviceGetAttr;
  dev->slots().compare = &DeviceCompare;
  dev->slots().hash = &DeviceHash;
  dev->slots().construct = &DeviceConstruct;
  s.device_type = Value::Steal(dev);
  s.cpu_device = Value::Steal(rt.Alloc<Singleton>(dev, "cpu"));

  Type* size = rt.NewBuiltinType("Size", rt.types().tuple, Layout::kTuple);
  size->dict()->SetStr(rt, rt.names().module, rt.NewStr("torch"));
  size->slots().repr = size->slots().str = &SizeRepr;
  size->slots().construct = &SizeConstruct;
  size->slots().getitem = &SizeGetItem;
  size->slots().binary[static_cast<int>(BinOp::kAdd)] = &SizeAdd;
  size->slots().binary[static_cast<int>(BinOp::kMul)] = &SizeMul;
  rt.AddMethod(size, "numel", &SizeNumel);
  s.size_type = Value::Steal(size);
}

}  // namespace wick::vm::torch
