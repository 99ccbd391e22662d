// The upsample_* ops behind F.interpolate (nearest, linear/bilinear/trilinear, bicubic):
// ATen's checks and messages, its output-size rule, and its source-index and weight
// formulas (UpSample.h) in the input's float type, so indices and weights are PyTorch's
// exactly. oneDNN's resampling primitive is not used: its nearest rounds and its linear
// mode has no align_corners, so it cannot give PyTorch's indices.
#include <algorithm>
#include <cmath>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/ops/linalg/layers.h"
#include "tensor/parallel.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

// ATen's compute_scales_value: 1/scale when a positive scale was given, else in/out.
template <typename T>
T ScalesValue(std::optional<double> scale, int64_t in, int64_t out) {
  return (scale.has_value() && *scale > 0.) ? static_cast<T>(1.0 / *scale)
                                            : static_cast<T>(in) / static_cast<T>(out);
}

template <typename T>
T AreaPixelScale(int64_t in, int64_t out, bool align_corners, std::optional<double> scale) {
  if (align_corners) {
    return out > 1 ? static_cast<T>(in - 1) / static_cast<T>(out - 1) : static_cast<T>(0);
  }
  return ScalesValue<T>(scale, in, out);
}

template <typename T>
T AreaPixelSourceIndex(T scale, int64_t dst, bool align_corners, bool cubic) {
  if (align_corners) return scale * static_cast<T>(dst);
  // As in ATen: the product and the -0.5 are evaluated in double, then rounded to T.
  const T src = static_cast<T>(scale * (dst + 0.5) - 0.5);
  return (!cubic && src < 0) ? T(0) : src;
}

// ATen's cubic convolution polynomials (A = -0.75), with the multiply-adds fused as the
// compiler fuses them in PyTorch's AVX2 build.
template <typename T>
T CubicConvolution1(T x, T a) {
  return std::fma(std::fma(a + 2, x, -(a + 3)) * x, x, T(1));
}

template <typename T>
T CubicConvolution2(T x, T a) {
  return std::fma(std::fma(std::fma(a, x, -5 * a), x, 8 * a), x, -4 * a);
}

// Per output index of one spatial dim: `taps` source offsets (already times the dim's
// stride) and weights.
template <typename T>
struct Taps {
  int taps = 1;
  std::vector<int64_t> index;  // [out][taps]
  std::vector<T> weight;       // [out][taps]
};

template <typename T>
Taps<T> ComputeTaps(UpsampleMode mode, int64_t in, int64_t out, int64_t stride,
                    bool align_corners, std::optional<double> scale) {
  Taps<T> t;
  const bool nearest = mode == UpsampleMode::kNearest || mode == UpsampleMode::kNearestExact;
  t.taps = nearest ? 1 : mode == UpsampleMode::kLinear ? 2 : 4;
  t.index.resize(out * t.taps);
  t.weight.resize(out * t.taps);
  if (nearest) {
    const float s = AreaPixelScale<float>(in, out, false, scale);
    for (int64_t i = 0; i < out; ++i) {
      // ATen: floorf(i * s), or for nearest-exact floorf((i + 0.5) * s) (the product in
      // double, rounded to float before the floor).
      const float pos = mode == UpsampleMode::kNearest
                            ? static_cast<float>(i) * s
                            : static_cast<float>((static_cast<double>(i) + 0.5) * s);
      const int64_t src = std::min(static_cast<int64_t>(std::floor(pos)), in - 1);
      t.index[i] = src * stride;
      t.weight[i] = T(1);
    }
    return t;
  }
  const T s = AreaPixelScale<T>(in, out, align_corners, scale);
  for (int64_t i = 0; i < out; ++i) {
    int64_t* idx = &t.index[i * t.taps];
    T* w = &t.weight[i * t.taps];
    if (mode == UpsampleMode::kLinear) {
      if (in == out) {
        idx[0] = idx[1] = i;
        w[0] = T(1);
        w[1] = T(0);
      } else {
        const T real = AreaPixelSourceIndex<T>(s, i, align_corners, false);
        idx[0] = static_cast<int64_t>(real);
        idx[1] = idx[0] + (idx[0] < in - 1 ? 1 : 0);
        w[1] = real - static_cast<T>(idx[0]);
        w[0] = T(1) - w[1];
      }
    } else {
      const T real = AreaPixelSourceIndex<T>(s, i, align_corners, true);
      const int64_t base = static_cast<int64_t>(std::floor(real));
      const T frac = real - static_cast<T>(base);
      const T a = static_cast<T>(-0.75);
      w[0] = CubicConvolution2<T>(static_cast<T>(frac + 1.0), a);
      w[1] = CubicConvolution1<T>(frac, a);
      const T rest = static_cast<T>(1.0 - frac);
      w[2] = CubicConvolution1<T>(rest, a);
      w[3] = CubicConvolution2<T>(static_cast<T>(rest + 1.0), a);
      for (int j = 0; j < 4; ++j) {
        idx[j] = std::max<int64_t>(std::min<int64_t>(base - 1 + j, in - 1), 0);
      }
    }
    for (int j = 0; j < t.taps; ++j) idx[j] *= stride;
  }
  return t;
}

