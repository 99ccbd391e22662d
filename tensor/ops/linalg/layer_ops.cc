// RegisterLayerOps: the registry entries for the normalization and resampling layers
// (layers.h) under ATen's names and schemas. Each op's meta function and kernel are the
// same C++ function, which returns metadata only when given meta tensors.
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "tensor/kernels/register.h"
#include "tensor/ops/linalg/layers.h"
#include "tensor/ops/ops.h"
#include "tensor/shape.h"

namespace wick::tensor::ops {
namespace {

std::optional<std::vector<double>> OptionalDoubles(const OpArgs& a, size_t i) {
  if (a.is_none(i)) return std::nullopt;
  return a.double_list(i);
}

absl::Status RegisterUpsample(OpRegistry& r, const std::string& name, int64_t k,
                              UpsampleMode mode) {
  const OpFlags aten_only{.function = false, .method = false};
  if (mode == UpsampleMode::kNearest || mode == UpsampleMode::kNearestExact) {
    RETURN_IF_ERROR(kernels::RegisterOp(
        r,
        absl::StrCat(name, "_backward.vec(Tensor grad_output, int[]? output_size, int[] input_size, "
                           "float[]? scale_factors) -> Tensor"),
        [k, mode](const OpArgs& a) {
          return UpsampleBackward(a.tensor(0), k, mode, a.optional_int_list(1), a.int_list(2),
                                  false, OptionalDoubles(a, 3));
        },
        aten_only));
    return kernels::RegisterOp(
        r,
        absl::StrCat(name, ".vec(Tensor input, int[]? output_size, float[]? scale_factors) -> Tensor"),
        [k, mode](const OpArgs& a) {
          return Upsample(a.tensor(0), k, mode, a.optional_int_list(1), false,
                          OptionalDoubles(a, 2));
        },
        aten_only);
  }
  RETURN_IF_ERROR(kernels::RegisterOp(
      r,
      absl::StrCat(name,
                   "_backward.vec(Tensor grad_output, int[]? output_size, int[] input_size, "
                   "bool align_corners, float[]? scale_factors) -> Tensor"),
      [k, mode](const OpArgs& a) {
        return UpsampleBackward(a.tensor(0), k, mode, a.optional_int_list(1), a.int_list(2),
                                a.bool_(3), OptionalDoubles(a, 4));
      },
      aten_only));
  return kernels::RegisterOp(
      r,
      absl::StrCat(name,
                   ".vec(Tensor input, int[]? output_size, bool align_corners, "
                   "float[]? scale_factors) -> Tensor"),
      [k, mode](const OpArgs& a) {
        return Upsample(a.tensor(0), k, mode, a.optional_int_list(1), a.bool_(2),
                        OptionalDoubles(a, 3));
      },
      aten_only);
}

}  // namespace

absl::Status RegisterLayerOps(OpRegistry& r) {
  const OpFlags fn_only{.function = true, .method = false};
  const OpFlags aten_only{.function = false, .method = false};
  RETURN_IF_ERROR(kernels::RegisterOp(
      r,
      // The running statistics are updated in place in training mode (ATen's batch_norm
      // writes them through native_batch_norm's `Tensor(a!)?` arguments).
      "batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor(a!)? running_mean, "
      "Tensor(b!)? running_var, bool training, float momentum, float eps, "
      "bool cudnn_enabled) -> Tensor",
      [](const OpArgs& a) {
        return BatchNorm(a.tensor(0), a.optional_tensor(1), a.optional_tensor(2),
                         a.optional_tensor(3), a.optional_tensor(4), a.bool_(5), a.double_(6),
                         a.double_(7));
      },
      fn_only));
  // Inference-mode batch norm without the in-place arguments (PyTorch 2.x's op of this
  // name, for torch.ops.aten callers). The second and third results are empty, as
  // upstream's are without training.
  {
    OpFn fn = [](const OpArgs& a) -> absl::StatusOr<Value> {
      const Tensor& x = a.tensor(0);
      ASSIGN_OR_RETURN(Tensor out, BatchNorm(x, a.optional_tensor(1), a.optional_tensor(2),
                                             a.tensor(3), a.tensor(4), false, a.double_(5),
                                             a.double_(6)));
      const Shape empty = {0};
      const Tensor none = x.is_meta() ? Tensor::Meta(empty, x.dtype())
                                      : *Tensor::Empty(empty, x.dtype());
      return Value(std::vector<Tensor>{std::move(out), none, none});
    };
    RETURN_IF_ERROR(r.Register(
        "_native_batch_norm_legit_no_training(Tensor input, Tensor? weight, Tensor? bias, "
        "Tensor running_mean, Tensor running_var, float momentum, float eps) -> "
        "(Tensor, Tensor, Tensor)",
        fn, fn, aten_only));
  }
  RETURN_IF_ERROR(kernels::RegisterOp(
      r,
      "group_norm(Tensor input, int num_groups, Tensor? weight=None, Tensor? bias=None, "
      "float eps=1e-05, bool cudnn_enabled=True) -> Tensor",
      [](const OpArgs& a) {
        return GroupNorm(a.tensor(0), a.int_(1), a.optional_tensor(2), a.optional_tensor(3),
                         a.double_(4));
      },
      fn_only));
  RETURN_IF_ERROR(RegisterUpsample(r, "upsample_nearest1d", 1, UpsampleMode::kNearest));
  RETURN_IF_ERROR(RegisterUpsample(r, "upsample_nearest2d", 2, UpsampleMode::kNearest));
  RETURN_IF_ERROR(RegisterUpsample(r, "upsample_nearest3d", 3, UpsampleMode::kNearest));
  RETURN_IF_ERROR(
      RegisterUpsample(r, "_upsample_nearest_exact1d", 1, UpsampleMode::kNearestExact));
  RETURN_IF_ERROR(
      RegisterUpsample(r, "_upsample_nearest_exact2d", 2, UpsampleMode::kNearestExact));
  RETURN_IF_ERROR(
      RegisterUpsample(r, "_upsample_nearest_exact3d", 3, UpsampleMode::kNearestExact));
  RETURN_IF_ERROR(RegisterUpsample(r, "upsample_linear1d", 1, UpsampleMode::kLinear));
  RETURN_IF_ERROR(RegisterUpsample(r, "upsample_bilinear2d", 2, UpsampleMode::kLinear));
  RETURN_IF_ERROR(RegisterUpsample(r, "upsample_trilinear3d", 3, UpsampleMode::kLinear));
  RETURN_IF_ERROR(RegisterUpsample(r, "upsample_bicubic2d", 2, UpsampleMode::kCubic));
  RETURN_IF_ERROR(kernels::RegisterOp(
      r,
      "im2col(Tensor self, int[2] kernel_size, int[2] dilation, int[2] padding, "
      "int[2] stride) -> Tensor",
      [](const OpArgs& a) {
        return Im2Col(a.tensor(0), a.int_list(1), a.int_list(2), a.int_list(3), a.int_list(4));
      },
      aten_only));
  RETURN_IF_ERROR(kernels::RegisterOp(
      r,
      "col2im(Tensor self, int[2] output_size, int[2] kernel_size, int[2] dilation, "
      "int[2] padding, int[2] stride) -> Tensor",
      [](const OpArgs& a) {
        return Col2Im(a.tensor(0), a.int_list(1), a.int_list(2), a.int_list(3), a.int_list(4),
                      a.int_list(5));
      },
      aten_only));
  RETURN_IF_ERROR(kernels::RegisterOp(
      r, "pixel_shuffle(Tensor self, int upscale_factor) -> Tensor",
      [](const OpArgs& a) { return PixelShuffle(a.tensor(0), a.int_(1)); }, fn_only));
  RETURN_IF_ERROR(kernels::RegisterOp(
      r, "pixel_unshuffle(Tensor self, int downscale_factor) -> Tensor",
      [](const OpArgs& a) { return PixelUnshuffle(a.tensor(0), a.int_(1)); }, fn_only));
  return absl::OkStatus();
}

}  // namespace wick::tensor::ops
