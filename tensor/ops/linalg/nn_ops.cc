// torch.nn.functional's linear and embedding, and RegisterNNOps: the registry entries for
// linear, softmax, log_softmax, layer_norm, embedding and scaled_dot_product_attention.
// Each op's meta function and kernel are the same C++ function (linalg.h), which returns
// metadata only when given meta tensors.
#include <cstring>
#include <type_traits>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/copy.h"
#include "tensor/internal/strided_loop.h"
#include "tensor/kernels/register.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/ops/linalg/linalg.h"
#include "tensor/ops/ops.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {


// out += bias in place, bias broadcast to out (linear's matmul-then-add_ path).
absl::Status AddInPlace(const Tensor& out, const Tensor& bias) {
  ASSIGN_OR_RETURN(Shape shape, BroadcastShapes(out.sizes(), bias.sizes()));
  if (IntSpan(shape) != out.sizes()) {
    return RuntimeError(absl::StrCat("output with shape ", ShapeToString(out.sizes()),
                                     " doesn't match the broadcast shape ", ShapeToString(shape)));
  }
  if (Category(bias.dtype()) > Category(out.dtype())) {
    return RuntimeError(absl::StrCat("result type ", ScalarTypeName(bias.dtype()),
                                     " can't be cast to the desired output type ",
                                     ScalarTypeName(out.dtype())));
  }
  if (out.is_meta() || out.numel() == 0) return absl::OkStatus();
  ASSIGN_OR_RETURN(Tensor b, bias.dtype() == out.dtype() ? absl::StatusOr<Tensor>(bias)
                                                         : bias.CopyAs(out.dtype()));
  const Shape b_strides = BroadcastStrides(b, out.sizes());
  const int64_t es = static_cast<int64_t>(out.element_size());
  internal::StridedLoop<2> loop(out.sizes(),
                                {internal::LoopOperand{out.raw_data(), out.strides(), es},
                                 internal::LoopOperand{b.raw_data(), b_strides, es}});
  VisitDType(out.dtype(), [&]<typename T>() {
    loop.Run([](char* const* p, const int64_t* step, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        T* o = reinterpret_cast<T*>(p[0] + i * step[0]);
        const T v = *reinterpret_cast<const T*>(p[1] + i * step[1]);
        if constexpr (std::is_same_v<T, bool>) {
          *o = *o || v;
        } else if constexpr (std::is_integral_v<T>) {
          using U = std::make_unsigned_t<T>;
          *o = static_cast<T>(static_cast<U>(*o) + static_cast<U>(v));
        } else {
          *o = *o + v;
        }
      }
    });
  });
  return absl::OkStatus();
}

// PyTorch's name for a tensor type in TensorArg checks (its bool spelling differs).
std::string TensorTypeName(DType t) {
  if (t == DType::kBool) return "CPUBoolType";
  return absl::StrCat("torch.", ScalarTypeName(t), "Tensor");
}

}  // namespace

