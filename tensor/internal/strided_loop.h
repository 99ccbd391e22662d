// StridedLoop: the N-operand strided iteration every elementwise kernel, copy and
// broadcast is built on. Dimensions are coalesced where all operands allow it, so a
// contiguous case becomes one run of numel elements, and the body sees 1-D runs:
//
//   StridedLoop<2> loop(out.sizes(), {{out.raw_data(), out.strides(), 4},
//                                     {in.raw_data(), bcast_strides, 4}});
//   loop.Run([](char* const* p, const int64_t* step, int64_t n) { ... });
//
// `step[k]` is operand k's stride in bytes along the run (0 for a broadcast operand).
// Run splits the outermost dimension across threads when the tensor is large.
#ifndef WICK_TENSOR_INTERNAL_STRIDED_LOOP_H_
#define WICK_TENSOR_INTERNAL_STRIDED_LOOP_H_

#include <array>
#include <cstdint>

#include "absl/container/inlined_vector.h"
#include "absl/types/span.h"
#include "tensor/parallel.h"

namespace wick::tensor::internal {

struct LoopOperand {
  void* data;
  absl::Span<const int64_t> strides;  // In elements; same rank as the loop sizes.
  int64_t element_size;
};

template <int N>
class StridedLoop {
 public:
  StridedLoop(absl::Span<const int64_t> sizes, std::array<LoopOperand, N> ops) {
    for (int k = 0; k < N; ++k) base_[k] = static_cast<char*>(ops[k].data);
    // Keep non-trivial dims, innermost first, with byte strides.
    for (int64_t d = static_cast<int64_t>(sizes.size()) - 1; d >= 0; --d) {
      if (sizes[d] == 1) continue;
      Dim dim;
      dim.size = sizes[d];
      for (int k = 0; k < N; ++k) dim.stride[k] = ops[k].strides[d] * ops[k].element_size;
      if (!dims_.empty() && CanMerge(dims_.back(), dim)) {
        dims_.back().size *= dim.size;
      } else {
        dims_.push_back(dim);
      }
      if (sizes[d] == 0) empty_ = true;
    }
  }

  int64_t numel() const {
    if (empty_) return 0;
    int64_t n = 1;
    for (const Dim& d : dims_) n *= d.size;
    return n;
  }

  // True when the whole iteration is one run (every operand dense or broadcast scalar).
  bool is_single_run() const { return dims_.size() <= 1; }

  template <typename Body>
  void Run(Body&& body, int64_t grain = kParallelGrain) const {
    if (empty_) return;
    if (dims_.empty()) {
      const int64_t zero[N] = {};
      body(base_.data(), zero, int64_t{1});
      return;
    }
    const int64_t total = numel();
    const Dim& inner = dims_[0];
    if (dims_.size() == 1) {
      // Split one run into chunks when parallel.
      ParallelFor(0, inner.size, grain, [&](int64_t begin, int64_t end) {
        std::array<char*, N> p;
        for (int k = 0; k < N; ++k) p[k] = base_[k] + begin * inner.stride[k];
        body(p.data(), inner.stride, end - begin);
      });
      return;
    }
    const int64_t outer_count = total / inner.size;
    const int64_t outer_grain = std::max<int64_t>(1, grain / std::max<int64_t>(inner.size, 1));
    ParallelFor(0, outer_count, outer_grain, [&](int64_t begin, int64_t end) {
      for (int64_t i = begin; i < end; ++i) {
        std::array<char*, N> p = base_;
        int64_t rem = i;
        for (size_t d = 1; d < dims_.size(); ++d) {
          const int64_t idx = rem % dims_[d].size;
          rem /= dims_[d].size;
          for (int k = 0; k < N; ++k) p[k] += idx * dims_[d].stride[k];
        }
        body(p.data(), inner.stride, inner.size);
      }
    });
  }

 private:
  struct Dim {
    int64_t size;
    int64_t stride[N];
  };
  // `outer` can fold into `inner` when stepping it equals a full sweep of `inner`.
  static bool CanMerge(const Dim& inner, const Dim& outer) {
    for (int k = 0; k < N; ++k) {
      if (outer.stride[k] != inner.stride[k] * inner.size) return false;
    }
    return true;
  }

  std::array<char*, N> base_;
  absl::InlinedVector<Dim, 6> dims_;
  bool empty_ = false;
};

}  // namespace wick::tensor::internal

#endif  // WICK_TENSOR_INTERNAL_STRIDED_LOOP_H_
