// Dim resolution, output shapes and empty-reduction checks for reductions.
#include "tensor/ops/reduction/internal/dims.h"

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "tensor/shape.h"

namespace wick::tensor::reduce_internal {

absl::StatusOr<ReduceMask> ResolveDims(std::optional<IntSpan> dims, int64_t ndim) {
  if (!dims.has_value() || dims->empty()) return ReduceMask(ndim, true);
  ReduceMask mask(ndim, false);
  // A 0-dim tensor accepts dim 0 / -1 but has no dim to mark; track repeats separately.
  bool scalar_seen = false;
  for (int64_t d : *dims) {
    absl::StatusOr<int64_t> w = WrapDim(d, ndim);
    if (!w.ok()) return w.status();
    bool& seen = ndim == 0 ? scalar_seen : mask[*w];
    if (seen) {
      return RuntimeError(absl::StrCat("dim ", *w, " appears multiple times in the list of dims"));
    }
    seen = true;
  }
  return mask;
}

absl::StatusOr<ReduceMask> ResolveDim(int64_t dim, int64_t ndim) {
  const int64_t one[] = {dim};
  return ResolveDims(IntSpan(one), ndim);
}

Shape ReducedSizes(IntSpan sizes, const ReduceMask& mask, bool keepdim) {
  Shape out;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (!mask[d]) {
      out.push_back(sizes[d]);
    } else if (keepdim) {
      out.push_back(1);
    }
  }
  return out;
}

int64_t ReducedCount(IntSpan sizes, const ReduceMask& mask) {
  int64_t n = 1;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (mask[d]) n *= sizes[d];
  }
  return n;
}

absl::Status CheckNonEmptyReduction(absl::string_view op, const Tensor& self, IntSpan dims,
                                    bool wrap_in_message, bool full_hint) {
  if (self.numel() != 0) return absl::OkStatus();
  if (dims.empty()) {
    const std::string msg =
        absl::StrCat(op, "(): Expected reduction dim to be specified for input.numel() == 0.",
                     full_hint ? " Specify the reduction dim with the 'dim' argument." : "");
    // PyTorch uses TORCH_CHECK (RuntimeError) where it prints the hint and
    // TORCH_CHECK_INDEX (IndexError) for argmax/argmin.
    return full_hint ? RuntimeError(msg) : IndexError(msg);
  }
  for (int64_t d : dims) {
    absl::StatusOr<int64_t> w = WrapDim(d, self.dim());
    if (!w.ok()) return w.status();
    if (self.size(*w) == 0) {
      return IndexError(absl::StrCat(op, "(): Expected reduction dim ", wrap_in_message ? *w : d,
                                     " to have non-zero size."));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<Tensor> MakeOutput(const Tensor& like, IntSpan sizes, DType dtype) {
  if (like.is_meta()) return Tensor::Meta(sizes, dtype);
  return Tensor::Empty(sizes, dtype);
}

absl::StatusOr<Tensor> MakeReducedOutput(const Tensor& like, const ReduceMask& mask, bool keepdim,
                                         DType dtype) {
  return MakeOutput(like, ReducedSizes(like.sizes(), mask, keepdim), dtype);
}

}  // namespace wick::tensor::reduce_internal
