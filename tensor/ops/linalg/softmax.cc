// softmax and log_softmax for float32/float64, vectorized with AVX2 and SLEEF.
//
// The kernels follow PyTorch 1.13's CPU kernels step by step: along the last dim one
// vector accumulator, its lane order in the horizontal reduction, SLEEF's u10 exp/log and
// the same multiply-by-reciprocal; along other dims vectors across the inner dim with
// scalar expf for the leftover columns. float32 and float64 results match PyTorch's bit
// for bit (checked against Debian's PyTorch 1.13).
//
// Large float32 softmax along the last dim runs on oneDNN's AVX-512 softmax_v2 instead
// (~2.5x faster, ~1e-7 relative off PyTorch), followed by a scan that restores PyTorch's
// all-NaN rows (oneDNN returns [nan, 0, 0] for a row holding +inf or NaN). log_softmax
// never does: oneDNN's is ~1e-6 off PyTorch's, beyond the parity tolerance.
#include <immintrin.h>
#include <sleef.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/kernels/dnnl_adapter.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/ops/linalg/linalg.h"
#include "tensor/parallel.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using linalg_internal::NotImplementedFor;

// 256-bit vectors of T with the operations PyTorch's Vectorized<T> provides.
template <typename T>
struct Simd;

template <>
struct Simd<float> {
  using V = __m256;
  static constexpr int kLanes = 8;
  static V Load(const float* p) { return _mm256_loadu_ps(p); }
  static void Store(float* p, V v) { _mm256_storeu_ps(p, v); }
  static V Set1(float x) { return _mm256_set1_ps(x); }
  static V Add(V a, V b) { return _mm256_add_ps(a, b); }
  static V Sub(V a, V b) { return _mm256_sub_ps(a, b); }
  static V Mul(V a, V b) { return _mm256_mul_ps(a, b); }
  static V Div(V a, V b) { return _mm256_div_ps(a, b); }
  // NaN-propagating maximum (all-ones lanes are NaN), as Vectorized<float>::maximum.
  static V Max(V a, V b) {
    return _mm256_or_ps(_mm256_max_ps(a, b), _mm256_cmp_ps(a, b, _CMP_UNORD_Q));
  }
  static V Exp(V v) { return Sleef_expf8_u10avx2(v); }
  static V Log(V v) { return Sleef_logf8_u10avx2(v); }
  // Full reduction in the lane order of PyTorch's AVX2 vec_reduce_all<float>: halves,
  // then pairs of pairs, then neighbours.
  template <typename Op>
  static float ReduceAll(V v, Op op) {
    v = op(v, _mm256_permute2f128_ps(v, v, 0x1));
    v = op(v, _mm256_shuffle_ps(v, v, 0x4E));
    v = op(v, _mm256_shuffle_ps(v, v, 0xB1));
    return _mm256_cvtss_f32(v);
  }
};

template <>
struct Simd<double> {
  using V = __m256d;
  static constexpr int kLanes = 4;
  static V Load(const double* p) { return _mm256_loadu_pd(p); }
  static void Store(double* p, V v) { _mm256_storeu_pd(p, v); }
  static V Set1(double x) { return _mm256_set1_pd(x); }
  static V Add(V a, V b) { return _mm256_add_pd(a, b); }
  static V Sub(V a, V b) { return _mm256_sub_pd(a, b); }
  static V Mul(V a, V b) { return _mm256_mul_pd(a, b); }
  static V Div(V a, V b) { return _mm256_div_pd(a, b); }
  static V Max(V a, V b) {
    return _mm256_or_pd(_mm256_max_pd(a, b), _mm256_cmp_pd(a, b, _CMP_UNORD_Q));
  }
  static V Exp(V v) { return Sleef_expd4_u10avx2(v); }
  static V Log(V v) { return Sleef_logd4_u10avx2(v); }
  // PyTorch has no AVX2 special case for double: lanes reduce in order.
  template <typename Op>
  static double ReduceAll(V v, Op op) {
    alignas(32) double lanes[4];
    _mm256_store_pd(lanes, v);
    V acc = v;
    for (int i = 1; i < 4; ++i) acc = op(acc, _mm256_setr_pd(lanes[i], 0, 0, 0));
    return _mm256_cvtsd_f64(acc);
  }
};

