// torch.multinomial, drawing exactly what PyTorch 1.13's CPU implementation draws.
//
// Without replacement upstream uses the exponential race (Gumbel-max with the logs taken
// out): q = p / E with E ~ Exp(1) drawn by exponential_ into a tensor laid out like p,
// then argmax(q) for one sample or topk(q, n) for several (so ties among zero-probability
// entries come out in topk's order). With replacement (even for one sample: 1.13 takes
// the race only without replacement) each row builds its cumulative distribution in p's
// dtype (sequential sums, divided by the total), pins the last entry to 1, and
// binary-searches one U(float64) per sample, rows in order.
#include <cmath>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/creation/creation.h"
#include "tensor/ops/random/internal/iteration_order.h"
#include "tensor/ops/random/internal/register.h"
#include "tensor/ops/random/samplers.h"

namespace wick::tensor::ops::random_internal {
namespace {

// Upstream's argument checks, in its order; none reads element data.
absl::StatusOr<Shape> CheckArgs(const Tensor& self, int64_t n_sample, bool replacement) {
  if (self.dim() < 1 || self.dim() > 2) return RuntimeError("prob_dist must be 1 or 2 dim");
  if (!IsFloating(self.dtype())) {
    return RuntimeError(absl::StrCat(
        "multinomial only supports floating-point dtypes for input, got: ",
        ScalarTypeName(self.dtype())));
  }
  if (n_sample <= 0) return RuntimeError("cannot sample n_sample <= 0 samples");
  const int64_t n_categories = self.size(self.dim() - 1);
  if (!replacement && n_sample > n_categories) {
    return RuntimeError(
        "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  }
  if (n_categories > (int64_t{1} << 24)) {
    return RuntimeError("number of categories cannot exceed 2^24");
  }
  if (self.dim() == 1) return Shape{n_sample};
  return Shape{self.size(0), n_sample};
}

const char kInvalidSum[] = "invalid multinomial distribution (sum of probabilities <= 0)";

// The exponential race: one or several distinct categories per row.
template <typename T>
absl::StatusOr<Tensor> SampleByRace(const Tensor& self, int64_t n_sample, const Shape& sizes) {
  const int64_t rows = self.dim() == 2 ? self.size(0) : 1;
  const int64_t cols = self.size(self.dim() - 1);
  const int64_t rs = self.dim() == 2 ? self.stride(0) : 0, cs = self.stride(self.dim() - 1);
  const T* p = self.data<T>();
  bool finite_nonnegative = true, some_row_zero = false;
  for (int64_t r = 0; r < rows; ++r) {
    T row_sum = 0;
    for (int64_t c = 0; c < cols; ++c) {
      const T v = p[r * rs + c * cs];
      finite_nonnegative = finite_nonnegative && v < INFINITY && v >= 0;
      row_sum += v;
    }
    some_row_zero = some_row_zero || row_sum == 0;
  }
  if (!finite_nonnegative) {
    return RuntimeError("probability tensor contains either `inf`, `nan` or element < 0");
  }
  if (some_row_zero) return RuntimeError(kInvalidSum);
  // q = empty_like(p).exponential_(1), then q = p / q elementwise.
  ASSIGN_OR_RETURN(Tensor q,
                   Tensor::EmptyStrided(self.sizes(),
                                        tensor::random_internal::EmptyLikeStrides(self),
                                        self.dtype()));
  RETURN_IF_ERROR(FillExponential(q, 1.0));
  T* qd = q.data<T>();
  const int64_t qrs = self.dim() == 2 ? q.stride(0) : 0, qcs = q.stride(self.dim() - 1);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      T& e = qd[r * qrs + c * qcs];
      e = p[r * rs + c * cs] / e;
    }
  }
  if (n_sample > 1) {
    ASSIGN_OR_RETURN(auto top, Topk(q, n_sample, -1));
    return top.second;
  }
  // argmax(q, -1, keepdim=True): the first largest entry of each row.
  ASSIGN_OR_RETURN(Tensor out, Tensor::Empty(sizes, DType::kInt64));
  for (int64_t r = 0; r < rows; ++r) {
    int64_t best = 0;
    for (int64_t c = 1; c < cols; ++c) {
      if (qd[r * qrs + c * qcs] > qd[r * qrs + best * qcs]) best = c;
    }
    out.data<int64_t>()[r] = best;
  }
  return out;
}

template <typename T>
absl::StatusOr<Tensor> SampleWithReplacement(const Tensor& self, int64_t n_sample,
                                             const Shape& sizes) {
  const int64_t rows = self.dim() == 2 ? self.size(0) : 1;
  const int64_t cols = self.size(self.dim() - 1);
  const int64_t rs = self.dim() == 2 ? self.stride(0) : 0, cs = self.stride(self.dim() - 1);
  const T* p = self.data<T>();
  ASSIGN_OR_RETURN(Tensor out, Tensor::Empty(sizes, DType::kInt64));
  int64_t* o = out.data<int64_t>();
  std::vector<T> cdf(cols);
  Generator& gen = DefaultGenerator();
  std::lock_guard<std::mutex> lock(gen.mutex());
  for (int64_t r = 0; r < rows; ++r) {
    T sum = 0;
    for (int64_t c = 0; c < cols; ++c) {
      const T v = p[r * rs + c * cs];
      if (!(v >= 0)) {
        return RuntimeError(
            "invalid multinomial distribution (encountering probability entry < 0)");
      }
      if (!std::isfinite(v)) {
        return RuntimeError(
            "invalid multinomial distribution (encountering probability entry = infinity or "
            "NaN)");
      }
      sum += v;
      cdf[c] = sum;
    }
    if (!(sum > 0)) return RuntimeError(kInvalidSum);
    for (T& v : cdf) v /= sum;
    cdf[cols - 1] = 1;
    for (int64_t j = 0; j < n_sample; ++j) {
      const double u = gen.UniformDouble();
      int64_t lo = 0, hi = cols;  // The first entry whose cumulative value is >= u.
      while (hi > lo) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (static_cast<double>(cdf[mid]) < u) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      o[r * n_sample + j] = lo;
    }
  }
  return out;
}

absl::StatusOr<Value> MultinomialOp(const OpArgs& a, bool meta) {
  const Tensor& self = a.tensor(0);
  const int64_t n_sample = a.int_(1);
  const bool replacement = a.bool_(2);
  ASSIGN_OR_RETURN(Shape sizes, CheckArgs(self, n_sample, replacement));
  if (meta || self.is_meta()) return Tensor::Meta(sizes, DType::kInt64);
  absl::StatusOr<Tensor> out;
  VisitDType(self.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      out = !replacement ? SampleByRace<T>(self, n_sample, sizes)
                                          : SampleWithReplacement<T>(self, n_sample, sizes);
    }
  });
  if (!out.ok()) return out.status();
  return Value(*std::move(out));
}

}  // namespace

absl::Status RegisterMultinomialOps(OpRegistry& r) {
  return r.Register(
      "multinomial(Tensor self, int num_samples, bool replacement=False, *, "
      "Generator? generator=None) -> Tensor",
      [](const OpArgs& a) { return MultinomialOp(a, true); },
      [](const OpArgs& a) { return MultinomialOp(a, false); }, kRandomBoth);
}

}  // namespace wick::tensor::ops::random_internal
