// The one way op groups register their ops: an op's C++ function, returning a Tensor, a
// pair of Tensors or a Value, becomes the registry's meta function and kernel. Most ops
// here are one function that returns metadata for meta inputs, so it serves as both:
//
//   RETURN_IF_ERROR(RegisterOp(r, "cosine_similarity(Tensor x1, Tensor x2, ...) -> Tensor",
//       [](const OpArgs& a) { return CosineSimilarity(a.tensor(0), a.tensor(1), ...); },
//       {.function = true}));
//
// Ops whose metadata is computed apart from their values pass a meta function and a
// kernel. Templates, so the wrapper and the op's function inline into one call.
#ifndef WICK_TENSOR_KERNELS_REGISTER_H_
#define WICK_TENSOR_KERNELS_REGISTER_H_

#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tensor/op_registry.h"

namespace wick::tensor::kernels {

// An op's result as the registry's Value (a pair becomes a two-tensor tuple).
inline absl::StatusOr<Value> ToValue(absl::StatusOr<Value> v) { return v; }
inline absl::StatusOr<Value> ToValue(absl::StatusOr<Tensor> t) {
  if (!t.ok()) return t.status();
  return Value(*std::move(t));
}
inline absl::StatusOr<Value> ToValue(absl::StatusOr<std::pair<Tensor, Tensor>> p) {
  if (!p.ok()) return p.status();
  return Value(std::vector<Tensor>{std::move(p->first), std::move(p->second)});
}

// `fn` as an OpFn: called as fn(args), its result (StatusOr of Value, Tensor or a pair of
// Tensors) made a Value. An OpFn already is one and is returned as it is.
template <typename Fn>
OpFn AsOpFn(Fn fn) {
  if constexpr (std::is_convertible_v<Fn, OpFn> &&
                std::is_same_v<std::invoke_result_t<Fn&, const OpArgs&>,
                               absl::StatusOr<Value>>) {
    return OpFn(std::move(fn));
  } else {
    return [fn = std::move(fn)](const OpArgs& a) -> absl::StatusOr<Value> {
      return ToValue(fn(a));
    };
  }
}

// Registers `schema` with `fn` as both meta function and kernel.
template <typename Fn>
absl::Status RegisterOp(OpRegistry& r, absl::string_view schema, Fn fn, OpFlags flags) {
  OpFn op = AsOpFn(std::move(fn));
  return r.Register(schema, op, op, flags);
}

// Registers `schema` with its own meta function and kernel.
template <typename MetaFn, typename KernelFn>
absl::Status RegisterOp(OpRegistry& r, absl::string_view schema, MetaFn meta, KernelFn kernel,
                        OpFlags flags) {
  return r.Register(schema, AsOpFn(std::move(meta)), AsOpFn(std::move(kernel)), flags);
}

}  // namespace wick::tensor::kernels

#endif  // WICK_TENSOR_KERNELS_REGISTER_H_
