// Row softmax and layer_norm with AVX-512F. See row_kernels.h.
#include "codegen/internal/row_kernels.h"

#include <algorithm>
#include <cmath>

#include "tensor/kernels/simd.h"
#include "tensor/parallel.h"

namespace wick::codegen::internal {
namespace {

using ::wick::tensor::kernels::HasAvx512;
using ::wick::tensor::kernels::TailMask;

// exp(d) for d <= 0 or NaN (a softmax's x - max): d below -110 gives 0 (so does -inf),
// NaN stays NaN. n = round(d / ln2), r = d - n ln2 in two steps (Cody-Waite), e^r by its
// Taylor polynomial of degree 6 on |r| <= ln2 / 2 (relative error 1.2e-7), times 2^n.
WICK_AVX512_INLINE __m512 ExpNonPositive(__m512 d) {
  d = _mm512_max_ps(_mm512_set1_ps(-110.f), d);  // vmaxps: NaN in the second operand stays
  const __m512 n = _mm512_roundscale_ps(_mm512_mul_ps(d, _mm512_set1_ps(1.44269504f)),
                                        _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m512 r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0.693145752f), d);  // ln2, high bits
  r = _mm512_fnmadd_ps(n, _mm512_set1_ps(1.42860682e-06f), r);      // ln2 - high bits
  __m512 p = _mm512_set1_ps(1.f / 720);
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f / 120));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f / 24));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f / 6));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(0.5f));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(1.f));
  return _mm512_scalef_ps(p, n);
}

WICK_AVX512 void SoftmaxRow(const float* x, float* y, int64_t n) {
  const __m512 lowest = _mm512_set1_ps(-__builtin_inff());
  __m512 m0 = lowest, m1 = lowest;
  int64_t j = 0;
  for (; j + 32 <= n; j += 32) {
    m0 = _mm512_max_ps(_mm512_loadu_ps(x + j), m0);
    m1 = _mm512_max_ps(_mm512_loadu_ps(x + j + 16), m1);
  }
  for (; j < n; j += 16) {
    m0 = _mm512_max_ps(_mm512_mask_loadu_ps(lowest, TailMask(n - j), x + j), m0);
  }
  // NaNs are skipped here (vmaxps returns its second operand); x - max brings them back.
  const __m512 max = _mm512_set1_ps(_mm512_reduce_max_ps(_mm512_max_ps(m0, m1)));
  __m512 s0 = _mm512_setzero_ps(), s1 = _mm512_setzero_ps();
  for (j = 0; j + 32 <= n; j += 32) {
    const __m512 e0 = ExpNonPositive(_mm512_sub_ps(_mm512_loadu_ps(x + j), max));
    const __m512 e1 = ExpNonPositive(_mm512_sub_ps(_mm512_loadu_ps(x + j + 16), max));
    _mm512_storeu_ps(y + j, e0);
    _mm512_storeu_ps(y + j + 16, e1);
    s0 = _mm512_add_ps(s0, e0);
    s1 = _mm512_add_ps(s1, e1);
  }
  for (; j < n; j += 16) {
    const __mmask16 m = TailMask(n - j);
    const __m512 e = ExpNonPositive(_mm512_sub_ps(_mm512_maskz_loadu_ps(m, x + j), max));
    _mm512_mask_storeu_ps(y + j, m, e);
    s0 = _mm512_mask_add_ps(s0, m, s0, e);
  }
  const __m512 inv = _mm512_set1_ps(1.f / _mm512_reduce_add_ps(_mm512_add_ps(s0, s1)));
  for (j = 0; j + 16 <= n; j += 16) {
    _mm512_storeu_ps(y + j, _mm512_mul_ps(_mm512_loadu_ps(y + j), inv));
  }
  if (j < n) {
    const __mmask16 m = TailMask(n - j);
    _mm512_mask_storeu_ps(y + j, m, _mm512_mul_ps(_mm512_maskz_loadu_ps(m, y + j), inv));
  }
}

