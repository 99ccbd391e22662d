// Max, average and adaptive pooling over 1-3 trailing spatial dims with PyTorch 1.13's
// output-size rule (pooling_output_shape, ceil_mode), padding/divisor semantics and
// argument messages. Plain loops over planes (N*C), parallel across planes: pooling is
// memory-bound and oneDNN's plain-layout pooling is no faster here.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "absl/base/optimization.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/conv/conv.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/parallel.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using linalg_internal::AnyMeta;
using linalg_internal::ContiguousAs;
using linalg_internal::NewTensor;

std::string List(IntSpan v) { return absl::StrCat("[", absl::StrJoin(v, ", "), "]"); }

// PyTorch's pooling_output_shape.
absl::StatusOr<int64_t> PoolOut(int64_t in, int64_t k, int64_t pad, int64_t stride,
                                int64_t dil, bool ceil) {
  if (stride == 0) return RuntimeError("stride should not be zero");
  if (pad < 0) return RuntimeError(absl::StrCat("pad must be non-negative, but got pad: ", pad));
  if (pad > k / 2) {
    return RuntimeError(absl::StrCat("pad should be at most half of kernel size, but got pad=",
                                     pad, " and kernel_size=", k));
  }
  const int64_t num = in + 2 * pad - dil * (k - 1) - 1 + (ceil ? stride - 1 : 0);
  // Floor division (rounds toward -inf, as div_rtn).
  int64_t q = num / stride;
  if ((num % stride != 0) && ((num < 0) != (stride < 0))) --q;
  int64_t out = q + 1;
  if (ceil && (out - 1) * stride >= in + pad) --out;
  return out;
}

absl::StatusOr<Shape> Fit(IntSpan v, int spatial, absl::string_view op,
                          absl::string_view what, bool allow_empty) {
  if (v.empty() && allow_empty) return Shape(0, 0);
  if (v.size() == 1) return Shape(spatial, v[0]);
  if (static_cast<int>(v.size()) != spatial) {
    static const char* kCount[] = {"", "one", "two", "three"};
    return RuntimeError(absl::StrCat(op, ": ", what, " must either be a single int, or a tuple of ",
                                     kCount[spatial], " ints"));
  }
  return Shape(v.begin(), v.end());
}

// Pool geometry padded to three spatial dims (leading unit dims).
struct Pool3 {
  int64_t planes = 1;
  std::array<int64_t, 3> in{1, 1, 1}, out{1, 1, 1}, k{1, 1, 1}, s{1, 1, 1}, p{0, 0, 0},
      d{1, 1, 1};
};

struct Checked {
  Shape out_sizes;
  Pool3 geo;
};

std::string Joined(IntSpan v) { return absl::StrJoin(v, "x"); }

