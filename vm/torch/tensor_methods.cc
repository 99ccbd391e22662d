// Tensor methods that are not registry ops: queries of the Python object (size, dim,
// stride, item, tolist), conversions to Python numbers (__int__, __float__, __index__),
// and the few ops whose Python signature differs from any schema (to, cpu, type,
// requires_grad_, backward). Everything else comes from the registry (bindings.cc).
#include <utility>

#include "absl/strings/str_cat.h"
#include "tensor/autograd/autograd.h"
#include "tensor/ops/creation/creation.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"
#include "vm/torch/internal.h"

namespace wick::vm::torch {
namespace {

using internal::UnpackArgs;

// PyTorch's wrap_dim error for a dimension outside [-ndim, ndim).
bool WrapDim(Runtime& rt, int64_t dim, int64_t ndim, int64_t* out) {
  int64_t n = ndim == 0 ? 1 : ndim;
  if (dim < -n || dim >= n) {
    rt.Raise(rt.exc().index_error,
             absl::StrCat("Dimension out of range (expected to be in range of [", -n, ", ",
                          n - 1, "], but got ", dim, ")"));
    return false;
  }
  *out = dim < 0 ? dim + n : dim;
  return true;
}

// x.size() -> torch.Size; x.size(d) -> int. Same shape for stride().
Value SizeOrStride(Runtime& rt, Args args, const KwArgs& kwargs, bool stride) {
  Value a[2];
  if (!UnpackArgs(rt, stride ? "stride" : "size", args, kwargs, {"self", "dim"}, 1, a)) {
    return Value::Raised();
  }
  const tensor::Tensor& t = TensorOf(a[0]);
  tensor::IntSpan values = stride ? t.strides() : t.sizes();
  if (a[1].is_raised() || a[1].is_none()) {
    if (!stride) return NewSize(rt, values);
    std::vector<Value> items;
    for (int64_t v : values) items.push_back(Value::Int(v));
    return rt.NewTuple(std::move(items));
  }
  int64_t d;
  if (!AsIndex(rt, a[1], &d, "size(): argument 'dim' must be int")) return Value::Raised();
  if (!WrapDim(rt, d, t.dim(), &d)) return Value::Raised();
  if (t.dim() == 0) return Value::Int(stride ? 1 : 1);
  return Value::Int(values[d]);
}

Value Size(Runtime& rt, Args args, const KwArgs& kw) { return SizeOrStride(rt, args, kw, false); }
Value Stride(Runtime& rt, Args args, const KwArgs& kw) { return SizeOrStride(rt, args, kw, true); }

Value Dim(Runtime&, Args args, const KwArgs&) { return Value::Int(TensorOf(args[0]).dim()); }
Value Numel(Runtime&, Args args, const KwArgs&) {
  return Value::Int(TensorOf(args[0]).numel());
}
Value StorageOffset(Runtime&, Args args, const KwArgs&) {
  return Value::Int(TensorOf(args[0]).storage_offset());
}
Value ElementSize(Runtime&, Args args, const KwArgs&) {
  return Value::Int(static_cast<int64_t>(TensorOf(args[0]).element_size()));
}
Value IsFloatingPoint(Runtime&, Args args, const KwArgs&) {
  return Value::Bool(tensor::IsFloating(TensorOf(args[0]).dtype()));
}
Value Self(Runtime&, Args args, const KwArgs&) { return args[0]; }

Value Item(Runtime& rt, Args args, const KwArgs&) {
  if (TensorOf(args[0]).numel() != 1) {
    return rt.Raise(rt.exc().value_error,
                    "only one element tensors can be converted to Python scalars");
  }
  absl::StatusOr<tensor::Scalar> s = TensorOf(args[0]).Item();
  if (!s.ok()) return rt.RaiseStatus(s.status());
  return ScalarToValue(*s);
}

// Nested lists of Python numbers, row-major.
Value ToListAt(Runtime& rt, const tensor::Tensor& t, size_t dim, int64_t offset,
               const std::vector<int64_t>& row_strides) {
  if (dim == static_cast<size_t>(t.dim())) return ScalarToValue(t.ElementAt(offset));
  std::vector<Value> items;
  for (int64_t i = 0; i < t.size(dim); ++i) {
    items.push_back(ToListAt(rt, t, dim + 1, offset + i * row_strides[dim], row_strides));
  }
  return rt.NewList(std::move(items));
}

Value ToList(Runtime& rt, Args args, const KwArgs&) {
  const tensor::Tensor& t = TensorOf(args[0]);
  std::vector<int64_t> row_strides(t.dim(), 1);
  for (int64_t d = t.dim() - 2; d >= 0; --d) row_strides[d] = row_strides[d + 1] * t.size(d + 1);
  return ToListAt(rt, t, 0, 0, row_strides);
}

// int(t) / float(t): one element required (PyTorch's ValueError otherwise).
Value ToInt(Runtime& rt, Args args, const KwArgs& kw) {
  Value v = Item(rt, args, kw);
  if (v.is_float()) {
    double d = v.as_float();
    if (d != d || d == 1.0 / 0.0 || d == -1.0 / 0.0) {
      return rt.Raise(rt.exc().value_error, "cannot convert float NaN to integer");
    }
    return Value::Int(static_cast<int64_t>(d));
  }
  if (v.is_bool()) return Value::Int(v.as_int());
  return v;
}

Value ToFloat(Runtime& rt, Args args, const KwArgs& kw) {
  Value v = Item(rt, args, kw);
  if (v.is_int_like()) return Value::Float(static_cast<double>(v.as_int()));
  return v;
}

Value ToIndex(Runtime& rt, Args args, const KwArgs& kw) {
  const tensor::Tensor& t = TensorOf(args[0]);
  if (t.numel() != 1 || tensor::IsFloating(t.dtype())) {
    return rt.Raise(rt.exc().type_error,
                    "only integer tensors of a single element can be converted to an index");
  }
  return ToInt(rt, args, kw);
}

// t.to(dtype) / t.to("cpu") / t.to(other) / t.to(device, dtype): the registry's `to`
// overloads, with torch.device objects passed as their string.
Value To(Runtime& rt, Args args, const KwArgs& kwargs) {
  return CallOp(rt, "to", args, kwargs);
}

// t.type() -> "torch.FloatTensor"; t.type(dtype) converts.
Value TypeMethod(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[2];
  if (!UnpackArgs(rt, "type", args, kwargs, {"self", "dtype"}, 1, a)) return Value::Raised();
  if (!a[1].is_raised() && !a[1].is_none()) return CallOp(rt, "to", {a[0], a[1]}, {});
  static constexpr const char* kNames[] = {"torch.BoolTensor", "torch.IntTensor",
                                           "torch.LongTensor", "torch.FloatTensor",
                                           "torch.DoubleTensor"};
  return rt.NewStr(kNames[static_cast<int>(TensorOf(a[0]).dtype())]);
}

Value RequiresGradInPlace(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[2];
  if (!UnpackArgs(rt, "requires_grad_", args, kwargs, {"self", "requires_grad"}, 1, a)) {
    return Value::Raised();
  }
  bool b = true;
  if (!a[1].is_raised()) {
    int t = Truthy(rt, a[1]);
    if (t < 0) return Value::Raised();
    b = t == 1;
  }
  absl::Status s = tensor::autograd::SetRequiresGrad(TensorOf(a[0]), b);
  if (!s.ok()) return rt.RaiseStatus(s);
  return a[0];
}

// backward(gradient=None, retain_graph=None, create_graph=False, inputs=None)
Value Backward(Runtime& rt, Args args, const KwArgs& kwargs) {
  Value a[5];
  if (!UnpackArgs(rt, "backward", args, kwargs,
                  {"self", "gradient", "retain_graph", "create_graph", "inputs"}, 1, a)) {
    return Value::Raised();
  }
  std::vector<tensor::Tensor> grads(1);
  if (!a[1].is_raised() && !a[1].is_none()) {
    if (!IsTensor(rt, a[1])) {
      return rt.Raise(rt.exc().type_error, "gradient must be a Tensor or None");
    }
    grads[0] = TensorOf(a[1]);
  }
  bool create = false;
  if (!a[3].is_raised()) {
    int c = Truthy(rt, a[3]);
    if (c < 0) return Value::Raised();
    create = c == 1;
  }
  bool retain = create;
  if (!a[2].is_raised() && !a[2].is_none()) {
    int r = Truthy(rt, a[2]);
    if (r < 0) return Value::Raised();
    retain = r == 1;
  }
  std::vector<tensor::Tensor> inputs;
  if (!a[4].is_raised() && !a[4].is_none()) {
    if (IsTensor(rt, a[4])) {
      inputs.push_back(TensorOf(a[4]));
    } else {
      std::vector<Value> items;
      if (!Unpack(rt, a[4], &items)) return Value::Raised();
      for (const Value& x : items) {
        if (!IsTensor(rt, x)) return rt.Raise(rt.exc().type_error, "inputs must be Tensors");
        inputs.push_back(TensorOf(x));
      }
    }
  }
  absl::Status s = tensor::autograd::Backward({TensorOf(a[0])}, std::move(grads), retain,
                                              create, inputs);
  if (!s.ok()) return RaiseAutogradStatus(rt, s);
  return Value::None();
}

Value RetainGrad(Runtime& rt, Args args, const KwArgs&) {
  if (args.size() != 1) return rt.Raise(rt.exc().type_error, "retain_grad() takes no arguments");
  absl::Status s = tensor::autograd::RetainGrad(TensorOf(args[0]));
  if (!s.ok()) return rt.RaiseStatus(s);
  return Value::None();
}

Value DetachInPlace(Runtime& rt, Args args, const KwArgs&) {
  if (args.size() != 1) return rt.Raise(rt.exc().type_error, "detach_() takes no arguments");
  absl::Status s = tensor::autograd::DetachInPlace(TensorOf(args[0]));
  if (!s.ok()) return rt.RaiseStatus(s);
  return args[0];
}

// register_hook(fn) -> torch.utils.hooks.RemovableHandle.
Value RegisterHook(Runtime& rt, Args args, const KwArgs& kwargs) {
  return AutogradRegisterHook(rt, args, kwargs);
}

// Tensor.numpy(): a numpy.ndarray over the same memory (vm/stdlib/numpy/_array.py).
Value Numpy(Runtime& rt, Args args, const KwArgs& kwargs) {
  if (args.size() != 1 || !kwargs.empty()) {
    return rt.Raise(rt.exc().type_error, "numpy() takes no arguments");
  }
  return CallNumpyArray(rt, "_from_tensor", args[0]);
}

Value DataPtr(Runtime&, Args args, const KwArgs&) {
  const tensor::Tensor& t = TensorOf(args[0]);
  if (t.numel() == 0 || t.is_meta()) return Value::Int(0);
  return Value::Int(static_cast<int64_t>(reinterpret_cast<intptr_t>(t.raw_data())));
}

}  // namespace

void InitTensorMethods(Runtime& rt, TorchState& s) {
  Type* t = s.tensor();
  struct Method {
    const char* name;
    BuiltinFn fn;
  };
  static constexpr Method kMethods[] = {
      {"size", &Size},
      {"stride", &Stride},
      {"dim", &Dim},
      {"ndimension", &Dim},
      {"numel", &Numel},
      {"nelement", &Numel},
      {"storage_offset", &StorageOffset},
      {"element_size", &ElementSize},
      {"is_floating_point", &IsFloatingPoint},
      {"item", &Item},
      {"tolist", &ToList},
      {"__int__", &ToInt},
      {"__float__", &ToFloat},
      {"__index__", &ToIndex},
      {"to", &To},
      {"cpu", &Self},
      {"type", &TypeMethod},
      {"requires_grad_", &RequiresGradInPlace},
      {"backward", &Backward},
      {"retain_grad", &RetainGrad},
      {"detach_", &DetachInPlace},
      {"register_hook", &RegisterHook},
      {"numpy", &Numpy},
      {"data_ptr", &DataPtr},
  };
  for (const Method& m : kMethods) rt.AddMethod(t, m.name, m.fn);
  InstallTensorOpMethods(rt, t);
}

}  // namespace wick::vm::torch