// Vectorized<T>::loadu(p, n): the first n lanes, zeros after.
template <typename T>
typename Simd<T>::V LoadPartial(const T* p, int64_t n) {
  alignas(32) T buf[Simd<T>::kLanes] = {};
  std::memcpy(buf, p, n * sizeof(T));
  return Simd<T>::Load(buf);
}

template <typename T>
void StorePartial(T* p, typename Simd<T>::V v, int64_t n) {
  alignas(32) T buf[Simd<T>::kLanes];
  Simd<T>::Store(buf, v);
  std::memcpy(p, buf, n * sizeof(T));
}

// Vectorized<T>::set(a, b, n): the first n lanes of b, the rest of a.
template <typename T>
typename Simd<T>::V Blend(typename Simd<T>::V a, typename Simd<T>::V b, int64_t n) {
  alignas(32) T x[Simd<T>::kLanes], y[Simd<T>::kLanes];
  Simd<T>::Store(x, a);
  Simd<T>::Store(y, b);
  for (int64_t i = 0; i < n; ++i) x[i] = y[i];
  return Simd<T>::Load(x);
}

// vec::map_reduce_all: reduce(map(x)) over n elements with one vector accumulator.
template <typename T, typename Map, typename Red>
T MapReduceAll(const T* x, int64_t n, Map map, Red red) {
  using S = Simd<T>;
  constexpr int L = S::kLanes;
  typename S::V acc;
  if (n < L) {
    // Fewer elements than lanes: PyTorch folds the valid lanes into lane 0 in order.
    alignas(32) T lanes[L];
    S::Store(lanes, map(LoadPartial(x, n)));
    acc = S::Load(lanes);
    for (int64_t i = 1; i < n; ++i) {
      alignas(32) T next[L] = {};
      next[0] = lanes[i];
      acc = red(acc, S::Load(next));
    }
    alignas(32) T out[L];
    S::Store(out, acc);
    return out[0];
  }
  acc = map(S::Load(x));
  int64_t d = L;
  for (; d < n - (n % L); d += L) acc = red(acc, map(S::Load(x + d)));
  if (n - d > 0) acc = Blend<T>(acc, red(acc, map(LoadPartial(x + d, n - d))), n - d);
  return S::ReduceAll(acc, red);
}

// y = map(x) over n elements (vec::map).
template <typename T, typename Map>
void MapInto(const T* x, T* y, int64_t n, Map map) {
  using S = Simd<T>;
  constexpr int L = S::kLanes;
  int64_t d = 0;
  for (; d + L <= n; d += L) S::Store(y + d, map(S::Load(x + d)));
  if (d < n) StorePartial(y + d, map(LoadPartial(x + d, n - d)), n - d);
}

// y = map(x), returning reduce(y) in MapReduceAll's order: one pass instead of a map
// pass and a reduce pass over y, with the same result bit for bit.
template <typename T, typename Map, typename Red>
T MapStoreReduceAll(const T* x, T* y, int64_t n, Map map, Red red) {
  using S = Simd<T>;
  constexpr int L = S::kLanes;
  if (n < L) {
    MapInto<T>(x, y, n, map);
    return MapReduceAll<T>(
        y, n, [](typename S::V v) { return v; }, red);
  }
  typename S::V acc = map(S::Load(x));
  S::Store(y, acc);
  int64_t d = L;
  for (; d < n - (n % L); d += L) {
    const typename S::V v = map(S::Load(x + d));
    S::Store(y + d, v);
    acc = red(acc, v);
  }
  if (n - d > 0) {
    const typename S::V v = map(LoadPartial(x + d, n - d));
    StorePartial(y + d, v, n - d);
    acc = Blend<T>(acc, red(acc, v), n - d);
  }
  return S::ReduceAll(acc, red);
}

