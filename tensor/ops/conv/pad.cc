// reflection_pad{1,2,3}d, replication_pad{1,2,3}d and circular padding (F.pad's
// non-constant modes) with PyTorch 1.13's checks and messages. One index-mapping loop
// serves all three modes: each output cell reads the input cell its mode maps it to.
// Negative pads crop, as in PyTorch.
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/conv/conv.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/parallel.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

std::string List(IntSpan v) { return absl::StrCat("[", absl::StrJoin(v, ", "), "]"); }

// PyTorch's "[ torch.FloatTensor{2,3,0} ]" rendering of a tensor in a message.
std::string TypeAndSizes(const Tensor& t) {
  return absl::StrCat("[ torch.", ScalarTypeName(t.dtype()), "Tensor{",
                      absl::StrJoin(t.sizes(), ","), "} ]");
}

absl::Status CheckPad(const Tensor& input, IntSpan pad, PadMode mode, absl::string_view op,
                      int spatial) {
  const int64_t nd = input.dim();
  if (static_cast<int64_t>(pad.size()) != 2 * spatial) {
    return RuntimeError(absl::StrCat("Expected padding of length ", 2 * spatial, " but got ",
                                     pad.size()));
  }
  if (mode == PadMode::kCircular) {
    for (int i = 0; i < spatial; ++i) {
      const int64_t size = input.size(nd - 1 - i);
      if (pad[2 * i] > size || pad[2 * i + 1] > size) {
        return RuntimeError("Padding value causes wrapping around more than once.");
      }
      if (size - std::max<int64_t>(-pad[2 * i], 0) - std::max<int64_t>(-pad[2 * i + 1], 0) <=
          0) {
        return RuntimeError("Negative padding value is resulting in an empty dimension.");
      }
    }
    return absl::OkStatus();
  }
  bool dims_ok = nd == spatial + 1 || nd == spatial + 2;
  bool nonzero = true;
  for (int64_t i = (nd == spatial + 2 ? 1 : 0); i < nd; ++i) nonzero = nonzero && input.size(i) != 0;
  if (mode == PadMode::kReflect) {
    if (!dims_ok || !nonzero) {
      return RuntimeError(absl::StrCat(spatial + 1, "D or ", spatial + 2,
                                       "D (batch mode) tensor expected for input, but got: ",
                                       TypeAndSizes(input)));
    }
    // Width first (Argument #4), then height (#6), then depth (#8).
    for (int i = 0; i < spatial; ++i) {
      const int64_t dim = nd - 1 - i;
      const int64_t size = input.size(dim);
      if (pad[2 * i] >= size || pad[2 * i + 1] >= size) {
        return RuntimeError(absl::StrCat(
            "Argument #", 4 + 2 * i,
            ": Padding size should be less than the corresponding input dimension, but got: "
            "padding (",
            pad[2 * i], ", ", pad[2 * i + 1], ") at dimension ", dim, " of input ",
            i == 1 && spatial == 2 ? absl::StrCat(nd) : List(input.sizes())));
      }
    }
  } else {
    if (!dims_ok || !nonzero) {
      return RuntimeError(absl::StrCat(
          "Expected ", spatial + 1, "D or ", spatial + 2,
          "D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for "
          "input, but got: ",
          List(input.sizes())));
    }
  }
  for (int i = 0; i < spatial; ++i) {
    const int64_t size = input.size(nd - 1 - i);
    if (size + pad[2 * i] + pad[2 * i + 1] < 1) {
      static const char* kNames[] = {"width", "height", "depth"};
      const std::string name = kNames[i];
      return RuntimeError(absl::StrCat("input (", absl::StrJoin(input.sizes().subspan(nd - spatial), ", "),
                                       ") is too small. Calculated output ", name, ": ",
                                       size + pad[2 * i] + pad[2 * i + 1]));
    }
  }
  (void)op;
  return absl::OkStatus();
}