// The shared checks of max/avg pooling (pool2d_shape_check & co.); `max` selects the
// max-pool message variants.
absl::StatusOr<Checked> CheckPool(const Tensor& input, const PoolOptions& o, int spatial,
                                  absl::string_view op, bool max) {
  const int64_t nd = input.dim();
  ASSIGN_OR_RETURN(Shape k, Fit(o.kernel, spatial, op, "kernel_size", false));
  ASSIGN_OR_RETURN(Shape s, Fit(o.stride, spatial, op, "stride", true));
  if (s.empty()) s = k;
  ASSIGN_OR_RETURN(Shape p, Fit(o.padding, spatial, op, "padding", false));
  Shape d(spatial, 1);
  if (max) {
    ASSIGN_OR_RETURN(d, Fit(o.dilation, spatial, op, "dilation", false));
  }
  if (spatial == 1) {
    // max_pool1d's own checks (avg_pool1d runs as avg_pool2d, after its dim check).
    if (max) {
      if (nd != 2 && nd != 3) {
        return RuntimeError(absl::StrCat(
            "max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim batch size "
            "for input, but got:",
            List(input.sizes())));
      }
      if (k[0] <= 0) {
        return RuntimeError(
            absl::StrCat("max_pool1d() kernel_size must be greater than zero, but got ", k[0]));
      }
      if (s[0] <= 0) {
        return RuntimeError(
            absl::StrCat("max_pool1d() stride must be greater than zero, but got ", s[0]));
      }
      if (p[0] < 0) {
        return RuntimeError(
            absl::StrCat("max_pool1d() padding must be non-negative, but got ", p[0]));
      }
      if (p[0] > k[0] / 2) {
        return RuntimeError(absl::StrCat(
            "max_pool1d() padding should be at most half of kernel size, but got padding=", p[0],
            " and kernel_size=", k[0]));
      }
      if (d[0] <= 0) {
        return RuntimeError(
            absl::StrCat("max_pool1d() dilation must be greater than zero, but got ", d[0]));
      }
    } else if (nd != 2 && nd != 3) {
      return RuntimeError(absl::StrCat(
          "Expected 2 to 3 dimensions, but got ", nd,
          "-dimensional tensor for argument #1 'self' (while checking arguments for ", op,
          ")"));
    }
  } else if (max && nd != spatial + 1 && nd != spatial + 2) {
    return RuntimeError(absl::StrCat("non-empty ", spatial + 1, "D or ", spatial + 2,
                                     "D (batch mode) tensor expected for input"));
  }
  if (nd < spatial + 1) {
    // avg_pool2d on a 1-D/2-D tensor fails in its size(-3) read, as PyTorch's does.
    return IndexError(absl::StrCat("Dimension out of range (expected to be in range of [",
                                   -nd, ", ", nd - 1, "], but got ", -(spatial + 1), ")"));
  }
  Checked c;
  Pool3& g = c.geo;
  Shape out_sp;
  for (int i = 0; i < spatial; ++i) {
    const int64_t in = input.size(nd - spatial + i);
    ASSIGN_OR_RETURN(int64_t out, PoolOut(in, k[i], p[i], s[i], d[i], o.ceil_mode));
    out_sp.push_back(out);
  }
  if (spatial > 1) {
    bool k_ok = true, s_ok = true, d_ok = true;
    for (int i = 0; i < spatial; ++i) {
      k_ok = k_ok && k[i] > 0;
      s_ok = s_ok && s[i] > 0;
      d_ok = d_ok && d[i] > 0;
    }
    auto named = [&](absl::string_view a, absl::string_view b, IntSpan v) {
      return absl::StrCat(a, ": ", v[0], " ", b, ": ", v[1]);
    };
    if (!k_ok) {
      return RuntimeError("kernel size should be greater than zero, but got " +
                          named("kH", "kW", k));
    }
    if (!s_ok) {
      return RuntimeError("stride should be greater than zero, but got " + named("dH", "dW", s));
    }
    if (!d_ok) {
      return RuntimeError("dilation should be greater than zero, but got " +
                          named("dilationH", "dilationW", d));
    }
    bool dims_ok = true;
    for (int64_t i = 1; i < nd; ++i) dims_ok = dims_ok && input.size(i) != 0;
    if (nd == spatial + 1) dims_ok = dims_ok && input.size(0) != 0;
    if (!dims_ok) {
      return RuntimeError(absl::StrCat(
          "Expected ", spatial + 1, "D or ", spatial + 2,
          "D (batch mode) tensor with optional 0 dim batch size for input, but got:",
          List(input.sizes())));
    }
  }
  bool out_ok = true;
  for (int64_t v : out_sp) out_ok = out_ok && v >= 1;
  if (!out_ok && !(spatial == 1 && max)) {
    const int64_t planes_dim = nd - spatial - 1;
    Shape in_desc = {input.size(planes_dim)}, out_desc = {input.size(planes_dim)};
    if (spatial == 1) {
      // avg_pool1d runs as avg_pool2d over a unit height.
      in_desc.push_back(1);
      out_desc.push_back(1);
    }
    for (int i = 0; i < spatial; ++i) {
      in_desc.push_back(input.size(nd - spatial + i));
      out_desc.push_back(out_sp[i]);
    }
    return RuntimeError(absl::StrCat("Given input size: (", Joined(in_desc),
                                     "). Calculated output size: (", Joined(out_desc),
                                     "). Output size is too small"));
  }
  c.out_sizes.assign(input.sizes().begin(), input.sizes().end() - spatial);
  for (int64_t v : out_sp) c.out_sizes.push_back(std::max<int64_t>(v, 0));
  for (int64_t i = 0; i < nd - spatial; ++i) g.planes *= input.size(i);
  for (int i = 0; i < spatial; ++i) {
    const int j = 3 - spatial + i;
    g.in[j] = input.size(nd - spatial + i);
    g.out[j] = std::max<int64_t>(out_sp[i], 0);
    g.k[j] = k[i];
    g.s[j] = s[i];
    g.p[j] = p[i];
    g.d[j] = d[i];
  }
  return c;
}

