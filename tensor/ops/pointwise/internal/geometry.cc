// Output layout and loop order of elementwise ops, following TensorIterator's
// compute_shape / fast_set_up / reorder_dimensions / allocate_or_resize_outputs.
#include "tensor/ops/pointwise/internal/geometry.h"

#include <algorithm>
#include <numeric>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/shape.h"

namespace wick::tensor::internal {
namespace {

// c10's channels-last (NHWC) contiguity for 4-d tensors.
bool IsChannelsLastContiguous(const Tensor& t) {
  if (t.dim() != 4) return false;
  int64_t expected = 1;
  for (int d : {1, 3, 2, 0}) {
    if (t.size(d) == 1) continue;
    if (t.stride(d) != expected) return false;
    expected *= t.size(d);
  }
  return true;
}

Shape ChannelsLastStrides(IntSpan sizes) {
  Shape s(4);
  s[1] = 1;
  s[3] = sizes[1];
  s[2] = s[3] * sizes[3];
  s[0] = s[2] * sizes[2];
  return s;
}

// Strides of `t` seen from the op's shape: 0 for broadcast and missing leading dims.
Shape OperandStrides(const Tensor& t, IntSpan shape) {
  Shape s(shape.size(), 0);
  const size_t offset = shape.size() - t.sizes().size();
  for (size_t i = 0; i < t.sizes().size(); ++i) {
    s[offset + i] = (t.size(i) == 1 && shape[offset + i] != 1) ? 0 : t.stride(i);
  }
  return s;
}

// Exactly the strides of a new contiguous tensor (size-1 dims included).
bool HasRowMajorStrides(const Tensor& t) {
  int64_t expected = 1;
  for (int64_t d = t.dim() - 1; d >= 0; --d) {
    if (t.stride(d) != expected) return false;
    expected *= std::max<int64_t>(t.size(d), 1);
  }
  return true;
}

}  // namespace

absl::StatusOr<ElementwiseGeometry> ComputeGeometry(absl::Span<const Tensor* const> inputs,
                                                    const Tensor* out) {
  ElementwiseGeometry g;
  bool first = true;
  bool same_shape = true;
  for (const Tensor* t : inputs) {
    if (t == nullptr || !t->defined()) continue;
    if (first) {
      g.sizes.assign(t->sizes().begin(), t->sizes().end());
      first = false;
    } else if (t->sizes() != IntSpan(g.sizes)) {
      same_shape = false;
      absl::StatusOr<Shape> b = BroadcastShapes(g.sizes, t->sizes());
      if (!b.ok()) return RuntimeError(b.status().message());
      g.sizes = *std::move(b);
    }
  }
  if (out != nullptr && out->sizes() != IntSpan(g.sizes)) {
    return RuntimeError(absl::StrCat("output with shape ", ShapeToString(out->sizes()),
                                     " doesn't match the broadcast shape ",
                                     ShapeToString(g.sizes)));
  }
  // Fast path, the common case: inputs of the full shape with row-major strides, and
  // single numbers, give a contiguous result (as TensorIterator's rules do) without
  // reordering. (A size-1 dim with an odd stride can change the order: general path.)
  bool simple = out == nullptr || HasRowMajorStrides(*out);
  for (const Tensor* t : inputs) {
    if (!simple) break;
    if (t == nullptr || !t->defined() || t->dim() == 0) continue;
    simple = t->sizes() == IntSpan(g.sizes) && HasRowMajorStrides(*t);
  }
  if (simple) {
    g.strides = ContiguousStrides(g.sizes);
    return g;
  }
  // The operands that decide the layout: the written tensor first, then the inputs.
  absl::InlinedVector<const Tensor*, 4> deciders;
  if (out != nullptr) deciders.push_back(out);
  for (const Tensor* t : inputs) {
    if (t != nullptr && t->defined()) deciders.push_back(t);
  }
  const int ndim = static_cast<int>(g.sizes.size());
  if (same_shape) {  // TensorIterator's fast setup.
    bool contiguous = true, channels_last = true, dense = true;
    for (const Tensor* t : deciders) {
      contiguous = contiguous && t->is_contiguous();
      channels_last = channels_last && IsChannelsLastContiguous(*t);
      dense = dense && IsNonOverlappingAndDense(t->sizes(), t->strides());
    }
    if (contiguous || ndim <= 1) {
      g.strides = ContiguousStrides(g.sizes);
      return g;
    }
    const Tensor* last = deciders.back();
    bool same_strides = true;
    for (const Tensor* t : deciders) same_strides = same_strides && t->strides() == last->strides();
    if (channels_last || (dense && same_strides)) {
      g.strides = channels_last ? ChannelsLastStrides(g.sizes)
                                : Shape(last->strides().begin(), last->strides().end());
      const IntSpan s[] = {g.strides};
      g.order = ReorderDims(g.sizes, s);
      if (IsRowMajor(g.order)) g.order.clear();
      return g;
    }
  }
  if (ndim <= 1) {
    g.strides = ContiguousStrides(g.sizes);
    return g;
  }
  absl::InlinedVector<Shape, 4> operand_strides;
  for (const Tensor* t : deciders) operand_strides.push_back(OperandStrides(*t, g.sizes));
  absl::InlinedVector<IntSpan, 4> operand_spans(operand_strides.begin(), operand_strides.end());
  g.order = ReorderDims(g.sizes, operand_spans);
  if (IsRowMajor(g.order)) {
    g.order.clear();
    g.strides = ContiguousStrides(g.sizes);
    return g;
  }
  // Dense strides in the chosen order (a zero-size dim makes the outer strides 0, as in
  // TensorIterator's compatible_stride).
  g.strides.assign(ndim, 0);
  int64_t next = 1;
  for (int j = 0; j < ndim; ++j) {
    g.strides[g.order[j]] = next;
    next *= g.sizes[g.order[j]];
  }
  return g;
}

absl::Status CheckWritable(const Tensor& out, absl::Span<const Tensor* const> inputs) {
  if (!IsNonOverlappingAndDense(out.sizes(), out.strides())) {
    for (int64_t d = 0; d < out.dim(); ++d) {
      if (out.stride(d) == 0 && out.size(d) > 1) {
        return RuntimeError(
            "unsupported operation: more than one element of the written-to tensor refers "
            "to a single memory location. Please clone() the tensor before performing the "
            "operation.");
      }
    }
  }
  if (out.numel() == 0 || out.is_meta()) return absl::OkStatus();
  const bool out_dense = IsNonOverlappingAndDense(out.sizes(), out.strides());
  const char* out_begin = static_cast<const char*>(out.raw_data());
  const char* out_end = out_begin + out.numel() * out.element_size();
  for (const Tensor* t : inputs) {
    if (t == nullptr || !t->defined() || t->is_same(out) || t->numel() == 0) continue;
    if (!out.shares_storage(*t) || !out_dense ||
        !IsNonOverlappingAndDense(t->sizes(), t->strides())) {
      continue;  // Different memory, or too hard to tell (PyTorch lets those through too).
    }
    const char* begin = static_cast<const char*>(t->raw_data());
    const char* end = begin + t->numel() * t->element_size();
    const bool full = begin == out_begin && end == out_end && t->strides() == out.strides();
    if (!full && begin < out_end && out_begin < end) {
      return RuntimeError(
          "unsupported operation: some elements of the input tensor and the written-to "
          "tensor refer to a single memory location. Please clone() the tensor before "
          "performing the operation.");
    }
  }
  return absl::OkStatus();
}

}  // namespace wick::tensor::internal