// The source index along one dim for output index `o`, given that dim's pads.
inline int64_t SourceIndex(int64_t o, int64_t before, int64_t after, int64_t in,
                           PadMode mode) {
  int64_t i = o - before;
  switch (mode) {
    case PadMode::kReflect:
      if (i < 0) i = -i;
      if (i >= in) i = 2 * (in - 1) - i;
      return i;
    case PadMode::kReplicate:
      return std::clamp<int64_t>(i, 0, in - 1);
    case PadMode::kCircular: {
      // A negative pad crops first; the rest wraps around what remains.
      const int64_t start = std::max<int64_t>(-before, 0);
      const int64_t kept = in - start - std::max<int64_t>(-after, 0);
      int64_t j = (o - std::max<int64_t>(before, 0)) % kept;
      return start + (j < 0 ? j + kept : j);
    }
  }
  return i;
}

}  // namespace

absl::StatusOr<Tensor> PadNd(const Tensor& input, IntSpan pad, PadMode mode,
                             absl::string_view op) {
  const int spatial = static_cast<int>(pad.size() / 2);
  if (spatial < 1 || spatial > 3 || input.dim() < spatial) {
    return RuntimeError(absl::StrCat(op, ": unsupported padding of length ", pad.size(),
                                     " for a ", input.dim(), "-dimensional input"));
  }
  RETURN_IF_ERROR(CheckPad(input, pad, mode, op, spatial));
  if (mode != PadMode::kCircular && !IsFloating(input.dtype())) {
    return linalg_internal::NotImplementedFor(
        mode == PadMode::kReflect ? op : absl::StrCat(op, "_cpu"), input.dtype());
  }
  const int64_t nd = input.dim();
  Shape out_sizes(input.sizes().begin(), input.sizes().end());
  for (int i = 0; i < spatial; ++i) out_sizes[nd - 1 - i] += pad[2 * i] + pad[2 * i + 1];
  ASSIGN_OR_RETURN(Tensor out, linalg_internal::NewTensor(out_sizes, input.dtype(),
                                                          input.is_meta()));
  if (input.is_meta() || out.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor x, linalg_internal::ContiguousAs(input, input.dtype()));
  // Three spatial dims (leading unit dims), planes = everything before them.
  std::array<int64_t, 3> in{1, 1, 1}, on{1, 1, 1}, before{0, 0, 0}, after{0, 0, 0};
  for (int i = 0; i < spatial; ++i) {
    in[2 - i] = input.size(nd - 1 - i);
    on[2 - i] = out_sizes[nd - 1 - i];
    before[2 - i] = pad[2 * i];
    after[2 - i] = pad[2 * i + 1];
  }
  int64_t planes = 1;
  for (int64_t i = 0; i < nd - spatial; ++i) planes *= input.size(i);
  const int64_t in_plane = in[0] * in[1] * in[2], out_plane = on[0] * on[1] * on[2];
  std::vector<int64_t> src_w(on[2]), src_h(on[1]), src_d(on[0]);
  for (int64_t o = 0; o < on[2]; ++o) src_w[o] = SourceIndex(o, before[2], after[2], in[2], mode);
  for (int64_t o = 0; o < on[1]; ++o) src_h[o] = SourceIndex(o, before[1], after[1], in[1], mode);
  for (int64_t o = 0; o < on[0]; ++o) src_d[o] = SourceIndex(o, before[0], after[0], in[0], mode);
  VisitDType(input.dtype(), [&]<typename T>() {
    const T* xp = x.data<T>();
    T* yp = out.data<T>();
    ParallelFor(0, planes, std::max<int64_t>(1, kParallelGrain / out_plane),
                [&](int64_t b, int64_t e) {
      for (int64_t p = b; p < e; ++p) {
        const T* src = xp + p * in_plane;
        T* dst = yp + p * out_plane;
        for (int64_t d = 0; d < on[0]; ++d)
          for (int64_t h = 0; h < on[1]; ++h) {
            const T* row = src + (src_d[d] * in[1] + src_h[h]) * in[2];
            for (int64_t w = 0; w < on[2]; ++w) *dst++ = row[src_w[w]];
          }
      }
    });
  });
  return out;
}

