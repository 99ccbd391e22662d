// RegisterConvOps: the registry entries for convolutions, pooling and non-constant
// padding, with ATen's schemas. Each op's C++ function (conv.h) checks and returns
// metadata for meta inputs, so it is registered as both meta function and kernel.
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "base/status_macros.h"
#include "tensor/kernels/register.h"
#include "tensor/ops/conv/conv.h"
#include "tensor/ops/ops.h"

namespace wick::tensor::ops {
namespace {

using kernels::ToValue;

absl::Status Reg(OpRegistry& r, const std::string& schema, OpFn fn, bool function) {
  return kernels::RegisterOp(r, schema, std::move(fn), OpFlags{.function = function});
}

Shape Of(IntSpan v) { return Shape(v.begin(), v.end()); }

absl::Status RegisterConvs(OpRegistry& r) {
  for (int n = 1; n <= 3; ++n) {
    const std::string op = absl::StrCat("conv", n, "d");
    const std::string L = absl::StrCat("int[", n, "]");
    RETURN_IF_ERROR(Reg(
        r,
        absl::StrCat(op, "(Tensor input, Tensor weight, Tensor? bias=None, ", L, " stride=1, ", L,
                     " padding=0, ", L, " dilation=1, int groups=1) -> Tensor"),
        [op](const OpArgs& a) {
          ConvOptions o;
          o.stride = Of(a.int_list(3));
          o.padding = Of(a.int_list(4));
          o.dilation = Of(a.int_list(5));
          o.groups = a.int_(6);
          return ToValue(Conv(a.tensor(0), a.tensor(1), a.optional_tensor(2), o, op));
        },
        true));
    RETURN_IF_ERROR(Reg(
        r,
        absl::StrCat(op, ".padding(Tensor input, Tensor weight, Tensor? bias=None, ", L,
                     " stride=1, str padding=\"valid\", ", L, " dilation=1, int groups=1) -> Tensor"),
        [op](const OpArgs& a) {
          ConvOptions o;
          o.stride = Of(a.int_list(3));
          o.padding_mode = a.string(4);
          o.dilation = Of(a.int_list(5));
          o.groups = a.int_(6);
          return ToValue(Conv(a.tensor(0), a.tensor(1), a.optional_tensor(2), o, op));
        },
        true));
    const std::string top = absl::StrCat("conv_transpose", n, "d");
    RETURN_IF_ERROR(Reg(
        r,
        absl::StrCat(top, n == 1 ? "" : ".input",
                     "(Tensor input, Tensor weight, Tensor? bias=None, ", L, " stride=1, ", L,
                     " padding=0, ", L, " output_padding=0, int groups=1, ", L,
                     " dilation=1) -> Tensor"),
        [top](const OpArgs& a) {
          ConvOptions o;
          o.transposed = true;
          o.stride = Of(a.int_list(3));
          o.padding = Of(a.int_list(4));
          o.output_padding = Of(a.int_list(5));
          o.groups = a.int_(6);
          o.dilation = Of(a.int_list(7));
          return ToValue(Conv(a.tensor(0), a.tensor(1), a.optional_tensor(2), o, top));
        },
        true));
  }
  // What the oneDNN backend fuses conv -> batch_norm(eval) [-> relu / relu6] into
  // (codegen/internal/conv_fusion.h); not a torch.* function.
  return Reg(
      r,
      "_conv_bn_act(Tensor input, Tensor weight, Tensor? bias, Tensor? bn_weight, "
      "Tensor? bn_bias, Tensor running_mean, Tensor running_var, float eps, int[] stride, "
      "int[] padding, int[] dilation, int groups, int activation) -> Tensor",
      [](const OpArgs& a) {
        ConvOptions o;
        o.stride = Of(a.int_list(8));
        o.padding = Of(a.int_list(9));
        o.dilation = Of(a.int_list(10));
        o.groups = a.int_(11);
        const int64_t act = a.int_(12);
        o.activation = act == 1   ? ConvActivation::kRelu
                       : act == 2 ? ConvActivation::kRelu6
                                  : ConvActivation::kNone;
        const int64_t rank = a.tensor(1).dim() - 2;
        const std::string op = absl::StrCat("conv", rank >= 1 && rank <= 3 ? rank : 2, "d");
        return ToValue(ConvBatchNorm(a.tensor(0), a.tensor(1), a.optional_tensor(2),
                                 a.optional_tensor(3), a.optional_tensor(4), a.tensor(5),
                                 a.tensor(6), a.double_(7), o, op));
      },
      false);
}

absl::Status RegisterPools(OpRegistry& r) {
  for (int n = 1; n <= 3; ++n) {
    const std::string L = absl::StrCat("int[", n, "]");
    const std::string max = absl::StrCat("max_pool", n, "d");
    const std::string args = absl::StrCat("(Tensor self, ", L, " kernel_size, ", L, " stride=[], ",
                                          L, " padding=0, ", L,
                                          " dilation=1, bool ceil_mode=False)");
    auto opts = [](const OpArgs& a) {
      PoolOptions o;
      o.kernel = Of(a.int_list(1));
      o.stride = Of(a.int_list(2));
      o.padding = Of(a.int_list(3));
      o.dilation = Of(a.int_list(4));
      o.ceil_mode = a.bool_(5);
      return o;
    };
    RETURN_IF_ERROR(Reg(
        r, max + args + " -> Tensor",
        [=](const OpArgs& a) -> absl::StatusOr<Value> {
          ASSIGN_OR_RETURN(auto p, MaxPool(a.tensor(0), opts(a), n, max,
                                           /*with_indices=*/false));
          return Value(std::move(p.first));
        },
        true));
    RETURN_IF_ERROR(Reg(
        r, max + "_with_indices" + args + " -> (Tensor, Tensor)",
        [=](const OpArgs& a) { return ToValue(MaxPool(a.tensor(0), opts(a), n, max)); }, n == 1));

    const std::string avg = absl::StrCat("avg_pool", n, "d");
    RETURN_IF_ERROR(Reg(
        r,
        absl::StrCat(avg, "(Tensor self, ", L, " kernel_size, ", L, " stride=[], ", L,
                     " padding=0, bool ceil_mode=False, bool count_include_pad=True",
                     n == 1 ? "" : ", int? divisor_override=None", ") -> Tensor"),
        [=](const OpArgs& a) {
          PoolOptions o;
          o.kernel = Of(a.int_list(1));
          o.stride = Of(a.int_list(2));
          o.padding = Of(a.int_list(3));
          o.ceil_mode = a.bool_(4);
          o.count_include_pad = a.bool_(5);
          if (n > 1) o.divisor_override = a.optional_int(6);
          return ToValue(AvgPool(a.tensor(0), o, n, avg));
        },
        n == 1));
    if (n == 2) {
      // The input gradient, with the input's sizes (a wick op: ATen's takes self).
      RETURN_IF_ERROR(Reg(
          r,
          "avg_pool2d_backward(Tensor grad_output, int[] input_size, int[2] kernel_size, "
          "int[2] stride, int[2] padding, bool ceil_mode, bool count_include_pad, "
          "int? divisor_override) -> Tensor",
          [](const OpArgs& a) {
            PoolOptions o;
            o.kernel = Of(a.int_list(2));
            o.stride = Of(a.int_list(3));
            o.padding = Of(a.int_list(4));
            o.ceil_mode = a.bool_(5);
            o.count_include_pad = a.bool_(6);
            o.divisor_override = a.optional_int(7);
            return ToValue(AvgPoolBackward(a.tensor(0), a.int_list(1), o, 2, "avg_pool2d"));
          },
          false));
    }
    if (n == 3) continue;
    const std::string aavg = absl::StrCat("adaptive_avg_pool", n, "d");
    RETURN_IF_ERROR(Reg(
        r, absl::StrCat(aavg, "(Tensor self, ", L, " output_size) -> Tensor"),
        [=](const OpArgs& a) { return ToValue(AdaptiveAvgPool(a.tensor(0), a.int_list(1), n, aavg)); },
        n == 1));
    if (n == 2) {
      RETURN_IF_ERROR(Reg(
          r, "_adaptive_avg_pool2d_backward(Tensor grad_output, Tensor self) -> Tensor",
          [](const OpArgs& a) {
            return ToValue(AdaptiveAvgPoolBackward(a.tensor(0), a.tensor(1), 2,
                                                   "adaptive_avg_pool2d_backward"));
          },
          false));
    }
    const std::string amax = absl::StrCat("adaptive_max_pool", n, "d");
    RETURN_IF_ERROR(Reg(
        r, absl::StrCat(amax, "(Tensor self, ", L, " output_size) -> (Tensor, Tensor)"),
        [=](const OpArgs& a) { return ToValue(AdaptiveMaxPool(a.tensor(0), a.int_list(1), n, amax)); },
        n == 1));
  }
  return absl::OkStatus();
}

absl::Status RegisterPads(OpRegistry& r) {
  for (int n = 1; n <= 3; ++n) {
    const std::string L = absl::StrCat("int[", 2 * n, "]");
    for (auto [name, mode] : {std::pair<const char*, PadMode>{"reflection_pad", PadMode::kReflect},
                              {"replication_pad", PadMode::kReplicate}}) {
      const std::string op = absl::StrCat(name, n, "d");
      RETURN_IF_ERROR(Reg(
          r, absl::StrCat(op, "(Tensor self, ", L, " padding) -> Tensor"),
          [op, mode = mode](const OpArgs& a) {
            return ToValue(PadNd(a.tensor(0), a.int_list(1), mode, op));
          },
          false));
    }
  }
  RETURN_IF_ERROR(Reg(
      r, "constant_pad_nd(Tensor self, int[] pad, Scalar value=0) -> Tensor",
      [](const OpArgs& a) { return ToValue(ConstantPadNd(a.tensor(0), a.int_list(1), a.scalar(2))); },
      true));
  return Reg(
      r, "_pad_circular(Tensor self, int[] pad) -> Tensor",
      [](const OpArgs& a) {
        return ToValue(PadNd(a.tensor(0), a.int_list(1), PadMode::kCircular, "_pad_circular"));
      },
      false);
}

}  // namespace

absl::Status RegisterConvOps(OpRegistry& r) {
  RETURN_IF_ERROR(RegisterConvs(r));
  RETURN_IF_ERROR(RegisterPools(r));
  return RegisterPads(r);
}

}  // namespace wick::tensor::ops
