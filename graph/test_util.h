// Helpers shared by graph/ tests: registry lookups, meta construction, one-line graph
// building.
#ifndef WICK_GRAPH_TEST_UTIL_H_
#define WICK_GRAPH_TEST_UTIL_H_

#include <string>
#include <vector>

#include "graph/graph.h"
#include "gtest/gtest.h"
#include "tensor/op_registry.h"
#include "tensor/tensor.h"

namespace wick::graph::testing {

inline const tensor::OpDef* Op(absl::string_view full_name) {
  const tensor::OpDef* op = tensor::OpRegistry::Global().Find(full_name);
  EXPECT_NE(op, nullptr) << full_name;
  return op;
}

inline TensorMeta Meta(std::vector<int64_t> sizes,
                       tensor::DType dtype = tensor::DType::kFloat32) {
  tensor::Tensor t = tensor::Tensor::Meta(sizes, dtype);
  return TensorMeta::Of(t);
}

inline Arg R(NodeId id, int32_t index = -1) { return Arg::Ref({id, index}); }
inline Arg C(tensor::Value v = {}) { return Arg::Constant(std::move(v)); }

inline Spelling Spell(CallStyle style, std::string target, std::vector<Arg> args,
                      std::vector<std::pair<std::string, Arg>> kwargs = {}) {
  return Spelling{style, std::move(target), std::move(args), std::move(kwargs)};
}

inline NodeOrigin Origin(int32_t line, std::string code) {
  return NodeOrigin{"/tmp/prog.py", line, "fn", std::move(code)};
}

// A tensor with elements start, start+1, ... of `sizes` (float32 unless given).
inline tensor::Tensor Iota(std::vector<int64_t> sizes, double start = 0,
                           tensor::DType dtype = tensor::DType::kFloat32) {
  tensor::Tensor t = *tensor::Tensor::Empty(sizes, dtype);
  tensor::VisitDType(dtype, [&]<typename T>() {
    T* p = t.data<T>();
    for (int64_t i = 0; i < t.numel(); ++i) p[i] = static_cast<T>(start + i);
  });
  return t;
}

}  // namespace wick::graph::testing

#endif  // WICK_GRAPH_TEST_UTIL_H_
