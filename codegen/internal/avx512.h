// What codegen's AVX-512 kernels (pointwise_kernel.cc, row_kernels.cc) share: the
// intrinsics header without GCC 12's false warnings, the target attributes that let
// functions use AVX-512F in a build for x86-64-v3, the runtime check, and a tail mask.
//
//   if (HasAvx512()) Kernel(...);   // WICK_AVX512 void Kernel(...) { ... TailMask(n - j) }
#ifndef WICK_CODEGEN_INTERNAL_AVX512_H_
#define WICK_CODEGEN_INTERNAL_AVX512_H_

// GCC 12's AVX-512 intrinsics start from `__m512 __Y = __Y` (_mm512_undefined_ps), which
// its own -W(maybe-)uninitialized reports once they are inlined into kernels (GCC bug
// 105593, fixed in 13). Off for the header's lines only, so this header must be the
// first to include <immintrin.h> (tensor/ops/pointwise's vec.h includes it too).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop

#include <cstdint>

#define WICK_AVX512 __attribute__((target("avx512f")))
#define WICK_AVX512_INLINE __attribute__((target("avx512f"), always_inline)) inline
#define WICK_AVX512_LAMBDA __attribute__((target("avx512f"), always_inline))

namespace wick::codegen::internal {

// Whether this machine has AVX-512F (checked once).
inline bool HasAvx512() {
  static const bool has = __builtin_cpu_supports("avx512f");
  return has;
}

// The lanes of a 16-float vector that hold the `left` elements still to go.
WICK_AVX512_INLINE __mmask16 TailMask(int64_t left) {
  return left >= 16 ? __mmask16{0xFFFF} : static_cast<__mmask16>((1u << left) - 1);
}

}  // namespace wick::codegen::internal

#endif  // WICK_CODEGEN_INTERNAL_AVX512_H_
