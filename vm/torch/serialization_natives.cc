// The natives torch.save / torch.load (vm/torch/nn/serialization.py) build on, in
// torch._C:
//   _wick_storage_info(t) -> (storage id, storage nbytes, storage_offset, dtype name)
//   _wick_storage_bytes(t) -> bytes: the whole storage under `t`, as stored (the host's
//       little-endian layout, which is PyTorch's on-disk layout)
//   _wick_storage_tensor(data, dtype name) -> a 1-d tensor over a fresh storage holding
//       `data` (len(data) a multiple of the element size)
//   _wick_storage_fill(t, data): overwrites the start of t's storage with `data` (the
//       legacy format stores tensor data after the pickle that creates the tensors)
//   _wick_view(base, sizes, strides, offset) -> a view of base's storage, bounds checked
//       (what _rebuild_tensor_v2 does with tensor.set_)
#include <cstring>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"
#include "vm/objects/bytes.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/torch/internal.h"

namespace wick::vm::torch {
namespace {

bool IntList(Runtime& rt, const Value& v, std::vector<int64_t>* out) {
  std::vector<Value> items;
  if (!Unpack(rt, v, &items)) return false;
  for (const Value& i : items) {
    if (!i.is_int()) {
      rt.Raise(rt.exc().type_error, "expected a sequence of ints");
      return false;
    }
    out->push_back(i.as_int());
  }
  return true;
}

Value StorageInfo(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 1 || !IsTensor(rt, args[0])) {
    return rt.Raise(rt.exc().type_error, "_wick_storage_info(tensor)");
  }
  const tensor::Tensor& t = TensorOf(args[0]);
  if (t.is_meta()) return rt.Raise(rt.exc().runtime_error, "cannot serialize a tensor without storage");
  return rt.NewTuple({Value::Int(static_cast<int64_t>(reinterpret_cast<uintptr_t>(t.storage().get()))),
                      Value::Int(static_cast<int64_t>(t.storage()->nbytes())),
                      Value::Int(t.storage_offset()),
                      rt.NewStr(tensor::DTypeName(t.dtype()))});
}

Value StorageBytes(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 1 || !IsTensor(rt, args[0])) {
    return rt.Raise(rt.exc().type_error, "_wick_storage_bytes(tensor)");
  }
  const tensor::Tensor& t = TensorOf(args[0]);
  if (t.is_meta()) return rt.Raise(rt.exc().runtime_error, "cannot serialize a tensor without storage");
  const auto& s = t.storage();
  return NewBytes(rt, std::string(static_cast<const char*>(s->data()), s->nbytes()));
}

Value StorageTensor(Runtime& rt, Args args, const KwArgs& kw) {
  absl::string_view data;
  if (args.size() != 2 || !AsBytesLike(rt, args[0], &data) || !rt.IsStr(args[1])) {
    return rt.Raise(rt.exc().type_error, "_wick_storage_tensor(data, dtype)");
  }
  std::optional<tensor::DType> dtype = tensor::DTypeFromName(args[1].as<Str>()->view());
  if (!dtype) return rt.Raise(rt.exc().type_error, "_wick_storage_tensor: unknown dtype");
  size_t elem = tensor::ElementSize(*dtype);
  if (data.size() % elem != 0) {
    return rt.Raise(rt.exc().runtime_error,
                    absl::StrCat("storage of ", data.size(), " bytes is not a whole number of ",
                                 elem, "-byte elements"));
  }
  int64_t n = static_cast<int64_t>(data.size() / elem);
  absl::StatusOr<tensor::Tensor> t = tensor::Tensor::Empty({n}, *dtype);
  if (!t.ok()) return WrapResult(rt, std::move(t));
  if (!data.empty()) std::memcpy(t->raw_data(), data.data(), data.size());
  return WrapTensor(rt, *std::move(t));
}

Value StorageFill(Runtime& rt, Args args, const KwArgs& kw) {
  absl::string_view data;
  if (args.size() != 2 || !IsTensor(rt, args[0]) || !AsBytesLike(rt, args[1], &data)) {
    return rt.Raise(rt.exc().type_error, "_wick_storage_fill(tensor, data)");
  }
  const tensor::Tensor& t = TensorOf(args[0]);
  if (t.is_meta() || data.size() > t.storage()->nbytes()) {
    return rt.Raise(rt.exc().runtime_error, "storage data does not fit its storage");
  }
  if (!data.empty()) std::memcpy(t.storage()->data(), data.data(), data.size());
  t.bump_version();
  return Value::None();
}

Value View(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 4 || !IsTensor(rt, args[0]) || !args[3].is_int()) {
    return rt.Raise(rt.exc().type_error, "_wick_view(base, sizes, strides, offset)");
  }
  const tensor::Tensor& base = TensorOf(args[0]);
  std::vector<int64_t> sizes, strides;
  if (!IntList(rt, args[1], &sizes) || !IntList(rt, args[2], &strides)) return Value::Raised();
  int64_t offset = args[3].as_int();
  if (sizes.size() != strides.size()) {
    return rt.Raise(rt.exc().runtime_error, "mismatch in length of strides and shape");
  }
  // The furthest element the view reaches must lie inside the storage.
  int64_t last = offset;
  bool empty = false;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] < 0 || strides[d] < 0) {
      return rt.Raise(rt.exc().runtime_error, "negative size or stride in a serialized tensor");
    }
    if (sizes[d] == 0) empty = true;
    last += (sizes[d] - 1) * strides[d];
  }
  int64_t elems = static_cast<int64_t>(base.storage()->nbytes() / tensor::ElementSize(base.dtype()));
  if (offset < 0 || (!empty && last >= elems)) {
    return rt.Raise(rt.exc().runtime_error,
                    absl::StrCat("setStorage: sizes ", sizes.size(), "-d view at storage offset ",
                                 offset, " is out of bounds for storage of ", elems,
                                 " elements"));
  }
  return WrapTensor(rt, tensor::Tensor::View(base, sizes, strides, offset));
}

}  // namespace

void AddSerializationNatives(Runtime& rt, Dict* dict) {
  AddFunction(rt, dict, "_wick_storage_info", &StorageInfo);
  AddFunction(rt, dict, "_wick_storage_bytes", &StorageBytes);
  AddFunction(rt, dict, "_wick_storage_tensor", &StorageTensor);
  AddFunction(rt, dict, "_wick_storage_fill", &StorageFill);
  AddFunction(rt, dict, "_wick_view", &View);
}

}  // namespace wick::vm::torch
