// Normalization and resampling layers of torch.nn.functional as eager ops (each accepts
// meta tensors and then returns metadata only): batch_norm, group_norm, the upsample_*
// family behind F.interpolate, and im2col/col2im behind F.unfold/F.fold.
// RegisterLayerOps (tensor/ops/ops.h) puts them in the registry under ATen's names.
#ifndef WICK_TENSOR_OPS_LINALG_LAYERS_H_
#define WICK_TENSOR_OPS_LINALG_LAYERS_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "tensor/tensor.h"

namespace wick::tensor {

// torch.batch_norm: input (N, C, *) normalised per channel C. In training the batch's
// mean and biased variance normalise it and, when defined, running_mean/running_var are
// updated in place (momentum, unbiased variance) exactly as ATen's CPU kernel does;
// otherwise the running statistics normalise it. weight/bias/running stats may be
// undefined (None).
absl::StatusOr<Tensor> BatchNorm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                 const Tensor& running_mean, const Tensor& running_var,
                                 bool training, double momentum, double eps);

// torch.group_norm: input (N, C, *) normalised over each of `groups` groups of C/groups
// channels; weight and bias have C elements (or are undefined).
absl::StatusOr<Tensor> GroupNorm(const Tensor& input, int64_t groups, const Tensor& weight,
                                 const Tensor& bias, double eps);

// The upsample_* ops (ATen's `.vec` overloads): input (N, C, d1..dk), k = 1..3, resized to
// output_size, or to floor(d_i * scale_i) when only scales are given (the scales then
// also set the source-index mapping, as in PyTorch).
// kNearestExact is F.interpolate's 'nearest-exact' (pixel centres: floor((i + 0.5) * s)).
enum class UpsampleMode { kNearest, kNearestExact, kLinear, kCubic };
absl::StatusOr<Tensor> Upsample(const Tensor& input, int64_t spatial_dims, UpsampleMode mode,
                                std::optional<absl::Span<const int64_t>> output_size,
                                bool align_corners,
                                const std::optional<std::vector<double>>& scale_factors);

// The upsample_*_backward ops: the input's gradient (sizes `input_size`) of an upsample
// with the same arguments, each output's gradient spread over the input elements it
// read with the weights it read them with.
absl::StatusOr<Tensor> UpsampleBackward(const Tensor& grad_output, int64_t spatial_dims,
                                        UpsampleMode mode,
                                        std::optional<absl::Span<const int64_t>> output_size,
                                        absl::Span<const int64_t> input_size,
                                        bool align_corners,
                                        const std::optional<std::vector<double>>& scale_factors);

// F.unfold / F.fold on (N, C, H, W) / (N, C*kh*kw, L) inputs (batch dim optional).
absl::StatusOr<Tensor> Im2Col(const Tensor& input, absl::Span<const int64_t> kernel_size,
                              absl::Span<const int64_t> dilation,
                              absl::Span<const int64_t> padding,
                              absl::Span<const int64_t> stride);
absl::StatusOr<Tensor> Col2Im(const Tensor& input, absl::Span<const int64_t> output_size,
                              absl::Span<const int64_t> kernel_size,
                              absl::Span<const int64_t> dilation,
                              absl::Span<const int64_t> padding,
                              absl::Span<const int64_t> stride);

// torch.pixel_shuffle / torch.pixel_unshuffle.
absl::StatusOr<Tensor> PixelShuffle(const Tensor& input, int64_t upscale_factor);
absl::StatusOr<Tensor> PixelUnshuffle(const Tensor& input, int64_t downscale_factor);

}  // namespace wick::tensor

#endif  // WICK_TENSOR_OPS_LINALG_LAYERS_H_