// One row along the last dim.
template <typename T, bool kLog>
void SoftmaxRow(const T* x, T* y, int64_t n) {
  using S = Simd<T>;
  using V = typename S::V;
  const auto identity = [](V v) { return v; };
  const auto vmax = [](V a, V b) { return S::Max(a, b); };
  const auto vadd = [](V a, V b) { return S::Add(a, b); };
  const T max = MapReduceAll<T>(x, n, identity, vmax);
  const V vmax_in = S::Set1(max);
  if constexpr (kLog) {
    const T sum = MapReduceAll<T>(
        x, n, [&](V v) { return S::Exp(S::Sub(v, vmax_in)); }, vadd);
    alignas(32) T lanes[S::kLanes] = {};
    lanes[0] = sum;
    S::Store(lanes, S::Log(S::Load(lanes)));
    const V vlog = S::Set1(lanes[0]);
    MapInto<T>(x, y, n, [&](V v) { return S::Sub(S::Sub(v, vmax_in), vlog); });
  } else {
    const T sum = MapStoreReduceAll<T>(
        x, y, n, [&](V v) { return S::Exp(S::Sub(v, vmax_in)); }, vadd);
    const V vinv = S::Set1(T(1) / sum);
    MapInto<T>(y, y, n, [&](V v) { return S::Mul(v, vinv); });
  }
}

// A [n, inner] block reduced along n, vectorized across `inner` like PyTorch's kernels
// (each column sees the same operations in the same order); columns go in chunks so the
// rows of a chunk stay in cache, and the last inner % lanes columns take scalar exp.
template <typename T, bool kLog>
void SoftmaxColumns(const T* x, T* y, int64_t n, int64_t inner) {
  using S = Simd<T>;
  using V = typename S::V;
  constexpr int L = S::kLanes;
  constexpr int64_t kChunkVecs = 32;
  const int64_t vec_end = inner - inner % L;
  V vmax[kChunkVecs], vsum[kChunkVecs];
  for (int64_t j0 = 0; j0 < vec_end; j0 += kChunkVecs * L) {
    const int64_t nv = std::min<int64_t>(kChunkVecs, (vec_end - j0) / L);
    for (int64_t v = 0; v < nv; ++v) vmax[v] = S::Load(x + j0 + v * L);
    for (int64_t d = 1; d < n; ++d) {
      const T* row = x + d * inner + j0;
      for (int64_t v = 0; v < nv; ++v) vmax[v] = S::Max(vmax[v], S::Load(row + v * L));
    }
    for (int64_t v = 0; v < nv; ++v) vsum[v] = S::Set1(0);
    for (int64_t d = 0; d < n; ++d) {
      const T* row = x + d * inner + j0;
      T* out = y + d * inner + j0;
      for (int64_t v = 0; v < nv; ++v) {
        const V e = S::Exp(S::Sub(S::Load(row + v * L), vmax[v]));
        if constexpr (!kLog) S::Store(out + v * L, e);
        vsum[v] = S::Add(vsum[v], e);
      }
    }
    if constexpr (kLog) {
      for (int64_t v = 0; v < nv; ++v) vsum[v] = S::Log(vsum[v]);
    }
    for (int64_t d = 0; d < n; ++d) {
      const T* row = x + d * inner + j0;
      T* out = y + d * inner + j0;
      for (int64_t v = 0; v < nv; ++v) {
        if constexpr (kLog) {
          S::Store(out + v * L, S::Sub(S::Sub(S::Load(row + v * L), vmax[v]), vsum[v]));
        } else {
          S::Store(out + v * L, S::Div(S::Load(out + v * L), vsum[v]));
        }
      }
    }
  }
  for (int64_t j = vec_end; j < inner; ++j) {
    T max = x[j];
    bool nan = std::isnan(max);
    for (int64_t d = 1; d < n; ++d) {
      const T v = x[d * inner + j];
      nan |= std::isnan(v);
      max = std::max(max, v);
    }
    if (nan) max = NAN;
    T sum = 0;
    for (int64_t d = 0; d < n; ++d) {
      const T e = std::exp(x[d * inner + j] - max);
      if constexpr (!kLog) y[d * inner + j] = e;
      sum += e;
    }
    if constexpr (kLog) {
      // PyTorch takes the log of all its column sums with its vector log, tail included.
      alignas(32) T lanes[L];
      S::Store(lanes, S::Log(S::Set1(sum)));
      const T lsum = lanes[0];
      for (int64_t d = 0; d < n; ++d) y[d * inner + j] = x[d * inner + j] - max - lsum;
    } else {
      for (int64_t d = 0; d < n; ++d) y[d * inner + j] = y[d * inner + j] / sum;
    }
  }
}

