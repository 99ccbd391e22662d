// bernoulli_ (scalar and tensor p) and dropout, which is bernoulli_ plus PyTorch's exact
// arithmetic for the scaled mask (aten/src/ATen/native/Dropout.cpp, CPU path: no fused
// kernel, no MKL stream).
#include <cmath>
#include <mutex>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/internal/strided_loop.h"
#include "tensor/ops/random/internal/fill.h"
#include "tensor/ops/random/samplers.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using random_internal::NotImplementedFor;

absl::Status CheckWritable(const Tensor& self) {
  if (!self.defined() || self.is_meta()) {
    return absl::FailedPreconditionError("random sampler called on a tensor without data");
  }
  if (random_internal::HasInternalOverlap(self.sizes(), self.strides())) {
    return RuntimeError(
        "unsupported operation: more than one element of the written-to tensor refers to a "
        "single memory location. Please clone() the tensor before performing the operation.");
  }
  return absl::OkStatus();
}

// out = a * b elementwise in T over one shape (b dense), into a layout of the caller's.
template <typename T>
void Multiply(const Tensor& out, const Tensor& a, const Tensor& b) {
  const int64_t es = sizeof(T);
  internal::StridedLoop<3> loop(out.sizes(), {{{out.raw_data(), out.strides(), es},
                                               {a.raw_data(), a.strides(), es},
                                               {b.raw_data(), b.strides(), es}}});
  loop.Run([](char* const* p, const int64_t* step, int64_t n) {
    T* o = reinterpret_cast<T*>(p[0]);
    const T* x = reinterpret_cast<const T*>(p[1]);
    const T* y = reinterpret_cast<const T*>(p[2]);
    if (step[0] == es && step[1] == es && step[2] == es) {
      for (int64_t i = 0; i < n; ++i) o[i] = static_cast<T>(x[i] * y[i]);
      return;
    }
    for (int64_t i = 0; i < n; ++i) {
      *reinterpret_cast<T*>(p[0] + i * step[0]) = static_cast<T>(
          *reinterpret_cast<const T*>(p[1] + i * step[1]) *
          *reinterpret_cast<const T*>(p[2] + i * step[2]));
    }
  });
}

}  // namespace

namespace random_internal {

absl::Status CheckBernoulliTensorP(const Tensor& self, const Tensor& p) {
  // expand_inplace(self, p): p must expand to self's shape (expand's checks and messages).
  if (p.dim() > self.dim()) {
    return RuntimeError(absl::StrCat("expand(torch.", ScalarTypeName(p.dtype()), "Tensor{",
                                     ShapeToString(p.sizes()), "}, size=",
                                     ShapeToString(self.sizes()),
                                     "): the number of sizes provided (", self.dim(),
                                     ") must be greater or equal to the number of dimensions "
                                     "in the tensor (", p.dim(), ")"));
  }
  const int64_t off = self.dim() - p.dim();
  for (int64_t i = p.dim() - 1; i >= 0; --i) {
    const int64_t target = self.size(i + off);
    if (p.size(i) != 1 && p.size(i) != target) {
      return RuntimeError(absl::StrCat(
          "The expanded size of the tensor (", target, ") must match the existing size (",
          p.size(i), ") at non-singleton dimension ", i + off, ".  Target sizes: ",
          ShapeToString(self.sizes()), ".  Tensor sizes: ", ShapeToString(p.sizes())));
    }
  }
  if (!IsFloating(p.dtype())) return NotImplementedFor("bernoulli_tensor_cpu_p_", p.dtype());
  return absl::OkStatus();
}

absl::Status CheckDropoutP(double p) {
  if (!(p >= 0 && p <= 1)) {
    return RuntimeError(absl::StrCat("dropout probability has to be between 0 and 1, but got ",
                                     FormatDouble(p)));
  }
  return absl::OkStatus();
}

}  // namespace random_internal

absl::Status FillBernoulli(const Tensor& self, double p, Generator& gen) {
  if (!(0 <= p && p <= 1)) {
    return RuntimeError(absl::StrCat("bernoulli_ expects p to be in [0, 1], but got p=",
                                     random_internal::FormatDouble(p)));
  }
  RETURN_IF_ERROR(CheckWritable(self));
  std::lock_guard<std::mutex> lock(gen.mutex());
  VisitDType(self.dtype(), [&]<typename T>() {
    random_internal::ForEachRun<T>(self, [&](T* out, int64_t n) {
      uint64_t buf[random_internal::kDrawChunk];
      for (int64_t i = 0; i < n; i += random_internal::kDrawChunk) {
        const int64_t m = std::min(random_internal::kDrawChunk, n - i);
        gen.Fill64(buf, m);
        for (int64_t k = 0; k < m; ++k) {
          const double u =
              static_cast<double>(static_cast<int64_t>(buf[k] & ((uint64_t{1} << 53) - 1))) *
              0x1p-53;
          out[i + k] = static_cast<T>(u < p);
        }
      }
    });
  });
  return absl::OkStatus();
}

