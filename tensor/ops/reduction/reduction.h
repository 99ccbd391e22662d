// Reductions and scans over tensors (sum, mean, max, var, norm, cumsum, ...), with
// PyTorch 1.13's dtypes, shapes and error messages. These functions are the kernels the
// op registry calls (RegisterReductionOps in tensor/ops/ops.h) and may be called
// directly by other kernels (softmax, layer_norm):
//
//   ASSIGN_OR_RETURN(Tensor s, Sum(x, {{1}}, /*keepdim=*/true));
//   ASSIGN_OR_RETURN(MaxResult m, MaxDim(x, -1, false));  // m.values, m.indices
//
// Every function accepts a meta input and then returns meta outputs after the same
// validation (that is how the registry's meta functions are implemented). `dims` of
// std::nullopt or an empty list reduce every dim, as in 1.13. Outputs are contiguous.
// Errors are Python-typed statuses (base/python_error.h) with PyTorch's messages.
#ifndef WICK_TENSOR_OPS_REDUCTION_REDUCTION_H_
#define WICK_TENSOR_OPS_REDUCTION_REDUCTION_H_

#include <cstdint>
#include <optional>
#include <utility>

#include "absl/status/statusor.h"
#include "tensor/tensor.h"

namespace wick::tensor {

using OptDims = std::optional<IntSpan>;

// sum: bool/int inputs give int64 unless `dtype` is given (the input is converted to
// `dtype` first). mean: floating only (or a floating `dtype`); mean of nothing is nan.
absl::StatusOr<Tensor> Sum(const Tensor& self, OptDims dims = std::nullopt, bool keepdim = false,
                           std::optional<DType> dtype = std::nullopt);
absl::StatusOr<Tensor> Mean(const Tensor& self, OptDims dims = std::nullopt, bool keepdim = false,
                            std::optional<DType> dtype = std::nullopt);
// prod over one dim, or over everything when `dim` is nullopt; ints give int64.
absl::StatusOr<Tensor> Prod(const Tensor& self, std::optional<int64_t> dim = std::nullopt,
                            bool keepdim = false, std::optional<DType> dtype = std::nullopt);

// amax/amin keep the dtype; NaN wins. Reducing an empty dim is an error.
absl::StatusOr<Tensor> Amax(const Tensor& self, OptDims dims = std::nullopt, bool keepdim = false);
absl::StatusOr<Tensor> Amin(const Tensor& self, OptDims dims = std::nullopt, bool keepdim = false);
// torch.max(x) / torch.min(x): the largest element as a 0-dim tensor.
absl::StatusOr<Tensor> MaxAll(const Tensor& self);
absl::StatusOr<Tensor> MinAll(const Tensor& self);

// torch.max(x, dim): values and int64 indices of the first maximum (or first NaN).
struct MaxResult {
  Tensor values;
  Tensor indices;
};
absl::StatusOr<MaxResult> MaxDim(const Tensor& self, int64_t dim, bool keepdim = false);
absl::StatusOr<MaxResult> MinDim(const Tensor& self, int64_t dim, bool keepdim = false);
// argmax/argmin over `dim`, or over the flattened tensor when nullopt.
absl::StatusOr<Tensor> Argmax(const Tensor& self, std::optional<int64_t> dim = std::nullopt,
                              bool keepdim = false);
absl::StatusOr<Tensor> Argmin(const Tensor& self, std::optional<int64_t> dim = std::nullopt,
                              bool keepdim = false);

// var/std with Bessel-style `correction` (1 = unbiased): M2 / max(0, N - correction).
absl::StatusOr<Tensor> Var(const Tensor& self, OptDims dims = std::nullopt, int64_t correction = 1,
                           bool keepdim = false);
absl::StatusOr<Tensor> Std(const Tensor& self, OptDims dims = std::nullopt, int64_t correction = 1,
                           bool keepdim = false);
// (var, mean) and (std, mean) from one pass of bookkeeping.
absl::StatusOr<std::pair<Tensor, Tensor>> VarMean(const Tensor& self, OptDims dims = std::nullopt,
                                                  int64_t correction = 1, bool keepdim = false);
absl::StatusOr<std::pair<Tensor, Tensor>> StdMean(const Tensor& self, OptDims dims = std::nullopt,
                                                  int64_t correction = 1, bool keepdim = false);

// Vector p-norm (torch.linalg.vector_norm semantics as torch.norm uses them): p = 2, 1,
// +-inf, 0 (count of non-zeros) or any other real. Floating inputs only unless `dtype`
// (floating) is given; a norm over nothing is 0.
absl::StatusOr<Tensor> VectorNorm(const Tensor& self, double p, OptDims dims = std::nullopt,
                                  bool keepdim = false, std::optional<DType> dtype = std::nullopt);

// torch.norm(p='fro'): the 2-norm over at most two dims (all dims when none given).
absl::StatusOr<Tensor> FrobeniusNorm(const Tensor& self, OptDims dims = std::nullopt,
                                     bool keepdim = false);

// logsumexp over `dims`, computed as max + log(sum(exp(x - max))); ints give the
// default float dtype.
absl::StatusOr<Tensor> Logsumexp(const Tensor& self, IntSpan dims, bool keepdim = false);

// all/any over one dim or everything; the result is bool. count_nonzero gives int64.
absl::StatusOr<Tensor> All(const Tensor& self, std::optional<int64_t> dim = std::nullopt,
                           bool keepdim = false);
absl::StatusOr<Tensor> Any(const Tensor& self, std::optional<int64_t> dim = std::nullopt,
                           bool keepdim = false);
absl::StatusOr<Tensor> CountNonzero(const Tensor& self, OptDims dims = std::nullopt);

// Inclusive scans along `dim`; bool/int inputs give int64 unless `dtype` is given.
absl::StatusOr<Tensor> Cumsum(const Tensor& self, int64_t dim,
                              std::optional<DType> dtype = std::nullopt);
absl::StatusOr<Tensor> Cumprod(const Tensor& self, int64_t dim,
                               std::optional<DType> dtype = std::nullopt);
// log(cumsum(exp(self))) along dim, computed stably (floating dtypes only).
absl::StatusOr<Tensor> Logcumsumexp(const Tensor& self, int64_t dim);

}  // namespace wick::tensor

#endif  // WICK_TENSOR_OPS_REDUCTION_REDUCTION_H_
