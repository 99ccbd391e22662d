// The loops that run an element functor over tensors: a contiguous inner loop (explicit
// Vec<T> code when the functor has a vector form, otherwise a `#pragma omp simd` loop),
// specializations for a broadcast scalar operand, and a block path that gathers strided
// or broadcast operands into small buffers so that every layout still runs the
// contiguous loop. ForEach drives them over internal::StridedLoop.
//
//   ForEach<float, float, float>(AddFn<float>{}, out, order, {&a, &b});
#ifndef WICK_TENSOR_OPS_POINTWISE_INTERNAL_LOOPS_H_
#define WICK_TENSOR_OPS_POINTWISE_INTERNAL_LOOPS_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <tuple>
#include <utility>

#include "tensor/internal/strided_loop.h"
#include "tensor/ops/pointwise/internal/kernels.h"
#include "tensor/parallel.h"
#include "tensor/shape.h"
#include "tensor/tensor.h"

// Scalar-form loops are vectorized by the compiler: `omp simd` forces it (it needs
// -fopenmp, which every target here uses); without OpenMP, ivdep at least rules out
// aliasing between the operands.
#if defined(_OPENMP)
#define WICK_SIMD_LOOP _Pragma("omp simd")
#else
#define WICK_SIMD_LOOP _Pragma("GCC ivdep")
#endif

