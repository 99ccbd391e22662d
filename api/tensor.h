// Host tensors: wick::Tensor is the tensor library's handle (tensor/tensor.h: sizes,
// strides, dtype, shared storage). WrapBuffer hands a caller's memory to scripts
// without copying it.
//
//   std::vector<float> data(6, 1.0f);
//   wick::Tensor x = *wick::WrapBuffer(data.data(), {2, 3}, wick::DType::kFloat32);
//   // ... scripts read and write data through x; data must outlive every use of x.
//
//   float* owned = new float[6];
//   wick::Tensor y = *wick::WrapBuffer(owned, {2, 3}, {3, 1}, wick::DType::kFloat32,
//                                      [](void* p) { delete[] static_cast<float*>(p); });
#ifndef WICK_API_TENSOR_H_
#define WICK_API_TENSOR_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace wick {

using tensor::DType;
using tensor::Tensor;

// A tensor over `data` with the given sizes and strides (in elements; contiguous when
// omitted). `release(data)` runs when the last tensor or view over it is gone (never,
// if empty: the caller keeps ownership and must keep the memory alive). The strides must
// not send any element outside [data, data + extent): negative strides, negative sizes
// and byte counts that overflow are InvalidArgument.
absl::StatusOr<Tensor> WrapBuffer(void* data, absl::Span<const int64_t> sizes,
                                  absl::Span<const int64_t> strides, DType dtype,
                                  std::function<void(void*)> release = nullptr);
absl::StatusOr<Tensor> WrapBuffer(void* data, absl::Span<const int64_t> sizes, DType dtype,
                                  std::function<void(void*)> release = nullptr);

// A new contiguous tensor (a copy) with `values`, for tests and small inputs.
absl::StatusOr<Tensor> TensorFromVector(const std::vector<float>& values,
                                        absl::Span<const int64_t> sizes);
// The elements of a float32 tensor in row-major order (any strides).
absl::StatusOr<std::vector<float>> ToVector(const Tensor& t);

}  // namespace wick

#endif  // WICK_API_TENSOR_H_
