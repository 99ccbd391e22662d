// Scalar: a Python number as tensor ops see it (bool, int64 or double), with the category
// that type promotion uses for "wrapped numbers".
#ifndef WICK_TENSOR_SCALAR_H_
#define WICK_TENSOR_SCALAR_H_

#include <cstdint>
#include <string>

#include "tensor/dtype.h"

namespace wick::tensor {

class Scalar {
 public:
  enum class Kind : uint8_t { kBool, kInt, kDouble };

  Scalar() : kind_(Kind::kInt), i_(0) {}
  Scalar(bool b) : kind_(Kind::kBool), i_(b) {}                // NOLINT: implicit by design
  Scalar(int v) : kind_(Kind::kInt), i_(v) {}                  // NOLINT
  Scalar(int64_t v) : kind_(Kind::kInt), i_(v) {}              // NOLINT
  Scalar(double v) : kind_(Kind::kDouble), d_(v) {}            // NOLINT

  Kind kind() const { return kind_; }
  bool is_bool() const { return kind_ == Kind::kBool; }
  bool is_int() const { return kind_ == Kind::kInt; }
  bool is_double() const { return kind_ == Kind::kDouble; }

  // Value converted as C++ would (double -> int64 truncates).
  double to_double() const { return kind_ == Kind::kDouble ? d_ : static_cast<double>(i_); }
  int64_t to_int() const { return kind_ == Kind::kDouble ? static_cast<int64_t>(d_) : i_; }
  bool to_bool() const { return kind_ == Kind::kDouble ? d_ != 0 : i_ != 0; }
  template <typename T> T to() const {
    if constexpr (std::is_same_v<T, bool>) return to_bool();
    else if constexpr (std::is_floating_point_v<T>) return static_cast<T>(to_double());
    else return static_cast<T>(to_int());
  }

  // The dtype a 0-dim tensor made from this scalar gets: bool, int64, or the default float.
  DType dtype() const {
    switch (kind_) {
      case Kind::kBool: return DType::kBool;
      case Kind::kInt: return DType::kInt64;
      case Kind::kDouble: break;
    }
    return DType::kFloat64;
  }

  bool operator==(const Scalar& o) const {
    if (kind_ != o.kind_) return false;
    return kind_ == Kind::kDouble ? d_ == o.d_ : i_ == o.i_;
  }

 private:
  Kind kind_;
  union {
    int64_t i_;
    double d_;
  };
};

}  // namespace wick::tensor

#endif  // WICK_TENSOR_SCALAR_H_