// log_softmax: y = x - max - log(sum(exp(x - max))), PyTorch's formula. exp(0) is exactly
// 1 (so a row whose other entries underflow gives exactly 0), a NaN anywhere makes the
// sum and so the whole row NaN, and so does +inf (inf - inf) or a row of -inf.
WICK_AVX512 void LogSoftmaxRow(const float* x, float* y, int64_t n) {
  const __m512 lowest = _mm512_set1_ps(-__builtin_inff());
  __m512 m0 = lowest;
  int64_t j = 0;
  for (; j + 16 <= n; j += 16) m0 = _mm512_max_ps(_mm512_loadu_ps(x + j), m0);
  if (j < n) m0 = _mm512_max_ps(_mm512_mask_loadu_ps(lowest, TailMask(n - j), x + j), m0);
  const float max = _mm512_reduce_max_ps(m0);
  const __m512 vmax = _mm512_set1_ps(max);
  __m512 s0 = _mm512_setzero_ps(), s1 = _mm512_setzero_ps();
  for (j = 0; j + 32 <= n; j += 32) {
    s0 = _mm512_add_ps(s0, ExpNonPositive(_mm512_sub_ps(_mm512_loadu_ps(x + j), vmax)));
    s1 = _mm512_add_ps(s1, ExpNonPositive(_mm512_sub_ps(_mm512_loadu_ps(x + j + 16), vmax)));
  }
  for (; j < n; j += 16) {
    const __mmask16 m = TailMask(n - j);
    const __m512 e = ExpNonPositive(_mm512_sub_ps(_mm512_maskz_loadu_ps(m, x + j), vmax));
    s0 = _mm512_mask_add_ps(s0, m, s0, e);
  }
  const float sum = _mm512_reduce_add_ps(_mm512_add_ps(s0, s1));
  // (x - max) - log(sum), in PyTorch's order.
  const __m512 log_sum = _mm512_set1_ps(std::log(sum));
  for (j = 0; j + 16 <= n; j += 16) {
    _mm512_storeu_ps(y + j, _mm512_sub_ps(_mm512_sub_ps(_mm512_loadu_ps(x + j), vmax), log_sum));
  }
  if (j < n) {
    const __mmask16 m = TailMask(n - j);
    const __m512 d = _mm512_sub_ps(_mm512_maskz_loadu_ps(m, x + j), vmax);
    _mm512_mask_storeu_ps(y + j, m, _mm512_sub_ps(d, log_sum));
  }
}

// The sums over a row of `n` floats of d = v - c and of d * d, v its vectors: two
// accumulators each, a masked tail (masked lanes are left out).
WICK_AVX512_INLINE void SumDeviations(const float* x, int64_t n, __m512 c, float* sum,
                                      float* sum_sq) {
  __m512 s0 = _mm512_setzero_ps(), s1 = s0, q0 = s0, q1 = s0;
  int64_t j = 0;
  for (; j + 32 <= n; j += 32) {
    const __m512 d0 = _mm512_sub_ps(_mm512_loadu_ps(x + j), c);
    const __m512 d1 = _mm512_sub_ps(_mm512_loadu_ps(x + j + 16), c);
    s0 = _mm512_add_ps(s0, d0);
    s1 = _mm512_add_ps(s1, d1);
    q0 = _mm512_fmadd_ps(d0, d0, q0);
    q1 = _mm512_fmadd_ps(d1, d1, q1);
  }
  for (; j < n; j += 16) {
    const __mmask16 m = TailMask(n - j);
    const __m512 d = _mm512_maskz_sub_ps(m, _mm512_maskz_loadu_ps(m, x + j), c);
    s0 = _mm512_add_ps(s0, d);
    q0 = _mm512_fmadd_ps(d, d, q0);
  }
  *sum = _mm512_reduce_add_ps(_mm512_add_ps(s0, s1));
  *sum_sq = _mm512_reduce_add_ps(_mm512_add_ps(q0, q1));
}

