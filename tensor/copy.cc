#include "tensor/copy.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "tensor/internal/strided_loop.h"
#include "tensor/shape.h"

namespace wick::tensor {

namespace {

// A transposed copy (the last two dims of `src` stored column-major, `dst` row-major:
// x.t().contiguous(), a gradient that arrives as a t() view) of one element type, in
// square tiles so that both sides stay in cache; the element-by-element loop walks one
// side with a stride of a whole row. Leading dims are looped over.
template <typename T>
void CopyTransposedTiles(char* dst, const char* src, IntSpan sizes, IntSpan dst_strides,
                         IntSpan src_strides) {
  const int64_t nd = static_cast<int64_t>(sizes.size());
  const int64_t rows = sizes[nd - 2], cols = sizes[nd - 1];
  const int64_t dld = dst_strides[nd - 2], sld = src_strides[nd - 1];
  int64_t batches = 1;
  for (int64_t d = 0; d < nd - 2; ++d) batches *= sizes[d];
  constexpr int64_t kTile = 32;
  for (int64_t b = 0; b < batches; ++b) {
    int64_t doff = 0, soff = 0, rest = b;
    for (int64_t d = nd - 3; d >= 0; --d) {
      const int64_t i = rest % sizes[d];
      rest /= sizes[d];
      doff += i * dst_strides[d];
      soff += i * src_strides[d];
    }
    T* out = reinterpret_cast<T*>(dst) + doff;
    const T* in = reinterpret_cast<const T*>(src) + soff;
    for (int64_t i0 = 0; i0 < rows; i0 += kTile) {
      const int64_t i1 = std::min(rows, i0 + kTile);
      for (int64_t j0 = 0; j0 < cols; j0 += kTile) {
        const int64_t j1 = std::min(cols, j0 + kTile);
        for (int64_t i = i0; i < i1; ++i) {
          for (int64_t j = j0; j < j1; ++j) out[i * dld + j] = in[i + j * sld];
        }
      }
    }
  }
}

// Whether copying `src` (strides `ss`, broadcast to dst's sizes) into `dst` is a tiled
// transpose of the last two dims: same dtype, dst row-major there, src column-major,
// both at least a tile wide.
bool IsTransposedCopy(const Tensor& dst, const Tensor& src, IntSpan ss) {
  const int64_t nd = dst.dim();
  if (nd < 2 || dst.dtype() != src.dtype() || dst.shares_storage(src)) return false;
  const IntSpan sizes = dst.sizes(), ds = dst.strides();
  const int64_t rows = sizes[nd - 2], cols = sizes[nd - 1];
  if (rows < 32 || cols < 32) return false;
  return ds[nd - 1] == 1 && ds[nd - 2] >= cols && ss[nd - 2] == 1 && ss[nd - 1] >= rows;
}

}  // namespace

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
  if (IsTransposedCopy(dst, src, src_strides)) {
    switch (dst.element_size()) {
      case 4:
        CopyTransposedTiles<uint32_t>(static_cast<char*>(dst.raw_data()),
                                      static_cast<const char*>(src.raw_data()), dst.sizes(),
                                      dst.strides(), src_strides);
        return absl::OkStatus();
      case 8:
        CopyTransposedTiles<uint64_t>(static_cast<char*>(dst.raw_data()),
                                      static_cast<const char*>(src.raw_data()), dst.sizes(),
                                      dst.strides(), src_strides);
        return absl::OkStatus();
      default:
        break;
    }
  }
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
