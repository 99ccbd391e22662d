// torch.einsum. The equation is parsed into per-operand label lists; every operand becomes
// a view over one shared dim order (output labels first, then contraction labels) with
// size-1 dims for labels it lacks and diagonals for labels it repeats; operands are then
// contracted pairwise (left to right, or along an opt-einsum path), each pair as
// permute -> reshape -> bmm -> permute back (PyTorch's sumproduct_pair), summing a label
// away as soon as no later operand needs it. Messages and layouts follow PyTorch 1.13.
#include <deque>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/ops/linalg/linalg.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

using linalg_internal::MulBroadcast;
using linalg_internal::PermuteView;
using linalg_internal::Reshape;
using linalg_internal::SumDims;

constexpr int kLetters = 26;
constexpr int kLabels = 2 * kLetters;  // A-Z then a-z
constexpr int kEllipsis = kLabels;

bool IsLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
int LabelOf(char c) { return c <= 'Z' ? c - 'A' : c - 'a' + kLetters; }
char CharOf(int label) { return label < kLetters ? 'A' + label : 'a' + label - kLetters; }

absl::Status EinsumError(absl::string_view what) {
  return RuntimeError(absl::StrCat("einsum(): ", what));
}

// A view as (size, stride) pairs, edited while labels are processed.
struct Dims {
  Shape sizes, strides;
};

// (left * right).sum(sum_dims, keepdim=True) for operands of equal rank whose dims line
// up (size 1 where absent), through one bmm: left -> [lro, lo, sum], right ->
// [lro, sum, ro], result [lro, lo, ro] viewed and permuted back into the common order.
absl::StatusOr<Tensor> SumProductPair(Tensor left, Tensor right,
                                      const std::vector<int64_t>& sum_dims) {
  if (sum_dims.empty()) return MulBroadcast(left, right);
  const int64_t dim = left.dim();
  std::vector<bool> summed(dim, false);
  for (int64_t d : sum_dims) summed[d] = true;
  std::vector<int64_t> lro, lo, ro;
  int64_t lro_size = 1, lo_size = 1, ro_size = 1, sum_size = 1;
  for (int64_t i = 0; i < dim; ++i) {
    const bool sl = left.size(i) != 1, sr = right.size(i) != 1;
    if (summed[i]) {
      if (sl && sr) {
        sum_size *= left.size(i);
      } else if (sl) {  // Only one side has it: sum it there right away.
        ASSIGN_OR_RETURN(left, SumDims(left, {i}, true));
      } else if (sr) {
        ASSIGN_OR_RETURN(right, SumDims(right, {i}, true));
      }
    } else if (sl && sr) {
      lro.push_back(i);
      lro_size *= left.size(i);
    } else if (sl) {
      lo.push_back(i);
      lo_size *= left.size(i);
    } else {
      ro.push_back(i);
      ro_size *= right.size(i);
    }
  }
  std::vector<int64_t> lperm = lro, rperm = lro, order;
  lperm.insert(lperm.end(), lo.begin(), lo.end());
  lperm.insert(lperm.end(), sum_dims.begin(), sum_dims.end());
  lperm.insert(lperm.end(), ro.begin(), ro.end());
  rperm.insert(rperm.end(), sum_dims.begin(), sum_dims.end());
  rperm.insert(rperm.end(), ro.begin(), ro.end());
  rperm.insert(rperm.end(), lo.begin(), lo.end());
  Shape out_sizes;
  for (int64_t d : lro) out_sizes.push_back(left.size(d)), order.push_back(d);
  for (int64_t d : lo) out_sizes.push_back(left.size(d)), order.push_back(d);
  for (int64_t d : sum_dims) out_sizes.push_back(1), order.push_back(d);
  for (int64_t d : ro) out_sizes.push_back(right.size(d)), order.push_back(d);
  std::vector<int64_t> operm(dim);
  for (int64_t i = 0; i < dim; ++i) operm[order[i]] = i;

  ASSIGN_OR_RETURN(Tensor l3, Reshape(PermuteView(left, lperm), {lro_size, lo_size, sum_size}));
  ASSIGN_OR_RETURN(Tensor r3, Reshape(PermuteView(right, rperm), {lro_size, sum_size, ro_size}));
  ASSIGN_OR_RETURN(Tensor product, Bmm(l3, r3));
  const Tensor shaped =
      Tensor::View(product, out_sizes, ContiguousStrides(out_sizes), product.storage_offset());
  return PermuteView(shaped, operm);
}

}  // namespace

