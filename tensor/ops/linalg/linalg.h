// Linear algebra and neural-network ops with PyTorch 1.13's semantics: the C++ API behind
// the registry's matmul, mm, bmm, addmm, baddbmm, dot, mv, outer, einsum, the torch.linalg
// decompositions (RegisterLinalgOps)
// and linear, softmax, log_softmax, layer_norm, embedding, scaled_dot_product_attention
// (RegisterNNOps).
//
// Every function accepts meta tensors: given any meta input it checks shapes and dtypes
// and returns a meta result with the sizes, strides and dtype the real kernel would
// produce, so the same function is the op's meta function and its kernel.
// User errors come back as InvalidArgument statuses carrying the Python exception type
// (base/python_error.h) and PyTorch's message text.
//
//   ASSIGN_OR_RETURN(Tensor y, Matmul(x, w));          // x @ w
//   ASSIGN_OR_RETURN(Tensor p, Softmax(y, /*dim=*/-1));
#ifndef WICK_TENSOR_OPS_LINALG_LINALG_H_
#define WICK_TENSOR_OPS_LINALG_LINALG_H_

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "tensor/scalar.h"
#include "tensor/tensor.h"

namespace wick::tensor {

// torch.matmul: dot, mv, mm, or a batched product with broadcast batch dims, by rank.
// Products of at most 8192 multiply-adds, and all float64/integer ones, sum in netlib
// BLAS's order and match PyTorch bit for bit; larger float32 ones run on oneDNN.
absl::StatusOr<Tensor> Matmul(const Tensor& self, const Tensor& other);
// 2-D x 2-D.
absl::StatusOr<Tensor> Mm(const Tensor& self, const Tensor& mat2);
// [b, n, m] x [b, m, p].
absl::StatusOr<Tensor> Bmm(const Tensor& self, const Tensor& mat2);
// beta * self + alpha * (mat1 @ mat2), self broadcast to the product's shape. With
// beta == 0, self is ignored (its NaNs do not propagate).
absl::StatusOr<Tensor> Addmm(const Tensor& self, const Tensor& mat1, const Tensor& mat2,
                             Scalar beta = 1, Scalar alpha = 1);
absl::StatusOr<Tensor> Baddbmm(const Tensor& self, const Tensor& batch1, const Tensor& batch2,
                               Scalar beta = 1, Scalar alpha = 1);
// 1-D . 1-D -> 0-dim.
absl::StatusOr<Tensor> Dot(const Tensor& self, const Tensor& other);
// 2-D @ 1-D.
absl::StatusOr<Tensor> Mv(const Tensor& self, const Tensor& vec);
// Outer product of two 1-D tensors (type-promoting, like PyTorch's mul-based outer).
absl::StatusOr<Tensor> Outer(const Tensor& self, const Tensor& vec2);
// Einstein summation (explicit "->" or implicit output, "...", repeated labels within an
// operand take diagonals), contracted pairwise through bmm: left to right, or in the
// opt-einsum `path` order (pairs of operand indices; each result goes to the end).
absl::StatusOr<Tensor> Einsum(absl::string_view equation, absl::Span<const Tensor> operands,
                              std::optional<absl::Span<const int64_t>> path = std::nullopt);

// torch.linalg on LAPACK (lapack.cc, matrix_exp.cc): float32 and float64 inputs, any
// leading batch dims. Failures on a particular matrix (a singular one for inv and solve,
// an indefinite one for cholesky) are InvalidArgument statuses of Python type
// "_LinAlgError" (a RuntimeError) worded as PyTorch's, "(Batch element b): " included.
absl::StatusOr<Tensor> LinalgInv(const Tensor& A);
// X with A X = B (left) or X A = B; B may be a (batch of) vector(s).
absl::StatusOr<Tensor> LinalgSolve(const Tensor& A, const Tensor& B, bool left = true);
absl::StatusOr<Tensor> LinalgDet(const Tensor& A);
// (sign, log|det|); a singular matrix gives (0, -inf).
absl::StatusOr<std::pair<Tensor, Tensor>> LinalgSlogdet(const Tensor& A);
// (Q, R) for mode "reduced", "complete" or "r" (Q then is an empty tensor).
absl::StatusOr<std::pair<Tensor, Tensor>> LinalgQr(const Tensor& A, absl::string_view mode);
// Lower factor L with A = L L^T (reads A's lower triangle), or L^T when `upper`.
absl::StatusOr<Tensor> LinalgCholesky(const Tensor& A, bool upper = false);
// Ascending eigenvalues and (when compute_v; else an empty tensor) eigenvectors as
// columns, from the triangle `uplo` ("L" or "U") of the symmetric A.
absl::StatusOr<std::pair<Tensor, Tensor>> LinalgEigh(const Tensor& A, absl::string_view uplo,
                                                     bool compute_v = true);
// {U, S, Vh} (or {S} without compute_uv), singular values descending.
absl::StatusOr<std::vector<Tensor>> LinalgSvd(const Tensor& A, bool full_matrices,
                                              bool compute_uv = true);
// exp(A) by a degree-selected Taylor polynomial with scaling and squaring.
absl::StatusOr<Tensor> LinalgMatrixExp(const Tensor& A);

// input @ weight.T + bias; weight is [out, in] (or 1-D), bias optional (undefined).
absl::StatusOr<Tensor> Linear(const Tensor& input, const Tensor& weight, const Tensor& bias);
// Softmax / log-softmax along `dim`, optionally converting the input to `dtype` first.
// Rows containing NaN or +inf, or only -inf, come out all NaN, as in PyTorch. Results
// are PyTorch's bit for bit, except float32 softmax along the last dim above 16384
// elements (oneDNN, ~1e-7 relative).
absl::StatusOr<Tensor> Softmax(const Tensor& self, int64_t dim,
                               std::optional<DType> dtype = std::nullopt);
absl::StatusOr<Tensor> LogSoftmax(const Tensor& self, int64_t dim,
                                  std::optional<DType> dtype = std::nullopt);
// Normalizes over the trailing `normalized_shape` dims; weight/bias optional. Results are
// PyTorch's bit for bit, except float32 above 65536 elements (oneDNN, ~1e-6 relative).
absl::StatusOr<Tensor> LayerNorm(const Tensor& input, absl::Span<const int64_t> normalized_shape,
                                 const Tensor& weight, const Tensor& bias, double eps = 1e-5);
// Rows of the 2-D `weight` picked by integer `indices` (any shape): indices.shape + [dim].
// IndexError "index out of range in self" for an index outside [0, rows).
absl::StatusOr<Tensor> Embedding(const Tensor& weight, const Tensor& indices);

// torch.nn.functional.nll_loss (PyTorch's nll_loss_nd): self is (C), (N, C) or
// (N, C, d1, ...) log-probabilities, target int64 class indices of the matching shape,
// weight (C) or undefined; reduction 0 none, 1 mean, 2 sum. Targets equal to
// ignore_index add nothing (and weigh nothing in the mean).
absl::StatusOr<Tensor> NllLoss(const Tensor& self, const Tensor& target, const Tensor& weight,
                               int64_t reduction, int64_t ignore_index);

// The per-sample negative log likelihoods of CTC (ATen's _ctc_loss forward): log_probs
// (T, N, C), targets (N, S) padded or 1-D concatenated (any dtype, read as int64), lengths per sample.
absl::StatusOr<Tensor> CtcLossPerSample(const Tensor& log_probs, const Tensor& targets,
                                        absl::Span<const int64_t> input_lengths,
                                        absl::Span<const int64_t> target_lengths,
                                        int64_t blank);
// The gradient of CtcLossPerSample's sum weighted by `grad` (N) with respect to log_probs,
// as ATen's ctc_loss_backward defines it; zero_infinity zeroes samples whose loss is inf.
absl::StatusOr<Tensor> CtcLossPerSampleBackward(const Tensor& grad, const Tensor& log_probs,
                                                const Tensor& targets,
                                                absl::Span<const int64_t> input_lengths,
                                                absl::Span<const int64_t> target_lengths,
                                                int64_t blank, bool zero_infinity);

// softmax(q @ k^T * scale + mask) @ v over the last two dims (batch dims broadcast), with
// PyTorch's math semantics: a bool mask keeps True positions (others get -inf), a float
// mask is added; is_causal masks positions above the diagonal; scale defaults to
// 1/sqrt(q.size(-1)). Fully masked rows are NaN. dropout_p > 0 is NotImplementedError.
struct AttentionOptions {
  Tensor attn_mask;  // undefined: none
  double dropout_p = 0.0;
  bool is_causal = false;
  std::optional<double> scale;
};
absl::StatusOr<Tensor> ScaledDotProductAttention(const Tensor& query, const Tensor& key,
                                                 const Tensor& value,
                                                 const AttentionOptions& options = {});

}  // namespace wick::tensor

#endif  // WICK_TENSOR_OPS_LINALG_LINALG_H_
