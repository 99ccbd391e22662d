// batch_norm and group_norm: ATen's argument checks and messages, then PyTorch 1.13's CPU
// arithmetic. Batch statistics are summed in double per channel (mean first, then the
// squared deviations from the float mean), the running statistics are updated with the
// unbiased variance, and the output is x * alpha + beta with per-channel alpha and beta.
// Group norm uses the layer-norm row moments (internal/layer_norm_kernel.h) per group.
#include <algorithm>
#include <cmath>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/copy.h"
#include "tensor/ops/linalg/internal/layer_norm_kernel.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/ops/linalg/layers.h"
#include "tensor/parallel.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

absl::Status CheckFeatures(const char* what, int64_t features, const Tensor& t) {
  if (t.defined() && t.numel() != features) {
    return RuntimeError(
        absl::StrCat(what, " should contain ", features, " elements not ", t.numel()));
  }
  return absl::OkStatus();
}

// ATen's mixed-dtype rule: parameters of another dtype than the input are only accepted
// as float32 parameters of a bfloat16 input (which wick does not have).
absl::Status CheckParamDTypes(const Tensor& input, std::initializer_list<const Tensor*> params) {
  bool mixed = false;
  for (const Tensor* p : params) mixed |= p->defined() && p->dtype() != input.dtype();
  if (!mixed) return absl::OkStatus();
  for (const Tensor* p : params) {
    if (p->defined() && p->dtype() != DType::kFloat32) {
      return RuntimeError("mixed dtype (CPU): expect parameter to have scalar type of Float");
    }
  }
  return RuntimeError("mixed dtype (CPU): expect input to have scalar type of BFloat16");
}

// Element i of a 1-D tensor of any stride.
template <typename T>
T& At(const Tensor& t, int64_t i) {
  return t.data<T>()[i * t.stride(0)];
}

// sum(f(x[i])) for i < n in double. For float inputs in 8 independent lanes combined at
// the end (the float mean and variance come out as PyTorch's); double inputs keep the
// serial order, whose last bits match PyTorch's more often.
// Returns `total` plus the sum (one running sum for doubles, continued from `total`).
template <typename T, typename F>
double LaneSum(double total, const T* x, int64_t n, F f) {
  if constexpr (std::is_same_v<T, double>) {
    for (int64_t i = 0; i < n; ++i) total += f(x[i]);
    return total;
  }
  constexpr int kLanes = 8;
  double acc[kLanes] = {};
  int64_t i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    for (int l = 0; l < kLanes; ++l) acc[l] += f(x[i + l]);
  }
  for (; i < n; ++i) acc[0] += f(x[i]);
  double sum = 0;
  for (int l = 0; l < kLanes; ++l) sum += acc[l];
  return total + sum;
}