template <typename T, bool kLog>
void RunSoftmax(const T* x, T* y, int64_t outer, int64_t n, int64_t inner) {
  const int64_t work = std::max<int64_t>(n * inner, 1);
  ParallelFor(0, outer, std::max<int64_t>(1, kParallelGrain / work), [&](int64_t lo, int64_t hi) {
    for (int64_t o = lo; o < hi; ++o) {
      if (inner == 1) {
        SoftmaxRow<T, kLog>(x + o * n, y + o * n, n);
      } else {
        SoftmaxColumns<T, kLog>(x + o * n * inner, y + o * n * inner, n, inner);
      }
    }
  });
}

// float32 softmax along the last dim with at least this many elements goes to oneDNN;
// smaller ones, the kind programs print, keep the bit-exact kernel.
constexpr int64_t kDnnlSoftmaxMinElements = 16384;

// Whether a row is one PyTorch makes all-NaN: it holds a NaN or a +inf, or nothing but
// -inf. Four independent accumulators keep the scan at load throughput.
bool SpecialRow(const float* x, int64_t n) {
  __m256 m0 = _mm256_set1_ps(-INFINITY), m1 = m0, m2 = m0, m3 = m0;
  __m256 u0 = _mm256_setzero_ps(), u1 = u0, u2 = u0, u3 = u0;
  int64_t j = 0;
  for (; j + 32 <= n; j += 32) {
    const __m256 v0 = _mm256_loadu_ps(x + j), v1 = _mm256_loadu_ps(x + j + 8);
    const __m256 v2 = _mm256_loadu_ps(x + j + 16), v3 = _mm256_loadu_ps(x + j + 24);
    m0 = _mm256_max_ps(m0, v0), m1 = _mm256_max_ps(m1, v1);
    m2 = _mm256_max_ps(m2, v2), m3 = _mm256_max_ps(m3, v3);
    u0 = _mm256_or_ps(u0, _mm256_cmp_ps(v0, v0, _CMP_UNORD_Q));
    u1 = _mm256_or_ps(u1, _mm256_cmp_ps(v1, v1, _CMP_UNORD_Q));
    u2 = _mm256_or_ps(u2, _mm256_cmp_ps(v2, v2, _CMP_UNORD_Q));
    u3 = _mm256_or_ps(u3, _mm256_cmp_ps(v3, v3, _CMP_UNORD_Q));
  }
  alignas(32) float m[8], u[8];
  _mm256_store_ps(m, _mm256_max_ps(_mm256_max_ps(m0, m1), _mm256_max_ps(m2, m3)));
  _mm256_store_ps(u, _mm256_or_ps(_mm256_or_ps(u0, u1), _mm256_or_ps(u2, u3)));
  float max = -INFINITY;
  bool any_nan = false;
  for (int k = 0; k < 8; ++k) {
    max = std::max(max, m[k]);
    any_nan |= u[k] != 0;  // all-ones lanes are NaN, which compares unequal to zero
  }
  for (; j < n; ++j) {
    any_nan |= std::isnan(x[j]);
    max = std::max(max, x[j]);
  }
  return any_nan || std::isinf(max);
}

void NanSpecialRows(const float* x, float* y, int64_t rows, int64_t n) {
  ParallelFor(0, rows, std::max<int64_t>(1, kParallelGrain / n), [&](int64_t lo, int64_t hi) {
    for (int64_t r = lo; r < hi; ++r) {
      if (SpecialRow(x + r * n, n)) std::fill(y + r * n, y + (r + 1) * n, NAN);
    }
  });
}