absl::StatusOr<Tensor> Linear(const Tensor& input, const Tensor& weight, const Tensor& bias) {
  if (weight.dim() > 2) {
    return RuntimeError(
        absl::StrCat("t() expects a tensor with <= 2 dimensions, but self is ", weight.dim(), "D"));
  }
  const Tensor wt = weight.dim() == 2 ? linalg_internal::TransposeView(weight, 0, 1) : weight;
  if (!bias.defined()) return Matmul(input, wt);
  const int64_t d = input.dim();
  // A well-formed 1-D bias on any input of rank >= 2 is one GEMM with the bias fused:
  // PyTorch's addmm (2-D) and flattened-addmm (contiguous 3-D) paths, and its
  // matmul-then-add_ path elsewhere, all round to the same values.
  if (d >= 2 && weight.dim() == 2 && bias.dim() == 1 && bias.size(0) == weight.size(0) &&
      bias.dtype() == weight.dtype() && input.dtype() == weight.dtype() &&
      input.dtype() != DType::kBool && input.size(d - 1) == weight.size(1)) {
    const int64_t k = input.size(d - 1);
    Shape out_sizes(input.sizes().begin(), input.sizes().end() - 1);
    const int64_t rows = Numel(out_sizes);
    out_sizes.push_back(weight.size(0));
    ASSIGN_OR_RETURN(Tensor flat, linalg_internal::Reshape(input, {rows, k}));
    ASSIGN_OR_RETURN(Tensor r, Addmm(bias, flat, wt));
    return Tensor::View(r, out_sizes, ContiguousStrides(out_sizes), r.storage_offset());
  }
  if (d == 2) return Addmm(bias, input, wt);
  if (d == 3 && input.is_contiguous()) {
    const Shape flat_sizes = {input.size(0) * input.size(1), input.size(2)};
    const Tensor flat =
        Tensor::View(input, flat_sizes, ContiguousStrides(flat_sizes), input.storage_offset());
    ASSIGN_OR_RETURN(Tensor r, Addmm(bias, flat, wt));
    const Shape out_sizes = {input.size(0), input.size(1), r.size(1)};
    return Tensor::View(r, out_sizes, ContiguousStrides(out_sizes), r.storage_offset());
  }
  ASSIGN_OR_RETURN(Tensor out, Matmul(input, wt));
  RETURN_IF_ERROR(AddInPlace(out, bias));
  return out;
}

absl::StatusOr<Tensor> Embedding(const Tensor& weight, const Tensor& indices) {
  if (weight.dim() != 2) return RuntimeError("'weight' must be 2-D");
  if (indices.dtype() != DType::kInt64 && indices.dtype() != DType::kInt32) {
    return RuntimeError(absl::StrCat(
        "Expected tensor for argument #1 'indices' to have one of the following scalar types: "
        "Long, Int; but got ",
        TensorTypeName(indices.dtype()), " instead (while checking arguments for embedding)"));
  }
  Shape out_sizes(indices.sizes().begin(), indices.sizes().end());
  out_sizes.push_back(weight.size(1));
  const bool meta = linalg_internal::AnyMeta({&weight, &indices});
  ASSIGN_OR_RETURN(Tensor out, linalg_internal::NewTensor(out_sizes, weight.dtype(), meta));
  if (meta || indices.numel() == 0) return out;
  const int64_t rows = weight.size(0), cols = weight.size(1);
  if (rows == 0) return RuntimeError("index_select(): self indexing axis dim should be positive");
  ASSIGN_OR_RETURN(const Tensor idx, linalg_internal::ContiguousAs(indices, indices.dtype()));
  const int64_t es = static_cast<int64_t>(weight.element_size());
  const char* w = static_cast<const char*>(weight.raw_data());
  char* o = static_cast<char*>(out.raw_data());
  const bool dense_rows = weight.stride(1) == 1 || cols <= 1;
  auto gather = [&]<typename I>(const I* ids) -> absl::Status {
    for (int64_t i = 0; i < idx.numel(); ++i) {
      const int64_t id = ids[i];
      if (id < 0 || id >= rows) return IndexError("index out of range in self");
      const char* src = w + id * weight.stride(0) * es;
      char* dst = o + i * cols * es;
      if (dense_rows) {
        std::memcpy(dst, src, cols * es);
      } else {
        for (int64_t j = 0; j < cols; ++j) {
          std::memcpy(dst + j * es, src + j * weight.stride(1) * es, es);
        }
      }
    }
    return absl::OkStatus();
  };
  if (idx.dtype() == DType::kInt64) {
    RETURN_IF_ERROR(gather(idx.data<int64_t>()));
  } else {
    RETURN_IF_ERROR(gather(idx.data<int32_t>()));
  }
  return out;
}

