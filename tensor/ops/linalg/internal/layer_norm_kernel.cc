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

typedef float V8 __attribute__((vector_size(32)));

constexpr int kLanes = 8;
constexpr int64_t kChunkVecs = 16;  // vectors per Welford chunk
constexpr int kMaxDepth = 48;       // cascade levels: enough for 2^47 chunks

inline V8 Load(const float* p) {
  V8 v;
  std::memcpy(&v, p, sizeof(v));
  return v;
}
inline V8 Splat(float x) { return V8{} + x; }

// Merges (m0_add, m1_add, m2_add) into (m0, m1, m2): Chan et al.'s parallel Welford step.
template <typename T>
inline void AddMoments(int64_t m0_add, const T& m1_add, const T& m2_add, int64_t& m0, T& m1,
                       T& m2) {
  const int64_t n = m0 + m0_add;
  const float c = n == 0 ? 0.0f : static_cast<float>(m0_add) / static_cast<float>(n);
  const T delta = m1_add - m1;
  m1 = m1 + c * delta;
  m2 = m2 + (m2_add + delta * delta * c * static_cast<float>(m0));
  m0 = n;
}

// ceil(log2(x)) with PyTorch's floor of 1.
int64_t CeilLog2(int64_t x) {
  if (x <= 2) return 1;
  int64_t bits = 0;
  for (uint64_t y = static_cast<uint64_t>(x) - 1; y != 0; y >>= 1) ++bits;
  return bits;
}

// 1/(j+1) in float, the per-step Welford weights.
const std::array<float, kChunkVecs>& Reciprocals() {
  static const std::array<float, kChunkVecs> table = [] {
    std::array<float, kChunkVecs> t;
    for (int64_t j = 0; j < kChunkVecs; ++j) t[j] = 1.0f / static_cast<float>(j + 1);
    return t;
  }();
  return table;
}

}  // namespace

std::pair<float, float> RowMomentsFloat(const float* x, int64_t n) {
  const int64_t nvec = n / kLanes;
  const int64_t chunks = (nvec + kChunkVecs - 1) / kChunkVecs;
  const int64_t depth = std::min<int64_t>(CeilLog2(chunks), kMaxDepth);
  int64_t m0_stk[kMaxDepth] = {};
  V8 m1_stk[kMaxDepth] = {}, m2_stk[kMaxDepth] = {};
  const std::array<float, kChunkVecs>& c = Reciprocals();
  for (int64_t i = 0; i < chunks; ++i) {
    const float* p = x + i * kChunkVecs * kLanes;
    const int64_t count = std::min(kChunkVecs, nvec - i * kChunkVecs);
    V8 m1 = {}, m2 = {};
    for (int64_t j = 0; j < count; ++j) {
      const V8 v = Load(p + j * kLanes);
      const V8 delta = v - m1;
      m1 = m1 + delta * Splat(c[j]);
      m2 = m2 + delta * (v - m1);
    }
    AddMoments<V8>(count, m1, m2, m0_stk[0], m1_stk[0], m2_stk[0]);
    // Binary-counter cascade: merge equal-sized partial results as chunks complete.
    int64_t mask = i + 1;
    for (int64_t j = 1; j < depth && (mask & 1) == 0; ++j) {
      AddMoments<V8>(m0_stk[j - 1], m1_stk[j - 1], m2_stk[j - 1], m0_stk[j], m1_stk[j],
                     m2_stk[j]);
      m0_stk[j - 1] = 0;
      m1_stk[j - 1] = V8{};
      m2_stk[j - 1] = V8{};
      mask >>= 1;
    }
  }
  for (int64_t i = 1; i < depth; ++i) {
    AddMoments<V8>(m0_stk[i], m1_stk[i], m2_stk[i], m0_stk[0], m1_stk[0], m2_stk[0]);
  }
  alignas(32) float m1_lanes[kLanes], m2_lanes[kLanes];
  std::memcpy(m1_lanes, &m1_stk[0], sizeof(m1_lanes));
  std::memcpy(m2_lanes, &m2_stk[0], sizeof(m2_lanes));
  int64_t m0 = 0;
  float m1 = 0, m2 = 0;
  for (int64_t i = nvec * kLanes; i < n; ++i) {
    const float v = x[i];
    const float delta = v - m1;
    ++m0;
    m1 = m1 + delta / static_cast<float>(m0);
    m2 = m2 + delta * (v - m1);
  }
  for (int lane = 0; lane < kLanes; ++lane) {
    AddMoments<float>(nvec, m1_lanes[lane], m2_lanes[lane], m0, m1, m2);
  }
  return {m1, m2 / static_cast<float>(n)};
}

void LayerNormFloatRows(const float* x, float* y, int64_t rows, int64_t cols, const float* w,
                        const float* b, float eps) {
  ParallelFor(0, rows, std::max<int64_t>(1, kParallelGrain / std::max<int64_t>(cols, 1)),
              [&](int64_t lo, int64_t hi) {
                for (int64_t r = lo; r < hi; ++r) {
                  const float* xr = x + r * cols;
                  float* yr = y + r * cols;
                  const auto [mean, var] = RowMomentsFloat(xr, cols);
                  const float rstd = 1.0f / std::sqrt(var + eps);
                  const float bias = -rstd * mean;
                  const __m256 vs = _mm256_set1_ps(rstd), vb = _mm256_set1_ps(bias);
                  const __m256 one = _mm256_set1_ps(1.0f), zero = _mm256_setzero_ps();
                  int64_t j = 0;
                  for (; j + kLanes <= cols; j += kLanes) {
                    const __m256 t = _mm256_fmadd_ps(_mm256_loadu_ps(xr + j), vs, vb);
                    const __m256 g = w != nullptr ? _mm256_loadu_ps(w + j) : one;
                    const __m256 s = b != nullptr ? _mm256_loadu_ps(b + j) : zero;
                    _mm256_storeu_ps(yr + j, _mm256_fmadd_ps(t, g, s));
                  }
                  for (; j < cols; ++j) {
                    yr[j] = std::fma(std::fma(xr[j], rstd, bias), w != nullptr ? w[j] : 1.0f,
                                     b != nullptr ? b[j] : 0.0f);
                  }
                }
              });
}

}  // namespace wick::tensor::linalg_internal