// `strided`: the input was not contiguous. ATen then takes its TensorIterator path: the
// variance sum stays in double, the running statistics are updated in double, and the
// output is ((x - mean) * invstd) * w + b without fused multiply-adds. `x` is always the
// contiguous copy. One difference remains: ATen takes that path's mean from at::mean,
// whose float summation order is the reduction kernels' (a package this one does not
// depend on); here it is the double sum, so strided inputs can differ in the last bit.
template <typename T>
void BatchNormKernel(const Tensor& x, const Tensor& out, const Tensor& weight, const Tensor& bias,
                     const Tensor& running_mean, const Tensor& running_var, bool training,
                     double momentum, double eps, bool strided) {
  const int64_t n_batch = x.size(0), channels = x.size(1);
  const int64_t image = x.numel() / n_batch / channels;
  const int64_t n = x.numel() / channels;
  const T* xd = x.data<T>();
  T* yd = out.data<T>();
  std::vector<T> alpha(channels), beta(channels), means(channels), invstds(channels);
  // (N, C) input in training: ATen sums the rows into per-channel float buffers (its
  // channels-last kernel), row by row, then converts; the deviations use the float mean.
  std::vector<T> row_mean, row_var;
  if (training && image == 1 && !strided) {
    row_mean.assign(channels, T(0));
    row_var.assign(channels, T(0));
    for (int64_t b = 0; b < n_batch; ++b) {
      const T* p = xd + b * channels;
      for (int64_t c = 0; c < channels; ++c) row_mean[c] += p[c];
    }
    for (int64_t c = 0; c < channels; ++c) {
      row_mean[c] = static_cast<T>(static_cast<double>(row_mean[c]) / n);
    }
    for (int64_t b = 0; b < n_batch; ++b) {
      const T* p = xd + b * channels;
      for (int64_t c = 0; c < channels; ++c) {
        const T d = p[c] - row_mean[c];
        row_var[c] = std::fma(d, d, row_var[c]);
      }
    }
  }
  for (int64_t c = 0; c < channels; ++c) {
    T mean, invstd;
    if (training) {
      double var_sum_acc = 0;
      if (image == 1 && !strided) {
        mean = row_mean[c];
        var_sum_acc = row_var[c];
      } else {
        // ATen's acc_type for CPU float is double: both sums run in double (in lanes,
        // so they vectorize; a double sum of floats rounds back to the same float).
        double sum = 0;
        for (int64_t b = 0; b < n_batch; ++b) {
          sum = LaneSum(sum, xd + (b * channels + c) * image, image,
                        [](T v) { return static_cast<double>(v); });
        }
        mean = static_cast<T>(sum / n);
        for (int64_t b = 0; b < n_batch; ++b) {
          const T* p = xd + (b * channels + c) * image;
          if (strided) {  // ATen's strided path subtracts the mean in double
            const double m = mean;
            for (int64_t i = 0; i < image; ++i) {
              const double d = static_cast<double>(p[i]) - m;
              var_sum_acc += d * d;
            }
          } else {
            var_sum_acc = LaneSum(var_sum_acc, p, image, [mean](T v) {
              const T d = v - mean;
              return static_cast<double>(d * d);
            });
          }
        }
      }
      if (strided) {
        const double var = var_sum_acc / n;
        invstd = static_cast<T>((var != 0 || eps != 0) ? 1.0 / std::sqrt(var + eps) : 0.0);
        if (running_mean.defined()) {
          T& rm = At<T>(running_mean, c);
          rm = static_cast<T>(momentum * mean + (1 - momentum) * rm);
        }
        if (running_var.defined()) {
          T& rv = At<T>(running_var, c);
          rv = static_cast<T>(momentum * (var_sum_acc / (n - 1)) + (1 - momentum) * rv);
        }
        means[c] = mean;
        invstds[c] = invstd;
        continue;
      }
      const T var_sum = static_cast<T>(var_sum_acc);
      const double var = static_cast<T>(var_sum / n);
      invstd = static_cast<T>((var != 0 || eps != 0) ? 1.0 / std::sqrt(var + eps) : 0.0);
      const T m = static_cast<T>(momentum);
      if (running_mean.defined()) {
        T& rm = At<T>(running_mean, c);
        rm = m * mean + (1 - m) * rm;
      }
      if (running_var.defined()) {
        T& rv = At<T>(running_var, c);
        const double unbiased = static_cast<T>(var_sum / (n - 1));
        rv = static_cast<T>(m * unbiased + static_cast<T>((1 - m) * rv));
      }
    } else {
      mean = At<T>(running_mean, c);
      invstd = 1 / std::sqrt(At<T>(running_var, c) + static_cast<T>(eps));
      if (strided) {
        means[c] = mean;
        invstds[c] = invstd;
        continue;
      }
    }
    const T w = weight.defined() ? At<T>(weight, c) : T(1);
    const T b = bias.defined() ? At<T>(bias, c) : T(0);
    alpha[c] = invstd * w;
    beta[c] = std::fma(-mean, alpha[c], b);
  }
  ParallelFor(0, n_batch * channels, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(image, 1)),
              [&](int64_t begin, int64_t end) {
                for (int64_t r = begin; r < end; ++r) {
                  const int64_t c = r % channels;
                  const T a = alpha[c], bb = beta[c];
                  const T* p = xd + r * image;
                  T* q = yd + r * image;
                  if (!strided) {
                    for (int64_t i = 0; i < image; ++i) q[i] = std::fma(p[i], a, bb);
                    continue;
                  }
                  const T m = means[c], is = invstds[c];
                  const T w = weight.defined() ? At<T>(weight, c) : T(1);
                  const T b = bias.defined() ? At<T>(bias, c) : T(0);
                  for (int64_t i = 0; i < image; ++i) q[i] = ((p[i] - m) * is) * w + b;
                }
              });
}

