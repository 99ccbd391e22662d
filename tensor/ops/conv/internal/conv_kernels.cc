// Convolution kernels: oneDNN's convolution_forward / deconvolution_forward over plain
// (row-major) tensors for float32, with the primitive cached per shape; direct loops for
// everything else. oneDNN picks its own implementation for the plain layouts (jit/gemm);
// the loops are the reference and the fallback.
#include "tensor/ops/conv/internal/conv_kernels.h"

#include <array>
#include <type_traits>

#include "base/status_macros.h"
#include "tensor/ops/linalg/internal/dnnl_adapter.h"
#include "tensor/parallel.h"

namespace wick::tensor::conv_internal {
namespace {

namespace la = linalg_internal;
using dnnl::memory;

// Sizes of a row-major tensor -> its strides, as oneDNN dims.
memory::dims RowMajor(const memory::dims& sizes) {
  memory::dims s(sizes.size());
  int64_t acc = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    s[i] = acc;
    acc *= sizes[i];
  }
  return s;
}

absl::Status DnnlConv(const Tensor& x, const Tensor& w, const Tensor& b, const Tensor& out,
                      const ConvGeometry& g) {
  const int64_t dims = x.dim() - 2;
  const int64_t G = g.groups;
  const memory::dims src_dims(x.sizes().begin(), x.sizes().end());
  const memory::dims dst_dims(out.sizes().begin(), out.sizes().end());
  const memory::dims k_dims(w.sizes().begin() + 2, w.sizes().end());
  int64_t k_numel = 1;
  for (int64_t k : k_dims) k_numel *= k;
  // Logical oneDNN weights: [G,] OCg, ICg, K...
  const int64_t oc = out.size(1), ic = x.size(1), ocg = oc / G, icg = ic / G;
  memory::dims w_dims, w_strides;
  if (G > 1) w_dims = {G};
  w_dims.push_back(ocg);
  w_dims.push_back(icg);
  w_dims.insert(w_dims.end(), k_dims.begin(), k_dims.end());
  const memory::dims k_strides = RowMajor(k_dims);
  if (!g.transposed) {
    // PyTorch: [OC, ICg, K...].
    if (G > 1) w_strides = {ocg * icg * k_numel};
    w_strides.push_back(icg * k_numel);
    w_strides.push_back(k_numel);
  } else {
    // PyTorch: [IC, OCg, K...] with IC = G * ICg.
    if (G > 1) w_strides = {icg * ocg * k_numel};
    w_strides.push_back(k_numel);
    w_strides.push_back(ocg * k_numel);
  }
  w_strides.insert(w_strides.end(), k_strides.begin(), k_strides.end());

  memory::dims strides, dilates, pad_l, pad_r;
  for (int64_t d = 0; d < dims; ++d) {
    strides.push_back(g.stride[d]);
    dilates.push_back(g.dilation[d] - 1);
    pad_l.push_back(g.pad_l[d]);
    const int64_t span = g.dilation[d] * (k_dims[d] - 1) + 1;
    pad_r.push_back(g.transposed ? (x.size(d + 2) - 1) * g.stride[d] - g.pad_l[d] + span -
                                       out.size(d + 2)
                                 : (out.size(d + 2) - 1) * g.stride[d] + span - x.size(d + 2) -
                                       g.pad_l[d]);
  }
  la::PrimitiveKey key = {g.transposed ? 41 : 40, dims, G, b.defined()};
  for (const memory::dims* v : std::initializer_list<const memory::dims*>{&src_dims, &dst_dims, &w_dims, &w_strides, &strides, &dilates,
                                &pad_l, &pad_r}) {
    key.push_back(static_cast<int64_t>(v->size()));
    key.insert(key.end(), v->begin(), v->end());
  }
  ASSIGN_OR_RETURN(
      auto prim,
      la::DnnlPrimitiveCache::Get().GetOrCreate(
          key, [&](la::DnnlPd& pd) -> dnnl::primitive_desc {
            const auto f32 = memory::data_type::f32;
            const memory::desc src_md(src_dims, f32, RowMajor(src_dims));
            const memory::desc dst_md(dst_dims, f32, RowMajor(dst_dims));
            const memory::desc w_md(w_dims, f32, w_strides);
            const memory::desc b_md = b.defined() ? memory::desc({oc}, f32, memory::dims{1})
                                                  : memory::desc();
            pd.args = {{DNNL_ARG_SRC, src_md}, {DNNL_ARG_WEIGHTS, w_md}, {DNNL_ARG_DST, dst_md}};
            if (b.defined()) pd.args.emplace_back(DNNL_ARG_BIAS, b_md);
            dnnl::engine& eng = **la::DnnlEngine();
            if (g.transposed) {
              return dnnl::deconvolution_forward::primitive_desc(
                  dnnl::deconvolution_forward::desc(
                      dnnl::prop_kind::forward_inference, dnnl::algorithm::deconvolution_direct,
                      src_md, w_md, b_md, dst_md, strides, dilates, pad_l, pad_r),
                  pd.attr, eng);
            }
            return dnnl::convolution_forward::primitive_desc(
                dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference,
                                                dnnl::algorithm::convolution_direct, src_md,
                                                w_md, b_md, dst_md, strides, dilates, pad_l,
                                                pad_r),
                pd.attr, eng);
          }));
  const std::pair<int, const void*> args[] = {
      {DNNL_ARG_SRC, x.raw_data()},
      {DNNL_ARG_WEIGHTS, w.raw_data()},
      {DNNL_ARG_DST, out.raw_data()},
      {DNNL_ARG_BIAS, b.defined() ? b.raw_data() : nullptr}};
  return la::DnnlExecute(*prim, absl::MakeConstSpan(args, b.defined() ? 4 : 3));
}

