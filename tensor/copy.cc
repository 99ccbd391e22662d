#include "tensor/copy.h"

#include <cstring>

#include "absl/strings/str_cat.h"
#include "tensor/internal/strided_loop.h"
#include "tensor/shape.h"

namespace wick::tensor {

absl::Status CopyInto(const Tensor& dst, const Tensor& src) {
  if (dst.is_meta() || src.is_meta()) {
    return absl::FailedPreconditionError("CopyInto needs tensors with storage");
  }
  // PyTorch's two messages: shapes that do not broadcast at all ("The size of tensor
  // a (3) must match ..."), and a source that broadcasts to more than the destination.
  absl::StatusOr<Shape> b = BroadcastShapes(dst.sizes(), src.sizes());
  if (!b.ok()) return b.status();
  if (IntSpan(*b) != dst.sizes()) {
    return absl::InvalidArgumentError(absl::StrCat("output with shape ",
                                                   ShapeToString(dst.sizes()),
                                                   " doesn't match the broadcast shape ",
                                                   ShapeToString(*b)));
  }
  if (dst.numel() == 0) return absl::OkStatus();
  const Shape src_strides = BroadcastStrides(src, dst.sizes());
  internal::StridedLoop<2> loop(
      dst.sizes(),
      {internal::LoopOperand{dst.raw_data(), dst.strides(),
                             static_cast<int64_t>(dst.element_size())},
       internal::LoopOperand{src.raw_data(), src_strides,
                             static_cast<int64_t>(src.element_size())}});
  VisitDType(dst.dtype(), [&]<typename To>() {
    VisitDType(src.dtype(), [&]<typename From>() {
      loop.Run([](char* const* p, const int64_t* step, int64_t n) {
        if constexpr (std::is_same_v<To, From>) {
          if (step[0] == sizeof(To) && step[1] == sizeof(From)) {
            std::memcpy(p[0], p[1], n * sizeof(To));
            return;
          }
        }
        char* d = p[0];
        const char* s = p[1];
        for (int64_t i = 0; i < n; ++i, d += step[0], s += step[1]) {
          *reinterpret_cast<To*>(d) =
              ConvertElement<To>(*reinterpret_cast<const From*>(s));
        }
      });
    });
  });
  return absl::OkStatus();
}

}  // namespace wick::tensor
