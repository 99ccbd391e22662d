// nll_loss_nd: torch.nn.functional.nll_loss over (C), (N, C) and (N, C, d1, ...) inputs,
// with PyTorch 1.13's checks and messages. The mean and sum reductions add the picked
// terms with ATen's 8-level cascade (in the input's dtype, in the same order), so results
// are PyTorch's bit for bit.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>
#include <cstdint>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/linalg/linalg.h"

namespace wick::tensor {
namespace {

std::string SizesText(const Tensor& t) {
  return absl::StrCat("[", absl::StrJoin(t.sizes(), ", "), "]");
}

absl::Status CheckNllArgs(const Tensor& self, const Tensor& target, const Tensor& weight) {
  if (self.dim() < 1) {
    return ValueError(absl::StrCat("Expected 1 or more dimensions (got ", self.dim(), ")"));
  }
  if (self.dim() != 1 && (target.dim() == 0 || self.size(0) != target.size(0))) {
    return ValueError(absl::StrCat("Expected input batch_size (", self.size(0),
                                   ") to match target batch_size (",
                                   target.dim() == 0 ? 1 : target.size(0), ")."));
  }
  if (target.dtype() != DType::kInt64) {
    return RuntimeError(absl::StrCat("expected scalar type Long but found ",
                                     ScalarTypeName(target.dtype())));
  }
  if (!IsFloating(self.dtype())) {
    return RuntimeError(absl::StrCat("\"nll_loss_out_frame\" not implemented for '",
                                     ScalarTypeName(self.dtype()), "'"));
  }
  const int64_t n_classes = self.dim() == 1 ? self.size(0) : self.size(1);
  if (self.dim() <= 2) {
    if (target.dim() > 1) {
      return RuntimeError("0D or 1D target tensor expected, multi-target not supported");
    }
    const bool no_batch_dim = self.dim() == 1 && target.dim() == 0;
    if (!no_batch_dim && (target.dim() == 0 || self.size(0) != target.size(0))) {
      return RuntimeError(absl::StrCat("size mismatch (got input: ", SizesText(self),
                                       ", target: ", SizesText(target), ")"));
    }
  } else {
    bool same = target.dim() == self.dim() - 1;
    for (int64_t d = 2; same && d < self.dim(); ++d) same = self.size(d) == target.size(d - 1);
    if (!same) {
      if (self.dim() == 4) {
        if (target.dim() != 3) {
          return RuntimeError(absl::StrCat("only batches of spatial targets supported (3D "
                                           "tensors) but got targets of dimension: ",
                                           target.dim()));
        }
        return RuntimeError(absl::StrCat("size mismatch (got input: ", SizesText(self),
                                         " , target: ", SizesText(target)));
      }
      std::vector<int64_t> expected = {self.size(0)};
      for (int64_t d = 2; d < self.dim(); ++d) expected.push_back(self.size(d));
      return RuntimeError(absl::StrCat("Expected target size [", absl::StrJoin(expected, ", "),
                                       "], got ", SizesText(target)));
    }
  }
  if (weight.defined()) {
    if (weight.dim() != 1 || weight.numel() != n_classes) {
      return RuntimeError(absl::StrCat("weight tensor should be defined either for all ",
                                       n_classes, " classes or no classes but got weight "
                                       "tensor of shape: ", SizesText(weight)));
    }
    if (weight.dtype() != self.dtype()) {
      return RuntimeError(absl::StrCat("expected scalar type ", ScalarTypeName(self.dtype()),
                                       " but found ", ScalarTypeName(weight.dtype())));
    }
  }
  return absl::OkStatus();
}

template <typename T>
absl::Status NllKernel(const Tensor& self, const Tensor& target, const Tensor& weight,
                       int64_t reduction, int64_t ignore_index, Tensor& out) {
  const int64_t batch = self.dim() == 1 ? 1 : self.size(0);
  const int64_t n_classes = self.dim() == 1 ? self.size(0) : self.size(1);
  int64_t map_size = 1;
  for (int64_t d = 2; d < self.dim(); ++d) map_size *= self.size(d);
  const T* in = self.data<T>();
  const int64_t* tgt = target.data<int64_t>();
  const T* w = weight.defined() ? weight.data<T>() : nullptr;
  const int64_t count = batch * map_size;
  auto picked = [&](int64_t linear, int64_t cls) {
    const int64_t b = linear / map_size, elem = linear % map_size;
    return in[(b * n_classes + cls) * map_size + elem];
  };
  auto check = [&](int64_t cls) -> absl::Status {
    if (cls < 0 || cls >= n_classes) {
      return IndexError(absl::StrCat("Target ", cls, " is out of bounds."));
    }
    return absl::OkStatus();
  };
  if (reduction == 0) {  // none
    T* o = out.data<T>();
    for (int64_t i = 0; i < count; ++i) {
      const int64_t cls = tgt[i];
      if (cls == ignore_index) {
        o[i] = T(0);
        continue;
      }
      RETURN_IF_ERROR(check(cls));
      o[i] = -picked(i, cls) * (w != nullptr ? w[cls] : T(1));
    }
    return absl::OkStatus();
  }
  constexpr int kLevels = 8;
  int64_t ceil_log2 = 0;
  while ((int64_t{1} << ceil_log2) < count) ++ceil_log2;
  const int64_t power = std::max<int64_t>(4, ceil_log2 / kLevels);
  const int64_t level_mask = (int64_t{1} << power) - 1;
  std::array<T, kLevels> loss_sums{}, weight_sums{};
  int64_t ignored = 0;
  for (int64_t i = 0; i < count; ++i) {
    const int64_t cls = tgt[i];
    if (cls == ignore_index) {
      ++ignored;
      continue;
    }
    RETURN_IF_ERROR(check(cls));
    const T value = picked(i, cls);
    if (w != nullptr) {
      loss_sums[0] -= value * w[cls];
      weight_sums[0] += w[cls];
    } else {
      loss_sums[0] -= value;
    }
    for (int j = 0; j + 1 < kLevels; ++j) {
      if ((i & (level_mask << (j * power))) != 0) break;
      weight_sums[j + 1] += weight_sums[j];
      loss_sums[j + 1] += loss_sums[j];
      weight_sums[j] = T(0);
      loss_sums[j] = T(0);
    }
  }
  T total_weight = T(0), total = T(0);
  if (w == nullptr) {
    total_weight = static_cast<T>(count - ignored);
  } else {
    for (T v : weight_sums) total_weight += v;
  }
  for (T v : loss_sums) total += v;
  if (reduction == 1) total /= total_weight;
  *out.data<T>() = total;
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<Tensor> NllLoss(const Tensor& self, const Tensor& target, const Tensor& weight,
                               int64_t reduction, int64_t ignore_index) {
  RETURN_IF_ERROR(CheckNllArgs(self, target, weight));
  if (reduction < 0 || reduction > 2) {
    return ValueError(absl::StrCat(reduction, " is not a valid value for reduction"));
  }
  std::vector<int64_t> out_sizes;
  if (reduction == 0 && self.dim() >= 2) {
    out_sizes.push_back(self.size(0));
    for (int64_t d = 2; d < self.dim(); ++d) out_sizes.push_back(self.size(d));
  }
  if (self.is_meta() || target.is_meta() || (weight.defined() && weight.is_meta())) {
    return Tensor::Meta(out_sizes, self.dtype());
  }
  ASSIGN_OR_RETURN(Tensor out, Tensor::Empty(out_sizes, self.dtype()));
  ASSIGN_OR_RETURN(Tensor in, self.Contiguous());
  ASSIGN_OR_RETURN(Tensor tgt, target.Contiguous());
  Tensor w;
  if (weight.defined()) {
    ASSIGN_OR_RETURN(w, weight.Contiguous());
  }
  if (self.dtype() == DType::kFloat64) {
    RETURN_IF_ERROR(NllKernel<double>(in, tgt, w, reduction, ignore_index, out));
  } else {
    RETURN_IF_ERROR(NllKernel<float>(in, tgt, w, reduction, ignore_index, out));
  }
  return out;
}

}  // namespace wick::tensor

namespace wick::tensor {
namespace {

// The extended label sequence of CTC: blanks around and between the targets.
template <typename Target>
int64_t CtcPrime(int64_t s, int64_t blank, const Target& target) {
  return s % 2 == 0 ? blank : target(s / 2);
}

// log(exp(a - m) + exp(b - m) + exp(c - m)) + m with m their maximum (0 when all are -inf),
// the three-way step of both CTC recursions.
template <typename T>
T CtcLogSum3(T a, T b, T c) {
  T m = std::max(a, std::max(b, c));
  if (m == -std::numeric_limits<T>::infinity()) m = 0;
  return std::log(std::exp(a - m) + std::exp(b - m) + std::exp(c - m)) + m;
}

// One sample of ATen's ctc_loss_cpu_template: the alpha recursion in log space, in the
// input's dtype and operation order, with targets read through `target(i)`. Fills
// la[t * states + s] for t < input_length and returns the negative log likelihood.
template <typename T, typename Target>
T CtcAlpha(const T* lp, int64_t t_stride, int64_t input_length, int64_t target_length,
           int64_t blank, const Target& target, std::vector<T>& la) {
  const T neginf = -std::numeric_limits<T>::infinity();
  const int64_t states = 2 * target_length + 1;
  if (input_length == 0) return target_length == 0 ? T(0) : -neginf;
  la.assign(input_length * states, neginf);
  la[0] = lp[blank];
  if (target_length > 0) la[1] = lp[CtcPrime(1, blank, target)];
  for (int64_t t = 1; t < input_length; ++t) {
    const T* row = lp + t * t_stride;
    const T* prev = la.data() + (t - 1) * states;
    T* cur = la.data() + t * states;
    for (int64_t s = 0; s < states; ++s) {
      const int64_t cp = CtcPrime(s, blank, target);
      const T la2 = s > 0 ? prev[s - 1] : neginf;
      const T la3 = s > 1 && CtcPrime(s - 2, blank, target) != cp ? prev[s - 2] : neginf;
      cur[s] = CtcLogSum3(prev[s], la2, la3) + row[cp];
    }
  }
  const T* last = la.data() + (input_length - 1) * states;
  if (target_length == 0) return -last[0];
  const T l1 = last[2 * target_length], l2 = last[2 * target_length - 1];
  T m = std::max(l1, l2);
  if (m == neginf) m = 0;
  return -(std::log(std::exp(l1 - m) + std::exp(l2 - m)) + m);
}

// One sample of ATen's ctc_loss_backward_cpu_template: the beta recursion, the per-label
// log sums of alpha * beta, and grad[t][c] = (exp(lp) - exp(lab + nll - lp)) * gr, the
// gradient as PyTorch defines it (it assumes log_probs come from a log_softmax). `grad`
// has log_probs' layout; times at or past input_length get 0.
template <typename T, typename Target>
void CtcSampleGrad(const T* lp, T* grad, int64_t t_stride, int64_t max_input, int64_t labels,
                   int64_t input_length, int64_t target_length, int64_t blank,
                   const Target& target, T gr, bool zero_infinity) {
  const T neginf = -std::numeric_limits<T>::infinity();
  const int64_t states = 2 * target_length + 1;
  std::vector<T> la;
  const T nll = CtcAlpha(lp, t_stride, input_length, target_length, blank, target, la);
  auto zero_rows = [&](int64_t from) {
    for (int64_t t = from; t < max_input; ++t) {
      std::fill(grad + t * t_stride, grad + t * t_stride + labels, T(0));
    }
  };
  if (zero_infinity && nll == std::numeric_limits<T>::infinity()) return zero_rows(0);
  if (input_length == 0) return zero_rows(0);
  for (int64_t t = 0; t < input_length; ++t) {
    std::fill(grad + t * t_stride, grad + t * t_stride + labels, neginf);
  }
  std::vector<T> lb(input_length * states, neginf);
  const int64_t last = input_length - 1;
  T* glast = grad + last * t_stride;
  lb[last * states + 2 * target_length] = lp[last * t_stride + blank];
  glast[blank] = la[last * states + 2 * target_length] + lb[last * states + 2 * target_length];
  if (target_length > 0) {
    const int64_t s = 2 * target_length - 1, cp = CtcPrime(s, blank, target);
    lb[last * states + s] = lp[last * t_stride + cp];
    glast[cp] = la[last * states + s] + lb[last * states + s];
  }
  for (int64_t t = input_length - 2; t >= 0; --t) {
    const T* next = lb.data() + (t + 1) * states;
    T* cur = lb.data() + t * states;
    T* g = grad + t * t_stride;
    for (int64_t s = 2 * target_length; s >= 0; --s) {
      const int64_t cp = CtcPrime(s, blank, target);
      const T lb2 = s < 2 * target_length ? next[s + 1] : neginf;
      const T lb3 =
          s < 2 * target_length - 1 && CtcPrime(s + 2, blank, target) != cp ? next[s + 2] : neginf;
      cur[s] = CtcLogSum3(next[s], lb2, lb3) + lp[t * t_stride + cp];
      const T log_alpha_beta = la[t * states + s] + cur[s];
      T& lcab = g[cp];
      if (lcab == neginf) {
        lcab = log_alpha_beta;
      } else {
        const T m = std::max(lcab, log_alpha_beta);
        lcab = std::log(std::exp(lcab - m) + std::exp(log_alpha_beta - m)) + m;
      }
    }
  }
  for (int64_t t = 0; t < input_length; ++t) {
    T* g = grad + t * t_stride;
    const T* row = lp + t * t_stride;
    for (int64_t c = 0; c < labels; ++c) {
      g[c] = (std::exp(row[c]) - std::exp(g[c] + nll - row[c])) * gr;
    }
  }
  zero_rows(input_length);
}

}  // namespace

// Checks the arguments as ctc_loss_cpu does and gives each sample's offset into the
// (contiguous, int64) targets.
absl::StatusOr<std::vector<int64_t>> CtcTargetOffsets(const Tensor& log_probs,
                                                      const Tensor& targets,
                                                      absl::Span<const int64_t> input_lengths,
                                                      absl::Span<const int64_t> target_lengths,
                                                      int64_t blank) {
  if (log_probs.dim() != 3) {
    return RuntimeError(absl::StrCat("Expected 3-dimensional tensor, but got ", log_probs.dim(),
                                     "-dimensional tensor for argument #1 'log_probs' (while "
                                     "checking arguments for ctc_loss_cpu)"));
  }
  if (!IsFloating(log_probs.dtype())) {
    return RuntimeError(absl::StrCat("\"ctc_loss_cpu\" not implemented for '",
                                     ScalarTypeName(log_probs.dtype()), "'"));
  }
  // Any targets dtype: ATen converts them to int64 first (float targets truncate).
  const int64_t max_input = log_probs.size(0), batch = log_probs.size(1),
                labels = log_probs.size(2);
  if (blank < 0 || blank >= labels) return RuntimeError("blank must be in label range");
  if (static_cast<int64_t>(input_lengths.size()) != batch) {
    return RuntimeError("input_lengths must be of size batch_size");
  }
  if (static_cast<int64_t>(target_lengths.size()) != batch) {
    return RuntimeError("target_lengths must be of size batch_size");
  }
  std::vector<int64_t> offsets(batch);
  if (targets.dim() == 1) {
    int64_t pos = 0;
    for (int64_t b = 0; b < batch; ++b) {
      offsets[b] = pos;
      pos += target_lengths[b];
    }
    if (targets.size(0) != pos) {
      return RuntimeError(absl::StrCat("Expected tensor to have size ", pos, " at dimension 0, "
                                       "but got size ", targets.size(0), " for argument #2 "
                                       "'targets' (while checking arguments for ctc_loss_cpu)"));
    }
  } else {
    int64_t max_target = 0;
    for (int64_t v : target_lengths) max_target = std::max(max_target, v);
    if (targets.dim() != 2 || targets.size(0) != batch) {
      return RuntimeError(absl::StrCat("Expected tensor to have size ", batch, " at dimension 0, "
                                       "but got size ", targets.dim() > 0 ? targets.size(0) : 0,
                                       " for argument #2 'targets' (while checking arguments for "
                                       "ctc_loss_cpu)"));
    }
    if (targets.size(1) < max_target) {
      return RuntimeError(absl::StrCat("Expected tensor to have size at least ", max_target,
                                       " at dimension 1, but got size ", targets.size(1),
                                       " for argument #2 'targets' (while checking arguments "
                                       "for ctc_loss_cpu)"));
    }
    // Padded rows: after the contiguous copy below, row b starts at b * S.
    for (int64_t b = 0; b < batch; ++b) offsets[b] = b * targets.size(1);
  }
  for (int64_t b = 0; b < batch; ++b) {
    if (input_lengths[b] > max_input || input_lengths[b] < 0) {
      return RuntimeError(absl::StrCat("Expected input_lengths to have value at most ", max_input,
                                       ", but got value ", input_lengths[b],
                                       " (while checking arguments for ctc_loss_cpu)"));
    }
  }
  return offsets;
}

absl::StatusOr<Tensor> CtcLossPerSample(const Tensor& log_probs, const Tensor& targets,
                                        absl::Span<const int64_t> input_lengths,
                                        absl::Span<const int64_t> target_lengths,
                                        int64_t blank) {
  ASSIGN_OR_RETURN(std::vector<int64_t> offsets,
                   CtcTargetOffsets(log_probs, targets, input_lengths, target_lengths, blank));
  const int64_t batch = log_probs.size(1), labels = log_probs.size(2);
  if (log_probs.is_meta() || targets.is_meta()) return Tensor::Meta({batch}, log_probs.dtype());
  ASSIGN_OR_RETURN(Tensor lp, log_probs.Contiguous());
  ASSIGN_OR_RETURN(Tensor tg, targets.CopyAs(DType::kInt64));
  ASSIGN_OR_RETURN(tg, tg.Contiguous());
  ASSIGN_OR_RETURN(Tensor out, Tensor::Empty({batch}, log_probs.dtype()));
  const int64_t* tgt = tg.data<int64_t>();
  auto run = [&]<typename T>() {
    const T* base = lp.data<T>();
    T* o = out.data<T>();
    for (int64_t b = 0; b < batch; ++b) {
      const int64_t* tb = tgt + offsets[b];
      std::vector<T> la;
      o[b] = CtcAlpha<T>(base + b * labels, batch * labels, input_lengths[b], target_lengths[b],
                         blank, [&](int64_t i) { return tb[i]; }, la);
    }
  };
  if (lp.dtype() == DType::kFloat64) {
    run.template operator()<double>();
  } else {
    run.template operator()<float>();
  }
  return out;
}

absl::StatusOr<Tensor> CtcLossPerSampleBackward(const Tensor& grad, const Tensor& log_probs,
                                                const Tensor& targets,
                                                absl::Span<const int64_t> input_lengths,
                                                absl::Span<const int64_t> target_lengths,
                                                int64_t blank, bool zero_infinity) {
  ASSIGN_OR_RETURN(std::vector<int64_t> offsets,
                   CtcTargetOffsets(log_probs, targets, input_lengths, target_lengths, blank));
  const int64_t max_input = log_probs.size(0), batch = log_probs.size(1),
                labels = log_probs.size(2);
  if (grad.dim() != 1 || grad.size(0) != batch) {
    return RuntimeError(absl::StrCat("ctc_loss backward: expected a gradient of shape [", batch,
                                     "]"));
  }
  if (log_probs.is_meta() || grad.is_meta()) {
    return Tensor::Meta(log_probs.sizes(), log_probs.dtype());
  }
  ASSIGN_OR_RETURN(Tensor lp, log_probs.Contiguous());
  ASSIGN_OR_RETURN(Tensor gr, grad.CopyAs(log_probs.dtype()));
  ASSIGN_OR_RETURN(gr, gr.Contiguous());
  ASSIGN_OR_RETURN(Tensor tg, targets.CopyAs(DType::kInt64));
  ASSIGN_OR_RETURN(tg, tg.Contiguous());
  ASSIGN_OR_RETURN(Tensor out, Tensor::Empty(log_probs.sizes(), log_probs.dtype()));
  const int64_t* tgt = tg.data<int64_t>();
  auto run = [&]<typename T>() {
    const T* base = lp.data<T>();
    const T* g = gr.data<T>();
    T* o = out.data<T>();
    for (int64_t b = 0; b < batch; ++b) {
      const int64_t* tb = tgt + offsets[b];
      CtcSampleGrad<T>(base + b * labels, o + b * labels, batch * labels, max_input, labels,
                       input_lengths[b], target_lengths[b], blank,
                       [&](int64_t i) { return tb[i]; }, g[b], zero_infinity);
    }
  };
  if (lp.dtype() == DType::kFloat64) {
    run.template operator()<double>();
  } else {
    run.template operator()<float>();
  }
  return out;
}

}  // namespace wick::tensor