// ATen's Interpolate<n>, one dim: the taps' values f(j) weighted in tap order, with the
// multiply-adds fused as in PyTorch's AVX2 build (two taps: f0*w0 + f1*w1 as one fma;
// more: f0*w0, then += f_j*w_j). Nested once per spatial dim, innermost dim last.
template <int kTaps, typename W, typename F>
inline W Combine(const F& f, const W* w) {
  if constexpr (kTaps == 1) {
    return f(0);
  } else if constexpr (kTaps == 2) {
    return std::fma(f(0), w[0], f(1) * w[1]);
  } else {
    W acc = f(0) * w[0];
    for (int j = 1; j < kTaps; ++j) acc = std::fma(f(j), w[j], acc);
    return acc;
  }
}

template <typename T, typename W, int kTaps>
void UpsamplePlanes(const T* xd, T* yd, int64_t planes, int64_t in_plane, int64_t out_plane,
                    const std::vector<Taps<W>>& taps) {
  const int64_t k = static_cast<int64_t>(taps.size());
  const int64_t grain = std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(out_plane, 1));
  ParallelFor(0, planes, grain, [&](int64_t begin, int64_t end) {
    for (int64_t p = begin; p < end; ++p) {
      const T* src = xd + p * in_plane;
      T* dst = yd + p * out_plane;
      const Taps<W>& tw = taps[k - 1];
      const int64_t ow_n = static_cast<int64_t>(tw.index.size()) / kTaps;
      // One output row: the innermost dim over the source row(s) at `base`.
      auto row = [&](const T* base, T* out_row, auto&& outer) {
        for (int64_t ow = 0; ow < ow_n; ++ow) {
          const int64_t* iw = &tw.index[ow * kTaps];
          const W* ww = &tw.weight[ow * kTaps];
          out_row[ow] = static_cast<T>(outer([&](const T* r) {
            return Combine<kTaps>([&](int i) { return static_cast<W>(r[iw[i]]); }, ww);
          }, base));
        }
      };
      if (k == 1) {
        row(src, dst, [](auto&& inner, const T* b) { return inner(b); });
      } else if (k == 2) {
        const Taps<W>& th = taps[0];
        const int64_t oh_n = static_cast<int64_t>(th.index.size()) / kTaps;
        for (int64_t oh = 0; oh < oh_n; ++oh) {
          const int64_t* ih = &th.index[oh * kTaps];
          const W* wh = &th.weight[oh * kTaps];
          row(src, dst + oh * ow_n, [&](auto&& inner, const T* b) {
            return Combine<kTaps>([&](int j) { return inner(b + ih[j]); }, wh);
          });
        }
      } else {
        const Taps<W>& td = taps[0];
        const Taps<W>& th = taps[1];
        const int64_t od_n = static_cast<int64_t>(td.index.size()) / kTaps;
        const int64_t oh_n = static_cast<int64_t>(th.index.size()) / kTaps;
        for (int64_t od = 0; od < od_n; ++od) {
          const int64_t* id = &td.index[od * kTaps];
          const W* wd = &td.weight[od * kTaps];
          for (int64_t oh = 0; oh < oh_n; ++oh) {
            const int64_t* ih = &th.index[oh * kTaps];
            const W* wh = &th.weight[oh * kTaps];
            row(src, dst + (od * oh_n + oh) * ow_n, [&](auto&& inner, const T* b) {
              return Combine<kTaps>(
                  [&](int m) {
                    return Combine<kTaps>([&](int j) { return inner(b + id[m] + ih[j]); }, wh);
                  },
                  wd);
            });
          }
        }
      }
    }
  });
}

template <typename T, typename W>
void UpsampleKernel(const Tensor& x, const Tensor& out, int64_t k, UpsampleMode mode,
                    bool align_corners, const std::vector<std::optional<double>>& scales) {
  const int64_t planes = x.size(0) * x.size(1);
  int64_t in_plane = 1, out_plane = 1;
  for (int64_t d = 0; d < k; ++d) {
    in_plane *= x.size(2 + d);
    out_plane *= out.size(2 + d);
  }
  std::vector<Taps<W>> taps;
  int64_t stride = in_plane;
  for (int64_t d = 0; d < k; ++d) {
    stride /= x.size(2 + d);
    taps.push_back(ComputeTaps<W>(mode, x.size(2 + d), out.size(2 + d), stride, align_corners,
                                  scales[d]));
  }
  const T* xd = x.data<T>();
  T* yd = out.data<T>();
  switch (mode) {
    case UpsampleMode::kNearest:
    case UpsampleMode::kNearestExact:
      return UpsamplePlanes<T, W, 1>(xd, yd, planes, in_plane, out_plane, taps);
    case UpsampleMode::kLinear:
      return UpsamplePlanes<T, W, 2>(xd, yd, planes, in_plane, out_plane, taps);
    case UpsampleMode::kCubic:
      return UpsamplePlanes<T, W, 4>(xd, yd, planes, in_plane, out_plane, taps);
  }
}

