// PyTorch-identical float32 layer norm (see layer_norm_kernel.h). The build forbids
// floating-point contraction, so every multiply and add below rounds separately unless
// written as an explicit fma, exactly where PyTorch's compiled kernel fuses them (the
// output formula) and nowhere else (the moments).
#include "tensor/ops/linalg/internal/layer_norm_kernel.h"

#include <immintrin.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

#include "tensor/parallel.h"

namespace wick::tensor::linalg_internal {
namespace {

// 256-bit vectors of T (PyTorch's Vectorized<T> on AVX2) and their lane count.
template <typename T>
struct Vec {
  typedef T type __attribute__((vector_size(32)));
  static constexpr int kLanes = 32 / sizeof(T);
};

constexpr int64_t kChunkVecs = 16;  // vectors per Welford chunk
constexpr int kMaxDepth = 48;       // cascade levels: enough for 2^47 chunks

template <typename T>
inline typename Vec<T>::type Load(const T* p) {
  typename Vec<T>::type v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}

// Merges (m0_add, m1_add, m2_add) into (m0, m1, m2): Chan et al.'s parallel Welford step.
// S is the scalar type, M a scalar or a vector of them.
template <typename S, typename M>
inline void AddMoments(int64_t m0_add, const M& m1_add, const M& m2_add, int64_t& m0, M& m1,
                       M& m2) {
  const int64_t n = m0 + m0_add;
  const S c = n == 0 ? S(0) : static_cast<S>(m0_add) / static_cast<S>(n);
  const M delta = m1_add - m1;
  m1 = m1 + c * delta;
  m2 = m2 + (m2_add + delta * delta * c * static_cast<S>(m0));
  m0 = n;
}

// ceil(log2(x)) with PyTorch's floor of 1.
int64_t CeilLog2(int64_t x) {
  if (x <= 2) return 1;
  int64_t bits = 0;
  for (uint64_t y = static_cast<uint64_t>(x) - 1; y != 0; y >>= 1) ++bits;
  return bits;
}

// 1/(j+1) in T, the per-step Welford weights.
template <typename T>
const std::array<T, kChunkVecs>& Reciprocals() {
  static const std::array<T, kChunkVecs> table = [] {
    std::array<T, kChunkVecs> t;
    for (int64_t j = 0; j < kChunkVecs; ++j) t[j] = T(1) / static_cast<T>(j + 1);
    return t;
  }();
  return table;
}

// The moments of R rows at once: the same steps for every row, interleaved so R
// independent dependency chains share the pipeline (one row's Welford updates are a
// serial chain). Each row's arithmetic is exactly RowMomentsFloat's.
template <typename T, int R>
void RowMomentsMulti(const T* const* x, int64_t n, T* mean, T* var) {
  using V = typename Vec<T>::type;
  constexpr int kLanes = Vec<T>::kLanes;
  const int64_t nvec = n / kLanes;
  const int64_t chunks = (nvec + kChunkVecs - 1) / kChunkVecs;
  const int64_t depth = std::min<int64_t>(CeilLog2(chunks), kMaxDepth);
  int64_t m0_stk[kMaxDepth];
  V m1_stk[kMaxDepth][R], m2_stk[kMaxDepth][R];
  for (int64_t d = 0; d < depth; ++d) {
    m0_stk[d] = 0;
    for (int r = 0; r < R; ++r) m1_stk[d][r] = m2_stk[d][r] = V{};
  }
  const std::array<T, kChunkVecs>& c = Reciprocals<T>();
  for (int64_t i = 0; i < chunks; ++i) {
    const int64_t base = i * kChunkVecs * kLanes;
    const int64_t count = std::min(kChunkVecs, nvec - i * kChunkVecs);
    V m1[R] = {}, m2[R] = {};
    for (int64_t j = 0; j < count; ++j) {
      const V cj = V{} + c[j];
      _Pragma("GCC unroll 4") for (int r = 0; r < R; ++r) {
        const V v = Load(x[r] + base + j * kLanes);
        const V delta = v - m1[r];
        m1[r] = m1[r] + delta * cj;
        m2[r] = m2[r] + delta * (v - m1[r]);
      }
    }
    // Every row has the same counts, so the stack of counts is shared.
    int64_t m0 = m0_stk[0];
    for (int r = 0; r < R; ++r) {
      m0 = m0_stk[0];
      AddMoments<T, V>(count, m1[r], m2[r], m0, m1_stk[0][r], m2_stk[0][r]);
    }
    m0_stk[0] = m0;
    int64_t mask = i + 1;
    for (int64_t j = 1; j < depth && (mask & 1) == 0; ++j) {
      int64_t m0j = m0_stk[j];
      for (int r = 0; r < R; ++r) {
        m0j = m0_stk[j];
        AddMoments<T, V>(m0_stk[j - 1], m1_stk[j - 1][r], m2_stk[j - 1][r], m0j, m1_stk[j][r],
                         m2_stk[j][r]);
        m1_stk[j - 1][r] = V{};
        m2_stk[j - 1][r] = V{};
      }
      m0_stk[j] = m0j;
      m0_stk[j - 1] = 0;
      mask >>= 1;
    }
  }
  for (int64_t i = 1; i < depth; ++i) {
    int64_t m0 = m0_stk[0];
    for (int r = 0; r < R; ++r) {
      m0 = m0_stk[0];
      AddMoments<T, V>(m0_stk[i], m1_stk[i][r], m2_stk[i][r], m0, m1_stk[0][r], m2_stk[0][r]);
    }
    m0_stk[0] = m0;
  }
  for (int r = 0; r < R; ++r) {
    alignas(32) T m1_lanes[kLanes], m2_lanes[kLanes];
    std::memcpy(m1_lanes, &m1_stk[0][r], sizeof(m1_lanes));
    std::memcpy(m2_lanes, &m2_stk[0][r], sizeof(m2_lanes));
    int64_t m0 = 0;
    T m1 = 0, m2 = 0;
    for (int64_t i = nvec * kLanes; i < n; ++i) {
      const T v = x[r][i];
      const T delta = v - m1;
      ++m0;
      m1 = m1 + delta / static_cast<T>(m0);
      m2 = m2 + delta * (v - m1);
    }
    for (int lane = 0; lane < kLanes; ++lane) {
      AddMoments<T, T>(nvec, m1_lanes[lane], m2_lanes[lane], m0, m1, m2);
    }
    mean[r] = m1;
    var[r] = m2 / static_cast<T>(n);
  }
}

// The AVX intrinsic vector type for T.
template <typename T>
struct Intrin;
template <>
struct Intrin<float> {
  typedef __m256 type;
};
template <>
struct Intrin<double> {
  typedef __m256d type;
};

inline __m256 Fma(__m256 a, __m256 b, __m256 c) { return _mm256_fmadd_ps(a, b, c); }
inline __m256d Fma(__m256d a, __m256d b, __m256d c) { return _mm256_fmadd_pd(a, b, c); }

// y = fma(fma(x, rstd, -rstd * mean), w, b) over one row.
template <typename T>
void NormalizeRow(const T* xr, T* yr, int64_t cols, T mean, T var, const T* w, const T* b, T eps) {
  using I = typename Intrin<T>::type;
  constexpr int kLanes = Vec<T>::kLanes;
  const T rstd = T(1) / std::sqrt(var + eps);
  const T bias = -rstd * mean;
  auto load = [](const T* p) {
    I v;
    std::memcpy(&v, p, sizeof(v));
    return v;
  };
  auto splat = [](T x) {  // Vec<T>::kLanes, not the local: clang 14 wants it captured
    alignas(32) T lanes[Vec<T>::kLanes];
    for (int i = 0; i < Vec<T>::kLanes; ++i) lanes[i] = x;
    I v;
    std::memcpy(&v, lanes, sizeof(v));
    return v;
  };
  const I vs = splat(rstd), vb = splat(bias), one = splat(T(1)), zero = splat(T(0));
  int64_t j = 0;
  for (; j + kLanes <= cols; j += kLanes) {
    const I t = Fma(load(xr + j), vs, vb);
    const I y = Fma(t, w != nullptr ? load(w + j) : one, b != nullptr ? load(b + j) : zero);
    std::memcpy(yr + j, &y, sizeof(y));
  }
  for (; j < cols; ++j) {
    yr[j] = std::fma(std::fma(xr[j], rstd, bias), w != nullptr ? w[j] : T(1),
                     b != nullptr ? b[j] : T(0));
  }
}

// Every row of x, four at a time.
template <typename T>
void LayerNormRowsImpl(const T* x, T* y, int64_t rows, int64_t cols, const T* w, const T* b,
                       T eps) {
  constexpr int kRows = 4;
  ParallelFor(0, rows, std::max<int64_t>(kRows, kParallelGrain / std::max<int64_t>(cols, 1)),
              [&](int64_t lo, int64_t hi) {
                int64_t r = lo;
                for (; r + kRows <= hi; r += kRows) {
                  const T* xs[kRows];
                  T mean[kRows], var[kRows];
                  for (int i = 0; i < kRows; ++i) xs[i] = x + (r + i) * cols;
                  RowMomentsMulti<T, kRows>(xs, cols, mean, var);
                  for (int i = 0; i < kRows; ++i) {
                    NormalizeRow(xs[i], y + (r + i) * cols, cols, mean[i], var[i], w, b, eps);
                  }
                }
                for (; r < hi; ++r) {
                  const T* xr = x + r * cols;
                  T mean, var;
                  RowMomentsMulti<T, 1>(&xr, cols, &mean, &var);
                  NormalizeRow(xr, y + r * cols, cols, mean, var, w, b, eps);
                }
              });
}

}  // namespace

std::pair<float, float> RowMomentsFloat(const float* x, int64_t n) {
  float mean, var;
  RowMomentsMulti<float, 1>(&x, n, &mean, &var);
  return {mean, var};
}

std::pair<float, float> RowMoments(const float* x, int64_t n) { return RowMomentsFloat(x, n); }

std::pair<double, double> RowMoments(const double* x, int64_t n) {
  double mean, var;
  RowMomentsMulti<double, 1>(&x, n, &mean, &var);
  return {mean, var};
}

void LayerNormRows(const float* x, float* y, int64_t rows, int64_t cols, const float* w,
                   const float* b, float eps) {
  LayerNormRowsImpl<float>(x, y, rows, cols, w, b, eps);
}

void LayerNormRows(const double* x, double* y, int64_t rows, int64_t cols, const double* w,
                   const double* b, double eps) {
  LayerNormRowsImpl<double>(x, y, rows, cols, w, b, eps);
}

}  // namespace wick::tensor::linalg_internal