absl::StatusOr<Tensor> ConstantPadNd(const Tensor& input, IntSpan pad, Scalar value) {
  if (pad.size() % 2 != 0) return RuntimeError("Padding length must be divisible by 2");
  const int64_t nd = input.dim();
  const int64_t pairs = static_cast<int64_t>(pad.size() / 2);
  if (pairs > nd) return RuntimeError("Padding length too large");
  // PyTorch 1.13 crops (narrow) for every negative pad first, outer dims first, so its
  // narrow message is what a crop past the size raises.
  for (int64_t i = pairs - 1; i >= 0; --i) {
    int64_t cur = input.size(nd - 1 - i);
    for (int64_t side = 0; side < 2; ++side) {
      const int64_t p = pad[2 * i + side];
      if (p >= 0) continue;
      const int64_t start = side == 0 ? -p : 0;
      const int64_t length = cur + p;
      if (length < 0 || start > cur - length) {
        return RuntimeError(absl::StrCat("start (", start, ") + length (", length,
                                         ") exceeds dimension size (", cur, ")."));
      }
      cur = length;
    }
  }
  Shape out_sizes(input.sizes().begin(), input.sizes().end());
  for (int64_t i = pairs - 1; i >= 0; --i) {
    const int64_t d = nd - 1 - i;
    out_sizes[d] = input.size(d) + pad[2 * i] + pad[2 * i + 1];
    if (out_sizes[d] < 0) {
      return RuntimeError(absl::StrCat(
          "The input size ", input.size(d), ", plus negative padding ", pad[2 * i], " and ",
          pad[2 * i + 1], " resulted in a negative output size, which is invalid. Check dimension ",
          d, " of your input."));
    }
  }
  ASSIGN_OR_RETURN(Tensor out, linalg_internal::NewTensor(out_sizes, input.dtype(),
                                                          input.is_meta()));
  if (input.is_meta() || out.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor x, linalg_internal::ContiguousAs(input, input.dtype()));
  // Per dim, the source index of each output index (-1: a padded cell).
  std::vector<std::vector<int64_t>> src(nd);
  for (int64_t d = 0; d < nd; ++d) {
    const int64_t i = nd - 1 - d;
    const int64_t before = i < pairs ? pad[2 * i] : 0;
    src[d].resize(out_sizes[d]);
    for (int64_t o = 0; o < out_sizes[d]; ++o) {
      const int64_t k = o - before;
      src[d][o] = k >= 0 && k < input.size(d) ? k : -1;
    }
  }
  Shape in_strides(nd);
  int64_t acc = 1;
  for (int64_t d = nd - 1; d >= 0; --d) {
    in_strides[d] = acc;
    acc *= input.size(d);
  }
  VisitDType(input.dtype(), [&]<typename T>() {
    const T* xp = x.data<T>();
    T* yp = out.data<T>();
    const T fill = value.to<T>();
    if (nd == 0) {
      *yp = *xp;
      return;
    }
    const int64_t inner = out_sizes[nd - 1];
    const std::vector<int64_t>& last = src[nd - 1];
    const int64_t rows = out.numel() / inner;
    Shape idx(nd, 0);  // odometer over the outer dims
    for (int64_t r = 0; r < rows; ++r) {
      int64_t base = 0;
      bool padded = false;
      for (int64_t d = 0; d + 1 < nd; ++d) {
        const int64_t s = src[d][idx[d]];
        if (s < 0) padded = true;
        base += s * in_strides[d];
      }
      T* row = yp + r * inner;
      if (padded) {
        std::fill(row, row + inner, fill);
      } else {
        for (int64_t o = 0; o < inner; ++o) row[o] = last[o] < 0 ? fill : xp[base + last[o]];
      }
      for (int64_t d = nd - 2; d >= 0; --d) {
        if (++idx[d] < out_sizes[d]) break;
        idx[d] = 0;
      }
    }
  });
  return out;
}

}  // namespace wick::tensor