const char* kDimNames[3][3] = {{"W", "", ""}, {"H", "W", ""}, {"D", "H", "W"}};

}  // namespace

absl::StatusOr<Tensor> Upsample(const Tensor& input, int64_t k, UpsampleMode mode,
                                std::optional<absl::Span<const int64_t>> output_size,
                                bool align_corners,
                                const std::optional<std::vector<double>>& scale_factors) {
  if (output_size.has_value() == scale_factors.has_value()) {
    return RuntimeError("Must specify exactly one of output_size and scale_factors");
  }
  if (input.dim() != k + 2) {
    return RuntimeError(absl::StrCat("It is expected input_size equals to ", k + 2,
                                     ", but got size ", input.dim()));
  }
  Shape out_spatial;
  std::vector<std::optional<double>> scales(k);
  if (output_size.has_value()) {
    if (static_cast<int64_t>(output_size->size()) != k) {
      return RuntimeError(absl::StrCat("It is expected output_size equals to ", k,
                                       ", but got size ", output_size->size()));
    }
    out_spatial.assign(output_size->begin(), output_size->end());
  } else {
    if (static_cast<int64_t>(scale_factors->size()) != k) {
      return RuntimeError(absl::StrCat("It is expected scale_factors equals to ", k,
                                       ", but got size ", scale_factors->size()));
    }
    for (int64_t d = 0; d < k; ++d) {
      scales[d] = (*scale_factors)[d];
      out_spatial.push_back(static_cast<int64_t>(input.size(2 + d) * (*scale_factors)[d]));
    }
  }
  bool positive = true;
  for (int64_t d = 0; d < k; ++d) positive &= input.size(2 + d) > 0 && out_spatial[d] > 0;
  if (!positive) {
    std::vector<std::string> in_parts, out_parts;
    for (int64_t d = 0; d < k; ++d) {
      in_parts.push_back(absl::StrCat(kDimNames[k - 1][d], ": ", input.size(2 + d)));
      out_parts.push_back(absl::StrCat(kDimNames[k - 1][d], ": ", out_spatial[d]));
    }
    return RuntimeError(absl::StrCat(
        "Input and output sizes should be greater than 0, but got input (",
        absl::StrJoin(in_parts, ", "), ") output (", absl::StrJoin(out_parts, ", "), ")"));
  }
  if (input.numel() == 0 && input.size(1) == 0) {
    return RuntimeError(absl::StrCat("Non-empty ", k + 2,
                                     "D data tensor expected but got a tensor with sizes ",
                                     ShapeToString(input.sizes())));
  }
  const bool floating = IsFloating(input.dtype());
  if (!floating) {
    // (PyTorch also takes uint8 for nearest; wick has no uint8.)
    // ATen's dispatch names: a 2-D/3-D input with one channel is also channels-last, and
    // nearest/linear take that kernel for it.
    const bool nearest = mode == UpsampleMode::kNearest || mode == UpsampleMode::kNearestExact;
    std::string name = nearest                         ? "compute_indices_weights_nearest"
                       : mode == UpsampleMode::kLinear ? "compute_indices_weights_linear"
                                                       : "compute_indices_weights_cubic";
    if (k >= 2 && mode != UpsampleMode::kCubic && input.size(1) == 1) {
      const char* linear_names[] = {"", "upsample_bilinear2d", "upsample_trilinear3d"};
      name = absl::StrCat(nearest ? absl::StrCat("upsample_nearest", k, "d")
                                                         : std::string(linear_names[k - 1]),
                          "_channels_last");
    }
    return linalg_internal::NotImplementedFor(name, input.dtype());
  }
  Shape out_sizes = {input.size(0), input.size(1)};
  out_sizes.insert(out_sizes.end(), out_spatial.begin(), out_spatial.end());
  const bool meta = input.is_meta();
  ASSIGN_OR_RETURN(Tensor out, linalg_internal::NewTensor(out_sizes, input.dtype(), meta));
  if (meta || out.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor x, linalg_internal::ContiguousAs(input, input.dtype()));
  VisitDType(input.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      UpsampleKernel<T, T>(x, out, k, mode, align_corners, scales);
    }
  });
  return out;
}

