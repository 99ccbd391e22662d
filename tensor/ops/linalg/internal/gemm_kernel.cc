// The in-order blocked GEMM kernel (see gemm_kernel.h): A and B are packed into panels,
// then a 4 x (2 vectors) register tile accumulates over k with separate multiply and add
// (the build forbids contraction), one k at a time, so each element sees its products in
// order from zero. Vectorization comes from GCC vector extensions over 32-byte (AVX2)
// registers, which keeps the code portable and the accumulators in registers.
#include "tensor/ops/linalg/internal/gemm_kernel.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "tensor/allocator.h"

namespace wick::tensor::linalg_internal {
namespace {

// The arithmetic type: floats as themselves, integers unsigned so overflow wraps.
template <typename T, bool = std::is_integral_v<T>>
struct ArithOf {
  using type = T;
};
template <typename T>
struct ArithOf<T, true> {
  using type = std::make_unsigned_t<T>;
};
template <typename T>
using Arith = typename ArithOf<T>::type;

template <typename A>
struct Vec32 {
  typedef A type __attribute__((vector_size(32)));
  static constexpr int kLanes = 32 / sizeof(A);
};

constexpr int kMr = 4;  // rows per register tile

// Scratch from the caching allocator, returned on scope exit.
class Buffer {
 public:
  explicit Buffer(size_t bytes)
      : bytes_(std::max<size_t>(bytes, 64)), p_(CachingAllocator::Get().Allocate(bytes_)) {}
  ~Buffer() {
    if (p_ != nullptr) CachingAllocator::Get().Free(p_, bytes_);
  }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  template <typename U>
  U* as() const {
    return static_cast<U*>(p_);
  }
  bool ok() const { return p_ != nullptr; }