// The taps k in [lo, hi) of one window dim whose input index o*s - p + k*d is in
// [0, in): bounds computed once per output, so the inner loops check nothing.
inline void TapRange(int64_t o, int64_t in, int64_t k, int64_t s, int64_t p, int64_t d,
                     int64_t* lo, int64_t* hi) {
  const int64_t start = o * s - p;
  *lo = start < 0 ? (-start + d - 1) / d : 0;
  *hi = start >= in ? 0 : std::min(k, (in - start + d - 1) / d);
}

// Without `idx` (kIndices false) the window's maximum alone: the same value, with no
// index bookkeeping in the inner loop.
template <typename T, bool kIndices>
void MaxLoops(const T* x, T* y, int64_t* idx, const Pool3& g) {
  const int64_t in_plane = g.in[0] * g.in[1] * g.in[2];
  const int64_t out_plane = g.out[0] * g.out[1] * g.out[2];
  ParallelFor(0, g.planes, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(out_plane, 1)),
              [&](int64_t b, int64_t e) {
    std::vector<int64_t> w_lo(g.out[2]), w_hi(g.out[2]);
    for (int64_t ow = 0; ow < g.out[2]; ++ow) {
      TapRange(ow, g.in[2], g.k[2], g.s[2], g.p[2], g.d[2], &w_lo[ow], &w_hi[ow]);
    }
    for (int64_t pl = b; pl < e; ++pl) {
      const T* src = x + pl * in_plane;
      int64_t o = pl * out_plane;
      for (int64_t od = 0; od < g.out[0]; ++od) {
        int64_t d_lo, d_hi;
        TapRange(od, g.in[0], g.k[0], g.s[0], g.p[0], g.d[0], &d_lo, &d_hi);
        for (int64_t oh = 0; oh < g.out[1]; ++oh) {
          int64_t h_lo, h_hi;
          TapRange(oh, g.in[1], g.k[1], g.s[1], g.p[1], g.d[1], &h_lo, &h_hi);
          for (int64_t ow = 0; ow < g.out[2]; ++ow, ++o) {
            // PyTorch's rule: start at -inf with the window's first cell, then take any
            // larger value or any NaN (so the last NaN's index wins).
            T best = -std::numeric_limits<T>::infinity();
            [[maybe_unused]] int64_t best_i = -1;
            [[maybe_unused]] bool nan_seen = false;  // without indices: the last NaN wins
            [[maybe_unused]] T nan_value = 0;
            for (int64_t kd = d_lo; kd < d_hi; ++kd) {
              const int64_t id = od * g.s[0] - g.p[0] + kd * g.d[0];
              for (int64_t kh = h_lo; kh < h_hi; ++kh) {
                const int64_t row = (id * g.in[1] + oh * g.s[1] - g.p[1] + kh * g.d[1]) * g.in[2];
                const int64_t w0 = ow * g.s[2] - g.p[2];
                for (int64_t kw = w_lo[ow]; kw < w_hi[ow]; ++kw) {
                  const int64_t i = row + w0 + kw * g.d[2];
                  const T v = src[i];
                  if constexpr (kIndices) {
                    if (best_i < 0) best_i = i;
                    if (v > best || std::isnan(v)) {
                      best = v;
                      best_i = i;
                    }
                  } else {
                    // A maxss without a data-dependent branch; a NaN (rare) is kept aside.
                    best = v > best ? v : best;
                    if (ABSL_PREDICT_FALSE(std::isnan(v))) {
                      nan_seen = true;
                      nan_value = v;
                    }
                  }
                }
              }
            }
            if constexpr (kIndices) {
              y[o] = best;
              idx[o] = best_i < 0 ? 0 : best_i;
            } else {
              y[o] = nan_seen ? nan_value : best;
            }
          }
        }
      }
    }
  });
}

