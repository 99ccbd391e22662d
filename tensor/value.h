// Value: one argument or result of a registry op (None, bool, int, float, string, dtype,
// int list, float list, tensor, tensor list). The VM converts Python objects to Values
// using the op's schema; the tracer passes meta tensors in the same slots.
#ifndef WICK_TENSOR_VALUE_H_
#define WICK_TENSOR_VALUE_H_

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "tensor/dtype.h"
#include "tensor/scalar.h"
#include "tensor/tensor.h"

namespace wick::tensor {

class Value {
 public:
  enum class Kind : uint8_t {
    kNone, kBool, kInt, kDouble, kString, kDType, kIntList, kDoubleList, kTensor, kTensorList
  };

  Value() = default;                                     // None
  Value(bool b) : v_(b) {}                               // NOLINT: implicit by design
  Value(int v) : v_(int64_t{v}) {}                       // NOLINT
  Value(int64_t v) : v_(v) {}                            // NOLINT
  Value(double v) : v_(v) {}                             // NOLINT
  Value(const char* s) : v_(std::string(s)) {}           // NOLINT
  Value(std::string s) : v_(std::move(s)) {}             // NOLINT
  Value(DType d) : v_(d) {}                              // NOLINT
  Value(std::vector<int64_t> l) : v_(std::move(l)) {}    // NOLINT
  Value(std::vector<double> l) : v_(std::move(l)) {}     // NOLINT
  Value(Tensor t) : v_(std::move(t)) {}                  // NOLINT
  Value(std::vector<Tensor> l) : v_(std::move(l)) {}     // NOLINT
  Value(Scalar s) {                                      // NOLINT
    if (s.is_bool()) v_ = s.to_bool();
    else if (s.is_int()) v_ = s.to_int();
    else v_ = s.to_double();
  }

  Kind kind() const { return static_cast<Kind>(v_.index()); }
  bool is_none() const { return kind() == Kind::kNone; }
  bool is_bool() const { return kind() == Kind::kBool; }
  bool is_int() const { return kind() == Kind::kInt; }
  bool is_double() const { return kind() == Kind::kDouble; }
  bool is_scalar() const { return is_bool() || is_int() || is_double(); }
  bool is_string() const { return kind() == Kind::kString; }
  bool is_dtype() const { return kind() == Kind::kDType; }
  bool is_int_list() const { return kind() == Kind::kIntList; }
  bool is_double_list() const { return kind() == Kind::kDoubleList; }
  bool is_tensor() const { return kind() == Kind::kTensor; }
  bool is_tensor_list() const { return kind() == Kind::kTensorList; }

  bool to_bool() const { return std::get<bool>(v_); }
  int64_t to_int() const { return std::get<int64_t>(v_); }
  double to_double() const {
    return is_double() ? std::get<double>(v_) : static_cast<double>(to_scalar().to_double());
  }
  Scalar to_scalar() const {
    if (is_bool()) return Scalar(std::get<bool>(v_));
    if (is_int()) return Scalar(std::get<int64_t>(v_));
    return Scalar(std::get<double>(v_));
  }
  const std::string& to_string() const { return std::get<std::string>(v_); }
  DType to_dtype() const { return std::get<DType>(v_); }
  const std::vector<int64_t>& to_int_list() const { return std::get<std::vector<int64_t>>(v_); }
  const std::vector<double>& to_double_list() const {
    return std::get<std::vector<double>>(v_);
  }
  const Tensor& to_tensor() const { return std::get<Tensor>(v_); }
  const std::vector<Tensor>& to_tensor_list() const {
    return std::get<std::vector<Tensor>>(v_);
  }
  std::vector<Tensor>& mutable_tensor_list() { return std::get<std::vector<Tensor>>(v_); }

 private:
  std::variant<std::monostate, bool, int64_t, double, std::string, DType,
               std::vector<int64_t>, std::vector<double>, Tensor, std::vector<Tensor>>
      v_;
};

}  // namespace wick::tensor

#endif  // WICK_TENSOR_VALUE_H_
