#include "tensor/dtype.h"

#include <atomic>

namespace wick::tensor {
namespace {
// Process-wide (torch.set_default_dtype from any interpreter thread); relaxed, since
// nothing else is published with it.
std::atomic<DType> g_default_float{DType::kFloat32};
}  // namespace

size_t ElementSize(DType t) {
  switch (t) {
    case DType::kBool: return 1;
    case DType::kInt32: return 4;
    case DType::kInt64: return 8;
    case DType::kFloat32: return 4;
    case DType::kFloat64: return 8;
  }
  return 8;
}

DTypeCategory Category(DType t) {
  switch (t) {
    case DType::kBool: return DTypeCategory::kBool;
    case DType::kInt32:
    case DType::kInt64: return DTypeCategory::kIntegral;
    case DType::kFloat32:
    case DType::kFloat64: return DTypeCategory::kFloating;
  }
  return DTypeCategory::kFloating;
}

absl::string_view DTypeName(DType t) {
  switch (t) {
    case DType::kBool: return "bool";
    case DType::kInt32: return "int32";
    case DType::kInt64: return "int64";
    case DType::kFloat32: return "float32";
    case DType::kFloat64: return "float64";
  }
  return "?";
}

absl::string_view ScalarTypeName(DType t) {
  switch (t) {
    case DType::kBool: return "Bool";
    case DType::kInt32: return "Int";
    case DType::kInt64: return "Long";
    case DType::kFloat32: return "Float";
    case DType::kFloat64: return "Double";
  }
  return "?";
}

std::optional<DType> DTypeFromName(absl::string_view name) {
  if (name == "bool") return DType::kBool;
  if (name == "int32" || name == "int") return DType::kInt32;
  if (name == "int64" || name == "long") return DType::kInt64;
  if (name == "float32" || name == "float") return DType::kFloat32;
  if (name == "float64" || name == "double") return DType::kFloat64;
  return std::nullopt;
}

DType PromoteTypes(DType a, DType b) {
  // With only these five types the lattice is a chain, so promotion is the maximum.
  return static_cast<uint8_t>(a) >= static_cast<uint8_t>(b) ? a : b;
}

DType DefaultFloatDType() { return g_default_float.load(std::memory_order_relaxed); }
void SetDefaultFloatDType(DType t) { g_default_float.store(t, std::memory_order_relaxed); }

}  // namespace wick::tensor