// One average-pooling window, clipped to the input: its bounds per dim, how many input
// elements it covers, and the divisor (the padded window size, the covered count without
// count_include_pad, or the override).
struct AvgWindow {
  std::array<int64_t, 3> lo, hi;
  int64_t valid = 1;
  int64_t divisor = 1;
};
AvgWindow WindowAt(const Pool3& g, std::array<int64_t, 3> at, bool count_include_pad,
                   std::optional<int64_t> divisor) {
  AvgWindow w;
  int64_t pool_size = 1;
  for (int j = 0; j < 3; ++j) {
    w.lo[j] = at[j] * g.s[j] - g.p[j];
    w.hi[j] = std::min(w.lo[j] + g.k[j], g.in[j] + g.p[j]);
    pool_size *= w.hi[j] - w.lo[j];
    w.lo[j] = std::max<int64_t>(w.lo[j], 0);
    w.hi[j] = std::min(w.hi[j], g.in[j]);
    w.valid *= std::max<int64_t>(w.hi[j] - w.lo[j], 0);
  }
  w.divisor = divisor.has_value() ? *divisor : (count_include_pad ? pool_size : w.valid);
  return w;
}

template <typename T>
void AvgLoops(const T* x, T* y, const Pool3& g, bool count_include_pad,
              std::optional<int64_t> divisor) {
  using Acc = std::conditional_t<std::is_same_v<T, float>, float, T>;
  const int64_t in_plane = g.in[0] * g.in[1] * g.in[2];
  const int64_t out_plane = g.out[0] * g.out[1] * g.out[2];
  ParallelFor(0, g.planes, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(out_plane, 1)),
              [&](int64_t b, int64_t e) {
    for (int64_t pl = b; pl < e; ++pl) {
      const T* src = x + pl * in_plane;
      int64_t o = pl * out_plane;
      for (int64_t od = 0; od < g.out[0]; ++od)
        for (int64_t oh = 0; oh < g.out[1]; ++oh)
          for (int64_t ow = 0; ow < g.out[2]; ++ow, ++o) {
            const AvgWindow w = WindowAt(g, {od, oh, ow}, count_include_pad, divisor);
            const auto& lo = w.lo;
            const auto& hi = w.hi;
            if (w.valid == 0) {
              y[o] = T(0);
              continue;
            }
            Acc sum = 0;
            for (int64_t id = lo[0]; id < hi[0]; ++id)
              for (int64_t ih = lo[1]; ih < hi[1]; ++ih)
                for (int64_t iw = lo[2]; iw < hi[2]; ++iw) {
                  sum += src[(id * g.in[1] + ih) * g.in[2] + iw];
                }
            y[o] = static_cast<T>(sum / static_cast<Acc>(w.divisor));
          }
    }
  });
}

// Adaptive windows: [floor(o*I/O), ceil((o+1)*I/O)).
inline int64_t AStart(int64_t o, int64_t in, int64_t out) { return (o * in) / out; }
inline int64_t AEnd(int64_t o, int64_t in, int64_t out) {
  return ((o + 1) * in + out - 1) / out;
}

