// im2col / col2im (F.unfold / F.fold) and pixel_shuffle / pixel_unshuffle, with ATen's
// checks and messages. col2im accumulates overlapping blocks in ATen's loop order
// (column channel, then block row, then block column), so sums round as PyTorch's do.
#include <algorithm>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/ops/linalg/internal/tensor_util.h"
#include "tensor/ops/linalg/layers.h"
#include "tensor/shape.h"

namespace wick::tensor {
namespace {

struct Window {
  int64_t kh, kw, dh, dw, ph, pw, sh, sw;
};

// ATen's div_rtn: division rounding towards negative infinity.
int64_t DivFloor(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

absl::Status CheckWindow(const Window& w) {
  if (w.kh <= 0 || w.kw <= 0) {
    return RuntimeError(absl::StrCat("kernel size should be greater than zero, but got kernel_height: ",
                                     w.kh, " kernel_width: ", w.kw));
  }
  if (w.dh <= 0 || w.dw <= 0) {
    return RuntimeError(absl::StrCat("dilation should be greater than zero, but got dilation_height: ",
                                     w.dh, " dilation_width: ", w.dw));
  }
  if (w.ph < 0 || w.pw < 0) {
    return RuntimeError(absl::StrCat("padding should be non-negative, but got pad_height: ", w.ph,
                                     " pad_width: ", w.pw));
  }
  if (w.sh <= 0 || w.sw <= 0) {
    return RuntimeError(absl::StrCat("stride should be greater than zero, but got stride_height: ",
                                     w.sh, " stride_width: ", w.sw));
  }
  return absl::OkStatus();
}

absl::StatusOr<Window> MakeWindow(absl::Span<const int64_t> k, absl::Span<const int64_t> d,
                                  absl::Span<const int64_t> p, absl::Span<const int64_t> s) {
  for (auto v : {k, d, p, s}) {
    if (v.size() != 2) return RuntimeError("im2col/col2im expect pairs of ints");
  }
  Window w{k[0], k[1], d[0], d[1], p[0], p[1], s[0], s[1]};
  RETURN_IF_ERROR(CheckWindow(w));
  return w;
}

std::string Pair(int64_t a, int64_t b) { return absl::StrCat("(", a, ", ", b, ")"); }

absl::Status DimOutOfRange(int64_t dim, int64_t ndim) {
  return IndexError(absl::StrCat("Dimension out of range (expected to be in range of [", -ndim,
                                 ", ", ndim - 1, "], but got ", dim, ")"));
}

// One (channels, height, width) image <-> (channels * kh * kw, blocks) columns.
template <typename T, bool kToColumns>
void Im2ColPlane(T* im, T* col, int64_t channels, int64_t height, int64_t width,
                 int64_t height_col, int64_t width_col, const Window& w) {
  const int64_t channels_col = channels * w.kh * w.kw;
  for (int64_t c_col = 0; c_col < channels_col; ++c_col) {
    const int64_t w_offset = c_col % w.kw;
    const int64_t h_offset = (c_col / w.kw) % w.kh;
    const int64_t c_im = c_col / w.kh / w.kw;
    for (int64_t h_col = 0; h_col < height_col; ++h_col) {
      const int64_t h_im = h_col * w.sh - w.ph + h_offset * w.dh;
      for (int64_t w_col = 0; w_col < width_col; ++w_col) {
        const int64_t w_im = w_col * w.sw - w.pw + w_offset * w.dw;
        const bool inside = h_im >= 0 && w_im >= 0 && h_im < height && w_im < width;
        T& c = col[(c_col * height_col + h_col) * width_col + w_col];
        if constexpr (kToColumns) {
          c = inside ? im[(c_im * height + h_im) * width + w_im] : T(0);
        } else if (inside) {
          im[(c_im * height + h_im) * width + w_im] += c;
        }
      }
    }
  }
}

}  // namespace

absl::StatusOr<Tensor> Im2Col(const Tensor& input, absl::Span<const int64_t> kernel_size,
                              absl::Span<const int64_t> dilation,
                              absl::Span<const int64_t> padding,
                              absl::Span<const int64_t> stride) {
  ASSIGN_OR_RETURN(Window w, MakeWindow(kernel_size, dilation, padding, stride));
  const int64_t ndim = input.dim();
  if (ndim < 3) return DimOutOfRange(2, ndim);
  const bool valid_dims = input.size(1) != 0 && input.size(2) != 0;
  if (!((ndim == 3 && input.size(0) != 0 && valid_dims) ||
        (ndim == 4 && valid_dims && input.size(3) != 0))) {
    return RuntimeError(absl::StrCat(
        "Expected 3D or 4D (batch mode) tensor input with possible 0 batch size and non-zero "
        "dimensions, but got: ",
        ShapeToString(input.sizes())));
  }
  const bool batched = ndim == 4;
  const int64_t batch = batched ? input.size(0) : 1;
  const int64_t channels = input.size(batched ? 1 : 0);
  const int64_t height = input.size(batched ? 2 : 1), width = input.size(batched ? 3 : 2);
  const int64_t height_col = DivFloor(height + 2 * w.ph - (w.dh * (w.kh - 1) + 1), w.sh) + 1;
  const int64_t width_col = DivFloor(width + 2 * w.pw - (w.dw * (w.kw - 1) + 1), w.sw) + 1;
  if (height_col < 1 || width_col < 1) {
    // (PyTorch prints the height twice in the spatial size.)
    return RuntimeError(absl::StrCat(
        "Given input with spatial size ", Pair(height, height), ", kernel_size=", Pair(w.kh, w.kw),
        ", dilation=", Pair(w.dh, w.dw), ", padding=", Pair(w.ph, w.pw),
        ", calculated shape of the array of sliding blocks as ", Pair(height_col, width_col),
        ", but its components must be at least one."));
  }
  if (!IsFloating(input.dtype())) {
    return linalg_internal::NotImplementedFor("im2col_out_cpu", input.dtype());
  }
  Shape out_sizes = {channels * w.kh * w.kw, height_col * width_col};
  if (batched) out_sizes.insert(out_sizes.begin(), batch);
  ASSIGN_OR_RETURN(Tensor out, linalg_internal::NewTensor(out_sizes, input.dtype(), input.is_meta()));
  if (input.is_meta() || out.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor x, linalg_internal::ContiguousAs(input, input.dtype()));
  VisitDType(input.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      const int64_t in_plane = channels * height * width;
      const int64_t out_plane = out_sizes[out_sizes.size() - 2] * out_sizes.back();
      for (int64_t b = 0; b < batch; ++b) {
        Im2ColPlane<T, true>(x.data<T>() + b * in_plane, out.data<T>() + b * out_plane, channels,
                             height, width, height_col, width_col, w);
      }
    }
  });
  return out;
}