 private:
  size_t bytes_;
  void* p_;
};

// acc[kMr][nr] (row-major, nr = 2 vectors) = init + sum over k of ap[kk][r] * bp[kk][c],
// adding one k at a time (init null: zeros).
template <typename A>
void MicroKernel(int64_t k, const A* ap, const A* bp, const A* init, A* acc) {
  using V = typename Vec32<A>::type;
  constexpr int L = Vec32<A>::kLanes;
  V c[kMr][2] = {};
  if (init != nullptr) std::memcpy(c, init, sizeof(c));
  for (int64_t kk = 0; kk < k; ++kk) {
    V b0, b1;
    std::memcpy(&b0, bp + kk * 2 * L, sizeof(V));
    std::memcpy(&b1, bp + kk * 2 * L + L, sizeof(V));
    _Pragma("GCC unroll 4") for (int r = 0; r < kMr; ++r) {
      const V av = ap[kk * kMr + r] - V{};  // broadcast
      c[r][0] += av * b0;
      c[r][1] += av * b1;
    }
  }
  std::memcpy(acc, c, sizeof(c));
}

// Matrix-vector (n == 1): each row's dot product in order; four rows at a time so the
// dependency chains overlap.
// Where a from_c sum starts for C[i, j]: the bias, or beta * C (C itself for beta 1).
template <typename T, typename A>
A StartValue(const Gemm2D<T>& p, int64_t i, int64_t j) {
  if (p.bias != nullptr) return static_cast<A>(p.bias[j * p.bias_stride]);
  if (p.beta == T(0)) return A(0);
  const A c = static_cast<A>(p.c[i * p.c_rs + j * p.c_cs]);
  return p.beta == T(1) ? c : static_cast<A>(p.beta) * c;
}

// An A element as it enters the products: prescaled by alpha in the from_c order.
template <typename T, typename A>
A AElement(const Gemm2D<T>& p, int64_t i, int64_t kk) {
  const A a = static_cast<A>(p.a[i * p.a_rs + kk * p.a_cs]);
  return p.from_c && p.alpha != T(1) ? static_cast<A>(p.alpha) * a : a;
}

template <typename T, typename A>
void GemvRows(const Gemm2D<T>& p) {
  const A alpha = static_cast<A>(p.alpha), beta = static_cast<A>(p.beta);
  auto start = [&](int64_t i) { return p.from_c ? StartValue<T, A>(p, i, 0) : A(0); };
  auto finish = [&](int64_t i, A acc) {
    T* out = p.c + i * p.c_rs;
    if (p.from_c) {
      *out = static_cast<T>(acc);
      return;
    }
    A v = alpha * acc;
    if (p.beta != T(0)) v += beta * static_cast<A>(*out);
    if (p.bias != nullptr) v += static_cast<A>(p.bias[0]);
    *out = static_cast<T>(v);
  };
  int64_t i = 0;
  for (; i + 4 <= p.m; i += 4) {
    A s0 = start(i), s1 = start(i + 1), s2 = start(i + 2), s3 = start(i + 3);
    for (int64_t kk = 0; kk < p.k; ++kk) {
      const A bv = static_cast<A>(p.b[kk * p.b_rs]);
      s0 += AElement<T, A>(p, i, kk) * bv;
      s1 += AElement<T, A>(p, i + 1, kk) * bv;
      s2 += AElement<T, A>(p, i + 2, kk) * bv;
      s3 += AElement<T, A>(p, i + 3, kk) * bv;
    }
    finish(i, s0);
    finish(i + 1, s1);
    finish(i + 2, s2);
    finish(i + 3, s3);
  }
  for (; i < p.m; ++i) {
    A s = start(i);
    for (int64_t kk = 0; kk < p.k; ++kk) {
      s += AElement<T, A>(p, i, kk) * static_cast<A>(p.b[kk * p.b_rs]);
    }
    finish(i, s);
  }
}

template <typename T, typename A>
bool GemmTiled(const Gemm2D<T>& p) {
  constexpr int L = Vec32<A>::kLanes;
  constexpr int kNr = 2 * L;
  const int64_t m_panels = (p.m + kMr - 1) / kMr;
  Buffer a_pack(sizeof(A) * m_panels * kMr * std::max<int64_t>(p.k, 1));
  Buffer b_pack(sizeof(A) * kNr * std::max<int64_t>(p.k, 1));
  if (!a_pack.ok() || !b_pack.ok()) return false;
  A* ap_all = a_pack.as<A>();
  A* bp = b_pack.as<A>();
  // A panels: ap[panel][kk][r], zero rows past m.
  for (int64_t pi = 0; pi < m_panels; ++pi) {
    A* ap = ap_all + pi * kMr * p.k;
    const int64_t i0 = pi * kMr;
    const int64_t mr = std::min<int64_t>(kMr, p.m - i0);
    for (int64_t kk = 0; kk < p.k; ++kk) {
      for (int r = 0; r < kMr; ++r) {
        ap[kk * kMr + r] = r < mr ? AElement<T, A>(p, i0 + r, kk) : A(0);
      }
    }
  }
  const A alpha = static_cast<A>(p.alpha), beta = static_cast<A>(p.beta);
  A acc[kMr * kNr], init[kMr * kNr];
  for (int64_t j0 = 0; j0 < p.n; j0 += kNr) {
    const int64_t nr = std::min<int64_t>(kNr, p.n - j0);
    for (int64_t kk = 0; kk < p.k; ++kk) {
      const T* brow = p.b + kk * p.b_rs + j0 * p.b_cs;
      A* dst = bp + kk * kNr;
      if (p.b_cs == 1) {
        for (int64_t c = 0; c < nr; ++c) dst[c] = static_cast<A>(brow[c]);
      } else {
        for (int64_t c = 0; c < nr; ++c) dst[c] = static_cast<A>(brow[c * p.b_cs]);
      }
      for (int64_t c = nr; c < kNr; ++c) dst[c] = A(0);
    }
    for (int64_t pi = 0; pi < m_panels; ++pi) {
      const int64_t i0 = pi * kMr;
      const int64_t mr = std::min<int64_t>(kMr, p.m - i0);
      if (p.from_c) {
        for (int64_t r = 0; r < kMr; ++r) {
          for (int64_t c = 0; c < kNr; ++c) {
            init[r * kNr + c] = r < mr && c < nr ? StartValue<T, A>(p, i0 + r, j0 + c) : A(0);
          }
        }
      }
      MicroKernel<A>(p.k, ap_all + pi * kMr * p.k, bp, p.from_c ? init : nullptr, acc);
      for (int64_t r = 0; r < mr; ++r) {
        T* crow = p.c + (i0 + r) * p.c_rs + j0 * p.c_cs;
        const A* arow = acc + r * kNr;
        for (int64_t c = 0; c < nr; ++c) {
          if (p.from_c) {
            crow[c * p.c_cs] = static_cast<T>(arow[c]);
            continue;
          }
          A v = alpha * arow[c];
          if (p.beta != T(0)) v += beta * static_cast<A>(crow[c * p.c_cs]);
          if (p.bias != nullptr) v += static_cast<A>(p.bias[(j0 + c) * p.bias_stride]);
          crow[c * p.c_cs] = static_cast<T>(v);
        }
      }
    }
  }
  return true;
}

}  // namespace

template <typename T>
bool RunGemm2D(const Gemm2D<T>& p) {
  using A = Arith<T>;
  if (p.m <= 0 || p.n <= 0) return true;
  if (p.n == 1) {
    GemvRows<T, A>(p);
    return true;
  }
  return GemmTiled<T, A>(p);
}

template bool RunGemm2D<float>(const Gemm2D<float>&);
template bool RunGemm2D<double>(const Gemm2D<double>&);
template bool RunGemm2D<int32_t>(const Gemm2D<int32_t>&);
template bool RunGemm2D<int64_t>(const Gemm2D<int64_t>&);

}  // namespace wick::tensor::linalg_internal