// Sizes and geometry padded to three spatial dims (leading unit dims), for the loops.
struct Geo3 {
  std::array<int64_t, 3> in{1, 1, 1}, out{1, 1, 1}, k{1, 1, 1}, s{1, 1, 1}, p{0, 0, 0},
      d{1, 1, 1};
};

Geo3 To3(const Tensor& x, const Tensor& w, const Tensor& out, const ConvGeometry& g) {
  Geo3 r;
  const int64_t dims = x.dim() - 2;
  for (int64_t i = 0; i < dims; ++i) {
    const int64_t j = 3 - dims + i;
    r.in[j] = x.size(i + 2);
    r.out[j] = out.size(i + 2);
    r.k[j] = w.size(i + 2);
    r.s[j] = g.stride[i];
    r.p[j] = g.pad_l[i];
    r.d[j] = g.dilation[i];
  }
  return r;
}

template <typename T>
void ConvLoops(const Tensor& x, const Tensor& w, const Tensor& b, const Tensor& out,
               const ConvGeometry& g) {
  using Acc = std::conditional_t<std::is_floating_point_v<T>, double, T>;
  const Geo3 q = To3(x, w, out, g);
  const int64_t n_batch = x.size(0), ic = x.size(1), oc = out.size(1), G = g.groups;
  const int64_t icg = ic / G, ocg = oc / G;
  const int64_t in_plane = q.in[0] * q.in[1] * q.in[2];
  const int64_t out_plane = q.out[0] * q.out[1] * q.out[2];
  const int64_t k_plane = q.k[0] * q.k[1] * q.k[2];
  const T* xp = x.data<T>();
  const T* wp = w.data<T>();
  const T* bp = b.defined() ? b.data<T>() : nullptr;
  T* op = out.data<T>();
  const bool tr = g.transposed;
  // in index along one dim for output o and tap k, or -1 when it falls outside.
  auto source = [&](int dim, int64_t o, int64_t k) -> int64_t {
    if (!tr) {
      const int64_t i = o * q.s[dim] - q.p[dim] + k * q.d[dim];
      return i >= 0 && i < q.in[dim] ? i : -1;
    }
    const int64_t t = o + q.p[dim] - k * q.d[dim];
    if (t < 0 || t % q.s[dim] != 0) return -1;
    const int64_t i = t / q.s[dim];
    return i < q.in[dim] ? i : -1;
  };
  ParallelFor(0, n_batch * oc, 1, [&](int64_t begin, int64_t end) {
    for (int64_t job = begin; job < end; ++job) {
      const int64_t n = job / oc, c = job % oc, grp = c / ocg, cg = c % ocg;
      T* dst = op + job * out_plane;
      for (int64_t od = 0; od < q.out[0]; ++od)
        for (int64_t oh = 0; oh < q.out[1]; ++oh)
          for (int64_t ow = 0; ow < q.out[2]; ++ow) {
            Acc acc = bp ? static_cast<Acc>(bp[c]) : Acc(0);
            for (int64_t kd = 0; kd < q.k[0]; ++kd) {
              const int64_t id = source(0, od, kd);
              if (id < 0) continue;
              for (int64_t kh = 0; kh < q.k[1]; ++kh) {
                const int64_t ih = source(1, oh, kh);
                if (ih < 0) continue;
                for (int64_t kw = 0; kw < q.k[2]; ++kw) {
                  const int64_t iw = source(2, ow, kw);
                  if (iw < 0) continue;
                  const int64_t in_off = (id * q.in[1] + ih) * q.in[2] + iw;
                  const int64_t k_off = (kd * q.k[1] + kh) * q.k[2] + kw;
                  for (int64_t ci = 0; ci < icg; ++ci) {
                    const int64_t in_c = grp * icg + ci;
                    const T xv = xp[(n * ic + in_c) * in_plane + in_off];
                    // conv: w[c, ci, k]; transposed: w[in_c, cg, k].
                    const T wv = tr ? wp[(in_c * ocg + cg) * k_plane + k_off]
                                    : wp[(c * icg + ci) * k_plane + k_off];
                    acc += static_cast<Acc>(xv) * static_cast<Acc>(wv);
                  }
                }
              }
            }
            dst[(od * q.out[1] + oh) * q.out[2] + ow] = static_cast<T>(acc);
          }
    }
  });
}

}  // namespace

absl::Status RunConv(const Tensor& x, const Tensor& w, const Tensor& b, const Tensor& out,
                     const ConvGeometry& g, bool force_loops) {
  if (x.dtype() == DType::kFloat32 && !force_loops && x.numel() > 0 && w.numel() > 0) {
    absl::Status s = DnnlConv(x, w, b, out, g);
    if (s.ok() || !absl::IsUnimplemented(s)) return s;
  }
  VisitDType(x.dtype(), [&]<typename T>() {
    if constexpr (!std::is_same_v<T, bool>) ConvLoops<T>(x, w, b, out, g);
  });
  return absl::OkStatus();
}

}  // namespace wick::tensor::conv_internal