absl::StatusOr<Tensor> Col2Im(const Tensor& input, absl::Span<const int64_t> output_size,
                              absl::Span<const int64_t> kernel_size,
                              absl::Span<const int64_t> dilation,
                              absl::Span<const int64_t> padding,
                              absl::Span<const int64_t> stride) {
  if (output_size.size() != 2) return RuntimeError("col2im expects output_size of 2 ints");
  const int64_t out_h = output_size[0], out_w = output_size[1];
  ASSIGN_OR_RETURN(Window w, MakeWindow(kernel_size, dilation, padding, stride));
  const int64_t ndim = input.dim();
  if (!((ndim == 2 && input.size(0) != 0 && input.size(1) != 0) ||
        (ndim == 3 && input.size(1) != 0 && input.size(2) != 0))) {
    return RuntimeError(absl::StrCat(
        "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero "
        "dimensions for input, but got: ",
        ShapeToString(input.sizes())));
  }
  const bool batched = ndim == 3;
  const int64_t batch = batched ? input.size(0) : 1;
  const int64_t planes = input.size(batched ? 1 : 0);
  const int64_t length = input.size(batched ? 2 : 1);
  if (planes % (w.kh * w.kw) != 0) {
    return RuntimeError(absl::StrCat(
        "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but "
        "got input.size(1)=",
        planes, " and kernel_size=", Pair(w.kh, w.kw), "."));
  }
  const int64_t blocks_h = DivFloor(out_h + 2 * w.ph - w.dh * (w.kh - 1) - 1, w.sh) + 1;
  const int64_t blocks_w = DivFloor(out_w + 2 * w.pw - w.dw * (w.kw - 1) - 1, w.sw) + 1;
  const std::string given =
      absl::StrCat("Given output_size=", Pair(out_h, out_w), ", kernel_size=", Pair(w.kh, w.kw),
                   ", dilation=", Pair(w.dh, w.dw), ", padding=", Pair(w.ph, w.pw),
                   ", stride=", Pair(w.sh, w.sw));
  if (length != blocks_h * blocks_w) {
    return RuntimeError(absl::StrCat(
        given, ", expected size of input's dimension 2 to match the calculated number of sliding "
               "blocks ",
        blocks_h, " * ", blocks_w, " = ", blocks_h * blocks_w, ", but got input.size(2)=", length,
        "."));
  }
  if (blocks_h < 1 || blocks_w < 1) {
    return RuntimeError(absl::StrCat(given, ", calculated shape of the array of sliding blocks as ",
                                     Pair(blocks_h, blocks_w), ", which is too small (non-positive)"));
  }
  if (out_h < 1 || out_w < 1) {
    return RuntimeError(absl::StrCat("Expected output spatial size to be positive, but got: output_size=",
                                     Pair(out_h, out_w), "."));
  }
  if (!IsFloating(input.dtype())) {
    return linalg_internal::NotImplementedFor("col2im_out_cpu", input.dtype());
  }
  const int64_t channels = planes / (w.kh * w.kw);
  Shape out_sizes = {channels, out_h, out_w};
  if (batched) out_sizes.insert(out_sizes.begin(), batch);
  ASSIGN_OR_RETURN(Tensor out, linalg_internal::NewTensor(out_sizes, input.dtype(), input.is_meta()));
  if (input.is_meta() || out.numel() == 0) return out;
  RETURN_IF_ERROR(linalg_internal::Fill(out, Scalar(0)));
  ASSIGN_OR_RETURN(Tensor x, linalg_internal::ContiguousAs(input, input.dtype()));
  VisitDType(input.dtype(), [&]<typename T>() {
    if constexpr (std::is_floating_point_v<T>) {
      const int64_t in_plane = planes * length;
      const int64_t out_plane = channels * out_h * out_w;
      for (int64_t b = 0; b < batch; ++b) {
        Im2ColPlane<T, false>(out.data<T>() + b * out_plane, x.data<T>() + b * in_plane, channels,
                              out_h, out_w, blocks_h, blocks_w, w);
      }
    }
  });
  return out;
}

