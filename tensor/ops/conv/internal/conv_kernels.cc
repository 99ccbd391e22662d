// Convolution kernels: oneDNN's convolution_forward / deconvolution_forward over plain
// (row-major) tensors for float32, with the primitive cached per shape; direct loops for
// everything else. oneDNN picks its own implementation for the plain layouts (jit/gemm);
// the loops are the reference and the fallback.
#include "tensor/ops/conv/internal/conv_kernels.h"

#include <algorithm>
#include <array>
#include <cmath>

#include <immintrin.h>
#include <type_traits>

#include "absl/container/flat_hash_map.h"
#include "absl/synchronization/mutex.h"
#include "base/status_macros.h"
#include "tensor/kernels/dnnl_adapter.h"
#include "tensor/parallel.h"

namespace wick::tensor::conv_internal {
namespace {

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

// Everything a oneDNN convolution is built from, in oneDNN's terms.
struct DnnlConvDesc {
  memory::dims src_dims, dst_dims, w_dims, w_strides, strides, dilates, pad_l, pad_r;
  int64_t oc = 0;
  bool bias = false;
  bool transposed = false;
  ConvActivation activation = ConvActivation::kNone;
  kernels::PrimitiveKey key;
};

DnnlConvDesc Describe(const Tensor& x, const Tensor& w, const Tensor& b, const Tensor& out,
                      const ConvGeometry& g) {
  DnnlConvDesc d;
  const int64_t dims = x.dim() - 2;
  const int64_t G = g.groups;
  d.src_dims.assign(x.sizes().begin(), x.sizes().end());
  d.dst_dims.assign(out.sizes().begin(), out.sizes().end());
  const memory::dims k_dims(w.sizes().begin() + 2, w.sizes().end());
  int64_t k_numel = 1;
  for (int64_t k : k_dims) k_numel *= k;
  // Logical oneDNN weights: [G,] OCg, ICg, K...
  const int64_t oc = out.size(1), ic = x.size(1), ocg = oc / G, icg = ic / G;
  if (G > 1) d.w_dims = {G};
  d.w_dims.push_back(ocg);
  d.w_dims.push_back(icg);
  d.w_dims.insert(d.w_dims.end(), k_dims.begin(), k_dims.end());
  const memory::dims k_strides = RowMajor(k_dims);
  if (!g.transposed) {
    // PyTorch: [OC, ICg, K...].
    if (G > 1) d.w_strides = {ocg * icg * k_numel};
    d.w_strides.push_back(icg * k_numel);
    d.w_strides.push_back(k_numel);
  } else {
    // PyTorch: [IC, OCg, K...] with IC = G * ICg.
    if (G > 1) d.w_strides = {icg * ocg * k_numel};
    d.w_strides.push_back(k_numel);
    d.w_strides.push_back(ocg * k_numel);
  }
  d.w_strides.insert(d.w_strides.end(), k_strides.begin(), k_strides.end());
  for (int64_t i = 0; i < dims; ++i) {
    d.strides.push_back(g.stride[i]);
    d.dilates.push_back(g.dilation[i] - 1);
    d.pad_l.push_back(g.pad_l[i]);
    const int64_t span = g.dilation[i] * (k_dims[i] - 1) + 1;
    d.pad_r.push_back(g.transposed ? (x.size(i + 2) - 1) * g.stride[i] - g.pad_l[i] + span -
                                         out.size(i + 2)
                                   : (out.size(i + 2) - 1) * g.stride[i] + span -
                                         x.size(i + 2) - g.pad_l[i]);
  }
  d.oc = oc;
  d.bias = b.defined();
  d.transposed = g.transposed;
  d.activation = g.activation;
  d.key = {g.transposed ? 41 : 40, dims, G, b.defined(), static_cast<int64_t>(g.activation)};
  for (const memory::dims* v : std::initializer_list<const memory::dims*>{
           &d.src_dims, &d.dst_dims, &d.w_dims, &d.w_strides, &d.strides, &d.dilates, &d.pad_l,
           &d.pad_r}) {
    d.key.push_back(static_cast<int64_t>(v->size()));
    d.key.insert(d.key.end(), v->begin(), v->end());
  }
  return d;
}

// The primitive descriptor for `d`: over the plain layouts, or (`blocked`) letting
// oneDNN choose the activation and weight layouts (format_tag::any).
dnnl::primitive_desc MakeConvPd(const DnnlConvDesc& d, bool blocked,
                                dnnl::primitive_attr& attr) {
  if (d.activation != ConvActivation::kNone) {
    dnnl::post_ops po;
    if (d.activation == ConvActivation::kRelu) {
      po.append_eltwise(1.f, dnnl::algorithm::eltwise_relu, 0.f, 0.f);
    } else {
      po.append_eltwise(1.f, dnnl::algorithm::eltwise_clip, 0.f, 6.f);
    }
    attr.set_post_ops(po);
  }
  const auto f32 = memory::data_type::f32;
  const auto any = memory::format_tag::any;
  const memory::desc src_md = blocked ? memory::desc(d.src_dims, f32, any)
                                      : memory::desc(d.src_dims, f32, RowMajor(d.src_dims));
  const memory::desc dst_md = blocked ? memory::desc(d.dst_dims, f32, any)
                                      : memory::desc(d.dst_dims, f32, RowMajor(d.dst_dims));
  const memory::desc w_md = blocked ? memory::desc(d.w_dims, f32, any)
                                    : memory::desc(d.w_dims, f32, d.w_strides);
  const memory::desc b_md = d.bias ? memory::desc({d.oc}, f32, memory::dims{1}) : memory::desc();
  dnnl::engine& eng = **kernels::DnnlEngine();
  if (d.transposed) {
    return dnnl::deconvolution_forward::primitive_desc(
        dnnl::deconvolution_forward::desc(dnnl::prop_kind::forward_inference,
                                          dnnl::algorithm::deconvolution_direct, src_md, w_md,
                                          b_md, dst_md, d.strides, d.dilates, d.pad_l, d.pad_r),
        attr, eng);
  }
  return dnnl::convolution_forward::primitive_desc(
      dnnl::convolution_forward::desc(dnnl::prop_kind::forward_inference,
                                      dnnl::algorithm::convolution_direct, src_md, w_md, b_md,
                                      dst_md, d.strides, d.dilates, d.pad_l, d.pad_r),
      attr, eng);
}

// The layouts oneDNN chose for a blocked convolution (queried once per shape).
struct BlockedLayouts {
  memory::desc src, weights, dst;
};

absl::StatusOr<BlockedLayouts> ChosenLayouts(const DnnlConvDesc& d) {
  static absl::Mutex mu(absl::kConstInit);
  static auto* cache = new absl::flat_hash_map<kernels::PrimitiveKey, BlockedLayouts>();
  {
    absl::MutexLock lock(&mu);
    auto it = cache->find(d.key);
    if (it != cache->end()) return it->second;
  }
  BlockedLayouts l;
  RETURN_IF_ERROR(kernels::DnnlCall([&] {
    dnnl::primitive_attr attr;
    attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
    const dnnl::primitive_desc pd = MakeConvPd(d, /*blocked=*/true, attr);
    l.src = pd.query_md(dnnl::query::src_md);
    l.weights = pd.query_md(dnnl::query::weights_md);
    l.dst = pd.query_md(dnnl::query::dst_md);
  }));
  absl::MutexLock lock(&mu);
  if (cache->size() > 4096) cache->clear();  // bounded; entries are cheap to rebuild
  (*cache)[d.key] = l;
  return l;
}

// Copies `from` (layout from_md) into `to` (layout to_md) with a reorder primitive
// cached under `key` (reorder descriptors are not primitive_descs in oneDNN 2.x, so they
// live here rather than in DnnlPrimitiveCache).
absl::Status Reorder(const memory::desc& from_md, const void* from, const memory::desc& to_md,
                     void* to, const kernels::PrimitiveKey& key) {
  static absl::Mutex mu(absl::kConstInit);
  static auto* cache = new absl::flat_hash_map<kernels::PrimitiveKey, dnnl::reorder>();
  ASSIGN_OR_RETURN(dnnl::engine * eng, kernels::DnnlEngine());
  ASSIGN_OR_RETURN(dnnl::stream * stream, kernels::DnnlStream());
  dnnl::reorder prim;
  {
    absl::MutexLock lock(&mu);
    auto it = cache->find(key);
    if (it != cache->end()) prim = it->second;
  }
  if (!prim) {
    RETURN_IF_ERROR(kernels::DnnlCall([&] {
      prim = dnnl::reorder(dnnl::reorder::primitive_desc(*eng, from_md, *eng, to_md));
    }));
    absl::MutexLock lock(&mu);
    if (cache->size() > 4096) cache->clear();
    (*cache)[key] = prim;
  }
  return kernels::DnnlCall([&] {
    dnnl::memory src(from_md, *eng, const_cast<void*>(from));
    dnnl::memory dst(to_md, *eng, to);
    prim.execute(*stream, src, dst);
    stream->wait();
  });
}

absl::StatusOr<Tensor> Scratch(const memory::desc& md) {
  const int64_t floats = static_cast<int64_t>((md.get_size() + 3) / 4);
  return Tensor::Empty({floats}, DType::kFloat32);
}

// Convolutions with at least this many multiply-adds run in oneDNN's blocked layouts
// (activations and weights reordered in and out): its blocked kernels are 2-5x faster
// than its plain-layout ones there, which outweighs the reorders.
constexpr int64_t kBlockedMinMacs = 1 << 20;

absl::Status DnnlConv(const Tensor& x, const Tensor& w, const Tensor& b, const Tensor& out,
                      const ConvGeometry& g) {
  const DnnlConvDesc d = Describe(x, w, b, out, g);
  const int64_t macs = out.numel() * (w.numel() / std::max<int64_t>(w.size(0), 1));
  // A 1x1, stride-1 convolution is a plain GEMM, which oneDNN runs well in place.
  bool pointwise = !g.transposed;
  for (size_t i = 0; i < g.stride.size(); ++i) {
    pointwise = pointwise && g.stride[i] == 1 && g.pad_l[i] == 0 && g.pad_r[i] == 0 &&
                w.size(i + 2) == 1;
  }
  const bool try_blocked = macs >= kBlockedMinMacs && !pointwise;
  const auto f32 = memory::data_type::f32;
  if (try_blocked) {
    absl::StatusOr<BlockedLayouts> chosen = ChosenLayouts(d);
    if (chosen.ok()) {
      const memory::desc src_plain(d.src_dims, f32, RowMajor(d.src_dims));
      const memory::desc dst_plain(d.dst_dims, f32, RowMajor(d.dst_dims));
      const memory::desc w_plain(d.w_dims, f32, d.w_strides);
      kernels::PrimitiveKey key = d.key;
      key.push_back(1);  // blocked
      ASSIGN_OR_RETURN(auto prim, kernels::DnnlPrimitiveCache::Get().GetOrCreate(
                                      key, [&](kernels::DnnlPd& pd) -> dnnl::primitive_desc {
                                        pd.args = {{DNNL_ARG_SRC, chosen->src},
                                                   {DNNL_ARG_WEIGHTS, chosen->weights},
                                                   {DNNL_ARG_DST, chosen->dst}};
                                        if (d.bias) {
                                          pd.args.emplace_back(
                                              DNNL_ARG_BIAS,
                                              memory::desc({d.oc}, f32, memory::dims{1}));
                                        }
                                        return MakeConvPd(d, /*blocked=*/true, pd.attr);
                                      }));
      // Each operand goes through a reorder only where oneDNN's layout differs.
      const void* src = x.raw_data();
      const void* wts = w.raw_data();
      void* dst = out.raw_data();
      Tensor src_buf, w_buf, dst_buf;
      auto reorder_key = [&](int which) {
        kernels::PrimitiveKey k = key;
        k.push_back(100 + which);
        return k;
      };
      if (chosen->src != src_plain) {
        ASSIGN_OR_RETURN(src_buf, Scratch(chosen->src));
        RETURN_IF_ERROR(Reorder(src_plain, src, chosen->src, src_buf.raw_data(), reorder_key(0)));
        src = src_buf.raw_data();
      }
      if (chosen->weights != w_plain) {
        ASSIGN_OR_RETURN(w_buf, Scratch(chosen->weights));
        RETURN_IF_ERROR(Reorder(w_plain, wts, chosen->weights, w_buf.raw_data(), reorder_key(1)));
        wts = w_buf.raw_data();
      }
      const bool dst_reorder = chosen->dst != dst_plain;
      if (dst_reorder) {
        ASSIGN_OR_RETURN(dst_buf, Scratch(chosen->dst));
        dst = dst_buf.raw_data();
      }
      const std::pair<int, const void*> args[] = {{DNNL_ARG_SRC, src},
                                                  {DNNL_ARG_WEIGHTS, wts},
                                                  {DNNL_ARG_DST, dst},
                                                  {DNNL_ARG_BIAS, d.bias ? b.raw_data() : nullptr}};
      RETURN_IF_ERROR(kernels::DnnlExecute(*prim, absl::MakeConstSpan(args, d.bias ? 4 : 3)));
      if (dst_reorder) {
        RETURN_IF_ERROR(
            Reorder(chosen->dst, dst, dst_plain, out.raw_data(), reorder_key(2)));
      }
      return absl::OkStatus();
    }
  }
  // Plain layouts: oneDNN runs these as im2col + GEMM, whose eltwise post-ops are an
  // unvectorised loop (a fused relu made a 1x1 conv 10x slower), so the activation is
  // applied in a separate pass here.
  DnnlConvDesc p = d;
  p.activation = ConvActivation::kNone;
  p.key[4] = 0;
  ASSIGN_OR_RETURN(auto prim, kernels::DnnlPrimitiveCache::Get().GetOrCreate(
                                  p.key, [&](kernels::DnnlPd& pd) -> dnnl::primitive_desc {
                                    pd.args = {{DNNL_ARG_SRC, memory::desc(p.src_dims, f32,
                                                                           RowMajor(p.src_dims))},
                                               {DNNL_ARG_WEIGHTS,
                                                memory::desc(p.w_dims, f32, p.w_strides)},
                                               {DNNL_ARG_DST, memory::desc(p.dst_dims, f32,
                                                                           RowMajor(p.dst_dims))}};
                                    if (p.bias) {
                                      pd.args.emplace_back(
                                          DNNL_ARG_BIAS, memory::desc({p.oc}, f32, memory::dims{1}));
                                    }
                                    return MakeConvPd(p, /*blocked=*/false, pd.attr);
                                  }));
  const std::pair<int, const void*> args[] = {
      {DNNL_ARG_SRC, x.raw_data()},
      {DNNL_ARG_WEIGHTS, w.raw_data()},
      {DNNL_ARG_DST, out.raw_data()},
      {DNNL_ARG_BIAS, b.defined() ? b.raw_data() : nullptr}};
  RETURN_IF_ERROR(kernels::DnnlExecute(*prim, absl::MakeConstSpan(args, b.defined() ? 4 : 3)));
  if (d.activation != ConvActivation::kNone) {
    float* o = out.data<float>();
    const float hi = d.activation == ConvActivation::kRelu6 ? 6.f : INFINITY;
    const int64_t n = out.numel();
    // Vector max/min, not branches (the signs are random: a branchy loop ran 25x slower).
    // maxps/minps return their second operand when either is NaN, so NaN stays, as eager
    // relu/clamp keep it.
    const __m256 zero = _mm256_setzero_ps(), top = _mm256_set1_ps(hi);
    int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
      const __m256 v = _mm256_min_ps(top, _mm256_max_ps(zero, _mm256_loadu_ps(o + i)));
      _mm256_storeu_ps(o + i, v);
    }
    for (; i < n; ++i) o[i] = std::min(std::max(o[i], 0.f), hi);  // (v < 0 ? 0 : v): NaN stays
  }
  return absl::OkStatus();
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
            T v = static_cast<T>(acc);
            if (g.activation != ConvActivation::kNone) {
              // max/min keep NaN as eager relu/clamp do (NaN compares false).
              if (v < T(0)) v = T(0);
              if (g.activation == ConvActivation::kRelu6 && v > T(6)) v = T(6);
            }
            dst[(od * q.out[1] + oh) * q.out[2] + ow] = v;
          }
    }
  });
}

}  // namespace

absl::Status RunConv(const Tensor& x, const Tensor& w, const Tensor& b, const Tensor& out,
                     const ConvGeometry& g, bool force_loops) {
  // oneDNN refuses a negative right padding (a transposed convolution whose
  // output_padding exceeds its padding); the loops take those.
  bool dnnl_geometry = true;
  for (size_t i = 0; i < g.pad_r.size(); ++i) {
    dnnl_geometry = dnnl_geometry && g.pad_r[i] - (g.transposed ? g.output_padding[i] : 0) >= 0;
  }
  if (x.dtype() == DType::kFloat32 && !force_loops && dnnl_geometry && x.numel() > 0 &&
      w.numel() > 0) {
    absl::Status s = DnnlConv(x, w, b, out, g);
    if (s.ok() || !absl::IsUnimplemented(s)) return s;
  }
  VisitDType(x.dtype(), [&]<typename T>() {
    if constexpr (!std::is_same_v<T, bool>) ConvLoops<T>(x, w, b, out, g);
  });
  return absl::OkStatus();
}

}  // namespace wick::tensor::conv_internal
