// The frame every pointwise op runs in: plan the geometry, check in-place rules, allocate
// the result (or a meta tensor), convert inputs to the dtypes the kernel takes, run the
// kernel, cast back into an in-place target. Also dtype dispatch over type sets and the
// shared error messages.
#ifndef WICK_TENSOR_OPS_POINTWISE_INTERNAL_ELEMENTWISE_H_
#define WICK_TENSOR_OPS_POINTWISE_INTERNAL_ELEMENTWISE_H_

#include <cstdint>

#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "tensor/dtype.h"
#include "tensor/ops/pointwise/internal/loops.h"
#include "tensor/ops/pointwise/pointwise.h"
#include "tensor/tensor.h"

namespace wick::tensor::internal {

// Sets of dtypes a kernel is instantiated for.
using TypeSet = uint8_t;
inline constexpr TypeSet kBoolT = 1 << static_cast<int>(DType::kBool);
inline constexpr TypeSet kInt32T = 1 << static_cast<int>(DType::kInt32);
inline constexpr TypeSet kInt64T = 1 << static_cast<int>(DType::kInt64);
inline constexpr TypeSet kFloat32T = 1 << static_cast<int>(DType::kFloat32);
inline constexpr TypeSet kFloat64T = 1 << static_cast<int>(DType::kFloat64);
inline constexpr TypeSet kFloats = kFloat32T | kFloat64T;
inline constexpr TypeSet kInts = kInt32T | kInt64T;
inline constexpr TypeSet kNumbers = kInts | kFloats;
inline constexpr TypeSet kIntsAndBool = kInts | kBoolT;
inline constexpr TypeSet kAllTypes = kNumbers | kBoolT;

inline bool InSet(DType t, TypeSet set) { return (set >> static_cast<int>(t)) & 1; }

// Calls f.template operator()<T>() for t's C++ type when t is in kSet (else nothing:
// callers check support first, so the other instantiations are never needed).
template <TypeSet kSet, typename F>
void Dispatch(DType t, F&& f) {
  switch (t) {
    case DType::kBool:
      if constexpr ((kSet & kBoolT) != 0) f.template operator()<bool>();
      return;
    case DType::kInt32:
      if constexpr ((kSet & kInt32T) != 0) f.template operator()<int32_t>();
      return;
    case DType::kInt64:
      if constexpr ((kSet & kInt64T) != 0) f.template operator()<int64_t>();
      return;
    case DType::kFloat32:
      if constexpr ((kSet & kFloat32T) != 0) f.template operator()<float>();
      return;
    case DType::kFloat64:
      if constexpr ((kSet & kFloat64T) != 0) f.template operator()<double>();
      return;
  }
}

// The C++ type name some PyTorch checks print ("float", "long int").
absl::string_view CppTypeName(DType t);

// RuntimeError: "\"abs_cpu\" not implemented for 'Bool'".
absl::Status NotImplementedFor(absl::string_view kernel, DType t);
// RuntimeError: "result type Float can't be cast to the desired output type Long".
absl::Status CastError(DType from, DType to);
// PyTorch's canCast: no floating -> integral, nothing non-bool -> bool.
bool CanCast(DType from, DType to);
// RuntimeError("ZeroDivisionError") if the integer divisor inputs[1] holds a zero.
absl::Status CheckNoZeroDivisor(absl::Span<const Tensor> inputs);

// Writes the op's result into `out` (which has the result's shape and dtype) from inputs
// already converted to their kernel dtypes; `order` is the loop order.
using Kernel = absl::FunctionRef<void(const Tensor& out, const DimOrder& order,
                                      absl::Span<const Tensor> inputs)>;

struct ElementwiseSpec {
  absl::Span<const Tensor* const> inputs;  // Operands in order (undefined: skipped).
  absl::Span<const DType> input_dtypes;    // The dtype each input is converted to.
  DType result_dtype;                      // What the kernel writes.
  // In place: whether result_dtype must pass CanCast to self's dtype (comparisons and
  // logical ops write bool results into any dtype).
  bool check_cast = true;
  // Runs on the converted inputs before the kernel (the integer zero-divisor check).
  absl::Status (*precheck)(absl::Span<const Tensor> inputs) = nullptr;
};

// The whole life of one op call. With mode.inplace the first input is the target.
absl::StatusOr<Tensor> RunElementwise(const ElementwiseSpec& spec, OpMode mode, Kernel kernel);

// The common case: every input converted to `compute`, result of dtype `result`.
absl::StatusOr<Tensor> RunSimple(absl::Span<const Tensor* const> inputs, DType compute,
                                 DType result, OpMode mode, Kernel kernel,
                                 bool check_cast = true,
                                 absl::Status (*precheck)(absl::Span<const Tensor>) = nullptr);

// Fills a result of the op's geometry with one value (ops whose result is constant).
absl::StatusOr<Tensor> RunFill(absl::Span<const Tensor* const> inputs, DType result,
                               Scalar value, OpMode mode);

// Runs a unary functor made by make.template operator()<T>() for T = in's C++ type.
template <TypeSet kSet, typename Make>
void RunUnaryKernel(const Tensor& out, const DimOrder& order, const Tensor& in, Make&& make) {
  Dispatch<kSet>(in.dtype(), [&]<typename T>() {
    const auto fn = make.template operator()<T>();
    using R = decltype(fn(T{}));
    ForEach<R, T>(fn, out, order, {&in});
  });
}

template <TypeSet kSet, typename Make>
void RunBinaryKernel(const Tensor& out, const DimOrder& order, const Tensor& a,
                     const Tensor& b, Make&& make) {
  Dispatch<kSet>(a.dtype(), [&]<typename T>() {
    const auto fn = make.template operator()<T>();
    using R = decltype(fn(T{}, T{}));
    ForEach<R, T, T>(fn, out, order, {&a, &b});
  });
}

template <TypeSet kSet, typename Make>
void RunTernaryKernel(const Tensor& out, const DimOrder& order, const Tensor& a,
                      const Tensor& b, const Tensor& c, Make&& make) {
  Dispatch<kSet>(a.dtype(), [&]<typename T>() {
    const auto fn = make.template operator()<T>();
    using R = decltype(fn(T{}, T{}, T{}));
    ForEach<R, T, T, T>(fn, out, order, {&a, &b, &c});
  });
}

// A functor template with no parameters, as a maker: FnOf<ExpFn>().
template <template <typename> class Fn>
struct FnOf {
  template <typename T>
  Fn<T> operator()() const { return Fn<T>{}; }
};

}  // namespace wick::tensor::internal

#endif  // WICK_TENSOR_OPS_POINTWISE_INTERNAL_ELEMENTWISE_H_
