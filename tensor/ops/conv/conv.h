// Convolutions, pooling and non-constant padding with PyTorch 1.13's semantics: the C++
// API behind the registry's conv1d/2d/3d, conv_transpose1d/2d/3d, max/avg/adaptive
// pooling and reflection/replication/circular padding (RegisterConvOps).
//
// Every function accepts meta tensors: given a meta input it checks arguments and returns
// a meta result with the sizes and dtype the kernel would produce, so the same function
// is the op's meta function and its kernel. User errors are InvalidArgument statuses
// carrying the Python exception type (base/python_error.h) and PyTorch's message.
//
//   ConvOptions o;  o.stride = {2, 2};  o.padding = {1, 1};
//   ASSIGN_OR_RETURN(Tensor y, Conv(x, w, b, o, "conv2d"));
#ifndef WICK_TENSOR_OPS_CONV_CONV_H_
#define WICK_TENSOR_OPS_CONV_CONV_H_

#include <cstdint>
#include <optional>
#include <utility>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tensor/scalar.h"
#include "tensor/tensor.h"

namespace wick::tensor {

enum class ConvActivation { kNone, kRelu, kRelu6 };

// One convolution's parameters, one entry per spatial dim (or a single entry, repeated).
// `padding_mode` "same"/"valid" replaces `padding` (PyTorch's conv*d.padding overloads);
// "same" pads asymmetrically (the extra cell at the end) when the total is odd.
struct ConvOptions {
  Shape stride = {1};
  Shape padding = {0};
  Shape dilation = {1};
  Shape output_padding = {0};  // transposed only
  int64_t groups = 1;
  bool transposed = false;
  std::optional<std::string> padding_mode;  // "same" or "valid"
  // Applied to the result inside the kernel (a oneDNN post-op): what the compiled
  // conv + batch norm + activation fusion asks for. Eager convolutions use kNone.
  ConvActivation activation = ConvActivation::kNone;
};

// conv{1,2,3}d / conv_transpose{1,2,3}d. `op` ("conv2d", "conv_transpose1d", ...) fixes
// the spatial rank and names the op in messages. Input may be unbatched (one dim less).
// float32 runs on oneDNN; float64 and integer dtypes on plain loops.
absl::StatusOr<Tensor> Conv(const Tensor& input, const Tensor& weight, const Tensor& bias,
                            const ConvOptions& options, absl::string_view op);

// A non-transposed convolution followed by eval-mode batch norm (the running statistics
// `mean`/`var`, optional affine `bn_weight`/`bn_bias`, `eps`) and `options.activation`,
// computed as one convolution with the batch norm folded into its weights and bias. The
// oneDNN backend rewrites conv -> batch_norm(training=False) [-> relu] into this op
// (`_conv_bn_act`). Results differ from the unfused ops by float rounding only.
absl::StatusOr<Tensor> ConvBatchNorm(const Tensor& input, const Tensor& weight,
                                     const Tensor& bias, const Tensor& bn_weight,
                                     const Tensor& bn_bias, const Tensor& mean,
                                     const Tensor& var, double eps, const ConvOptions& options,
                                     absl::string_view op);

struct PoolOptions {
  Shape kernel;
  Shape stride;  // empty: the kernel
  Shape padding = {0};
  Shape dilation = {1};
  bool ceil_mode = false;
  bool count_include_pad = true;             // avg only
  std::optional<int64_t> divisor_override;   // avg only
};

// max_pool{1,2,3}d over the trailing `spatial` dims; indices (int64, flat within each
// plane, as PyTorch returns) come second, undefined unless `with_indices`.
absl::StatusOr<std::pair<Tensor, Tensor>> MaxPool(const Tensor& input, const PoolOptions& o,
                                                  int spatial, absl::string_view op,
                                                  bool with_indices = true);
absl::StatusOr<Tensor> AvgPool(const Tensor& input, const PoolOptions& o, int spatial,
                               absl::string_view op);
// The input gradient of AvgPool (input sizes `input_size`): each window's gradient over
// its divisor spread on the window's input elements, with the forward's windows
// (ceil_mode), padding and divisor (count_include_pad, divisor_override).
absl::StatusOr<Tensor> AvgPoolBackward(const Tensor& grad_output, IntSpan input_size,
                                       const PoolOptions& o, int spatial, absl::string_view op);
// adaptive_{avg,max}_pool{1,2}d: `output_size` has one entry per spatial dim.
absl::StatusOr<Tensor> AdaptiveAvgPool(const Tensor& input, IntSpan output_size, int spatial,
                                       absl::string_view op);
// _adaptive_avg_pool2d_backward: the input's gradient, each output cell's gradient
// spread evenly over its window (`input` gives the sizes and dtype).
absl::StatusOr<Tensor> AdaptiveAvgPoolBackward(const Tensor& grad_output, const Tensor& input,
                                               int spatial, absl::string_view op);
absl::StatusOr<std::pair<Tensor, Tensor>> AdaptiveMaxPool(const Tensor& input,
                                                          IntSpan output_size, int spatial,
                                                          absl::string_view op);

enum class PadMode { kReflect, kReplicate, kCircular };
// reflection_pad{1,2,3}d, replication_pad{1,2,3}d and _pad_circular: `pad` holds
// (before, after) pairs, last dim first, as F.pad takes them.
absl::StatusOr<Tensor> PadNd(const Tensor& input, IntSpan pad, PadMode mode,
                             absl::string_view op);

// constant_pad_nd (F.pad's constant mode): any number of trailing dims, any dtype;
// negative pads crop, with PyTorch 1.13's narrow and size messages.
absl::StatusOr<Tensor> ConstantPadNd(const Tensor& input, IntSpan pad, Scalar value);

}  // namespace wick::tensor

#endif  // WICK_TENSOR_OPS_CONV_CONV_H_