absl::StatusOr<Pool3> CheckAdaptive(const Tensor& input, IntSpan output_size, int spatial,
                                    absl::string_view op, bool max, Shape* out_sizes) {
  const int64_t nd = input.dim();
  if (spatial == 1) {
    if (nd != 2 && nd != 3) {
      return RuntimeError(absl::StrCat(
          "Expected 2 to 3 dimensions, but got ", nd,
          "-dimensional tensor for argument #1 'self' (while checking arguments for ", op,
          ")"));
    }
  }
  // One entry stands for all (the binding may hand an int over as a one-element list).
  if (output_size.size() != 1 && static_cast<int>(output_size.size()) != spatial) {
    return RuntimeError(absl::StrCat(op, ": output_size must be ", spatial));
  }
  const Shape sizes = output_size.size() == 1 ? Shape(spatial, output_size[0])
                                              : Shape(output_size.begin(), output_size.end());
  output_size = sizes;
  if (spatial == 2) {
    if (nd != 3 && nd != 4) {
      return RuntimeError(absl::StrCat(op, "(): Expected 3D or 4D tensor, but got",
                                       max ? ": " : " ", List(input.sizes())));
    }
  }
  for (int64_t i = 1; i < nd; ++i) {
    if (input.size(i) == 0) {
      return RuntimeError(absl::StrCat(
          op, "(): Expected input to have non-zero size for non-batch dimensions, but input "
              "has sizes ",
          List(input.sizes()), " with dimension ", i, " being empty"));
    }
  }
  for (int64_t v : output_size) {
    if (v < 0) {
      return RuntimeError(absl::StrCat(
          op, ": elements of output_size must be greater than or equal to 0 but received {",
          absl::StrJoin(output_size, ", "), "}"));
    }
  }
  Pool3 g;
  out_sizes->assign(input.sizes().begin(), input.sizes().end() - spatial);
  for (int64_t i = 0; i < nd - spatial; ++i) g.planes *= input.size(i);
  for (int i = 0; i < spatial; ++i) {
    const int j = 3 - spatial + i;
    g.in[j] = input.size(nd - spatial + i);
    g.out[j] = output_size[i];
    out_sizes->push_back(output_size[i]);
  }
  return g;
}