absl::StatusOr<Tensor> Einsum(absl::string_view equation, absl::Span<const Tensor> operands,
                              std::optional<absl::Span<const int64_t>> path) {
  if (operands.empty()) return EinsumError("must provide at least one operand");
  const size_t num_ops = operands.size();
  if (path) {
    const size_t expected = num_ops == 1 ? 1 : (num_ops - 1) * 2;
    if (path->size() != expected) {
      return EinsumError(
          absl::StrCat("expected contraction path given in path parameter to have size ", expected,
                       " but got ", path->size()));
    }
  }
  const size_t arrow = equation.find("->");
  const absl::string_view lhs = equation.substr(0, arrow);

  // Labels per operand (kEllipsis marks "...").
  std::vector<std::vector<int>> op_labels(num_ops);
  bool ell_in_input = false;
  size_t curr = 0;
  for (size_t i = 0; i < lhs.size(); ++i) {
    const char c = lhs[i];
    if (c == ' ') continue;
    if (c == '.') {
      if (ell_in_input) {
        return EinsumError(absl::StrCat("found '.' for operand ", curr,
                                        " for which an ellipsis was already found"));
      }
      if (!(i + 2 < lhs.size() && lhs[++i] == '.' && lhs[++i] == '.')) {
        return EinsumError(
            absl::StrCat("found '.' for operand ", curr, " that is not part of any ellipsis"));
      }
      op_labels[curr].push_back(kEllipsis);
      ell_in_input = true;
    } else if (c == ',') {
      if (++curr >= num_ops) {
        return EinsumError("fewer operands were provided than specified in the equation");
      }
      ell_in_input = false;
    } else if (IsLetter(c)) {
      op_labels[curr].push_back(LabelOf(c));
    } else {
      return EinsumError(absl::StrCat("invalid subscript given at index ", i,
                                      " in the equation string, subscripts must be in [a-zA-Z]"));
    }
  }
  if (curr != num_ops - 1) {
    return EinsumError("more operands were provided than specified in the equation");
  }

  // Label frequencies and the widest ellipsis.
  std::vector<int64_t> label_count(kLabels, 0);
  int64_t ell_num_dim = 0;
  for (size_t i = 0; i < num_ops; ++i) {
    const int64_t ndims = operands[i].dim();
    int64_t nlabels = static_cast<int64_t>(op_labels[i].size());
    bool has_ellipsis = false;
    for (int label : op_labels[i]) {
      if (label == kEllipsis) {
        --nlabels;
        has_ellipsis = true;
        ell_num_dim = std::max(ell_num_dim, ndims - nlabels);
      } else {
        ++label_count[label];
      }
    }
    if (has_ellipsis ? nlabels > ndims : nlabels != ndims) {
      return EinsumError(absl::StrCat("the number of subscripts in the equation (", nlabels,
                                      has_ellipsis ? ") is more than the number of dimensions ("
                                                   : ") does not match the number of dimensions (",
                                      ndims, ") for operand ", i,
                                      has_ellipsis ? "" : " and no ellipsis was given"));
    }
  }

  // Position of every label (and the ellipsis dims) in the common order: output first.
  std::vector<int64_t> label_pos(kLabels, -1);
  int64_t perm_index = 0, ell_index = 0;
  bool ell_in_output = false;
  if (arrow == absl::string_view::npos) {
    // Implicit output: the ellipsis, then labels seen exactly once, alphabetically.
    perm_index = ell_num_dim;
    ell_in_output = true;
    for (int label = 0; label < kLabels; ++label) {
      if (label_count[label] == 1) label_pos[label] = perm_index++;
    }
  } else {
    const absl::string_view rhs = equation.substr(arrow + 2);
    for (size_t i = 0; i < rhs.size(); ++i) {
      const char c = rhs[i];
      if (c == ' ') continue;
      if (c == '.') {
        if (ell_in_output) {
          return EinsumError("found '.' for output but an ellipsis (...) was already found");
        }
        if (!(i + 2 < rhs.size() && rhs[++i] == '.' && rhs[++i] == '.')) {
          return EinsumError("found '.' for output that is not part of any ellipsis (...)");
        }
        ell_index = perm_index;
        perm_index += ell_num_dim;
        ell_in_output = true;
      } else if (IsLetter(c)) {
        const int label = LabelOf(c);
        if (label_count[label] == 0 || label_pos[label] != -1) {
          return EinsumError(absl::StrCat(
              "output subscript ", std::string(1, c),
              label_pos[label] > -1 ? " appears more than once in the output"
                                    : " does not appear in the equation for any input operand"));
        }
        label_pos[label] = perm_index++;
      } else {
        return EinsumError(absl::StrCat("invalid subscript given at index ", lhs.size() + 2 + i,
                                        " in the equation string, subscripts must be in [a-zA-Z]"));
      }
    }
  }
  const int64_t out_num_dim = perm_index;
  if (!ell_in_output) {
    ell_index = perm_index;
    perm_index += ell_num_dim;
  }
  for (int label = 0; label < kLabels; ++label) {
    if (label_count[label] > 0 && label_pos[label] == -1) label_pos[label] = perm_index++;
  }

  // Align every operand to the common order: check sizes, take diagonals of repeated
  // labels, add size-1 dims for missing ones. dim_counts[d]: operands where d is not 1.
  std::vector<int64_t> label_size(kLabels, 1), ell_sizes(ell_num_dim, 1);
  std::vector<int64_t> dim_counts(perm_index, 0);
  std::deque<Tensor> ops;
  for (size_t i = 0; i < num_ops; ++i) {
    const Tensor& op = operands[i];
    Dims v{Shape(op.sizes().begin(), op.sizes().end()),
           Shape(op.strides().begin(), op.strides().end())};
    std::vector<int64_t> perm(perm_index, -1);
    int64_t dim = 0;  // Index into v as labels are consumed.
    for (int label : op_labels[i]) {
      if (label == kEllipsis) {
        const int64_t ndim = op.dim() - (static_cast<int64_t>(op_labels[i].size()) - 1);
        for (int64_t j = ell_num_dim - ndim; j < ell_num_dim; ++j) {
          if (v.sizes[dim] != 1) {
            if (ell_sizes[j] != 1 && ell_sizes[j] != v.sizes[dim]) {
              return EinsumError(
                  absl::StrCat("dimension ", dim, " covered by ellipsis in operand ", i,
                               "has size ", v.sizes[dim],
                               " which does not broadcast with previously seen ellipsis with size ",
                               ell_sizes[j], " for the respective dimension"));
            }
            ell_sizes[j] = v.sizes[dim];
            ++dim_counts[ell_index + j];
          }
          perm[ell_index + j] = dim++;
        }
      } else if (perm[label_pos[label]] == -1) {
        if (v.sizes[dim] != 1) {
          if (label_size[label] != 1 && label_size[label] != v.sizes[dim]) {
            return EinsumError(absl::StrCat("subscript ", std::string(1, CharOf(label)),
                                            " has size ", v.sizes[dim], " for operand ", i,
                                            " which does not broadcast with previously seen size ",
                                            label_size[label]));
          }
          label_size[label] = v.sizes[dim];
          ++dim_counts[label_pos[label]];
        }
        perm[label_pos[label]] = dim++;
      } else {
        // Repeated label: the diagonal is the first dim with both strides combined.
        const int64_t prev = perm[label_pos[label]];
        if (v.sizes[dim] != v.sizes[prev]) {
          return EinsumError(
              absl::StrCat("subscript ", std::string(1, CharOf(label)), " is repeated for operand ",
                           i, " but the sizes don't match, ", v.sizes[dim], " != ", v.sizes[prev]));
        }
        v.strides[prev] += v.strides[dim];
        v.sizes.erase(v.sizes.begin() + dim);
        v.strides.erase(v.strides.begin() + dim);
      }
    }
    for (int64_t& p : perm) {
      if (p == -1) {
        v.sizes.push_back(1);
        v.strides.push_back(1);
        p = dim++;
      }
    }
    const Tensor aligned = Tensor::View(op, v.sizes, v.strides, op.storage_offset());
    ops.push_back(PermuteView(aligned, perm));
  }

  // Contract left to right, or along the given path.
  size_t path_pos = 0;
  while (ops.size() > 1) {
    int64_t i = 0, j = 1;
    if (path) {
      i = (*path)[path_pos++];
      j = (*path)[path_pos++];
      if (j < i) std::swap(i, j);
      if (i == j || i < 0 || j >= static_cast<int64_t>(ops.size())) {
        return EinsumError(absl::StrCat("invalid contraction (", i, ", ", j,
                                        i == j ? ") cannot contract an operand with itself"
                                               : ") operand index is out of bounds"));
      }
    }
    Tensor a = ops[i], b = ops[j];
    ops.erase(ops.begin() + j);
    ops.erase(ops.begin() + i);
    std::vector<int64_t> sum_dims, a_sum, b_sum;
    for (int64_t d = out_num_dim; d < perm_index; ++d) {
      if (a.size(d) != 1 && b.size(d) != 1) {
        if (--dim_counts[d] == 1) {
          sum_dims.push_back(d);
          dim_counts[d] = 0;
        }
      } else if (dim_counts[d] == 1) {
        if (a.size(d) != 1) {
          a_sum.push_back(d);
          dim_counts[d] = 0;
        } else if (b.size(d) != 1) {
          b_sum.push_back(d);
          dim_counts[d] = 0;
        }
      }
    }
    if (!a_sum.empty()) {
      ASSIGN_OR_RETURN(a, SumDims(a, a_sum, true));
    }
    if (!b_sum.empty()) {
      ASSIGN_OR_RETURN(b, SumDims(b, b_sum, true));
    }
    ASSIGN_OR_RETURN(Tensor r, SumProductPair(a, b, sum_dims));
    if (path) {
      ops.push_back(r);
    } else {
      ops.push_front(r);
    }
  }

  Tensor result = ops[0];
  if (perm_index > out_num_dim) {
    if (num_ops > 1) {
      // Every contraction dim is already size 1: drop them.
      Shape sizes(result.sizes().begin(), result.sizes().begin() + out_num_dim);
      Shape strides(result.strides().begin(), result.strides().begin() + out_num_dim);
      return Tensor::View(result, sizes, strides, result.storage_offset());
    }
    std::vector<int64_t> dims;
    for (int64_t d = out_num_dim; d < perm_index; ++d) dims.push_back(d);
    return SumDims(result, dims, false);
  }
  return result;
}

}  // namespace wick::tensor
