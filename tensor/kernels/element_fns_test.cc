// The element functors themselves: each vector form agrees with its scalar form on
// special values (bit for bit where the op is exactly rounded, within SLEEF's error
// otherwise; oneDNN's gelu bit for bit), float GELU's tail follows a correctly rounded
// erf, and the integer helpers wrap instead of trapping.
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tensor/kernels/binary_fns.h"
#include "tensor/kernels/unary_fns.h"

namespace wick::tensor::kernels {
namespace {

template <typename T>
std::vector<T> SpecialValues() {
  using L = std::numeric_limits<T>;
  return {T(0),        -T(0),       T(1),        T(-1),        T(0.5),       T(-0.5),
          T(2.5),      T(-3.5),     T(1e-3),     T(-1e-3),     T(10),        T(-10),
          T(88),       T(-88),      T(700),      T(-700),      L::infinity(), -L::infinity(),
          L::quiet_NaN(), L::denorm_min(), L::max(), L::lowest(), T(3.75),    T(-7.25)};
}

// True when a and b are the same value (NaN == NaN, signed zeros told apart), or when
// `tol` > 0 and they are within tol relative (or tol absolute near zero).
template <typename T>
bool Agree(T a, T b, double tol) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  if (tol == 0) return a == b && std::signbit(a) == std::signbit(b);
  return std::fabs(static_cast<double>(a) - b) <= tol * std::max(1.0, std::fabs(double{b}));
}

// Inputs where SLEEF is known to differ from libm, as it does inside PyTorch too:
// log1p(FLT_MAX) and pow(+-DBL_MAX, 1) overflow to infinity.
template <typename T>
bool KnownSleefLimit(const std::string& name, T a, T b = T(1)) {
  const bool huge = std::fabs(a) == std::numeric_limits<T>::max();
  return huge && ((name == "log1p" && a > 0) || (name == "pow" && b == T(1)));
}

// Applies fn's scalar and vector forms to every value (padded into full vectors).
template <typename T, typename Fn>
void CheckUnary(const Fn& fn, double tol, const std::string& name) {
  const std::vector<T> xs = SpecialValues<T>();
  constexpr int kW = Vec<T>::kWidth;
  for (size_t i = 0; i < xs.size(); i += kW) {
    T in[kW], out[kW];
    for (int k = 0; k < kW; ++k) in[k] = xs[(i + k) % xs.size()];
    fn.Vector(Vec<T>::Load(in)).Store(out);
    for (int k = 0; k < kW; ++k) {
      if (KnownSleefLimit(name, in[k])) continue;
      EXPECT_TRUE(Agree(out[k], fn(in[k]), tol))
          << name << "(" << in[k] << "): vector " << out[k] << " scalar " << fn(in[k]);
    }
  }
}

template <typename T, typename Fn>
void CheckBinary(const Fn& fn, double tol, const std::string& name) {
  const std::vector<T> xs = SpecialValues<T>();
  constexpr int kW = Vec<T>::kWidth;
  for (T b : xs) {
    for (size_t i = 0; i < xs.size(); i += kW) {
      T in[kW], out[kW];
      for (int k = 0; k < kW; ++k) in[k] = xs[(i + k) % xs.size()];
      fn.Vector(Vec<T>::Load(in), Vec<T>::Splat(b)).Store(out);
      for (int k = 0; k < kW; ++k) {
        if (KnownSleefLimit(name, in[k], b)) continue;
        EXPECT_TRUE(Agree(out[k], fn(in[k], b), tol))
            << name << "(" << in[k] << ", " << b << "): vector " << out[k] << " scalar "
            << fn(in[k], b);
      }
    }
  }
}

template <typename T>
void CheckAllForms(double sleef_tol) {
  CheckUnary<T>(IdentityFn<T>(), 0, "identity");
  CheckUnary<T>(NegFn<T>(), 0, "neg");
  CheckUnary<T>(AbsFn<T>(), 0, "abs");
  CheckUnary<T>(SignFn<T>(), 0, "sign");
  CheckUnary<T>(SquareFn<T>(), 0, "square");
  CheckUnary<T>(CubeFn<T>(), 0, "cube");
  CheckUnary<T>(ReciprocalFn<T>(), 0, "reciprocal");
  CheckUnary<T>(InvSquareFn<T>(), 0, "inv_square");
  CheckUnary<T>(RsqrtFn<T>(), 0, "rsqrt");
  CheckUnary<T>(SqrtFn<T>(), 0, "sqrt");
  CheckUnary<T>(ReluFn<T>(), 0, "relu");
  CheckUnary<T>(FloorFn<T>(), 0, "floor");
  CheckUnary<T>(CeilFn<T>(), 0, "ceil");
  CheckUnary<T>(TruncFn<T>(), 0, "trunc");
  CheckUnary<T>(RoundFn<T>(), 0, "round");
  CheckUnary<T>(RoundDecimalsFn<T>{T(100), false}, 0, "round2");
  CheckUnary<T>(RoundDecimalsFn<T>{T(10), true}, 0, "round-1");
  CheckUnary<T>(ClampFn<T>{T(-1), T(2)}, 0, "clamp");
  CheckUnary<T>(ClampMinFn<T>{T(-1)}, 0, "clamp_min");
  CheckUnary<T>(ClampMaxFn<T>{T(2)}, 0, "clamp_max");
  CheckUnary<T>(LeakyReluFn<T>{T(0.01)}, 0, "leaky_relu");
  CheckUnary<T>(NanToNumFn<T>{T(0), T(5), T(-5)}, 0, "nan_to_num");
  CheckUnary<T>(ExpFn<T>(), sleef_tol, "exp");
  CheckUnary<T>(Expm1Fn<T>(), sleef_tol, "expm1");
  CheckUnary<T>(LogFn<T>(), sleef_tol, "log");
  CheckUnary<T>(Log2Fn<T>(), sleef_tol, "log2");
  CheckUnary<T>(Log10Fn<T>(), sleef_tol, "log10");
  CheckUnary<T>(Log1pFn<T>(), sleef_tol, "log1p");
  CheckUnary<T>(SinFn<T>(), sleef_tol, "sin");
  CheckUnary<T>(CosFn<T>(), sleef_tol, "cos");
  CheckUnary<T>(TanFn<T>(), sleef_tol, "tan");
  CheckUnary<T>(AsinFn<T>(), sleef_tol, "asin");
  CheckUnary<T>(TanhFn<T>(), sleef_tol, "tanh");
  CheckUnary<T>(ErfFn<T>(), sleef_tol, "erf");
  CheckUnary<T>(SigmoidFn<T>(), sleef_tol, "sigmoid");
  CheckUnary<T>(SiluFn<T>(), sleef_tol, "silu");
  CheckUnary<T>(GeluTanhFn<T>(), sleef_tol, "gelu_tanh");
  CheckUnary<T>(EluFn<T>{T(1), T(1), T(1)}, sleef_tol, "elu");
  CheckUnary<T>(SoftplusFn<T>{T(1), T(20)}, sleef_tol, "softplus");
  CheckUnary<T>(PowScalarFn<T>{T(1.5)}, sleef_tol, "pow1.5");
  CheckBinary<T>(AddFn<T>(), 0, "add");
  CheckBinary<T>(AddAlphaFn<T>{T(2.5)}, 0, "add_alpha");
  CheckBinary<T>(SubFn<T>(), 0, "sub");
  CheckBinary<T>(MulFn<T>(), 0, "mul");
  CheckBinary<T>(DivFn<T>(), 0, "div");
  CheckBinary<T>(DivTruncFn<T>(), 0, "div_trunc");
  CheckBinary<T>(DivFloorFn<T>(), 0, "div_floor");
  CheckBinary<T>(RemainderFn<T>(), 0, "remainder");
  CheckBinary<T>(FmodFn<T>(), 0, "fmod");
  CheckBinary<T>(MaximumFn<T>(), 0, "maximum");
  CheckBinary<T>(MinimumFn<T>(), 0, "minimum");
  CheckBinary<T>(LerpScalarFn<T>{T(0.3)}, 0, "lerp0.3");
  CheckBinary<T>(LerpScalarFn<T>{T(-2)}, 0, "lerp-2");
  CheckBinary<T>(PowFn<T>(), sleef_tol, "pow");
}

TEST(ElementFnsTest, FloatVectorFormsMatchScalarForms) { CheckAllForms<float>(1e-6); }

// oneDNN's gelu has no libm in it: its scalar form gives the vector form's bits.
TEST(ElementFnsTest, OneDnnGeluScalarFormIsExact) {
  CheckUnary<float>(GeluOneDnnFn<float>(), 0, "gelu_onednn");
}
TEST(ElementFnsTest, DoubleVectorFormsMatchScalarForms) { CheckAllForms<double>(1e-13); }

TEST(ElementFnsTest, GeluDoubleUsesExactErf) {
  CheckUnary<double>(GeluFn<double>(), 1e-13, "gelu");
}

// Float GELU in its cancelling tail: the vector form must print PyTorch's digits, which
// come from an erf accurate to the last bit (1 + erf(-2.83) keeps ~3 significant digits).
TEST(ElementFnsTest, FloatGeluTailMatchesCorrectlyRoundedErf) {
  float out[8];
  for (float x = -6.0f; x <= 6.0f; x += 1.0f / 256) {
    GeluFn<float>().Vector(VecF::Splat(x)).Store(out);
    const float scalar = GeluFn<float>()(x);
    EXPECT_NEAR(out[0], scalar, 2e-7 * std::max(1.0f, std::fabs(scalar))) << x;
  }
  GeluFn<float>().Vector(VecF::Splat(-4.0f)).Store(out);
  EXPECT_FLOAT_EQ(out[0], -1.2671947479248047e-04f);  // torch.nn.functional.gelu(-4.)
  const float inf = std::numeric_limits<float>::infinity();
  GeluFn<float>().Vector(VecF::Splat(-inf)).Store(out);
  EXPECT_TRUE(std::isnan(out[0]));  // -inf * 0, as in PyTorch
}

TEST(ElementFnsTest, IntegerHelpersWrap) {
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
  constexpr int32_t kMin32 = std::numeric_limits<int32_t>::min();
  EXPECT_EQ(WrapNeg(kMin), kMin);
  EXPECT_EQ(WrapAdd(std::numeric_limits<int32_t>::max(), 1), kMin32);
  EXPECT_EQ(WrapMul(int32_t{65536}, int32_t{65536}), 0);
  EXPECT_EQ(IntDivTrunc(kMin, int64_t{-1}), kMin);
  EXPECT_EQ(IntDivFloor(kMin, int64_t{-1}), kMin);
  EXPECT_EQ(IntFmod(kMin, int64_t{-1}), 0);
  EXPECT_EQ(IntRemainder(kMin, int64_t{-1}), 0);
  EXPECT_EQ(IntDivFloor(int64_t{-7}, int64_t{2}), -4);
  EXPECT_EQ(IntDivFloor(int64_t{7}, int64_t{-2}), -4);
  EXPECT_EQ(IntDivFloor(int64_t{-8}, int64_t{2}), -4);
  EXPECT_EQ(IntRemainder(int64_t{-7}, int64_t{3}), 2);
  EXPECT_EQ(IntRemainder(int64_t{7}, int64_t{-3}), -2);
  EXPECT_EQ(IntFmod(int64_t{-7}, int64_t{3}), -1);
  EXPECT_EQ(IntPow(int64_t{3}, int64_t{4}), 81);
  EXPECT_EQ(IntPow(int64_t{-1}, int64_t{-3}), -1);
  EXPECT_EQ(IntPow(int64_t{-1}, int64_t{-4}), 1);
  EXPECT_EQ(IntPow(int64_t{1}, int64_t{-4}), 1);
  EXPECT_EQ(IntPow(int64_t{2}, int64_t{-1}), 0);
  EXPECT_EQ(IntPow(int64_t{0}, int64_t{0}), 1);
  EXPECT_EQ(IntPow(int32_t{3}, int32_t{21}), 1870418611);  // Wrapped like PyTorch.
  EXPECT_EQ(FloatDivFloor(-0.5, 1.0), -1.0);
  EXPECT_TRUE(std::signbit(FloatDivFloor(-0.0, 3.0)));
  EXPECT_EQ(FloatDivFloor(5.0, std::numeric_limits<double>::infinity()), 0.0);
  EXPECT_EQ(FloatDivFloor(-5.0, std::numeric_limits<double>::infinity()), -1.0);
  EXPECT_EQ(FloatRemainder(-5.0, std::numeric_limits<double>::infinity()),
            std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace wick::tensor::kernels