absl::Status RequireFloat(const Tensor& t, absl::string_view kernel) {
  if (!IsFloating(t.dtype())) return linalg_internal::NotImplementedFor(kernel, t.dtype());
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::pair<Tensor, Tensor>> MaxPool(const Tensor& input, const PoolOptions& o,
                                                  int spatial, absl::string_view op,
                                                  bool with_indices) {
  ASSIGN_OR_RETURN(Checked c, CheckPool(input, o, spatial, op, /*max=*/true));
  if (spatial == 1 || IsIntegral(input.dtype(), true)) {
    RETURN_IF_ERROR(RequireFloat(input, spatial == 1 ? "max_pool1d_impl" : op));
  }
  const bool meta = input.is_meta();
  ASSIGN_OR_RETURN(Tensor out, NewTensor(c.out_sizes, input.dtype(), meta));
  Tensor idx;
  if (with_indices) {
    ASSIGN_OR_RETURN(idx, NewTensor(c.out_sizes, DType::kInt64, meta));
  }
  if (meta || out.numel() == 0) return std::make_pair(out, idx);
  ASSIGN_OR_RETURN(Tensor x, ContiguousAs(input, input.dtype()));
  auto run = [&]<typename T>() {
    if (with_indices) {
      MaxLoops<T, true>(x.data<T>(), out.data<T>(), idx.data<int64_t>(), c.geo);
    } else {
      MaxLoops<T, false>(x.data<T>(), out.data<T>(), nullptr, c.geo);
    }
  };
  if (input.dtype() == DType::kFloat32) {
    run.template operator()<float>();
  } else {
    run.template operator()<double>();
  }
  return std::make_pair(out, idx);
}

absl::StatusOr<Tensor> AvgPool(const Tensor& input, const PoolOptions& o, int spatial,
                               absl::string_view op) {
  ASSIGN_OR_RETURN(Checked c, CheckPool(input, o, spatial, op, /*max=*/false));
  if (o.divisor_override.has_value() && *o.divisor_override == 0) {
    return RuntimeError("divisor must be not zero");
  }
  const bool meta = input.is_meta();
  ASSIGN_OR_RETURN(Tensor out, NewTensor(c.out_sizes, input.dtype(), meta));
  if (meta || out.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor x, ContiguousAs(input, input.dtype()));
  absl::Status status = absl::OkStatus();
  VisitDType(input.dtype(), [&]<typename T>() {
    if constexpr (std::is_same_v<T, bool>) {
      status = linalg_internal::NotImplementedFor(op, input.dtype());
    } else {
      AvgLoops(x.data<T>(), out.data<T>(), c.geo, o.count_include_pad, o.divisor_override);
    }
  });
  RETURN_IF_ERROR(status);
  return out;
}

absl::StatusOr<Tensor> AvgPoolBackward(const Tensor& grad_output, IntSpan input_size,
                                       const PoolOptions& o, int spatial, absl::string_view op) {
  const Tensor shape = Tensor::Meta(input_size, grad_output.dtype());
  ASSIGN_OR_RETURN(Checked c, CheckPool(shape, o, spatial, op, /*max=*/false));
  if (!std::equal(c.out_sizes.begin(), c.out_sizes.end(), grad_output.sizes().begin(),
                  grad_output.sizes().end())) {
    return RuntimeError(absl::StrCat(op, ": grad_output has sizes ", List(grad_output.sizes()),
                                     " where the pooled input has ", List(c.out_sizes)));
  }
  const bool meta = grad_output.is_meta();
  ASSIGN_OR_RETURN(Tensor gin, NewTensor(Shape(input_size.begin(), input_size.end()),
                                         grad_output.dtype(), meta));
  if (meta || gin.numel() == 0) return gin;
  ASSIGN_OR_RETURN(Tensor gy, ContiguousAs(grad_output, grad_output.dtype()));
  const Pool3& g = c.geo;
  VisitDType(grad_output.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      const int64_t in_plane = g.in[0] * g.in[1] * g.in[2];
      const int64_t out_plane = g.out[0] * g.out[1] * g.out[2];
      ParallelFor(0, g.planes, 1, [&](int64_t b, int64_t e) {
        for (int64_t pl = b; pl < e; ++pl) {
          T* dst = gin.data<T>() + pl * in_plane;
          std::fill(dst, dst + in_plane, T(0));
          const T* gp = gy.data<T>() + pl * out_plane;
          int64_t o_idx = 0;
          for (int64_t od = 0; od < g.out[0]; ++od)
            for (int64_t oh = 0; oh < g.out[1]; ++oh)
              for (int64_t ow = 0; ow < g.out[2]; ++ow, ++o_idx) {
                const AvgWindow w =
                    WindowAt(g, {od, oh, ow}, o.count_include_pad, o.divisor_override);
                if (w.valid == 0) continue;
                const T share = gp[o_idx] / static_cast<T>(w.divisor);
                for (int64_t id = w.lo[0]; id < w.hi[0]; ++id)
                  for (int64_t ih = w.lo[1]; ih < w.hi[1]; ++ih)
                    for (int64_t iw = w.lo[2]; iw < w.hi[2]; ++iw) {
                      dst[(id * g.in[1] + ih) * g.in[2] + iw] += share;
                    }
              }
        }
      });
    }
  });
  return gin;
}