namespace {

// Pixel (un)shuffle as one pass in output order over a contiguous input; elements are
// moved as unsigned integers of their size (every dtype is 1, 4 or 8 bytes).
// shuffle:   out[b][c][h*r + i][w*r + j] = in[b][c*r*r + i*r + j][h][w]
// unshuffle: out[b][c*r*r + i*r + j][h][w] = in[b][c][h*r + i][w*r + j]
template <typename E>
void ShufflePlanes(const E* in, E* out, int64_t planes, int64_t h_n, int64_t w_n, int64_t r,
                   bool unshuffle) {
  if (!unshuffle) {  // planes = B * C_out; in is (planes * r * r, h_n, w_n)
    for (int64_t p = 0; p < planes; ++p) {
      for (int64_t h = 0; h < h_n; ++h) {
        for (int64_t i = 0; i < r; ++i) {
          const E* src = in + ((p * r + i) * r * h_n + h) * w_n;
          E* dst = out + ((p * h_n + h) * r + i) * w_n * r;
          for (int64_t w = 0; w < w_n; ++w) {
            for (int64_t j = 0; j < r; ++j) dst[w * r + j] = src[j * h_n * w_n + w];
          }
        }
      }
    }
    return;
  }
  // planes = B * C_in; h_n, w_n are the output's; in is (planes, h_n * r, w_n * r)
  for (int64_t p = 0; p < planes; ++p) {
    for (int64_t i = 0; i < r; ++i) {
      for (int64_t j = 0; j < r; ++j) {
        E* dst = out + ((p * r + i) * r + j) * h_n * w_n;
        for (int64_t h = 0; h < h_n; ++h) {
          const E* src = in + (p * h_n * r + h * r + i) * w_n * r + j;
          for (int64_t w = 0; w < w_n; ++w) dst[h * w_n + w] = src[w * r];
        }
      }
    }
  }
}

absl::StatusOr<Tensor> Shuffle(const Tensor& input, const Shape& out_sizes, int64_t planes,
                               int64_t h_n, int64_t w_n, int64_t r, bool unshuffle) {
  ASSIGN_OR_RETURN(Tensor out, linalg_internal::NewTensor(out_sizes, input.dtype(), input.is_meta()));
  if (input.is_meta() || out.numel() == 0) return out;
  ASSIGN_OR_RETURN(Tensor x, linalg_internal::ContiguousAs(input, input.dtype()));
  switch (input.element_size()) {
    case 1:
      ShufflePlanes(x.data<uint8_t>(), out.data<uint8_t>(), planes, h_n, w_n, r, unshuffle);
      break;
    case 4:
      ShufflePlanes(x.data<uint32_t>(), out.data<uint32_t>(), planes, h_n, w_n, r, unshuffle);
      break;
    default:
      ShufflePlanes(x.data<uint64_t>(), out.data<uint64_t>(), planes, h_n, w_n, r, unshuffle);
      break;
  }
  return out;
}

}  // namespace