// PyTorch's channels-last layout for a 4-D/5-D tensor: memory order (N, spatial..., C),
// dense. (Dims of size 1 may have any stride, as in c10's check.)
bool IsChannelsLast(const Tensor& t) {
  if (t.dim() != 4 && t.dim() != 5) return false;
  std::vector<int64_t> order = {1};
  for (int64_t d = t.dim() - 1; d >= 2; --d) order.push_back(d);
  order.push_back(0);
  int64_t expected = 1;
  for (int64_t d : order) {
    if (t.size(d) != 1 && t.stride(d) != expected) return false;
    expected *= t.size(d);
  }
  return true;
}

}  // namespace

absl::StatusOr<Tensor> BatchNorm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                                 const Tensor& running_mean, const Tensor& running_var,
                                 bool training, double momentum, double eps) {
  if (input.dim() < 2) {
    return IndexError(absl::StrCat("Dimension out of range (expected to be in range of [",
                                   -std::max<int64_t>(input.dim(), 1), ", ",
                                   std::max<int64_t>(input.dim(), 1) - 1, "], but got 1)"));
  }
  const int64_t features = input.size(1);
  const bool meta =
      linalg_internal::AnyMeta({&input, &weight, &bias, &running_mean, &running_var});
  if (input.numel() != 0) {
    if (running_mean.defined()) {
      RETURN_IF_ERROR(CheckFeatures("running_mean", features, running_mean));
    } else if (!training) {
      return RuntimeError("running_mean must be defined in evaluation mode");
    }
    if (running_var.defined()) {
      RETURN_IF_ERROR(CheckFeatures("running_var", features, running_var));
    } else if (!training) {
      return RuntimeError("running_var must be defined in evaluation mode");
    }
    RETURN_IF_ERROR(CheckFeatures("weight", features, weight));
    RETURN_IF_ERROR(CheckFeatures("bias", features, bias));
    RETURN_IF_ERROR(CheckParamDTypes(input, {&weight, &bias, &running_mean, &running_var}));
  }
  if (input.dtype() != DType::kFloat32 && input.dtype() != DType::kFloat64) {
    return linalg_internal::NotImplementedFor("batch_norm", input.dtype());
  }
  ASSIGN_OR_RETURN(Tensor out, linalg_internal::NewTensor(input.sizes(), input.dtype(), meta));
  if (meta || input.numel() == 0) return out;
  if (!input.is_contiguous() && input.dim() == 4 && IsChannelsLast(input)) {
    // ATen's channels-last kernels: the data is (N * spatial) rows of C channels, which is
    // exactly the (N, C) case; the result keeps the input's layout.
    const int64_t channels = input.size(1), rows = input.numel() / channels;
    const Shape flat = {rows, channels}, flat_strides = {channels, 1};
    const Tensor x2d = Tensor::View(input, flat, flat_strides, input.storage_offset());
    ASSIGN_OR_RETURN(Tensor out2d, linalg_internal::NewTensor(flat, input.dtype(), false));
    VisitDType(input.dtype(), [&]<typename T>() {
      if constexpr (std::is_floating_point_v<T>) {
        BatchNormKernel<T>(x2d, out2d, weight, bias, running_mean, running_var, training,
                           momentum, eps, false);
      }
    });
    if (training) {
      if (running_mean.defined()) running_mean.bump_version();
      if (running_var.defined()) running_var.bump_version();
    }
    return Tensor::View(out2d, input.sizes(), input.strides(), 0);
  }
  ASSIGN_OR_RETURN(Tensor x, linalg_internal::ContiguousAs(input, input.dtype()));
  if (input.dtype() == DType::kFloat32) {
    BatchNormKernel<float>(x, out, weight, bias, running_mean, running_var, training, momentum,
                           eps, !input.is_contiguous());
  } else {
    BatchNormKernel<double>(x, out, weight, bias, running_mean, running_var, training, momentum,
                            eps, !input.is_contiguous());
  }
  if (training) {
    if (running_mean.defined()) running_mean.bump_version();
    if (running_var.defined()) running_var.bump_version();
  }
  if (!input.is_contiguous() && IsChannelsLast(input)) {
    // A channels-last 3-D input takes the strided path but keeps its layout, as ATen's
    // empty_like(input, suggest_memory_format()) does.
    ASSIGN_OR_RETURN(Tensor laid, Tensor::EmptyStrided(input.sizes(), input.strides(),
                                                        input.dtype()));
    RETURN_IF_ERROR(CopyInto(laid, out));
    return laid;
  }
  return out;
}

