// The tensor samplers behind torch's random ops, bit-identical to PyTorch 1.13 on x86-64
// (AVX2 kernels): each fills an existing tensor in place, drawing from a Generator in
// the order PyTorch's kernels do. Other packages (nn.Linear initialisation, the VM's
// torch.Generator support) call these directly; the registry ops in random_ops.cc are
// thin wrappers.
//
//   ManualSeed(0);
//   Tensor t = *Tensor::Empty({3, 7}, DType::kFloat32);
//   RETURN_IF_ERROR(FillNormal(t, /*mean=*/0, /*std=*/1));   // == torch.randn(3, 7)
//
// Errors are Python-style statuses (base/python_error.h) with PyTorch's messages.
// Argument errors are found before anything is drawn, except where PyTorch itself checks
// element by element (bernoulli_ with a tensor p). The caller bumps the version counter.
#ifndef WICK_TENSOR_OPS_RANDOM_SAMPLERS_H_
#define WICK_TENSOR_OPS_RANDOM_SAMPLERS_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "tensor/ops/random/generator.h"
#include "tensor/tensor.h"

namespace wick::tensor {

// Tensor.uniform_(from, to): floating dtypes; one draw per float32 element, two per
// float64 element, serially in memory order.
absl::Status FillUniform(const Tensor& self, double from, double to,
                         Generator& gen = DefaultGenerator());

// Tensor.normal_(mean, std): contiguous tensors of >= 16 elements take PyTorch's
// vectorised fill path (numel + (numel % 16 ? 16 : 0) uniforms, cache untouched); all
// others the scalar Box–Muller path (which uses and refills the generator's cache).
absl::Status FillNormal(const Tensor& self, double mean, double std,
                        Generator& gen = DefaultGenerator());

// Tensor.random_(from, to) (to = nullopt: up to the dtype's largest value, inclusive);
// from == INT64_MIN with no `to` draws the full 64-bit range.
absl::Status FillRandomFromTo(const Tensor& self, int64_t from, std::optional<int64_t> to,
                              Generator& gen = DefaultGenerator());
// Tensor.random_(): [0, 2^mantissa] for floats, [0, max] for integers, {0, 1} for bool.
absl::Status FillRandom(const Tensor& self, Generator& gen = DefaultGenerator());

// Tensor.bernoulli_(p): each element is U(float64) < p (two draws each).
absl::Status FillBernoulli(const Tensor& self, double p, Generator& gen = DefaultGenerator());
// Tensor.bernoulli_(p_tensor): p (float32 or float64) broadcast to self's shape; a float32
// p draws one float uniform per element, a float64 p one double uniform.
absl::Status FillBernoulli(const Tensor& self, const Tensor& p,
                           Generator& gen = DefaultGenerator());

// exponential_, geometric_, log_normal_, cauchy_: one U(float64) per element (log_normal_
// uses the scalar normal path and its cache), computed in double, then converted.
absl::Status FillExponential(const Tensor& self, double lambd,
                             Generator& gen = DefaultGenerator());
absl::Status FillGeometric(const Tensor& self, double p, Generator& gen = DefaultGenerator());
absl::Status FillLogNormal(const Tensor& self, double mean, double std,
                           Generator& gen = DefaultGenerator());
absl::Status FillCauchy(const Tensor& self, double median, double sigma,
                        Generator& gen = DefaultGenerator());

// torch.randperm(n, dtype=...): Fisher–Yates with one 32-bit draw per step (n - 1 draws).
absl::StatusOr<Tensor> Randperm(int64_t n, DType dtype, Generator& gen = DefaultGenerator());

// torch.dropout(input, p, train) / torch.dropout_: `input` itself when not training,
// p == 0 or input is empty; otherwise input * (bernoulli(1 - p) mask / (1 - p)) in
// input's dtype, written into input when `inplace`. (F.dropout's own ValueError for p
// outside [0, 1] is raised by its Python-level caller before this is reached.)
absl::StatusOr<Tensor> Dropout(const Tensor& input, double p, bool train, bool inplace,
                               Generator& gen = DefaultGenerator());

// nn.Linear / nn.Conv*d reset_parameters(): kaiming_uniform_(weight, a=sqrt(5)) over its
// fan_in (size(1) times the kernel elements), then bias (if defined) uniform in
// ±1/sqrt(fan_in). (in + 1) * out draws for a Linear.
absl::Status ResetLinearParameters(const Tensor& weight, const Tensor& bias,
                                   Generator& gen = DefaultGenerator());

// The checks shared by kernels and meta functions.
namespace random_internal {
// "\"<kernel>\" not implemented for 'Long'" (PyTorch's dispatch error).
absl::Status NotImplementedFor(absl::string_view kernel, DType dtype);
// A double as C++ streams print it ("1.5", "-1", "3e+38", "nan").
std::string FormatDouble(double v);
absl::Status CheckUniformArgs(DType dtype, double from, double to);
absl::Status CheckNormalStd(double std);
// The bounds random_(from, to) / randint would use, after PyTorch's adjustment of float
// bounds; `range` is to - from as unsigned.
absl::Status CheckRandomFromTo(DType dtype, int64_t* from, int64_t* to, uint64_t* range);
// bernoulli_(p_tensor): p broadcasts to self's shape (expand's message) and is floating.
absl::Status CheckBernoulliTensorP(const Tensor& self, const Tensor& p);
// torch.dropout's p in [0, 1] (NaN fails too).
absl::Status CheckDropoutP(double p);
}  // namespace random_internal

}  // namespace wick::tensor

#endif  // WICK_TENSOR_OPS_RANDOM_SAMPLERS_H_
