// The Box–Muller transforms of PyTorch 1.13's CPU normal_ kernels, bit for bit: the
// 16-element block transform of the fill path (float32: the AVX2 kernel with its Cephes
// log/sincos polynomials and exact FMA placement; float64: libm) and the scalar path.
// Every fused multiply-add is written with std::fma; everything else is compiled with
// -ffp-contract=off, so nothing else fuses.
#ifndef WICK_TENSOR_OPS_RANDOM_INTERNAL_NORMAL_TRANSFORM_H_
#define WICK_TENSOR_OPS_RANDOM_INTERNAL_NORMAL_TRANSFORM_H_

#include <cmath>

#include "tensor/ops/random/generator.h"

namespace wick::tensor::random_internal {

inline constexpr double kTwoPi = 2.0 * 3.141592653589793;

// d[0..16) holds uniforms in [0, 1); d[j] (radius) and d[8 + j] (angle) become
// fma(radius * cos, std, mean) and fma(radius * sin, std, mean). Uses AVX2 when the
// build targets it, otherwise the scalar form; both give the same bits.
void NormalTransform16(float* d, float mean, float std);
void NormalTransform16Scalar(float* d, float mean, float std);
void NormalTransform16(double* d, double mean, double std);

// The float32 polynomials of avx_mathfun.h as the AVX2 build evaluates them (exposed for
// tests): LOG for a in (0, 1] and SINCOS for t >= 0.
float CephesLog(float a);
void CephesSinCos(float t, float* sin_out, float* cos_out);

// One standard-normal draw of the scalar path (normal_distribution<double>): the cached
// second value if there is one, otherwise a fresh pair (4 draws) whose sine half is
// cached. The caller scales: fma(z, std, mean).
inline double StandardNormalScalar(Generator& gen) {
  if (std::optional<double> cached = gen.next_double_normal()) {
    gen.set_next_double_normal(std::nullopt);
    return *cached;
  }
  const double u1 = gen.UniformDouble();  // Angle.
  const double u2 = gen.UniformDouble();  // Radius.
  const double r = std::sqrt(-2.0 * std::log(1.0 - u2));
  const double theta = kTwoPi * u1;
  gen.set_next_double_normal(r * std::sin(theta));
  return r * std::cos(theta);
}

}  // namespace wick::tensor::random_internal

#endif  // WICK_TENSOR_OPS_RANDOM_INTERNAL_NORMAL_TRANSFORM_H_