template <bool kWeight, bool kBias>
WICK_AVX512 void LayerNormRow(const float* x, const float* w, const float* b, float eps,
                              float* y, int64_t n) {
  // A first mean, then the deviations from it: their mean corrects the first one (whose
  // float sum is off by an ulp of the values' size, 6e-5 for values near 1000), and
  // var = E[d^2] - E[d]^2 (the corrected two-pass algorithm).
  const float nf = static_cast<float>(n);
  float sum = 0, sum_sq = 0;
  SumDeviations(x, n, _mm512_setzero_ps(), &sum, &sum_sq);
  const __m512 first = _mm512_set1_ps(sum / nf);
  SumDeviations(x, n, first, &sum, &sum_sq);
  const float shift = sum / nf;
  const float var = std::max(sum_sq / nf - shift * shift, 0.f);
  const __m512 vmean = _mm512_add_ps(first, _mm512_set1_ps(shift));
  const __m512 rstd = _mm512_set1_ps(1.f / std::sqrt(var + eps));
  auto norm = [&](__m512 v, int64_t j, __mmask16 m) WICK_AVX512_LAMBDA {
    __m512 r = _mm512_mul_ps(_mm512_sub_ps(v, vmean), rstd);
    if constexpr (kWeight) r = _mm512_mul_ps(r, _mm512_maskz_loadu_ps(m, w + j));
    if constexpr (kBias) r = _mm512_add_ps(r, _mm512_maskz_loadu_ps(m, b + j));
    return r;
  };
  int64_t j = 0;
  for (; j + 16 <= n; j += 16) _mm512_storeu_ps(y + j, norm(_mm512_loadu_ps(x + j), j, 0xFFFF));
  if (j < n) {
    const __mmask16 m = TailMask(n - j);
    _mm512_mask_storeu_ps(y + j, m, norm(_mm512_maskz_loadu_ps(m, x + j), j, m));
  }
}


// Rows [0, rows) of `cols` floats through row(r) and then the epilogue, in parallel.
template <typename Row>
void ForEachRow(int64_t rows, int64_t cols, float* y, const PointwiseProgram* epilogue,
                Row row) {
  if (cols <= 0) return;
  const int64_t grain = std::max<int64_t>(1, tensor::kParallelGrain / cols);
  tensor::ParallelFor(0, rows, grain, [&](int64_t lo, int64_t hi) {
    for (int64_t r = lo; r < hi; ++r) {
      row(r);
      if (epilogue == nullptr) continue;
      float* yr = y + r * cols;
      const float* in[] = {yr};
      epilogue->Run(in, yr);  // one thread: OpenMP does not nest
    }
  });
}

}  // namespace

bool HasRowKernels() { return HasAvx512(); }

void RowSoftmax(const float* x, float* y, int64_t rows, int64_t cols,
                const PointwiseProgram* epilogue) {
  ForEachRow(rows, cols, y, epilogue,
             [&](int64_t r) { SoftmaxRow(x + r * cols, y + r * cols, cols); });
}

void RowLogSoftmax(const float* x, float* y, int64_t rows, int64_t cols,
                   const PointwiseProgram* epilogue) {
  ForEachRow(rows, cols, y, epilogue,
             [&](int64_t r) { LogSoftmaxRow(x + r * cols, y + r * cols, cols); });
}

void RowLayerNorm(const float* x, const float* w, const float* b, float eps, float* y,
                  int64_t rows, int64_t cols, const PointwiseProgram* epilogue) {
  auto run = [&](auto row) {
    ForEachRow(rows, cols, y, epilogue,
               [&](int64_t r) { row(x + r * cols, w, b, eps, y + r * cols, cols); });
  };
  if (w != nullptr && b != nullptr) return run(LayerNormRow<true, true>);
  if (w != nullptr) return run(LayerNormRow<true, false>);
  if (b != nullptr) return run(LayerNormRow<false, true>);
  run(LayerNormRow<false, false>);
}

}  // namespace wick::codegen::internal