namespace {

template <typename T>
void GroupNormKernel(const T* x, T* y, int64_t batch, int64_t channels, int64_t groups,
                     int64_t hw, const T* w, const T* b, T eps) {
  const int64_t d = channels / groups;
  const int64_t inner = d * hw;
  ParallelFor(0, batch * groups, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(inner, 1)),
              [&](int64_t begin, int64_t end) {
                for (int64_t i = begin; i < end; ++i) {
                  const T* xp = x + i * inner;
                  auto [mean, var] = linalg_internal::RowMoments(xp, inner);
                  const T rstd = T(1) / std::sqrt(std::max(var, T(0)) + eps);
                  if (w == nullptr && b == nullptr) {
                    T* yp = y + i * inner;
                    for (int64_t j = 0; j < inner; ++j) yp[j] = (xp[j] - mean) * rstd;
                    continue;
                  }
                  const int64_t g = i % groups;
                  for (int64_t j = 0; j < d; ++j) {
                    const int64_t c = g * d + j;
                    const T scale = rstd * (w == nullptr ? T(1) : w[c]);
                    const T shift = std::fma(-scale, mean, b == nullptr ? T(0) : b[c]);
                    const T* xc = x + (i * d + j) * hw;
                    T* yc = y + (i * d + j) * hw;
                    for (int64_t k = 0; k < hw; ++k) yc[k] = std::fma(scale, xc[k], shift);
                  }
                }
              });
}

}  // namespace

absl::StatusOr<Tensor> GroupNorm(const Tensor& input, int64_t groups, const Tensor& weight,
                                 const Tensor& bias, double eps) {
  if (input.dim() < 2) {
    return IndexError(absl::StrCat("Dimension out of range (expected to be in range of [",
                                   -std::max<int64_t>(input.dim(), 1), ", ",
                                   std::max<int64_t>(input.dim(), 1) - 1, "], but got 1)"));
  }
  const int64_t batch = input.size(0), channels = input.size(1);
  if (groups <= 0 || channels % groups != 0) {
    return RuntimeError(absl::StrCat(
        "Expected number of channels in input to be divisible by num_groups, but got input of "
        "shape ",
        ShapeToString(input.sizes()), " and num_groups=", groups));
  }
  const std::pair<const char*, const Tensor*> params[] = {{"weight", &weight}, {"bias", &bias}};
  for (const auto& [name, t] : params) {
    if (t->defined() && (t->dim() != 1 || t->numel() != channels)) {
      return RuntimeError(absl::StrCat(
          "Expected ", name,
          " to be a vector of size equal to the number of channels in input, but got ", name,
          // PyTorch 1.13 prints the weight's shape in both messages ([0] when it is None).
          " of shape ", weight.defined() ? ShapeToString(weight.sizes()) : std::string("[0]"),
          " and input of shape ",
          ShapeToString(input.sizes())));
    }
  }
  if (input.dtype() != DType::kFloat32 && input.dtype() != DType::kFloat64) {
    return linalg_internal::NotImplementedFor("GroupNormKernelImpl", input.dtype());
  }
  RETURN_IF_ERROR(CheckParamDTypes(input, {&weight, &bias}));
  const bool meta = linalg_internal::AnyMeta({&input, &weight, &bias});
  ASSIGN_OR_RETURN(Tensor out, linalg_internal::NewTensor(input.sizes(), input.dtype(), meta));
  if (meta || input.numel() == 0) return out;
  const int64_t hw = input.numel() / batch / channels;
  ASSIGN_OR_RETURN(Tensor x, linalg_internal::ContiguousAs(input, input.dtype()));
  Tensor w, b;
  if (weight.defined()) {
    ASSIGN_OR_RETURN(w, linalg_internal::ContiguousAs(weight, input.dtype()));
  }
  if (bias.defined()) {
    ASSIGN_OR_RETURN(b, linalg_internal::ContiguousAs(bias, input.dtype()));
  }
  VisitDType(input.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      GroupNormKernel<T>(x.data<T>(), out.data<T>(), batch, channels, groups, hw,
                         w.defined() ? w.data<T>() : nullptr, b.defined() ? b.data<T>() : nullptr,
                         static_cast<T>(eps));
    }
  });
  return out;
}

}  // namespace wick::tensor
