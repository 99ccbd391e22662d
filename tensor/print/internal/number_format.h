// Number-to-text conversions with Python's exact output: `'%.Nf'`, `'%.Ne'` and repr()
// of a double, correctly rounded from the exact binary value (ties to even) and
// independent of the C locale.
#ifndef WICK_TENSOR_PRINT_INTERNAL_NUMBER_FORMAT_H_
#define WICK_TENSOR_PRINT_INTERNAL_NUMBER_FORMAT_H_

#include <string>

namespace wick::tensor::internal {

// Python `'{:.{p}f}'.format(v)`: "1.5000", "-0.0000", "inf", "-inf"; every NaN is
// "nan" (C's printf would say "-nan" for a sign-bit NaN such as 0/0). Requires p >= 0.
std::string FormatFixed(double v, int precision);

// Python `'{:.{p}e}'.format(v)`: "1.0000e-05", "2e+00" (p = 0), exponent >= 2 digits.
// Requires p >= 0.
std::string FormatScientific(double v, int precision);

// Python repr(float): the shortest digits that round-trip, written as fixed notation
// when the decimal exponent is in [-4, 16) ("0.0001", "1234567890123456.0") and as
// scientific otherwise ("1e-05", "1e+16", "1.5e+300").
std::string PythonFloatRepr(double v);

}  // namespace wick::tensor::internal

#endif  // WICK_TENSOR_PRINT_INTERNAL_NUMBER_FORMAT_H_