absl::StatusOr<Tensor> PixelShuffle(const Tensor& input, int64_t r) {
  const int64_t nd = input.dim();
  if (nd < 3) {
    return RuntimeError(absl::StrCat(
        "pixel_shuffle expects input to have at least 3 dimensions, but got input with ", nd,
        " dimension(s)"));
  }
  if (r <= 0) {
    return RuntimeError(absl::StrCat("pixel_shuffle expects a positive upscale_factor, but got ", r));
  }
  const int64_t c = input.size(nd - 3), h = input.size(nd - 2), w = input.size(nd - 1);
  if (c % (r * r) != 0) {
    return RuntimeError(absl::StrCat(
        "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of "
        "upscale_factor, but input.size(-3)=",
        c, " is not divisible by ", r * r));
  }
  Shape out_sizes(input.sizes().begin(), input.sizes().end() - 3);
  const int64_t lead = Numel(out_sizes);
  out_sizes.insert(out_sizes.end(), {c / (r * r), h * r, w * r});
  return Shuffle(input, out_sizes, lead * (c / (r * r)), h, w, r, /*unshuffle=*/false);
}

absl::StatusOr<Tensor> PixelUnshuffle(const Tensor& input, int64_t r) {
  const int64_t nd = input.dim();
  if (nd < 3) {
    return RuntimeError(absl::StrCat(
        "pixel_unshuffle expects input to have at least 3 dimensions, but got input with ", nd,
        " dimension(s)"));
  }
  if (r <= 0) {
    return RuntimeError(
        absl::StrCat("pixel_unshuffle expects a positive downscale_factor, but got ", r));
  }
  const int64_t c = input.size(nd - 3), h = input.size(nd - 2), w = input.size(nd - 1);
  if (h % r != 0) {
    return RuntimeError(absl::StrCat(
        "pixel_unshuffle expects height to be divisible by downscale_factor, but input.size(-2)=",
        h, " is not divisible by ", r));
  }
  if (w % r != 0) {
    return RuntimeError(absl::StrCat(
        "pixel_unshuffle expects width to be divisible by downscale_factor, but input.size(-1)=",
        w, " is not divisible by ", r));
  }
  Shape out_sizes(input.sizes().begin(), input.sizes().end() - 3);
  const int64_t lead = Numel(out_sizes);
  out_sizes.insert(out_sizes.end(), {c * r * r, h / r, w / r});
  return Shuffle(input, out_sizes, lead * c, h / r, w / r, r, /*unshuffle=*/true);
}

}  // namespace wick::tensor
