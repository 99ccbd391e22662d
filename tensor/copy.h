// Element copies between tensors of any layout and dtype: the primitive beneath
// contiguous(), to(dtype), clone(), copy_() and every op that writes into a view.
#ifndef WICK_TENSOR_COPY_H_
#define WICK_TENSOR_COPY_H_

#include "absl/status/status.h"
#include "tensor/tensor.h"

namespace wick::tensor {

// Writes src (broadcast to dst's sizes, converted to dst's dtype) into dst.
// Errors if src does not broadcast to dst. Overlap between dst and src is the caller's
// concern (as in PyTorch, partially overlapping copies are undefined).
absl::Status CopyInto(const Tensor& dst, const Tensor& src);

// Converts one element between dtypes with C++/PyTorch semantics (float -> int truncates;
// anything -> bool is != 0).
template <typename To, typename From>
inline To ConvertElement(From v) {
  if constexpr (std::is_same_v<To, bool>) {
    return v != From(0);
  } else {
    return static_cast<To>(v);
  }
}

}  // namespace wick::tensor

#endif  // WICK_TENSOR_COPY_H_