absl::StatusOr<Tensor> UpsampleBackward(const Tensor& grad_output, int64_t k, UpsampleMode mode,
                                        std::optional<absl::Span<const int64_t>> output_size,
                                        absl::Span<const int64_t> input_size,
                                        bool align_corners,
                                        const std::optional<std::vector<double>>& scale_factors) {
  if (static_cast<int64_t>(input_size.size()) != k + 2) {
    return RuntimeError(absl::StrCat("It is expected input_size equals to ", k + 2,
                                     ", but got size ", input_size.size()));
  }
  // The forward's output sizes and scales, as Upsample derives them.
  const bool meta = grad_output.is_meta();
  ASSIGN_OR_RETURN(Tensor probe, Upsample(Tensor::Meta(input_size, grad_output.dtype()), k, mode,
                                          output_size, align_corners, scale_factors));
  if (!std::equal(probe.sizes().begin(), probe.sizes().end(), grad_output.sizes().begin(),
                  grad_output.sizes().end())) {
    return RuntimeError(absl::StrCat("Expected grad_output to have sizes ",
                                     ShapeToString(probe.sizes()), " but got ",
                                     ShapeToString(grad_output.sizes())));
  }
  std::vector<std::optional<double>> scales(k);
  if (scale_factors.has_value()) {
    for (int64_t d = 0; d < k; ++d) scales[d] = (*scale_factors)[d];
  }
  ASSIGN_OR_RETURN(Tensor gin, linalg_internal::NewTensor(Shape(input_size.begin(), input_size.end()),
                                                          grad_output.dtype(), meta));
  if (meta || gin.numel() == 0) return gin;
  ASSIGN_OR_RETURN(Tensor g, linalg_internal::ContiguousAs(grad_output, grad_output.dtype()));
  VisitDType(grad_output.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      const int64_t planes = input_size[0] * input_size[1];
      int64_t in_plane = 1, out_plane = 1;
      for (int64_t d = 0; d < k; ++d) {
        in_plane *= input_size[2 + d];
        out_plane *= g.size(2 + d);
      }
      std::vector<Taps<T>> taps;
      int64_t stride = in_plane;
      for (int64_t d = 0; d < k; ++d) {
        stride /= input_size[2 + d];
        taps.push_back(ComputeTaps<T>(mode, input_size[2 + d], g.size(2 + d), stride,
                                      align_corners, scales[d]));
      }
      const T* gd = g.data<T>();
      T* xd = gin.data<T>();
      std::fill(xd, xd + gin.numel(), T(0));
      // Each output element: every combination of one tap per dim, weight the product.
      std::vector<int64_t> pos(k, 0);
      for (int64_t pl = 0; pl < planes; ++pl) {
        const T* gp = gd + pl * out_plane;
        T* xp = xd + pl * in_plane;
        std::fill(pos.begin(), pos.end(), 0);
        for (int64_t o = 0; o < out_plane; ++o) {
          const T go = gp[o];
          if (k == 1) {
            const Taps<T>& t0 = taps[0];
            for (int a = 0; a < t0.taps; ++a) {
              xp[t0.index[pos[0] * t0.taps + a]] += go * t0.weight[pos[0] * t0.taps + a];
            }
          } else if (k == 2) {
            const Taps<T>& t0 = taps[0];
            const Taps<T>& t1 = taps[1];
            for (int a = 0; a < t0.taps; ++a) {
              const int64_t i0 = t0.index[pos[0] * t0.taps + a];
              const T w0 = go * t0.weight[pos[0] * t0.taps + a];
              for (int b = 0; b < t1.taps; ++b) {
                xp[i0 + t1.index[pos[1] * t1.taps + b]] += w0 * t1.weight[pos[1] * t1.taps + b];
              }
            }
          } else {
            const Taps<T>& t0 = taps[0];
            const Taps<T>& t1 = taps[1];
            const Taps<T>& t2 = taps[2];
            for (int a = 0; a < t0.taps; ++a) {
              const int64_t i0 = t0.index[pos[0] * t0.taps + a];
              const T w0 = go * t0.weight[pos[0] * t0.taps + a];
              for (int b = 0; b < t1.taps; ++b) {
                const int64_t i1 = i0 + t1.index[pos[1] * t1.taps + b];
                const T w1 = w0 * t1.weight[pos[1] * t1.taps + b];
                for (int c = 0; c < t2.taps; ++c) {
                  xp[i1 + t2.index[pos[2] * t2.taps + c]] += w1 * t2.weight[pos[2] * t2.taps + c];
                }
              }
            }
          }
          for (int64_t d = k; d-- > 0;) {  // next output position, innermost dim fastest
            if (++pos[d] < g.size(2 + d)) break;
            pos[d] = 0;
          }
        }
      }
    }
  });
  return gin;
}

}  // namespace wick::tensor
