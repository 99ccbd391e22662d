// Host buffers as tensors (api/tensor.h).
#include "api/tensor.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"

namespace wick {

absl::StatusOr<Tensor> WrapBuffer(void* data, absl::Span<const int64_t> sizes,
                                  absl::Span<const int64_t> strides, DType dtype,
                                  std::function<void(void*)> release) {
  if (data == nullptr) return absl::InvalidArgumentError("WrapBuffer: data is null");
  if (strides.size() != sizes.size()) {
    return absl::InvalidArgumentError(absl::StrCat("WrapBuffer: ", sizes.size(),
                                                   " sizes but ", strides.size(), " strides"));
  }
  // Elements reachable: 1 + sum((size - 1) * stride), computed without overflow.
  int64_t extent = 1;
  bool empty = false, overflow = false;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] < 0 || strides[i] < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("WrapBuffer: negative size or stride at dimension ", i));
    }
    empty |= sizes[i] == 0;
  }
  if (!empty) {
    for (size_t i = 0; i < sizes.size(); ++i) {
      int64_t span = 0;
      overflow |= __builtin_mul_overflow(sizes[i] - 1, strides[i], &span);
      overflow |= __builtin_add_overflow(extent, span, &extent);
    }
  }
  int64_t nbytes = 0;
  overflow |= __builtin_mul_overflow(empty ? 0 : extent,
                                     static_cast<int64_t>(tensor::ElementSize(dtype)), &nbytes);
  if (overflow) return absl::InvalidArgumentError("WrapBuffer: the byte count overflows");
  auto storage = tensor::Storage::Wrap(data, static_cast<size_t>(nbytes), std::move(release));
  return Tensor::FromStorage(std::move(storage), sizes, strides, 0, dtype);
}

absl::StatusOr<Tensor> WrapBuffer(void* data, absl::Span<const int64_t> sizes, DType dtype,
                                  std::function<void(void*)> release) {
  // Row-major strides, computed with the same checks as the strided overload's.
  std::vector<int64_t> strides(sizes.size());
  int64_t stride = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    if (sizes[i] < 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("WrapBuffer: negative size or stride at dimension ", i));
    }
    strides[i] = stride;
    if (__builtin_mul_overflow(stride, std::max<int64_t>(sizes[i], 1), &stride)) {
      return absl::InvalidArgumentError("WrapBuffer: the byte count overflows");
    }
  }
  return WrapBuffer(data, sizes, strides, dtype, std::move(release));
}

absl::StatusOr<Tensor> TensorFromVector(const std::vector<float>& values,
                                        absl::Span<const int64_t> sizes) {
  int64_t numel = 1;
  for (int64_t s : sizes) numel *= s;
  if (numel != static_cast<int64_t>(values.size())) {
    return absl::InvalidArgumentError(absl::StrCat("TensorFromVector: ", values.size(),
                                                   " values for ", numel, " elements"));
  }
  absl::StatusOr<Tensor> t = Tensor::Empty(sizes, DType::kFloat32);
  if (!t.ok()) return t;
  if (!values.empty()) std::memcpy(t->raw_data(), values.data(), values.size() * sizeof(float));
  return t;
}

absl::StatusOr<std::vector<float>> ToVector(const Tensor& t) {
  if (!t.defined() || t.is_meta()) return absl::InvalidArgumentError("ToVector: no data");
  if (t.dtype() != DType::kFloat32) {
    return absl::InvalidArgumentError(
        absl::StrCat("ToVector: expected float32, got ", tensor::DTypeName(t.dtype())));
  }
  absl::StatusOr<Tensor> c = t.Contiguous();
  if (!c.ok()) return c.status();
  const float* p = c->data<float>();
  return std::vector<float>(p, p + c->numel());
}

}  // namespace wick