absl::Status DnnlSoftmax(const float* x, float* y, int64_t rows, int64_t n) {
  using dnnl::memory;
  const kernels::PrimitiveKey key = {3, rows, n};
  ASSIGN_OR_RETURN(
      auto prim,
      kernels::DnnlPrimitiveCache::Get().GetOrCreate(
          key, [&](kernels::DnnlPd& pd) -> dnnl::primitive_desc {
            const memory::desc md({rows, n}, memory::data_type::f32, memory::dims{n, 1});
            pd.args = {{DNNL_ARG_SRC, md}, {DNNL_ARG_DST, md}};
            return dnnl::softmax_v2_forward::primitive_desc(
                dnnl::softmax_v2_forward::desc(dnnl::prop_kind::forward_inference,
                                               dnnl::algorithm::softmax_accurate, md, md, 1),
                pd.attr, **kernels::DnnlEngine());
          }));
  const std::pair<int, const void*> args[] = {{DNNL_ARG_SRC, x}, {DNNL_ARG_DST, y}};
  RETURN_IF_ERROR(kernels::DnnlExecute(*prim, args));
  NanSpecialRows(x, y, rows, n);
  return absl::OkStatus();
}

absl::StatusOr<Tensor> SoftmaxImpl(const Tensor& self, int64_t dim, std::optional<DType> dtype,
                                   bool log) {
  ASSIGN_OR_RETURN(const int64_t d, linalg_internal::WrapDimOrIndexError(dim, self.dim()));
  const DType out_dtype = dtype.value_or(self.dtype());
  if (self.numel() == 0) {
    return linalg_internal::NewTensor(self.sizes(), out_dtype, self.is_meta());
  }
  if (!IsFloating(out_dtype)) {
    const bool lastdim = self.dim() == 0 || d == self.dim() - 1;
    return NotImplementedFor(
        lastdim ? (log ? "log_softmax_lastdim_kernel_impl" : "softmax_lastdim_kernel_impl")
                : "softmax_kernel_impl",
        out_dtype);
  }
  ASSIGN_OR_RETURN(Tensor out, linalg_internal::NewTensor(self.sizes(), out_dtype, self.is_meta()));
  if (out.is_meta()) return out;
  ASSIGN_OR_RETURN(Tensor x, linalg_internal::ContiguousAs(self, out_dtype));
  const int64_t n = self.dim() == 0 ? 1 : self.size(d);
  const int64_t outer = Numel(self.sizes().subspan(0, d));
  const int64_t inner = self.dim() == 0 ? 1 : Numel(self.sizes().subspan(d + 1));
  if (out_dtype == DType::kFloat32 && !log && inner == 1 &&
      self.numel() >= kDnnlSoftmaxMinElements) {
    absl::Status s = DnnlSoftmax(x.data<float>(), out.data<float>(), outer, n);
    if (s.ok()) return out;
    if (s.code() != absl::StatusCode::kUnimplemented) return s;
  }
  if (out_dtype == DType::kFloat32) {
    if (log)
      RunSoftmax<float, true>(x.data<float>(), out.data<float>(), outer, n, inner);
    else
      RunSoftmax<float, false>(x.data<float>(), out.data<float>(), outer, n, inner);
  } else {
    if (log)
      RunSoftmax<double, true>(x.data<double>(), out.data<double>(), outer, n, inner);
    else
      RunSoftmax<double, false>(x.data<double>(), out.data<double>(), outer, n, inner);
  }
  return out;
}

}  // namespace

absl::StatusOr<Tensor> Softmax(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  return SoftmaxImpl(self, dim, dtype, false);
}

absl::StatusOr<Tensor> LogSoftmax(const Tensor& self, int64_t dim, std::optional<DType> dtype) {
  return SoftmaxImpl(self, dim, dtype, true);
}

}  // namespace wick::tensor
