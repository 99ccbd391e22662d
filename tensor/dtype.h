// DType: the element types wick tensors hold, their sizes and names, and PyTorch's
// type-promotion lattice (bool < int32 < int64 < float32 < float64 for the types we have).
#ifndef WICK_TENSOR_DTYPE_H_
#define WICK_TENSOR_DTYPE_H_

#include <cstddef>
#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"

namespace wick::tensor {

// Declaration order is the promotion order.
enum class DType : uint8_t { kBool, kInt32, kInt64, kFloat32, kFloat64 };
inline constexpr int kNumDTypes = 5;

// The three categories PyTorch promotes across (a higher category always wins).
enum class DTypeCategory : uint8_t { kBool, kIntegral, kFloating };

size_t ElementSize(DType t);
DTypeCategory Category(DType t);
inline bool IsFloating(DType t) { return Category(t) == DTypeCategory::kFloating; }
inline bool IsIntegral(DType t, bool include_bool) {
  return Category(t) == DTypeCategory::kIntegral || (include_bool && t == DType::kBool);
}

// "float32", "int64", ... (the part after "torch.").
absl::string_view DTypeName(DType t);
// c10's ScalarType name, as PyTorch's messages print it: "Float", "Double", "Long",
// "Int", "Bool".
absl::string_view ScalarTypeName(DType t);
// Parses "float32", "float", "double", "long", "int", "bool", ... (aliases included).
std::optional<DType> DTypeFromName(absl::string_view name);

// The smallest type both can be represented in (torch.promote_types).
DType PromoteTypes(DType a, DType b);

// The default floating dtype (torch.get_default_dtype()); float32 unless changed.
DType DefaultFloatDType();
void SetDefaultFloatDType(DType t);

// Maps a C++ element type to its DType: DTypeOf<float>::value == DType::kFloat32.
template <typename T> struct DTypeOf;
template <> struct DTypeOf<bool> { static constexpr DType value = DType::kBool; };
template <> struct DTypeOf<int32_t> { static constexpr DType value = DType::kInt32; };
template <> struct DTypeOf<int64_t> { static constexpr DType value = DType::kInt64; };
template <> struct DTypeOf<float> { static constexpr DType value = DType::kFloat32; };
template <> struct DTypeOf<double> { static constexpr DType value = DType::kFloat64; };

// Calls fn.template operator()<T>() with T the C++ type of `t`:
//   VisitDType(t, [&]<typename T>() { ... });
template <typename Fn>
decltype(auto) VisitDType(DType t, Fn&& fn) {
  switch (t) {
    case DType::kBool: return fn.template operator()<bool>();
    case DType::kInt32: return fn.template operator()<int32_t>();
    case DType::kInt64: return fn.template operator()<int64_t>();
    case DType::kFloat32: return fn.template operator()<float>();
    case DType::kFloat64: break;
  }
  return fn.template operator()<double>();
}

}  // namespace wick::tensor

#endif  // WICK_TENSOR_DTYPE_H_
