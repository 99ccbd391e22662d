// Conversions between Python values and the op registry's values, and torch.tensor's
// reading of nested Python data (shape discovery, raggedness errors, dtype inference).
#include <utility>

#include "absl/strings/str_cat.h"
#include "tensor/ops/creation/creation.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"
#include "vm/torch/internal.h"
#include "vm/torch/torch.h"

namespace wick::vm::torch {
namespace {

bool IsSequence(Runtime& rt, const Value& v) {
  return rt.IsList(v) || rt.IsInstance(v, rt.types().tuple);
}

const std::vector<Value>& SequenceItems(Runtime& rt, const Value& v) {
  return rt.IsList(v) ? internal::ListItems(v) : internal::TupleItems(v);
}

// A list/tuple argument: ints -> int[], numbers -> float[], Tensors (and None, for
// `Tensor?[]` indices) -> Tensor[].
bool SequenceToTensorValue(Runtime& rt, const Value& v, int position, tensor::Value* out) {
  const std::vector<Value>& items = SequenceItems(rt, v);
  bool all_int = true, all_number = true, all_tensor = true;
  for (const Value& x : items) {
    all_int &= x.is_int_like();
    all_number &= x.is_int_like() || x.is_float();
    all_tensor &= IsTensor(rt, x) || x.is_none();
  }
  if (all_int) {
    std::vector<int64_t> ints;
    for (const Value& x : items) ints.push_back(x.as_int());
    *out = tensor::Value(std::move(ints));
    return true;
  }
  if (all_number) {
    std::vector<double> ds;
    for (const Value& x : items) ds.push_back(x.is_float() ? x.as_float() : x.as_int());
    *out = tensor::Value(std::move(ds));
    return true;
  }
  if (all_tensor) {
    std::vector<tensor::Tensor> ts;
    for (const Value& x : items) ts.push_back(x.is_none() ? tensor::Tensor() : TensorOf(x));
    *out = tensor::Value(std::move(ts));
    return true;
  }
  // A list of tensors with something else in it (torch.cat([t, 2])): PyTorch's message
  // for a Tensor[] argument.
  auto int_like_tensor = [&](const Value& x) {
    return IsTensor(rt, x) && TensorOf(x).numel() == 1 && !tensor::IsFloating(TensorOf(x).dtype());
  };
  bool tensor_list = false;
  for (const Value& x : items) tensor_list |= IsTensor(rt, x) && !int_like_tensor(x);
  if (tensor_list && position >= 0) {
    for (size_t j = 0; j < items.size(); ++j) {
      if (IsTensor(rt, items[j]) || items[j].is_none()) continue;
      RaiseTypeName(rt, absl::StrCat("expected Tensor as element ", j, " in argument ", position,
                                     ", but got "),
                    items[j], "");
      return false;
    }
  }
  // A mix of ints and one-element integer tensors (x.view(n, -1) with n a tensor).
  std::vector<int64_t> ints;
  for (const Value& x : items) {
    if (x.is_int_like()) {
      ints.push_back(x.as_int());
    } else if (int_like_tensor(x)) {
      ints.push_back(TensorOf(x).ElementAt(0).to_int());
    } else {
      RaiseTypeName(rt, "expected a sequence of ints, floats or Tensors, but got an element of type '", x, "'");
      return false;
    }
  }
  *out = tensor::Value(std::move(ints));
  return true;
}

// Walks nested data: records the shape from the first element at each depth, then
// checks every sequence against it while flattening.
bool CollectData(Runtime& rt, const Value& v, size_t depth, std::vector<int64_t>* sizes,
                 std::vector<tensor::Scalar>* flat, bool* has_float_tensor) {
  if (IsSequence(rt, v)) {
    const std::vector<Value>& items = SequenceItems(rt, v);
    const int64_t n = static_cast<int64_t>(items.size());
    if (depth == sizes->size()) {
      sizes->push_back(n);
    } else if (depth > sizes->size() || (*sizes)[depth] != n) {
      rt.Raise(rt.exc().value_error,
               absl::StrCat("expected sequence of length ",
                            depth < sizes->size() ? (*sizes)[depth] : 0, " at dim ", depth,
                            " (got ", n, ")"));
      return false;
    }
    for (const Value& x : items) {
      if (!CollectData(rt, x, depth + 1, sizes, flat, has_float_tensor)) return false;
    }
    return true;
  }
  if (depth < sizes->size()) {
    rt.Raise(rt.exc().type_error, "not a sequence");
    return false;
  }
  if (v.is_bool()) {
    flat->push_back(tensor::Scalar(v.as_bool()));
  } else if (v.is_int()) {
    flat->push_back(tensor::Scalar(v.as_int()));
  } else if (v.is_float()) {
    flat->push_back(tensor::Scalar(v.as_float()));
  } else if (IsTensor(rt, v) && TensorOf(v).numel() == 1) {
    const tensor::Tensor& t = TensorOf(v);
    flat->push_back(t.ElementAt(0));
    *has_float_tensor |= tensor::IsFloating(t.dtype());
  } else if (IsTensor(rt, v)) {
    rt.Raise(rt.exc().value_error, "only one element tensors can be converted to Python scalars");
    return false;
  } else {
    RaiseTypeName(rt, "new(): invalid data type '", v, "'");
    return false;
  }
  return true;
}

}  // namespace

Value ScalarToValue(const tensor::Scalar& s) {
  if (s.is_bool()) return Value::Bool(s.to_bool());
  if (s.is_int()) return Value::Int(s.to_int());
  return Value::Float(s.to_double());
}

bool ToTensorValue(Runtime& rt, const Value& v, tensor::Value* out, int position) {
  switch (v.tag()) {
    case Value::Tag::kNone: *out = tensor::Value(); return true;
    case Value::Tag::kBool: *out = tensor::Value(v.as_bool()); return true;
    case Value::Tag::kInt: *out = tensor::Value(v.as_int()); return true;
    case Value::Tag::kFloat: *out = tensor::Value(v.as_float()); return true;
    default: break;
  }
  if (IsTensor(rt, v)) {
    *out = tensor::Value(TensorOf(v));
  } else if (rt.IsStr(v)) {
    *out = tensor::Value(std::string(internal::StrView(v)));
  } else if (IsDType(rt, v)) {
    *out = tensor::Value(v.as<DTypeObject>()->dtype);
  } else if (rt.TypeOf(v) == State(rt).device_type.as<Type>()) {
    // "cpu", or a device the registry's device check refuses by name.
    *out = tensor::Value(v.as<Singleton>()->name);
  } else if (IsSequence(rt, v)) {
    return SequenceToTensorValue(rt, v, position, out);
  } else if (rt.TypeOf(v)->is_heap() && rt.TypeOf(v)->Lookup(rt.names().index) != nullptr) {
    // An object with __index__ (an IntEnum member) passes as the int it stands for, as
    // PyTorch's argument parser takes it.
    Value i = CallMethod(rt, v, "__index__", {});
    if (i.is_raised()) return false;
    if (!i.is_int_like()) {
      RaiseTypeName(rt, "__index__ returned non-int (type ", i, ")");
      return false;
    }
    *out = tensor::Value(i.as_int());
  } else {
    RaiseTypeName(rt, "wick's torch bindings cannot pass a '", v, "' to a tensor op");
    return false;
  }
  return true;
}

Value FromTensorValue(Runtime& rt, tensor::Value v, const tensor::OpDef* op, Args inputs) {
  using K = tensor::Value::Kind;
  switch (v.kind()) {
    case K::kNone: return Value::None();
    case K::kBool: return Value::Bool(v.to_bool());
    case K::kInt: return Value::Int(v.to_int());
    case K::kDouble: return Value::Float(v.to_double());
    case K::kString: return rt.NewStr(v.to_string());
    case K::kDType: return DTypeValue(rt, v.to_dtype());
    case K::kIntList: {
      std::vector<Value> items;
      for (int64_t i : v.to_int_list()) items.push_back(Value::Int(i));
      return rt.NewTuple(std::move(items));
    }
    case K::kDoubleList: {
      std::vector<Value> items;
      for (double d : v.to_double_list()) items.push_back(Value::Float(d));
      return rt.NewList(std::move(items));
    }
    case K::kTensor: {
      const tensor::Tensor& t = v.to_tensor();
      for (const Value& in : inputs) {
        if (IsTensor(rt, in) && TensorOf(in).is_same(t)) return in;
      }
      return WrapTensor(rt, t);
    }
    case K::kTensorList: break;
  }
  std::vector<Value> items;
  for (const tensor::Tensor& t : v.to_tensor_list()) items.push_back(WrapTensor(rt, t));
  // (Tensor values, Tensor indices): a torch.return_types named tuple.
  if (Type* t = op != nullptr ? vm::ReturnTypeOfOp(rt, *op) : nullptr) {
    return vm::NewReturnTuple(rt, t, std::move(items));
  }
  return rt.NewTuple(std::move(items));
}

absl::StatusOr<tensor::Tensor> TensorFromData(Runtime& rt, const Value& data,
                                              std::optional<tensor::DType> dtype,
                                              bool* raised) {
  *raised = false;
  std::vector<int64_t> sizes;
  std::vector<tensor::Scalar> flat;
  bool has_float_tensor = false;
  if (!CollectData(rt, data, 0, &sizes, &flat, &has_float_tensor)) {
    *raised = true;
    return absl::InternalError("raised");
  }
  if (!dtype && has_float_tensor) {
    bool any_float = false;
    for (const tensor::Scalar& s : flat) any_float |= s.is_double();
    if (!any_float) dtype = tensor::DefaultFloatDType();
  }
  return tensor::TensorFromScalars(flat, sizes, dtype);
}

bool OptionalDType(Runtime& rt, const Value* v, std::optional<tensor::DType>* out) {
  if (v == nullptr || v->is_raised() || v->is_none()) return true;
  if (!IsDType(rt, *v)) {
    RaiseTypeName(rt, "argument 'dtype' must be torch.dtype, not ", *v, "");
    return false;
  }
  *out = v->as<DTypeObject>()->dtype;
  return true;
}

}  // namespace wick::vm::torch
