// Python's float formatting, reproduced: expected strings are CPython's own output for
// the same doubles ('{:.4f}', '{:.4e}', repr()).
#include "tensor/print/internal/number_format.h"

#include <cmath>
#include <limits>

#include "gtest/gtest.h"

namespace wick::tensor::internal {
namespace {

TEST(NumberFormat, FixedRoundsTheExactBinaryValueHalfToEven) {
  EXPECT_EQ(FormatFixed(1.5, 4), "1.5000");
  EXPECT_EQ(FormatFixed(-0.0, 4), "-0.0000");
  EXPECT_EQ(FormatFixed(-0.0, 0), "-0");
  EXPECT_EQ(FormatFixed(2.5, 0), "2");  // Exact tie: to even.
  EXPECT_EQ(FormatFixed(3.5, 0), "4");
  EXPECT_EQ(FormatFixed(0.25, 1), "0.2");  // Exact tie.
  EXPECT_EQ(FormatFixed(0.05, 1), "0.1");  // 0.05000000000000000277 is above the tie.
  EXPECT_EQ(FormatFixed(0.35, 1), "0.3");  // 0.34999999999999997780 is below it.
  EXPECT_EQ(FormatFixed(static_cast<double>(1.12345f), 4), "1.1235");
  EXPECT_EQ(FormatFixed(static_cast<double>(123456.789f), 4), "123456.7891");
  EXPECT_EQ(FormatFixed(1e20, 1), "100000000000000000000.0");
  EXPECT_EQ(FormatFixed(0.1, 20), "0.10000000000000000555");
}

TEST(NumberFormat, FixedSpellsNonFiniteLikePython) {
  EXPECT_EQ(FormatFixed(INFINITY, 4), "inf");
  EXPECT_EQ(FormatFixed(-INFINITY, 0), "-inf");
  EXPECT_EQ(FormatFixed(NAN, 4), "nan");
  EXPECT_EQ(FormatFixed(-NAN, 4), "nan");  // Sign-bit NaN (0/0 on x86): not "-nan".
  EXPECT_EQ(FormatScientific(-NAN, 4), "nan");
  EXPECT_EQ(FormatScientific(-INFINITY, 4), "-inf");
}

TEST(NumberFormat, Scientific) {
  EXPECT_EQ(FormatScientific(1e-5, 4), "1.0000e-05");
  EXPECT_EQ(FormatScientific(1.0, 0), "1e+00");
  EXPECT_EQ(FormatScientific(1.5, 0), "2e+00");
  EXPECT_EQ(FormatScientific(-2500, 4), "-2.5000e+03");
  EXPECT_EQ(FormatScientific(1e100, 2), "1.00e+100");
  EXPECT_EQ(FormatScientific(static_cast<double>(std::numeric_limits<float>::denorm_min()), 4),
            "1.4013e-45");
  EXPECT_EQ(FormatScientific(0.0, 4), "0.0000e+00");
}

TEST(NumberFormat, PythonFloatRepr) {
  EXPECT_EQ(PythonFloatRepr(1.0), "1.0");
  EXPECT_EQ(PythonFloatRepr(-0.0), "-0.0");
  EXPECT_EQ(PythonFloatRepr(0.1), "0.1");
  EXPECT_EQ(PythonFloatRepr(static_cast<double>(0.1f)), "0.10000000149011612");
  EXPECT_EQ(PythonFloatRepr(1e-5), "1e-05");
  EXPECT_EQ(PythonFloatRepr(0.0001), "0.0001");
  EXPECT_EQ(PythonFloatRepr(1.5e-7), "1.5e-07");
  EXPECT_EQ(PythonFloatRepr(1e16), "1e+16");
  EXPECT_EQ(PythonFloatRepr(1.5e16), "1.5e+16");
  EXPECT_EQ(PythonFloatRepr(1234567890123456.0), "1234567890123456.0");
  EXPECT_EQ(PythonFloatRepr(123456789012345.6), "123456789012345.6");
  EXPECT_EQ(PythonFloatRepr(1e22), "1e+22");
  EXPECT_EQ(PythonFloatRepr(5e-324), "5e-324");
  EXPECT_EQ(PythonFloatRepr(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(PythonFloatRepr(100.0), "100.0");
  EXPECT_EQ(PythonFloatRepr(-2.5), "-2.5");
  EXPECT_EQ(PythonFloatRepr(2.9802322387695312e-08), "2.9802322387695312e-08");
  EXPECT_EQ(PythonFloatRepr(NAN), "nan");
  EXPECT_EQ(PythonFloatRepr(-NAN), "nan");
  EXPECT_EQ(PythonFloatRepr(-INFINITY), "-inf");
}

}  // namespace
}  // namespace wick::tensor::internal