namespace ops {

absl::Status RegisterNNOps(OpRegistry& r) {
  const OpFlags fn_only{.function = true, .method = false};
  const OpFlags fn_and_method{.function = true, .method = true};
  RETURN_IF_ERROR(kernels::RegisterOp(
      r, "linear(Tensor input, Tensor weight, Tensor? bias=None) -> Tensor",
      [](const OpArgs& a) { return Linear(a.tensor(0), a.tensor(1), a.optional_tensor(2)); },
      fn_only));
  RETURN_IF_ERROR(kernels::RegisterOp(
      r, "softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor",
      [](const OpArgs& a) { return Softmax(a.tensor(0), a.int_(1), a.optional_dtype(2)); },
      fn_and_method));
  RETURN_IF_ERROR(kernels::RegisterOp(
      r, "log_softmax.int(Tensor self, int dim, ScalarType? dtype=None) -> Tensor",
      [](const OpArgs& a) { return LogSoftmax(a.tensor(0), a.int_(1), a.optional_dtype(2)); },
      fn_and_method));
  RETURN_IF_ERROR(kernels::RegisterOp(
      r,
      "layer_norm(Tensor input, int[] normalized_shape, Tensor? weight=None, Tensor? bias=None, "
      "float eps=1e-05, bool cudnn_enable=True) -> Tensor",
      [](const OpArgs& a) {
        return LayerNorm(a.tensor(0), a.int_list(1), a.optional_tensor(2), a.optional_tensor(3),
                         a.double_(4));
      },
      fn_only));
  RETURN_IF_ERROR(kernels::RegisterOp(
      r,
      "embedding(Tensor weight, Tensor indices, int padding_idx=-1, "
      "bool scale_grad_by_freq=False, bool sparse=False) -> Tensor",
      // padding_idx and scale_grad_by_freq only change gradients; forward is a gather.
      [](const OpArgs& a) { return Embedding(a.tensor(0), a.tensor(1)); }, fn_only));
  RETURN_IF_ERROR(kernels::RegisterOp(
      r,
      "nll_loss_nd(Tensor self, Tensor target, Tensor? weight=None, int reduction=1, "
      "int ignore_index=-100) -> Tensor",
      [](const OpArgs& a) {
        return NllLoss(a.tensor(0), a.tensor(1), a.optional_tensor(2), a.int_(3), a.int_(4));
      },
      // Reached as torch._C._nn.nll_loss_nd (vm/torch/nn_natives.cc), as in PyTorch.
      OpFlags{.function = false, .method = false}));
  RETURN_IF_ERROR(kernels::RegisterOp(
      r,
      "_ctc_loss_per_sample(Tensor log_probs, Tensor targets, int[] input_lengths, "
      "int[] target_lengths, int blank=0, bool zero_infinity=False) -> Tensor",
      // zero_infinity only matters to the gradient; the caller zeroes infinite losses.
      [](const OpArgs& a) {
        return CtcLossPerSample(a.tensor(0), a.tensor(1), a.int_list(2), a.int_list(3),
                                a.int_(4));
      },
      OpFlags{.function = false, .method = false}));
  RETURN_IF_ERROR(kernels::RegisterOp(
      r,
      "_ctc_loss_backward(Tensor grad, Tensor log_probs, Tensor targets, "
      "int[] input_lengths, int[] target_lengths, int blank, bool zero_infinity) -> Tensor",
      [](const OpArgs& a) {
        return CtcLossPerSampleBackward(a.tensor(0), a.tensor(1), a.tensor(2), a.int_list(3),
                                        a.int_list(4), a.int_(5), a.bool_(6));
      },
      OpFlags{.function = false, .method = false}));
  RETURN_IF_ERROR(kernels::RegisterOp(
      r,
      "scaled_dot_product_attention(Tensor query, Tensor key, Tensor value, "
      "Tensor? attn_mask=None, float dropout_p=0.0, bool is_causal=False, *, "
      "float? scale=None) -> Tensor",
      [](const OpArgs& a) {
        AttentionOptions opts;
        opts.attn_mask = a.optional_tensor(3);
        opts.dropout_p = a.double_(4);
        opts.is_causal = a.bool_(5);
        opts.scale = a.optional_double(6);
        return ScaledDotProductAttention(a.tensor(0), a.tensor(1), a.tensor(2), opts);
      },
      fn_only));
  return absl::OkStatus();
}

}  // namespace ops
}  // namespace wick::tensor
