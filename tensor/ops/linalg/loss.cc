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

// One sample of ATen's ctc_loss_cpu_template: the alpha recursion in log space, in the
// input's dtype and operation order, with targets read through `target(i)`.
template <typename T, typename Target>
T CtcSample(const T* lp, int64_t t_stride, int64_t input_length, int64_t target_length,
            int64_t blank, const Target& target) {
  const T neginf = -std::numeric_limits<T>::infinity();
  const int64_t states = 2 * target_length + 1;
  auto prime = [&](int64_t s) { return s % 2 == 0 ? blank : target(s / 2); };
  std::vector<T> prev(states, neginf), cur(states, neginf);
  prev[0] = lp[blank];
  if (target_length > 0) prev[1] = lp[prime(1)];
  for (int64_t t = 1; t < input_length; ++t) {
    const T* row = lp + t * t_stride;
    for (int64_t s = 0; s < states; ++s) {
      const int64_t cp = prime(s);
      const T la1 = prev[s];
      T lamax = la1;
      T la2 = neginf, la3 = neginf;
      if (s > 0) {
        la2 = prev[s - 1];
        if (la2 > lamax) lamax = la2;
      }
      if (s > 1 && prime(s - 2) != cp) {
        la3 = prev[s - 2];
        if (la3 > lamax) lamax = la3;
      }
      if (lamax == neginf) lamax = 0;
      cur[s] = std::log(std::exp(la1 - lamax) + std::exp(la2 - lamax) + std::exp(la3 - lamax)) +
               lamax + row[cp];
    }
    std::swap(prev, cur);
  }
  if (input_length == 0) return target_length == 0 ? T(0) : -neginf;
  if (target_length == 0) return -prev[0];
  const T l1 = prev[2 * target_length], l2 = prev[2 * target_length - 1];
  T m = std::max(l1, l2);
  if (m == neginf) m = 0;
  return -(std::log(std::exp(l1 - m) + std::exp(l2 - m)) + m);
}

}  // namespace

absl::StatusOr<Tensor> CtcLossPerSample(const Tensor& log_probs, const Tensor& targets,
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
      o[b] = CtcSample<T>(base + b * labels, batch * labels, input_lengths[b], target_lengths[b],
                          blank, [&](int64_t i) { return tb[i]; });
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
