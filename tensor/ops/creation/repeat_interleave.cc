// repeat_interleave in its three 1.13 overloads. As upstream composes it: the repeats
// become an index vector (entry i written repeats[i] times) and the result is
// index_select along `dim` (of the flattened input when no dim is given), so outputs
// are contiguous and the checks come in upstream's order: repeats' dtype, its rank, the
// dim, the length along dim, negative counts, then output_size.
//
// With a Tensor of repeats the output size depends on element values: those overloads
// have no meta function (a compiled function breaks the graph there, as upstream's
// dynamic-shape ops do). An int count gives a static size and is traced.
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/creation/internal/op_util.h"
#include "tensor/ops/creation/internal/registration.h"

namespace wick::tensor {
namespace {

using creation_internal::WrapDimOrIndexError;

absl::Status NegativeRepeats() { return RuntimeError("repeats can not be negative"); }

// repeat_interleave(repeats): [0] * repeats[0] + [1] * repeats[1] + ..., in repeats' dtype.
absl::StatusOr<Tensor> RepeatIndices(const Tensor& repeats, std::optional<int64_t> output_size) {
  if (repeats.dtype() != DType::kInt64 && repeats.dtype() != DType::kInt32) {
    return RuntimeError(absl::StrCat("\"repeat_interleave_cpu\" not implemented for '",
                                     ScalarTypeName(repeats.dtype()), "'"));
  }
  if (repeats.dim() != 1) return RuntimeError("repeat_interleave only accept 1D vector as repeat");
  const int64_t n = repeats.size(0);
  if (n == 0) return creation_internal::NewContiguous(repeats.sizes(), repeats.dtype(), false);
  std::vector<int64_t> counts(n);
  int64_t total = 0;
  for (int64_t i = 0; i < n; ++i) {
    counts[i] = repeats.ElementAt(i).to_int();
    total += counts[i];
  }
  for (int64_t c : counts) {
    if (c < 0) return NegativeRepeats();
  }
  const int64_t size = output_size.value_or(total);
  const int64_t sizes[] = {size};
  ASSIGN_OR_RETURN(Tensor out, creation_internal::NewContiguous(sizes, repeats.dtype(), false));
  if (size != total) return RuntimeError("allocated size does not match required size");
  VisitDType(out.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>) {
      T* o = out.data<T>();
      for (int64_t i = 0; i < n; ++i) {
        for (int64_t j = 0; j < counts[i]; ++j) *o++ = static_cast<T>(i);
      }
    }
  });
  return out;
}

// The input repeat_interleave indexes (flattened without a dim) and the wrapped dim.
// A 0-dim input with a dim has no size to read: upstream's size(dim) message.
absl::StatusOr<std::pair<Tensor, int64_t>> InputAndDim(const Tensor& self,
                                                       std::optional<int64_t> dim) {
  if (!dim) {
    const int64_t flat[] = {-1};
    ASSIGN_OR_RETURN(Tensor f, Reshape(self, flat));
    return std::make_pair(f, int64_t{0});
  }
  if (self.dim() == 0) {
    return IndexError(
        absl::StrCat("Dimension specified as ", *dim, " but tensor has no dimensions"));
  }
  ASSIGN_OR_RETURN(int64_t d, WrapDimOrIndexError(*dim, self.dim()));
  return std::make_pair(self, d);
}

absl::StatusOr<Tensor> RepeatInterleaveTensor(const Tensor& self, const Tensor& repeats,
                                              std::optional<int64_t> dim,
                                              std::optional<int64_t> output_size) {
  if (repeats.dim() > 1) return RuntimeError("repeats must be 0-dim or 1-dim tensor");
  ASSIGN_OR_RETURN(auto input_dim, InputAndDim(self, dim));
  const auto& [input, d] = input_dim;
  const int64_t n = input.size(d);
  Tensor per_entry = repeats;
  if (repeats.numel() == 1) {
    // One count for every entry: a stride-0 view, as upstream's expand.
    const int64_t sizes[] = {n}, strides[] = {0};
    per_entry = Tensor::View(repeats, sizes, strides, repeats.storage_offset());
  } else if (repeats.dim() == 0 || repeats.size(0) != n) {
    return RuntimeError("repeats must have the same size as input along dim");
  }
  ASSIGN_OR_RETURN(Tensor index, RepeatIndices(per_entry, output_size));
  return IndexSelect(input, d, index);
}

// The int overload: its output size is known from metadata, so it has a meta function.
absl::StatusOr<Tensor> RepeatInterleaveInt(const Tensor& self, int64_t repeats,
                                           std::optional<int64_t> dim,
                                           std::optional<int64_t> output_size, bool meta) {
  if (!meta && !self.is_meta()) {
    const int64_t one[] = {1};
    ASSIGN_OR_RETURN(Tensor r, Tensor::Empty(one, DType::kInt64));
    r.data<int64_t>()[0] = repeats;
    return RepeatInterleaveTensor(self, r, dim, output_size);
  }
  ASSIGN_OR_RETURN(auto input_dim, InputAndDim(self, dim));
  const auto& [input, d] = input_dim;
  if (input.size(d) > 0 && repeats < 0) return NegativeRepeats();
  Shape sizes(input.sizes().begin(), input.sizes().end());
  sizes[d] *= repeats;
  if (input.size(d) > 0 && output_size) {
    const int64_t one[] = {*output_size};
    RETURN_IF_ERROR(creation_internal::NewContiguous(one, DType::kInt64, true).status());
    if (*output_size != sizes[d]) {
      return RuntimeError("allocated size does not match required size");
    }
  }
  return creation_internal::NewContiguous(sizes, self.dtype(), true);
}

template <typename T>
absl::StatusOr<Value> Wrap(absl::StatusOr<T> r) {
  if (!r.ok()) return r.status();
  return Value(*std::move(r));
}

absl::StatusOr<Value> RepeatsOnlyOp(const OpArgs& a) {
  return Wrap(RepeatIndices(a.tensor(0), a.optional_int(1)));
}
absl::StatusOr<Value> SelfTensorOp(const OpArgs& a) {
  return Wrap(RepeatInterleaveTensor(a.tensor(0), a.tensor(1), a.optional_int(2),
                                     a.optional_int(3)));
}
absl::StatusOr<Value> SelfIntOp(const OpArgs& a, bool meta) {
  return Wrap(
      RepeatInterleaveInt(a.tensor(0), a.int_(1), a.optional_int(2), a.optional_int(3), meta));
}

}  // namespace

namespace creation_internal {

absl::Status RegisterRepeatInterleaveOps(OpRegistry& r) {
  const OpFlags kFunction{.function = true, .data_dependent = true};
  const OpFlags kDataDependent{.function = true, .method = true, .data_dependent = true};
  RETURN_IF_ERROR(
      r.Register("repeat_interleave.Tensor(Tensor repeats, *, int? output_size=None) -> Tensor",
                 nullptr, RepeatsOnlyOp, kFunction));
  RETURN_IF_ERROR(r.Register(
      "repeat_interleave.self_Tensor(Tensor self, Tensor repeats, int? dim=None, *, "
      "int? output_size=None) -> Tensor",
      nullptr, SelfTensorOp, kDataDependent));
  return RegisterOp(r,
                    "repeat_interleave.self_int(Tensor self, int repeats, int? dim=None, *, "
                    "int? output_size=None) -> Tensor",
                    SelfIntOp, {.function = true, .method = true});
}

}  // namespace creation_internal
}  // namespace wick::tensor