absl::StatusOr<Tensor> AdaptiveAvgPool(const Tensor& input, IntSpan output_size, int spatial,
                                       absl::string_view op) {
  Shape out_sizes;
  ASSIGN_OR_RETURN(Pool3 g, CheckAdaptive(input, output_size, spatial, op, false, &out_sizes));
  RETURN_IF_ERROR(RequireFloat(input, spatial == 1 ? "adaptive_avg_pool2d" : op));
  const bool meta = input.is_meta();
  ASSIGN_OR_RETURN(Tensor out, NewTensor(out_sizes, input.dtype(), meta));
  if (meta || out.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor x, ContiguousAs(input, input.dtype()));
  VisitDType(input.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      const T* xp = x.data<T>();
      T* yp = out.data<T>();
      const int64_t in_plane = g.in[0] * g.in[1] * g.in[2];
      const int64_t out_plane = g.out[0] * g.out[1] * g.out[2];
      ParallelFor(0, g.planes, 1, [&](int64_t b, int64_t e) {
        for (int64_t pl = b; pl < e; ++pl) {
          const T* src = xp + pl * in_plane;
          int64_t o = pl * out_plane;
          for (int64_t od = 0; od < g.out[0]; ++od)
            for (int64_t oh = 0; oh < g.out[1]; ++oh)
              for (int64_t ow = 0; ow < g.out[2]; ++ow, ++o) {
                const int64_t d0 = AStart(od, g.in[0], g.out[0]), d1 = AEnd(od, g.in[0], g.out[0]);
                const int64_t h0 = AStart(oh, g.in[1], g.out[1]), h1 = AEnd(oh, g.in[1], g.out[1]);
                const int64_t w0 = AStart(ow, g.in[2], g.out[2]), w1 = AEnd(ow, g.in[2], g.out[2]);
                T sum = 0;
                for (int64_t id = d0; id < d1; ++id)
                  for (int64_t ih = h0; ih < h1; ++ih)
                    for (int64_t iw = w0; iw < w1; ++iw) sum += src[(id * g.in[1] + ih) * g.in[2] + iw];
                yp[o] = sum / static_cast<T>((d1 - d0) * (h1 - h0) * (w1 - w0));
              }
        }
      });
    }
  });
  return out;
}

absl::StatusOr<Tensor> AdaptiveAvgPoolBackward(const Tensor& grad_output, const Tensor& input,
                                               int spatial, absl::string_view op) {
  Shape out_sizes;
  const IntSpan gs = grad_output.sizes();
  if (grad_output.dim() != input.dim() || grad_output.dim() < spatial) {
    return RuntimeError(absl::StrCat(op, ": grad_output and self must have the same rank"));
  }
  const Shape output_size(gs.end() - spatial, gs.end());
  ASSIGN_OR_RETURN(Pool3 g, CheckAdaptive(input, output_size, spatial, op, false, &out_sizes));
  if (!std::equal(out_sizes.begin(), out_sizes.end(), gs.begin(), gs.end())) {
    return RuntimeError(absl::StrCat(op, ": grad_output has sizes ", List(gs),
                                     " where the pooled self has ", List(out_sizes)));
  }
  RETURN_IF_ERROR(RequireFloat(input, op));
  const bool meta = input.is_meta() || grad_output.is_meta();
  ASSIGN_OR_RETURN(Tensor out, NewTensor(input.sizes(), grad_output.dtype(), meta));
  if (meta || out.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor gy, ContiguousAs(grad_output, grad_output.dtype()));
  VisitDType(grad_output.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      const T* gp = gy.data<T>();
      T* xp = out.data<T>();
      const int64_t in_plane = g.in[0] * g.in[1] * g.in[2];
      const int64_t out_plane = g.out[0] * g.out[1] * g.out[2];
      ParallelFor(0, g.planes, 1, [&](int64_t b, int64_t e) {
        for (int64_t pl = b; pl < e; ++pl) {
          T* dst = xp + pl * in_plane;
          std::fill(dst, dst + in_plane, T(0));
          int64_t o = pl * out_plane;
          for (int64_t od = 0; od < g.out[0]; ++od)
            for (int64_t oh = 0; oh < g.out[1]; ++oh)
              for (int64_t ow = 0; ow < g.out[2]; ++ow, ++o) {
                const int64_t d0 = AStart(od, g.in[0], g.out[0]), d1 = AEnd(od, g.in[0], g.out[0]);
                const int64_t h0 = AStart(oh, g.in[1], g.out[1]), h1 = AEnd(oh, g.in[1], g.out[1]);
                const int64_t w0 = AStart(ow, g.in[2], g.out[2]), w1 = AEnd(ow, g.in[2], g.out[2]);
                const T share = gp[o] / static_cast<T>((d1 - d0) * (h1 - h0) * (w1 - w0));
                for (int64_t id = d0; id < d1; ++id)
                  for (int64_t ih = h0; ih < h1; ++ih)
                    for (int64_t iw = w0; iw < w1; ++iw) dst[(id * g.in[1] + ih) * g.in[2] + iw] += share;
              }
        }
      });
    }
  });
  return out;
}