namespace wick::tensor::internal {

// True when `Fn` has a vector form for these operand types (all the same float type).
template <typename Fn, typename Out, typename... In>
concept VectorFunctor = kHasVec<Out> && (std::is_same_v<In, Out> && ...) &&
                        requires(const Fn& f, Vec<In>... v) {
                          { f.Vector(v...) } -> std::same_as<Vec<Out>>;
                        };

// out[i] = fn(in[i]...) for i < n over dense arrays. `out` may alias an input exactly.
template <typename Out, typename... In, typename Fn>
inline void ContiguousLoop(const Fn& fn, int64_t n, Out* out, const In*... in) {
  if constexpr (VectorFunctor<Fn, Out, In...>) {
    using V = Vec<Out>;
    constexpr int kW = V::kWidth;
    int64_t i = 0;
    // Two vectors per iteration keep two independent chains in flight (as PyTorch's
    // vectorized loop does); it matters for the memory-bound ops.
    for (; i + 2 * kW <= n; i += 2 * kW) {
      const V lo = fn.Vector(V::Load(in + i)...);
      const V hi = fn.Vector(V::Load(in + i + kW)...);
      lo.Store(out + i);
      hi.Store(out + i + kW);
    }
    for (; i + kW <= n; i += kW) fn.Vector(V::Load(in + i)...).Store(out + i);
    if (i < n) {
      // The tail goes through the vector form too, so that an element's result does not
      // depend on its position. Padding lanes compute on zeros and are dropped.
      const int64_t rest = n - i;
      Out pad_in[sizeof...(In)][kW] = {};
      Out pad_out[kW];
      const Out* src[] = {in...};
      for (size_t k = 0; k < sizeof...(In); ++k) {
        std::memcpy(pad_in[k], src[k] + i, rest * sizeof(Out));
      }
      [&]<size_t... I>(std::index_sequence<I...>) {
        fn.Vector(V::Load(pad_in[I])...).Store(pad_out);
      }(std::index_sequence_for<In...>());
      std::memcpy(out + i, pad_out, rest * sizeof(Out));
    }
  } else {
    WICK_SIMD_LOOP
    for (int64_t i = 0; i < n; ++i) out[i] = fn(in[i]...);
  }
}

// Binds one operand of a binary functor to a broadcast value, giving a unary functor
// (so a tensor-with-scalar op runs the contiguous loop with the scalar in a register).
template <typename Fn, typename T, bool kFirst>
struct BindScalar {
  const Fn& fn;
  T value;
  auto operator()(T x) const {
    if constexpr (kFirst) return fn(value, x);
    else return fn(x, value);
  }
  Vec<T> Vector(Vec<T> x) const requires kHasVec<T> {
    if constexpr (kFirst) return fn.Vector(Vec<T>::Splat(value), x);
    else return fn.Vector(x, Vec<T>::Splat(value));
  }
};

// Elements per block in the gather path: small enough for L1, big enough to amortize.
inline constexpr int64_t kBlockElems = 256;

// One 1-D run of the strided iteration: p[0]/step[0] is the output, the rest inputs.
template <typename Out, typename... In, typename Fn>
void RunSegment(const Fn& fn, char* const* p, const int64_t* step, int64_t n) {
  constexpr int kN = sizeof...(In);
  constexpr int64_t kSize[kN + 1] = {int64_t{sizeof(Out)}, int64_t{sizeof(In)}...};
  bool dense = true;
  for (int k = 0; k <= kN; ++k) dense = dense && (n == 1 || step[k] == kSize[k]);
  if (dense) {
    [&]<size_t... I>(std::index_sequence<I...>) {
      ContiguousLoop<Out, In...>(fn, n, reinterpret_cast<Out*>(p[0]),
                                 reinterpret_cast<const In*>(p[I + 1])...);
    }(std::make_index_sequence<kN>());
    return;
  }
  if constexpr (kN == 2) {
    using A = std::tuple_element_t<0, std::tuple<In...>>;
    using B = std::tuple_element_t<1, std::tuple<In...>>;
    if constexpr (std::is_same_v<A, B>) {
      if (step[0] == kSize[0]) {
        Out* out = reinterpret_cast<Out*>(p[0]);
        if (step[1] == kSize[1] && step[2] == 0) {
          const BindScalar<Fn, A, false> bound{fn, *reinterpret_cast<const A*>(p[2])};
          ContiguousLoop<Out, A>(bound, n, out, reinterpret_cast<const A*>(p[1]));
          return;
        }
        if (step[1] == 0 && step[2] == kSize[2]) {
          const BindScalar<Fn, A, true> bound{fn, *reinterpret_cast<const A*>(p[1])};
          ContiguousLoop<Out, A>(bound, n, out, reinterpret_cast<const A*>(p[2]));
          return;
        }
      }
    }
  }
  // General layout: gather each non-dense input into a block buffer (a broadcast input
  // once per segment), run the dense loop, scatter the output if it is not dense.
  std::tuple<std::array<In, kBlockElems>...> bufs;
  std::array<Out, kBlockElems> out_buf;
  [&]<size_t... I>(std::index_sequence<I...>) {
    const int64_t fill = std::min(kBlockElems, n);
    auto prefill = [&](auto& buf, const char* src, int64_t s) {
      using E = typename std::remove_reference_t<decltype(buf)>::value_type;
      if (s == 0) std::fill(buf.begin(), buf.begin() + fill, *reinterpret_cast<const E*>(src));
    };
    (prefill(std::get<I>(bufs), p[I + 1], step[I + 1]), ...);
    for (int64_t start = 0; start < n; start += kBlockElems) {
      const int64_t m = std::min(kBlockElems, n - start);
      auto input = [&](auto& buf, int k) {
        using E = typename std::remove_reference_t<decltype(buf)>::value_type;
        const int64_t s = step[k];
        const char* src = p[k] + start * s;
        if (s == kSize[k]) return reinterpret_cast<const E*>(src);
        if (s != 0) {
          for (int64_t j = 0; j < m; ++j) buf[j] = *reinterpret_cast<const E*>(src + j * s);
        }
        return static_cast<const E*>(buf.data());
      };
      const bool out_dense = step[0] == kSize[0];
      Out* out = out_dense ? reinterpret_cast<Out*>(p[0] + start * step[0]) : out_buf.data();
      ContiguousLoop<Out, In...>(fn, m, out, input(std::get<I>(bufs), I + 1)...);
      if (!out_dense) {
        char* dst = p[0] + start * step[0];
        for (int64_t j = 0; j < m; ++j) *reinterpret_cast<Out*>(dst + j * step[0]) = out[j];
      }
    }
  }(std::make_index_sequence<kN>());
}

// Runs out = fn(ins...) elementwise. `out` has the op's full shape and the functor's
// result type; every input broadcasts to that shape and already has its C++ type.
template <typename Out, typename... In, typename Fn>
void ForEach(const Fn& fn, const Tensor& out, const DimOrder& order,
             const std::array<const Tensor*, sizeof...(In)>& ins) {
  constexpr int kN = sizeof...(In);
  const int64_t n = out.numel();
  if (n == 0) return;
  // Fast path: a dense output whose inputs are dense in the same order or single elements
  // is one run (no geometry to build); split across threads as StridedLoop would.
  if (out.is_contiguous() && order.empty()) {
    constexpr int64_t kSize[kN + 1] = {int64_t{sizeof(Out)}, int64_t{sizeof(In)}...};
    int64_t step[kN + 1] = {kSize[0]};
    bool simple = true;
    for (int k = 0; k < kN; ++k) {
      if (ins[k]->numel() == 1) {
        step[k + 1] = 0;
      } else if (ins[k]->numel() == n && ins[k]->is_contiguous()) {
        step[k + 1] = kSize[k + 1];
      } else {
        simple = false;
      }
    }
    if (simple) {
      ParallelFor(0, n, kParallelGrain, [&](int64_t begin, int64_t end) {
        char* p[kN + 1];
        p[0] = static_cast<char*>(out.raw_data()) + begin * step[0];
        for (int k = 0; k < kN; ++k) {
          p[k + 1] = static_cast<char*>(ins[k]->raw_data()) + begin * step[k + 1];
        }
        RunSegment<Out, In...>(fn, p, step, end - begin);
      });
      return;
    }
  }
  const int64_t ndim = out.dim();
  // Permute every operand's geometry so that the last loop dim is the fastest one.
  Shape sizes(ndim);
  std::array<Shape, kN + 1> strides;
  for (auto& s : strides) s.resize(ndim);
  std::array<Shape, kN> bcast;
  for (int k = 0; k < kN; ++k) bcast[k] = BroadcastStrides(*ins[k], out.sizes());
  for (int64_t j = 0; j < ndim; ++j) {
    const int64_t d = order.empty() ? j : order[ndim - 1 - j];
    sizes[j] = out.size(d);
    strides[0][j] = out.stride(d);
    for (int k = 0; k < kN; ++k) strides[k + 1][j] = bcast[k][d];
  }
  std::array<LoopOperand, kN + 1> operands;
  operands[0] = LoopOperand{out.raw_data(), strides[0], int64_t{sizeof(Out)}};
  [&]<size_t... I>(std::index_sequence<I...>) {
    ((operands[I + 1] = LoopOperand{ins[I]->raw_data(), strides[I + 1],
                                    int64_t{sizeof(std::tuple_element_t<I, std::tuple<In...>>)}}),
     ...);
  }(std::make_index_sequence<kN>());
  StridedLoop<kN + 1> loop(sizes, operands);
  loop.Run([&](char* const* p, const int64_t* step, int64_t count) {
    RunSegment<Out, In...>(fn, p, step, count);
  });
}

}  // namespace wick::tensor::internal

#endif  // WICK_TENSOR_OPS_POINTWISE_INTERNAL_LOOPS_H_