absl::Status FillBernoulli(const Tensor& self, const Tensor& p, Generator& gen) {
  RETURN_IF_ERROR(CheckWritable(self));
  if (!p.defined() || p.is_meta()) {
    return absl::FailedPreconditionError("bernoulli_: p has no data");
  }
  RETURN_IF_ERROR(random_internal::CheckBernoulliTensorP(self, p));
  const Shape p_strides = BroadcastStrides(p, self.sizes());
  std::lock_guard<std::mutex> lock(gen.mutex());
  absl::Status status;
  VisitDType(self.dtype(), [&]<typename T>() {
    T* out = self.data<T>();
    auto run = [&]<typename P>(const P* pv) {
      random_internal::ForEachOffset2(self.sizes(), self.strides(), p_strides,
                               [&](int64_t o, int64_t i) {
        if (!status.ok()) return;
        const P prob = pv[i];
        if (!(prob >= 0 && prob <= 1)) {
          status = RuntimeError(
              "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error "
              "message be improved?  If so, please report an enhancement request to "
              "PyTorch.)");
          return;
        }
        // bernoulli_distribution<float> for float p: one 24-bit uniform.
        const bool hit = std::is_same_v<P, float> ? gen.UniformFloat() < prob
                                                  : gen.UniformDouble() < prob;
        out[o] = static_cast<T>(hit);
      });
    };
    if (p.dtype() == DType::kFloat32) {
      run(p.data<float>());
    } else {
      run(p.data<double>());
    }
  });
  return status;
}

absl::StatusOr<Tensor> Dropout(const Tensor& input, double p, bool train, bool inplace,
                               Generator& gen) {
  RETURN_IF_ERROR(random_internal::CheckDropoutP(p));
  if (p == 0 || !train || input.numel() == 0) return input;
  if (input.is_meta()) return absl::FailedPreconditionError("dropout on a meta tensor");
  const DType dt = input.dtype();
  // The result of `input * other` (other dense): input's layout order.
  auto make_out = [&](const Tensor& other) -> absl::StatusOr<Tensor> {
    if (inplace) return input;
    const IntSpan ops[] = {input.strides(), other.strides()};
    const random_internal::DimOrder perm = random_internal::ReorderDims(input.sizes(), ops);
    return Tensor::EmptyStrided(input.sizes(),
                                random_internal::DenseStridesInOrder(input.sizes(), perm), dt);
  };
  if (p == 1) {
    // input * zeros({}): zero where finite, nan for inf/nan, signed zeros kept.
    ASSIGN_OR_RETURN(Tensor zero, Tensor::Empty({}, dt));
    VisitDType(dt, [&]<typename T>() { *zero.data<T>() = T(0); });
    const Tensor zb = Tensor::View(zero, input.sizes(), Shape(input.dim(), 0), 0);
    ASSIGN_OR_RETURN(Tensor out, make_out(zb));
    VisitDType(dt, [&]<typename T>() { Multiply<T>(out, input, zb); });
    if (inplace) input.bump_version();
    return out;
  }
  // noise = empty (contiguous) .bernoulli_(1 - p) .div_(1 - p); result = input * noise.
  ASSIGN_OR_RETURN(Tensor noise, Tensor::Empty(input.sizes(), dt));
  RETURN_IF_ERROR(FillBernoulli(noise, 1 - p, gen));
  if (!IsFloating(dt)) {
    // div_ by a float scalar cannot write back into an integral mask.
    return RuntimeError(absl::StrCat("result type Float can't be cast to the desired output type ",
                                     ScalarTypeName(dt)));
  }
  ASSIGN_OR_RETURN(Tensor out, make_out(noise));
  VisitDType(dt, [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      T* m = noise.data<T>();
      const T keep = static_cast<T>(1 - p);
      for (int64_t i = 0; i < noise.numel(); ++i) m[i] = m[i] / keep;
      Multiply<T>(out, input, noise);
    }
  });
  if (inplace) input.bump_version();
  return out;
}

}  // namespace wick::tensor
