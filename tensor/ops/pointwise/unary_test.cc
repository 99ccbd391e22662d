// Unary ops: values against PyTorch 1.13 (expected numbers printed by torch), dtype
// promotion, bool rules, in-place rules, layouts, 0-dim, empty and meta tensors.
#include <cmath>
#include <limits>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tensor/ops/pointwise/internal/test_util.h"
#include "tensor/ops/pointwise/pointwise.h"

namespace wick::tensor {
namespace {

using ::testing::ElementsAre;
using testing::AllClose;
using testing::Arange;
using testing::Expand;
using testing::IsPyError;
using testing::Make;
using testing::Permute;
using testing::SameBits;
using testing::Values;
using testing::Vec;

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// 13 elements: one full AVX2 float vector plus a tail, and every special value.
const std::initializer_list<double> kInput = {-3.5, -1.0, -0.5, -0.0, 0.0, 0.25, 0.5,
                                              1.0,  2.0,  10.0, kInf, -kInf, kNan};

struct UnaryCase {
  UnaryOp op;
  std::vector<double> expected;
};

// torch.<op>(torch.tensor(kInput, dtype=torch.float32)).tolist()
const UnaryCase kFloat32Cases[] = {
    {UnaryOp::kNeg, {3.5, 1.0, 0.5, 0.0, -0.0, -0.25, -0.5, -1.0, -2.0, -10.0, -kInf, kInf, kNan}},
    {UnaryOp::kAbs, {3.5, 1.0, 0.5, 0.0, 0.0, 0.25, 0.5, 1.0, 2.0, 10.0, kInf, kInf, kNan}},
    {UnaryOp::kSign, {-1.0, -1.0, -1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -1.0, 0.0}},
    {UnaryOp::kFloor, {-4.0, -1.0, -1.0, -0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 10.0, kInf, -kInf, kNan}},
    {UnaryOp::kCeil, {-3.0, -1.0, -0.0, -0.0, 0.0, 1.0, 1.0, 1.0, 2.0, 10.0, kInf, -kInf, kNan}},
    {UnaryOp::kRound, {-4.0, -1.0, -0.0, -0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 10.0, kInf, -kInf, kNan}},
    {UnaryOp::kTrunc, {-3.0, -1.0, -0.0, -0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 10.0, kInf, -kInf, kNan}},
    {UnaryOp::kRelu, {0.0, 0.0, 0.0, -0.0, 0.0, 0.25, 0.5, 1.0, 2.0, 10.0, kInf, 0.0, kNan}},
    {UnaryOp::kReciprocal, {-0.2857142984867096, -1.0, -2.0, -kInf, kInf, 4.0, 2.0, 1.0, 0.5,
                            0.10000000149011612, 0.0, -0.0, kNan}},
    {UnaryOp::kExp, {0.03019738383591175, 0.3678794503211975, 0.6065306663513184, 1.0, 1.0,
                     1.2840254306793213, 1.6487212181091309, 2.7182817459106445, 7.389056205749512,
                     22026.46484375, kInf, 0.0, kNan}},
    {UnaryOp::kExpm1, {-0.9698026180267334, -0.6321205496788025, -0.39346933364868164, -0.0, 0.0,
                       0.2840254306793213, 0.6487212777137756, 1.718281865119934, 6.389056205749512,
                       22025.46484375, kInf, -1.0, kNan}},
    {UnaryOp::kLog, {kNan, kNan, kNan, -kInf, -kInf, -1.3862943649291992, -0.6931471824645996, 0.0,
                     0.6931471824645996, 2.3025851249694824, kInf, kNan, kNan}},
    {UnaryOp::kLog2, {kNan, kNan, kNan, -kInf, -kInf, -2.0, -1.0, 0.0, 1.0, 3.321928024291992, kInf,
                      kNan, kNan}},
    {UnaryOp::kLog10, {kNan, kNan, kNan, -kInf, -kInf, -0.6020600199699402, -0.3010300099849701,
                       0.0, 0.3010300099849701, 1.0, kInf, kNan, kNan}},
    {UnaryOp::kLog1p, {kNan, -kInf, -0.6931471824645996, -0.0, 0.0, 0.2231435477733612,
                       0.40546509623527527, 0.6931471824645996, 1.0986123085021973,
                       2.397895336151123, kInf, kNan, kNan}},
    {UnaryOp::kSqrt, {kNan, kNan, kNan, -0.0, 0.0, 0.5, 0.7071067690849304, 1.0, 1.4142135381698608,
                      3.1622776985168457, kInf, kNan, kNan}},
    {UnaryOp::kRsqrt, {kNan, kNan, kNan, -kInf, kInf, 2.0, 1.4142135381698608, 1.0,
                       0.7071067690849304, 0.3162277638912201, 0.0, kNan, kNan}},
    {UnaryOp::kSin, {0.35078322887420654, -0.8414709568023682, -0.4794255495071411, -0.0, 0.0,
                     0.24740396440029144, 0.4794255495071411, 0.8414709568023682,
                     0.9092974066734314, -0.5440211296081543, kNan, kNan, kNan}},
    {UnaryOp::kCos, {-0.9364566802978516, 0.5403023362159729, 0.8775825500488281, 1.0, 1.0,
                     0.9689124226570129, 0.8775825500488281, 0.5403023362159729, -0.416146844625473,
                     -0.83907151222229, kNan, kNan, kNan}},
    {UnaryOp::kTan, {-0.3745856285095215, -1.5574077367782593, -0.5463024973869324, -0.0, 0.0,
                     0.25534191727638245, 0.5463024973869324, 1.5574077367782593,
                     -2.185039758682251, 0.6483608484268188, kNan, kNan, kNan}},
    {UnaryOp::kAsin, {kNan, -1.5707963705062866, -0.5235987901687622, -0.0, 0.0, 0.252680242061615,
                      0.5235987901687622, 1.5707963705062866, kNan, kNan, kNan, kNan, kNan}},
    {UnaryOp::kTanh, {-0.9981778860092163, -0.7615941762924194, -0.46211716532707214, -0.0, 0.0,
                      0.24491865932941437, 0.46211716532707214, 0.7615941762924194,
                      0.9640275835990906, 1.0, 1.0, -1.0, kNan}},
    {UnaryOp::kSigmoid, {0.02931223064661026, 0.2689414322376251, 0.3775406777858734, 0.5, 0.5,
                         0.562176525592804, 0.622459352016449, 0.7310585975646973,
                         0.8807970285415649, 0.9999545812606812, 1.0, 0.0, kNan}},
    {UnaryOp::kErf, {-0.9999992847442627, -0.8427007794380188, -0.5204998850822449, -0.0, 0.0,
                     0.27632638812065125, 0.5204998850822449, 0.8427007794380188,
                     0.9953222870826721, 1.0, 1.0, -1.0, kNan}},
    {UnaryOp::kSquare, {12.25, 1.0, 0.25, 0.0, 0.0, 0.0625, 0.25, 1.0, 4.0, 100.0, kInf, kInf,
                        kNan}},
    {UnaryOp::kGelu, {-0.0008143335580825806, -0.1586552858352661, -0.1542687863111496, 0.0, 0.0,
                      0.14967656135559082, 0.3457311987876892, 0.8413447141647339,
                      1.9544999599456787, 10.0, kInf, kNan, kNan}},
    {UnaryOp::kGeluTanh, {-0.0006161481142044067, -0.15880799293518066, -0.1542859971523285, -0.0,
                          0.0, 0.14967535436153412, 0.3457140028476715, 0.8411920070648193,
                          1.9545977115631104, 10.0, kInf, kNan, kNan}},
    {UnaryOp::kSilu, {-0.10259281098842621, -0.2689414322376251, -0.1887703388929367, -0.0, 0.0,
                      0.140544131398201, 0.3112296760082245, 0.7310585975646973, 1.7615940570831299,
                      9.99954605102539, kInf, kNan, kNan}},
};

// The same in float64.
const UnaryCase kFloat64Cases[] = {
    {UnaryOp::kNeg, {3.5, 1.0, 0.5, 0.0, -0.0, -0.25, -0.5, -1.0, -2.0, -10.0, -kInf, kInf, kNan}},
    {UnaryOp::kAbs, {3.5, 1.0, 0.5, 0.0, 0.0, 0.25, 0.5, 1.0, 2.0, 10.0, kInf, kInf, kNan}},
    {UnaryOp::kSign, {-1.0, -1.0, -1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, -1.0, 0.0}},
    {UnaryOp::kFloor, {-4.0, -1.0, -1.0, -0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 10.0, kInf, -kInf, kNan}},
    {UnaryOp::kCeil, {-3.0, -1.0, -0.0, -0.0, 0.0, 1.0, 1.0, 1.0, 2.0, 10.0, kInf, -kInf, kNan}},
    {UnaryOp::kRound, {-4.0, -1.0, -0.0, -0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 10.0, kInf, -kInf, kNan}},
    {UnaryOp::kTrunc, {-3.0, -1.0, -0.0, -0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 10.0, kInf, -kInf, kNan}},
    {UnaryOp::kRelu, {0.0, 0.0, 0.0, -0.0, 0.0, 0.25, 0.5, 1.0, 2.0, 10.0, kInf, 0.0, kNan}},
    {UnaryOp::kReciprocal, {-0.2857142857142857, -1.0, -2.0, -kInf, kInf, 4.0, 2.0, 1.0, 0.5, 0.1,
                            0.0, -0.0, kNan}},
    {UnaryOp::kExp, {0.0301973834223185, 0.36787944117144233, 0.6065306597126334, 1.0, 1.0,
                     1.2840254166877414, 1.6487212707001282, 2.718281828459045, 7.38905609893065,
                     22026.465794806718, kInf, 0.0, kNan}},
    {UnaryOp::kExpm1, {-0.9698026165776815, -0.6321205588285577, -0.3934693402873666, -0.0, 0.0,
                       0.2840254166877415, 0.6487212707001282, 1.7182818284590453, 6.38905609893065,
                       22025.465794806718, kInf, -1.0, kNan}},
    {UnaryOp::kLog, {kNan, kNan, kNan, -kInf, -kInf, -1.3862943611198906, -0.6931471805599453, 0.0,
                     0.6931471805599453, 2.302585092994046, kInf, kNan, kNan}},
    {UnaryOp::kLog2, {kNan, kNan, kNan, -kInf, -kInf, -2.0, -1.0, 0.0, 1.0, 3.321928094887362, kInf,
                      kNan, kNan}},
    {UnaryOp::kLog10, {kNan, kNan, kNan, -kInf, -kInf, -0.6020599913279624, -0.3010299956639812,
                       0.0, 0.3010299956639812, 1.0, kInf, kNan, kNan}},
    {UnaryOp::kLog1p, {kNan, -kInf, -0.6931471805599453, -0.0, 0.0, 0.22314355131420976,
                       0.4054651081081644, 0.6931471805599453, 1.0986122886681098,
                       2.3978952727983707, kInf, kNan, kNan}},
    {UnaryOp::kSqrt, {kNan, kNan, kNan, -0.0, 0.0, 0.5, 0.7071067811865476, 1.0, 1.4142135623730951,
                      3.1622776601683795, kInf, kNan, kNan}},
    {UnaryOp::kRsqrt, {kNan, kNan, kNan, -kInf, kInf, 2.0, 1.414213562373095, 1.0,
                       0.7071067811865475, 0.31622776601683794, 0.0, kNan, kNan}},
    {UnaryOp::kSin, {0.35078322768961984, -0.8414709848078965, -0.479425538604203, -0.0, 0.0,
                     0.24740395925452294, 0.479425538604203, 0.8414709848078965, 0.9092974268256817,
                     -0.5440211108893698, kNan, kNan, kNan}},
    {UnaryOp::kCos, {-0.9364566872907963, 0.5403023058681398, 0.8775825618903728, 1.0, 1.0,
                     0.9689124217106447, 0.8775825618903728, 0.5403023058681398,
                     -0.4161468365471424, -0.8390715290764524, kNan, kNan, kNan}},
    {UnaryOp::kTan, {-0.3745856401585947, -1.5574077246549023, -0.5463024898437905, -0.0, 0.0,
                     0.25534192122103627, 0.5463024898437905, 1.5574077246549023,
                     -2.185039863261519, 0.6483608274590866, kNan, kNan, kNan}},
    {UnaryOp::kAsin, {kNan, -1.5707963267948966, -0.5235987755982989, -0.0, 0.0,
                      0.25268025514207865, 0.5235987755982989, 1.5707963267948966, kNan, kNan, kNan,
                      kNan, kNan}},
    {UnaryOp::kTanh, {-0.9981778976111987, -0.7615941559557649, -0.46211715726000974, -0.0, 0.0,
                      0.24491866240370913, 0.46211715726000974, 0.7615941559557649,
                      0.9640275800758169, 0.9999999958776927, 1.0, -1.0, kNan}},
    {UnaryOp::kSigmoid, {0.02931223075135632, 0.2689414213699951, 0.3775406687981454, 0.5, 0.5,
                         0.5621765008857981, 0.6224593312018546, 0.7310585786300049,
                         0.8807970779778823, 0.9999546021312976, 1.0, 0.0, kNan}},
    {UnaryOp::kErf, {-0.9999992569016276, -0.8427007929497149, -0.5204998778130465, -0.0, 0.0,
                     0.27632639016823696, 0.5204998778130465, 0.8427007929497149,
                     0.9953222650189527, 1.0, 1.0, -1.0, kNan}},
    {UnaryOp::kSquare, {12.25, 1.0, 0.25, 0.0, 0.0, 0.0625, 0.25, 1.0, 4.0, 100.0, kInf, kInf,
                        kNan}},
    {UnaryOp::kGelu, {-0.0008142017766243903, -0.15865525393145702, -0.15426876936299344, -0.0, 0.0,
                      0.14967658142073093, 0.34573123063700656, 0.841344746068543,
                      1.9544997361036416, 10.0, kInf, kNan, kNan}},
    {UnaryOp::kGeluTanh, {-0.0006161976553737403, -0.1588080093917233, -0.15428599017485606, -0.0,
                          0.0, 0.149675350701685, 0.34571400982514394, 0.8411919906082768,
                          1.954597694087775, 10.0, kInf, kNan, kNan}},
    {UnaryOp::kSilu, {-0.10259280762974712, -0.2689414213699951, -0.1887703343990727, -0.0, 0.0,
                      0.14054412522144952, 0.3112296656009273, 0.7310585786300049,
                      1.7615941559557646, 9.999546021312975, kInf, kNan, kNan}},
};

// Ops whose results are exactly determined (no libm rounding): compared bit for bit,
// sign of zero included.
bool IsExact(UnaryOp op) {
  switch (op) {
    case UnaryOp::kNeg: case UnaryOp::kAbs: case UnaryOp::kSign: case UnaryOp::kFloor:
    case UnaryOp::kCeil: case UnaryOp::kRound: case UnaryOp::kTrunc: case UnaryOp::kRelu:
    case UnaryOp::kReciprocal: case UnaryOp::kSqrt: case UnaryOp::kSquare:
      return true;
    default:
      return false;
  }
}

TEST(UnaryTest, Float32ValuesMatchTorch) {
  const Tensor x = Make(kInput, DType::kFloat32);
  for (const UnaryCase& c : kFloat32Cases) {
    absl::StatusOr<Tensor> y = Unary(c.op, x);
    ASSERT_TRUE(y.ok()) << UnaryOpName(c.op) << ": " << y.status();
    EXPECT_EQ(y->dtype(), DType::kFloat32) << UnaryOpName(c.op);
    if (IsExact(c.op)) {
      EXPECT_THAT(Values(*y), SameBits(c.expected)) << UnaryOpName(c.op);
    } else {
      EXPECT_THAT(Values(*y), AllClose(c.expected, 1e-6)) << UnaryOpName(c.op);
    }
  }
}

// PyTorch 1.13 runs gelu on a contiguous float32 tensor of two or more elements through
// oneDNN (whose erf is the Abramowitz-Stegun formula); wick reproduces its bits. Expected
// values from torch.nn.functional.gelu, in the order of the inputs.
TEST(UnaryTest, GeluFloat32MatchesTorchBitForBit) {
  const Tensor x = Make({-3.5, -1.0, -0.5, -0.0, 0.0, 0.25, 0.5, 1.0, 2.0, 10.0, kInf, -kInf,
                         -4.0, -5.5, 0.7071, 3.25, -9.0, 1e-20, -std::ldexp(1.0, -126)},
                        DType::kFloat32);
  const std::vector<double> expected = {-0.0008143335580825806, -0.1586552858352661,
                                        -0.1542687863111496,    0.0,
                                        0.0,                    0.14967656135559082,
                                        0.3457311987876892,     0.8413447141647339,
                                        1.9544999599456787,     10.0,
                                        kInf,                   kNan,
                                        -0.00012671947479248047, -1.6391277313232422e-07,
                                        0.5375712513923645,     3.248124361038208,
                                        0.0,                    4.999999841327613e-21,
                                        -5.877471754111438e-39};
  EXPECT_THAT(Values(*Gelu(x, "none")), SameBits(expected));
  // A strided view and a single element take PyTorch's own GeluKernel (an erf within an
  // ulp of libm's), as in torch.
  const Tensor pair = Make({-3.5, 7.0, 1.0, 7.0}, DType::kFloat32);
  const int64_t sizes[] = {2}, strides[] = {2};
  EXPECT_THAT(Values(*Gelu(Tensor::View(pair, sizes, strides, 0), "none")),
              AllClose(std::vector<double>{-0.0008142292499542236, 0.8413447141647339}, 1e-6));
  EXPECT_THAT(Values(*Gelu(Make({-3.5}, DType::kFloat32), "none")),
              AllClose(std::vector<double>{-0.0008142292499542236}, 1e-6));
}

TEST(UnaryTest, Float64ValuesMatchTorch) {
  const Tensor x = Make(kInput, DType::kFloat64);
  for (const UnaryCase& c : kFloat64Cases) {
    absl::StatusOr<Tensor> y = Unary(c.op, x);
    ASSERT_TRUE(y.ok()) << UnaryOpName(c.op) << ": " << y.status();
    EXPECT_EQ(y->dtype(), DType::kFloat64) << UnaryOpName(c.op);
    if (IsExact(c.op)) {
      EXPECT_THAT(Values(*y), SameBits(c.expected)) << UnaryOpName(c.op);
    } else {
      EXPECT_THAT(Values(*y), AllClose(c.expected, 1e-12)) << UnaryOpName(c.op);
    }
  }
}

// A long input runs the vector loop many times; every element must match libm closely.
TEST(UnaryTest, LongInputsAgreeWithLibm) {
  Tensor x = *Tensor::Empty({1003}, DType::kFloat32);
  for (int i = 0; i < 1003; ++i) x.data<float>()[i] = -8.0f + 0.016f * i;
  const Tensor y = *Unary(UnaryOp::kExp, x);
  const Tensor t = *Unary(UnaryOp::kTanh, x);
  const Tensor s = *Unary(UnaryOp::kSigmoid, x);
  for (int i = 0; i < 1003; ++i) {
    const float v = x.data<float>()[i];
    EXPECT_NEAR(y.data<float>()[i], std::exp(v), 1e-6 * std::exp(v)) << v;
    EXPECT_NEAR(t.data<float>()[i], std::tanh(v), 1e-6) << v;
    EXPECT_NEAR(s.data<float>()[i], 1 / (1 + std::exp(-v)), 1e-6) << v;
  }
}

TEST(UnaryTest, IntegersPromoteToDefaultFloat) {
  const Tensor i = Make({7, -7, 0, 3, -2, 1, 5, -9, 11, 100}, DType::kInt64);
  const Tensor e = *Unary(UnaryOp::kExp, i);
  EXPECT_EQ(e.dtype(), DType::kFloat32);
  EXPECT_THAT(Values(e), AllClose(std::vector<double>{1096.6331787109375, 0.0009118819725699723,
                                                      1.0, 20.08553695678711, 0.1353352814912796,
                                                      2.7182817459106445, 148.4131622314453,
                                                      0.00012340980174485594, 59874.140625, kInf},
                                  1e-6));
  const Tensor s = *Unary(UnaryOp::kSqrt, i);
  EXPECT_THAT(Values(s), AllClose(std::vector<double>{2.6457512378692627, kNan, 0.0,
                                                      1.7320507764816284, kNan, 1.0,
                                                      2.2360680103302, kNan, 3.316624879837036,
                                                      10.0},
                                  1e-6));
  const Tensor r = *Unary(UnaryOp::kReciprocal, Make({2, 0, -4}, DType::kInt32));
  EXPECT_EQ(r.dtype(), DType::kFloat32);
  EXPECT_THAT(Values(r), ElementsAre(0.5, kInf, -0.25));
  const Tensor b = *Unary(UnaryOp::kSigmoid, Make({1, 0}, DType::kBool));
  EXPECT_EQ(b.dtype(), DType::kFloat32);
  EXPECT_THAT(Values(b), AllClose(std::vector<double>{0.7310585975646973, 0.5}, 1e-7));
}

TEST(UnaryTest, IntegerOpsKeepTheirDType) {
  const Tensor i = Make({7, -7, 0}, DType::kInt32);
  for (UnaryOp op : {UnaryOp::kNeg, UnaryOp::kAbs, UnaryOp::kSign, UnaryOp::kFloor,
                     UnaryOp::kCeil, UnaryOp::kRound, UnaryOp::kTrunc, UnaryOp::kRelu,
                     UnaryOp::kSquare, UnaryOp::kBitwiseNot}) {
    EXPECT_EQ(Unary(op, i)->dtype(), DType::kInt32) << UnaryOpName(op);
  }
  EXPECT_THAT(Values(*Unary(UnaryOp::kNeg, i)), ElementsAre(-7, 7, 0));
  EXPECT_THAT(Values(*Unary(UnaryOp::kAbs, i)), ElementsAre(7, 7, 0));
  EXPECT_THAT(Values(*Unary(UnaryOp::kSign, i)), ElementsAre(1, -1, 0));
  EXPECT_THAT(Values(*Unary(UnaryOp::kRelu, i)), ElementsAre(7, 0, 0));
  EXPECT_THAT(Values(*Unary(UnaryOp::kSquare, i)), ElementsAre(49, 49, 0));
  EXPECT_THAT(Values(*Unary(UnaryOp::kBitwiseNot, i)), ElementsAre(-8, 6, -1));
  EXPECT_THAT(Values(*Unary(UnaryOp::kFloor, i)), ElementsAre(7, -7, 0));
  // Two's complement wrap-around instead of undefined behaviour.
  const Tensor min = Make({-2147483648.0}, DType::kInt32);
  EXPECT_THAT(Values(*Unary(UnaryOp::kNeg, min)), ElementsAre(-2147483648.0));
  EXPECT_THAT(Values(*Unary(UnaryOp::kAbs, min)), ElementsAre(-2147483648.0));
}

TEST(UnaryTest, BoolRules) {
  const Tensor b = Make({1, 0}, DType::kBool);
  EXPECT_THAT(Unary(UnaryOp::kNeg, b).status(),
              IsPyError("RuntimeError",
                        "Negation, the `-` operator, on a bool tensor is not supported. If you "
                        "are trying to invert a mask, use the `~` or `logical_not()` operator "
                        "instead."));
  EXPECT_THAT(Unary(UnaryOp::kRelu, b).status(),
              IsPyError("RuntimeError", "Boolean inputs not supported for relu"));
  EXPECT_THAT(Unary(UnaryOp::kAbs, b).status(),
              IsPyError("RuntimeError", "\"abs_cpu\" not implemented for 'Bool'"));
  EXPECT_THAT(Unary(UnaryOp::kFloor, b).status(),
              IsPyError("RuntimeError", "\"floor_vml_cpu\" not implemented for 'Bool'"));
  EXPECT_THAT(Unary(UnaryOp::kGelu, Make({1}, DType::kInt64)).status(),
              IsPyError("RuntimeError", "\"GeluKernelImpl\" not implemented for 'Long'"));
  EXPECT_THAT(Unary(UnaryOp::kBitwiseNot, Make({1.5})).status(),
              IsPyError("RuntimeError", "\"bitwise_not_cpu\" not implemented for 'Float'"));
  const Tensor sign = *Unary(UnaryOp::kSign, b);
  EXPECT_EQ(sign.dtype(), DType::kBool);
  EXPECT_THAT(Values(sign), ElementsAre(1, 0));
  const Tensor sq = *Unary(UnaryOp::kSquare, b);  // pow(b, 2) promotes to int64.
  EXPECT_EQ(sq.dtype(), DType::kInt64);
  EXPECT_THAT(Values(sq), ElementsAre(1, 0));
  EXPECT_THAT(Values(*Unary(UnaryOp::kBitwiseNot, b)), ElementsAre(0, 1));
}

TEST(UnaryTest, Predicates) {
  const Tensor x = Make({kNan, kInf, -kInf, 1.0, 0.0});
  const Tensor nan = *Unary(UnaryOp::kIsNan, x);
  EXPECT_EQ(nan.dtype(), DType::kBool);
  EXPECT_THAT(Values(nan), ElementsAre(1, 0, 0, 0, 0));
  EXPECT_THAT(Values(*Unary(UnaryOp::kIsInf, x)), ElementsAre(0, 1, 1, 0, 0));
  EXPECT_THAT(Values(*Unary(UnaryOp::kIsFinite, x)), ElementsAre(0, 0, 0, 1, 1));
  EXPECT_THAT(Values(*Unary(UnaryOp::kLogicalNot, x)), ElementsAre(0, 0, 0, 0, 1));
  const Tensor i = Make({3, 0}, DType::kInt64);
  EXPECT_THAT(Values(*Unary(UnaryOp::kIsNan, i)), ElementsAre(0, 0));
  EXPECT_THAT(Values(*Unary(UnaryOp::kIsFinite, i)), ElementsAre(1, 1));
  EXPECT_THAT(Values(*Unary(UnaryOp::kLogicalNot, i)), ElementsAre(0, 1));
}

TEST(UnaryTest, InPlaceWritesSelf) {
  Tensor x = Make({0.0, 1.0, 2.0});
  const uint64_t version = x.version();
  absl::StatusOr<Tensor> r = Unary(UnaryOp::kExp, x, {.inplace = true});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->is_same(x));
  EXPECT_EQ(x.version(), version + 1);
  EXPECT_THAT(Values(x),
              AllClose(std::vector<double>{1.0, 2.7182817459106445, 7.389056205749512}, 1e-6));
  // A bool result (logical_not_) is cast into self's dtype.
  Tensor i = Make({3, 0}, DType::kInt64);
  ASSERT_TRUE(Unary(UnaryOp::kLogicalNot, i, {.inplace = true}).ok());
  EXPECT_EQ(i.dtype(), DType::kInt64);
  EXPECT_THAT(Values(i), ElementsAre(0, 1));
}

TEST(UnaryTest, InPlaceErrors) {
  const Tensor i = Make({1, 2}, DType::kInt64);
  EXPECT_THAT(Unary(UnaryOp::kExp, i, {.inplace = true}).status(),
              IsPyError("RuntimeError",
                        "result type Float can't be cast to the desired output type Long"));
  EXPECT_THAT(Unary(UnaryOp::kSqrt, Make({1}, DType::kInt32), {.inplace = true}).status(),
              IsPyError("RuntimeError",
                        "result type Float can't be cast to the desired output type Int"));
  EXPECT_THAT(Unary(UnaryOp::kSquare, Make({1}, DType::kBool), {.inplace = true}).status(),
              IsPyError("RuntimeError",
                        "result type Long can't be cast to the desired output type Bool"));
  const Tensor expanded = Expand(Make({1.0, 2.0, 3.0}), {2, 3});
  EXPECT_THAT(Unary(UnaryOp::kExp, expanded, {.inplace = true}).status(),
              IsPyError("RuntimeError",
                        "unsupported operation: more than one element of the written-to tensor "
                        "refers to a single memory location. Please clone() the tensor before "
                        "performing the operation."));
  // Meta mode runs the same checks.
  EXPECT_FALSE(Unary(UnaryOp::kExp, Tensor::Meta({2}, DType::kInt64),
                     {.inplace = true, .meta = true})
                   .ok());
}

TEST(UnaryTest, TransposedInputKeepsItsLayout) {
  const Tensor t = Permute(Arange({2, 3}), {1, 0});  // torch.arange(6.).reshape(2,3).t()
  const Tensor e = *Unary(UnaryOp::kExp, t);
  EXPECT_THAT(Vec(e.sizes()), ElementsAre(3, 2));
  EXPECT_THAT(Vec(e.strides()), ElementsAre(1, 3));
  EXPECT_THAT(Values(e), AllClose(std::vector<double>{1.0, 20.08553695678711, 2.7182817459106445,
                                                      54.59815216064453, 7.389056205749512,
                                                      148.4131622314453},
                                  1e-6));
  // In place through the view writes the base's storage.
  Tensor base = Arange({2, 3});
  Tensor view = Permute(base, {1, 0});
  ASSERT_TRUE(Unary(UnaryOp::kNeg, view, {.inplace = true}).ok());
  EXPECT_THAT(Values(base), ElementsAre(0, -1, -2, -3, -4, -5));
  EXPECT_EQ(base.version(), 1u);
}

TEST(UnaryTest, ExpandedAndSlicedInputsGiveContiguousResults) {
  const Tensor e = Expand(Make({1.0, -2.0, 3.0}), {2, 3});
  const Tensor a = *Unary(UnaryOp::kAbs, e);
  EXPECT_THAT(Vec(a.strides()), ElementsAre(3, 1));
  EXPECT_THAT(Values(a), ElementsAre(1, 2, 3, 1, 2, 3));
  // Every other column of a 4x6 tensor: strides (6, 2).
  const Tensor base = Arange({4, 6});
  const Tensor sliced = Tensor::View(base, {4, 3}, {6, 2}, 0);
  const Tensor n = *Unary(UnaryOp::kNeg, sliced);
  EXPECT_THAT(Vec(n.strides()), ElementsAre(3, 1));
  EXPECT_THAT(Values(n), ElementsAre(0, -2, -4, -6, -8, -10, -12, -14, -16, -18, -20, -22));
}

TEST(UnaryTest, ZeroDimEmptyAndMeta) {
  const Tensor s = *Unary(UnaryOp::kExp, Tensor::FromScalar(Scalar(1.0)));
  EXPECT_EQ(s.dim(), 0);
  EXPECT_NEAR(s.Item()->to_double(), 2.7182817459106445, 1e-6);
  const Tensor empty = *Unary(UnaryOp::kSin, *Tensor::Empty({0, 3}, DType::kFloat64));
  EXPECT_THAT(Vec(empty.sizes()), ElementsAre(0, 3));
  EXPECT_EQ(empty.dtype(), DType::kFloat64);
  const Tensor meta = *Unary(UnaryOp::kExp, Tensor::Meta({2, 3}, DType::kInt64), {.meta = true});
  EXPECT_TRUE(meta.is_meta());
  EXPECT_EQ(meta.dtype(), DType::kFloat32);
  EXPECT_THAT(Vec(meta.strides()), ElementsAre(3, 1));
  const Tensor meta_t =
      *Unary(UnaryOp::kNeg, Tensor::MetaStrided({3, 2}, {1, 3}, DType::kFloat32), {.meta = true});
  EXPECT_THAT(Vec(meta_t.strides()), ElementsAre(1, 3));
}

TEST(UnaryTest, Names) {
  EXPECT_EQ(UnaryOpName(UnaryOp::kExp), "exp");
  EXPECT_EQ(UnaryOpName(UnaryOp::kLogicalNot), "logical_not");
  EXPECT_EQ(UnaryOpName(UnaryOp::kGeluTanh), "gelu");
}

}  // namespace
}  // namespace wick::tensor
