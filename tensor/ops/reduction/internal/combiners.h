// What the reduction kernels combine elements with: maps applied before accumulating
// (identity, square, abs), the NaN-propagating max/min and the wrapping sum/product,
// each on scalars and on the kernel toolkit's lane vectors (tensor/kernels/simd.h) alike.
#ifndef WICK_TENSOR_OPS_REDUCTION_INTERNAL_COMBINERS_H_
#define WICK_TENSOR_OPS_REDUCTION_INTERNAL_COMBINERS_H_

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "tensor/kernels/simd.h"

namespace wick::tensor::reduce_internal {

// The toolkit's lane vectors under the names the reduction kernels use.
template <typename T>
using Vec = kernels::Lanes<T>;
template <typename T>
using ElemOf = kernels::LaneElem<T>;
using kernels::kLanes;
using kernels::LaneInt;
using kernels::LoadWiden4;
using kernels::SumLanes;
template <typename T>
inline Vec<T> LoadVec(const T* p) {
  return kernels::LoadLanes(p);
}
template <typename T>
inline void StoreVec(T* p, Vec<T> v) {
  kernels::StoreLanes(p, v);
}
template <typename T>
inline Vec<T> Broadcast(T x) {
  return kernels::SplatLanes(x);
}

template <typename T>
inline bool IsNan(T x) {
  if constexpr (std::is_floating_point_v<T>) {
    return x != x;
  } else {
    return false;
  }
}

// |x| for scalars and vectors. Floats clear the sign bit, so -0.0 and NaN keep IEEE
// meaning (PyTorch's abs gives +0.0 for -0.0).
template <typename V>
inline V AbsAny(V v) {
  if constexpr (std::is_arithmetic_v<V>) {
    if constexpr (std::is_floating_point_v<V>) {
      return std::fabs(v);
    } else if constexpr (std::is_signed_v<V>) {
      return v < 0 ? -v : v;
    } else {
      return v;
    }
  } else {
    using E = std::remove_reference_t<decltype(v[0])>;
    if constexpr (std::is_floating_point_v<E>) {
      using I = LaneInt<E>;
      using IV = Vec<I>;
      const IV bits = reinterpret_cast<IV>(v) & std::numeric_limits<I>::max();
      return reinterpret_cast<V>(bits);
    } else {
      return v < 0 ? -v : v;
    }
  }
}

// Maps applied to each element before it is accumulated; each works on scalars and
// vectors alike.
struct MapIdentity {
  template <typename V> V operator()(V v) const { return v; }
};
struct MapSquare {
  template <typename V> V operator()(V v) const { return v * v; }
};
struct MapAbs {
  template <typename V> V operator()(V v) const { return AbsAny(v); }
};

// `m` with NaN (all bits set) in the lanes where `x` is NaN. With m = (x > acc ? x : acc),
// which compiles to one vmaxps, this makes max NaN-sticky in three instructions: a NaN in
// x poisons the lane, and a NaN accumulator never compares less than x.
template <typename V>
inline V OrNanOf(V x, V m) {
  using E = std::remove_cvref_t<decltype(x[0])>;
  if constexpr (std::is_floating_point_v<E>) {
    using Mask = decltype(x != x);
    return reinterpret_cast<V>(reinterpret_cast<Mask>(m) | (x != x));
  } else {
    return m;
  }
}

// Binary combiners with an identity. Max/Min propagate NaN (once a lane holds NaN it
// keeps it), as torch.max/amax do.
struct MaxOp {
  template <typename T> static constexpr T Identity() {
    if constexpr (std::is_floating_point_v<T>) return -std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::lowest();
  }
  template <typename V> V operator()(V a, V b) const {
    if constexpr (std::is_arithmetic_v<V>) {
      return (b > a || IsNan(b)) ? b : a;
    } else {
      return OrNanOf(b, (b > a) ? b : a);
    }
  }
};
struct MinOp {
  template <typename T> static constexpr T Identity() {
    if constexpr (std::is_floating_point_v<T>) return std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::max();
  }
  template <typename V> V operator()(V a, V b) const {
    if constexpr (std::is_arithmetic_v<V>) {
      return (b < a || IsNan(b)) ? b : a;
    } else {
      return OrNanOf(b, (b < a) ? b : a);
    }
  }
};
// a + b and a * b where signed integers wrap around (as in PyTorch) instead of being
// undefined on overflow: the arithmetic is done on the unsigned type of the same width.
template <typename V>
struct UnsignedOf {
  using type = std::make_unsigned_t<V>;
};
template <typename V>
  requires(!std::is_arithmetic_v<V>)
struct UnsignedOf<V> {
  using E = std::remove_cvref_t<decltype(std::declval<V>()[0])>;
  typedef std::make_unsigned_t<E> type __attribute__((vector_size(sizeof(V))));
};
template <typename V>
constexpr bool IsSignedInt() {
  if constexpr (std::is_arithmetic_v<V>) {
    return std::is_integral_v<V> && std::is_signed_v<V>;
  } else {
    using E = std::remove_cvref_t<decltype(std::declval<V>()[0])>;
    return std::is_integral_v<E> && std::is_signed_v<E>;
  }
}
// Same-width signed <-> unsigned: modular for scalars (C++20), a bit cast for vectors.
template <typename To, typename From>
inline To SameWidthCast(From v) {
  if constexpr (std::is_arithmetic_v<From>) {
    return static_cast<To>(v);
  } else {
    return reinterpret_cast<To>(v);
  }
}
template <typename V>
inline V WrapAdd(V a, V b) {
  if constexpr (IsSignedInt<V>()) {
    using U = typename UnsignedOf<V>::type;
    return SameWidthCast<V>(SameWidthCast<U>(a) + SameWidthCast<U>(b));
  } else {
    return a + b;
  }
}
template <typename V>
inline V WrapMul(V a, V b) {
  if constexpr (IsSignedInt<V>()) {
    using U = typename UnsignedOf<V>::type;
    return SameWidthCast<V>(SameWidthCast<U>(a) * SameWidthCast<U>(b));
  } else {
    return a * b;
  }
}

struct ProdOp {
  template <typename T> static constexpr T Identity() { return T(1); }
  template <typename V> V operator()(V a, V b) const { return WrapMul(a, b); }
};

}  // namespace wick::tensor::reduce_internal

#endif  // WICK_TENSOR_OPS_REDUCTION_INTERNAL_COMBINERS_H_