absl::StatusOr<std::pair<Tensor, Tensor>> AdaptiveMaxPool(const Tensor& input,
                                                          IntSpan output_size, int spatial,
                                                          absl::string_view op) {
  Shape out_sizes;
  ASSIGN_OR_RETURN(Pool3 g, CheckAdaptive(input, output_size, spatial, op, true, &out_sizes));
  RETURN_IF_ERROR(RequireFloat(input, op));
  const bool meta = input.is_meta();
  ASSIGN_OR_RETURN(Tensor out, NewTensor(out_sizes, input.dtype(), meta));
  ASSIGN_OR_RETURN(Tensor idx, NewTensor(out_sizes, DType::kInt64, meta));
  if (meta || out.numel() == 0) return std::make_pair(out, idx);
  ASSIGN_OR_RETURN(Tensor x, ContiguousAs(input, input.dtype()));
  VisitDType(input.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      const T* xp = x.data<T>();
      T* yp = out.data<T>();
      int64_t* ip = idx.data<int64_t>();
      const int64_t in_plane = g.in[0] * g.in[1] * g.in[2];
      const int64_t out_plane = g.out[0] * g.out[1] * g.out[2];
      ParallelFor(0, g.planes, 1, [&](int64_t b, int64_t e) {
        for (int64_t pl = b; pl < e; ++pl) {
          const T* src = xp + pl * in_plane;
          int64_t o = pl * out_plane;
          for (int64_t od = 0; od < g.out[0]; ++od)
            for (int64_t oh = 0; oh < g.out[1]; ++oh)
              for (int64_t ow = 0; ow < g.out[2]; ++ow, ++o) {
                const int64_t d0 = AStart(od, g.in[0], g.out[0]), d1 = AEnd(od, g.in[0], g.out[0]);
                const int64_t h0 = AStart(oh, g.in[1], g.out[1]), h1 = AEnd(oh, g.in[1], g.out[1]);
                const int64_t w0 = AStart(ow, g.in[2], g.out[2]), w1 = AEnd(ow, g.in[2], g.out[2]);
                T best = -std::numeric_limits<T>::infinity();
                int64_t best_i = -1;
                for (int64_t id = d0; id < d1; ++id)
                  for (int64_t ih = h0; ih < h1; ++ih)
                    for (int64_t iw = w0; iw < w1; ++iw) {
                      const int64_t i = (id * g.in[1] + ih) * g.in[2] + iw;
                      const T v = src[i];
                      if (best_i < 0) best_i = i;
                      if (v > best || std::isnan(v)) {  // the last NaN wins, as in PyTorch
                        best = v;
                        best_i = i;
                      }
                    }
                yp[o] = best;
                ip[o] = best_i < 0 ? 0 : best_i;
              }
        }
      });
    }
  });
  return std::make_pair(out, idx);
}

}  // namespace wick::tensor
