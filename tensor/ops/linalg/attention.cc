// scaled_dot_product_attention, PyTorch's math path without dropout:
//   softmax(q @ k^T * scale + mask) @ v
// The scale rides on the first GEMM (oneDNN's output scale for float32), the mask or the
// causal triangle is applied in place on the scores, then softmax and the second GEMM.
// Shapes, broadcasting and messages are those of the matmuls PyTorch composes it from.
#include <cmath>
#include <limits>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/internal/strided_loop.h"
#include "tensor/ops/linalg/internal/gemm.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/ops/linalg/linalg.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using linalg_internal::ExpandView;

// c10's TypeMeta names, which PyTorch prints in sdpa's dtype messages.
absl::string_view TypeMetaName(DType t) {
  switch (t) {
    case DType::kBool:
      return "bool";
    case DType::kInt32:
      return "int";
    case DType::kInt64:
      return "long int";
    case DType::kFloat32:
      return "float";
    case DType::kFloat64:
      break;
  }
  return "double";
}

Tensor MetaOf(const Tensor& t) { return Tensor::MetaStrided(t.sizes(), t.strides(), t.dtype()); }

// `t` viewed with `batch` leading dims followed by its own last two dims.
Tensor AlignBatch(const Tensor& t, IntSpan batch) {
  Shape sizes(batch.begin(), batch.end());
  sizes.push_back(t.size(t.dim() - 2));
  sizes.push_back(t.size(t.dim() - 1));
  return ExpandView(t, sizes);
}

IntSpan BatchOf(const Tensor& t) { return t.sizes().subspan(0, t.dim() - 2); }

// scores = where(mask, scores, -inf) for a bool mask, scores + mask otherwise.
void ApplyMask(const Tensor& scores, const Tensor& mask) {
  const Shape mask_strides = BroadcastStrides(mask, scores.sizes());
  internal::StridedLoop<2> loop(scores.sizes(),
                                {internal::LoopOperand{scores.raw_data(), scores.strides(),
                                                       static_cast<int64_t>(scores.element_size())},
                                 internal::LoopOperand{mask.raw_data(), mask_strides,
                                                       static_cast<int64_t>(mask.element_size())}});
  VisitDType(scores.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      if (mask.dtype() == DType::kBool) {
        loop.Run([](char* const* p, const int64_t* step, int64_t n) {
          for (int64_t i = 0; i < n; ++i) {
            if (!*reinterpret_cast<const bool*>(p[1] + i * step[1])) {
              *reinterpret_cast<T*>(p[0] + i * step[0]) = -std::numeric_limits<T>::infinity();
            }
          }
        });
      } else {
        loop.Run([](char* const* p, const int64_t* step, int64_t n) {
          for (int64_t i = 0; i < n; ++i) {
            *reinterpret_cast<T*>(p[0] + i * step[0]) +=
                *reinterpret_cast<const T*>(p[1] + i * step[1]);
          }
        });
      }
    }
  });
}

// -inf above the diagonal of every [L, S] matrix of the contiguous `scores`.
void ApplyCausal(const Tensor& scores) {
  const int64_t l = scores.size(scores.dim() - 2), s = scores.size(scores.dim() - 1);
  const int64_t mats = scores.numel() / std::max<int64_t>(l * s, 1);
  VisitDType(scores.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      T* p = scores.data<T>();
      for (int64_t m = 0; m < mats; ++m) {
        for (int64_t i = 0; i < l; ++i) {
          T* row = p + (m * l + i) * s;
          for (int64_t j = i + 1; j < s; ++j) row[j] = -std::numeric_limits<T>::infinity();
        }
      }
    }
  });
}

}  // namespace

absl::StatusOr<Tensor> ScaledDotProductAttention(const Tensor& query, const Tensor& key,
                                                 const Tensor& value,
                                                 const AttentionOptions& options) {
  const Tensor& mask = options.attn_mask;
  if (options.dropout_p > 0.0) {
    return NotImplementedError(
        "scaled_dot_product_attention: dropout_p > 0 is not supported yet in wick (attention "
        "runs without dropout); pass dropout_p=0.0");
  }
  if (query.dim() < 2 || key.dim() < 2 || value.dim() < 2) {
    return RuntimeError(absl::StrCat(
        "scaled_dot_product_attention: query, key and value must have at least 2 dimensions, "
        "but got ",
        query.dim(), "D, ", key.dim(), "D and ", value.dim(), "D"));
  }
  if (query.dtype() != key.dtype() || query.dtype() != value.dtype()) {
    return RuntimeError(
        absl::StrCat("Expected query, key, and value to have the same dtype, but got query.dtype: ",
                     TypeMetaName(query.dtype()), " key.dtype: ", TypeMetaName(key.dtype()),
                     " and value.dtype: ", TypeMetaName(value.dtype()), " instead."));
  }
  if (mask.defined() && mask.dtype() != DType::kBool && mask.dtype() != query.dtype()) {
    return RuntimeError(absl::StrCat(
        "Expected attn_mask dtype to be bool or float or to match query dtype, but got "
        "attn_mask.dtype: ",
        TypeMetaName(mask.dtype()), " and  query.dtype: ", TypeMetaName(query.dtype()),
        " instead."));
  }
  if (options.is_causal && mask.defined()) {
    return RuntimeError(
        "_scaled_dot_product_attention: Explicit attn_mask should not be set when "
        "is_causal=True");
  }
  const Tensor key_t = linalg_internal::TransposeView(key, key.dim() - 2, key.dim() - 1);
  // Shapes and errors of the two matmuls, from their meta versions.
  ASSIGN_OR_RETURN(Tensor scores_meta, Matmul(MetaOf(query), MetaOf(key_t)));
  if (mask.defined()) {
    ASSIGN_OR_RETURN(Shape shape, BroadcastShapes(scores_meta.sizes(), mask.sizes()));
    if (IntSpan(shape) != scores_meta.sizes()) {
      return RuntimeError(absl::StrCat("output with shape ", ShapeToString(scores_meta.sizes()),
                                       " doesn't match the broadcast shape ",
                                       ShapeToString(shape)));
    }
  }
  if (!IsFloating(query.dtype())) {
    return linalg_internal::NotImplementedFor("softmax_lastdim_kernel_impl", query.dtype());
  }
  ASSIGN_OR_RETURN(Tensor out_meta, Matmul(scores_meta, MetaOf(value)));
  if (linalg_internal::AnyMeta({&query, &key, &value, &mask})) return out_meta;

  const double scale =
      options.scale.value_or(1.0 / std::sqrt(static_cast<double>(query.size(query.dim() - 1))));
  ASSIGN_OR_RETURN(Tensor scores, Tensor::Empty(scores_meta.sizes(), query.dtype()));
  linalg_internal::GemmOptions first;
  first.alpha = scale;
  RETURN_IF_ERROR(linalg_internal::GemmInto(scores, AlignBatch(query, BatchOf(scores)),
                                            AlignBatch(key_t, BatchOf(scores)), first));
  if (options.is_causal) ApplyCausal(scores);
  if (mask.defined() && scores.numel() > 0) ApplyMask(scores, mask);
  ASSIGN_OR_RETURN(Tensor probs, Softmax(scores, -1));
  ASSIGN_OR_RETURN(Tensor out, Tensor::Empty(out_meta.sizes(), query.dtype()));
  RETURN_IF_ERROR(linalg_internal::GemmInto(out, AlignBatch(probs, BatchOf(out)),
                                            AlignBatch(value, BatchOf(out))));
  return out;
}

}  // namespace wick::tensor
