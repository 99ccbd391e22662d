// GemmInto: batch-dimension coalescing, the float32 oneDNN matmul path (strided memory
// descriptors, output scale for alpha, sum post-op for beta, bias) and the loop over
// batches for the in-order kernel. See gemm.h.
#include "tensor/ops/linalg/internal/gemm.h"

#include <atomic>
#include <cstring>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "tensor/kernels/dnnl_adapter.h"
#include "tensor/ops/linalg/internal/gemm_kernel.h"
#include "tensor/parallel.h"
#include "tensor/shape.h"

namespace wick::tensor::linalg_internal {

using kernels::CachedPrimitive;
using kernels::DnnlCall;
using kernels::DnnlEngine;
using kernels::DnnlExecute;
using kernels::DnnlPd;
using kernels::DnnlPrimitiveCache;
using kernels::PrimitiveKey;
namespace {

std::atomic<GemmPath> g_float32_path{GemmPath::kAuto};

// One operand's matrix part: rows x cols with element strides.
struct Mat {
  const Tensor* base = nullptr;  // The tensor whose storage `data` points into.
  char* data = nullptr;
  int64_t rows = 0, cols = 0, rs = 0, cs = 0;
};

// The problem after coalescing: batch dims (outermost first, no size-1 dims) with each
// operand's stride (0 = broadcast), and the three matrices.
struct Problem {
  Shape batch, sa, sb, sc;
  Mat a, b, c;
};

// The last two dims of `t` as a matrix.
Mat MatOf(const Tensor& t) {
  const int64_t r = t.dim();
  return Mat{&t,
             static_cast<char*>(t.raw_data()),
             t.size(r - 2),
             t.size(r - 1),
             t.stride(r - 2),
             t.stride(r - 1)};
}

Problem Describe(const Tensor& out, const Tensor& a, const Tensor& b) {
  Problem p;
  const int64_t r = out.dim();
  p.a = MatOf(a);
  p.b = MatOf(b);
  p.c = MatOf(out);
  // Innermost batch dim first while merging: an outer dim folds into the current one when
  // stepping it equals a full sweep of the current one, for all three operands.
  struct Dim {
    int64_t size, sa, sb, sc;
  };
  std::vector<Dim> dims;
  for (int64_t d = r - 3; d >= 0; --d) {
    if (out.size(d) == 1) continue;
    const Dim dim{out.size(d), a.size(d) == 1 ? 0 : a.stride(d), b.size(d) == 1 ? 0 : b.stride(d),
                  out.stride(d)};
    if (!dims.empty()) {
      Dim& in = dims.back();
      if (dim.sa == in.sa * in.size && dim.sb == in.sb * in.size && dim.sc == in.sc * in.size) {
        in.size *= dim.size;
        continue;
      }
    }
    dims.push_back(dim);
  }
  for (auto it = dims.rbegin(); it != dims.rend(); ++it) {
    p.batch.push_back(it->size);
    p.sa.push_back(it->sa);
    p.sb.push_back(it->sb);
    p.sc.push_back(it->sc);
  }
  return p;
}

// ---------------------------------------------------------------------------------------
// The in-order kernel over every batch.

template <typename T>
absl::Status ReferenceGemm(const Problem& p, const GemmOptions& opts) {
  const int64_t nb = static_cast<int64_t>(p.batch.size());
  const int64_t count = Numel(p.batch);
  Gemm2D<T> g;
  g.m = p.c.rows;
  g.n = p.c.cols;
  g.k = p.a.cols;
  g.a_rs = p.a.rs, g.a_cs = p.a.cs;
  g.b_rs = p.b.rs, g.b_cs = p.b.cs;
  g.c_rs = p.c.rs, g.c_cs = p.c.cs;
  g.alpha = opts.alpha.to<T>();
  g.beta = opts.beta.to<T>();
  if (opts.bias != nullptr) {
    g.bias = opts.bias->data<T>();
    g.bias_stride = opts.bias->stride(0);
  }
  // PyTorch's addmm/baddbmm hand mat2 to BLAS as sgemm's first operand: untransposed
  // (summing into beta * C) when it is row-major or must be copied, transposed (summing
  // from zero) when it is column-major. Only scaled or biased products tell them apart.
  const bool scaled = g.alpha != T(1) || g.beta != T(0) || g.bias != nullptr;
  const bool b_column_major = p.b.rs == 1 && p.b.cs >= std::max<int64_t>(1, g.k);
  const bool b_row_major = p.b.cs == 1 && p.b.rs >= std::max<int64_t>(1, g.n);
  g.from_c = scaled && g.n > 1 && (b_row_major || !b_column_major);
  const int64_t macs = std::max<int64_t>(g.m * g.n * std::max<int64_t>(g.k, 1), 1);
  std::atomic<bool> ok{true};
  ParallelFor(0, count, std::max<int64_t>(1, kParallelGrain / macs), [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) {
      int64_t rem = i, oa = 0, ob = 0, oc = 0;
      for (int64_t d = nb - 1; d >= 0; --d) {
        const int64_t idx = rem % p.batch[d];
        rem /= p.batch[d];
        oa += idx * p.sa[d];
        ob += idx * p.sb[d];
        oc += idx * p.sc[d];
      }
      Gemm2D<T> one = g;
      one.a = reinterpret_cast<const T*>(p.a.data) + oa;
      one.b = reinterpret_cast<const T*>(p.b.data) + ob;
      one.c = reinterpret_cast<T*>(p.c.data) + oc;
      if (!RunGemm2D(one)) ok = false;
    }
  });
  if (!ok) return absl::ResourceExhaustedError("out of memory for matmul packing buffers");
  return absl::OkStatus();
}

// ---------------------------------------------------------------------------------------
// oneDNN's matmul for float32.

// Gives size-1 matrix dims the stride that makes the layout read as plain row- or
// column-major, which is what oneDNN's fast kernels look for.
void NormalizeMat(Mat& m) {
  if (m.rows == 1 && m.cols == 1) {
    m.rs = 1, m.cs = 1;
  } else if (m.rows == 1) {
    m.rs = m.cs == 1 ? m.cols : 1;
  } else if (m.cols == 1) {
    m.cs = m.rs == 1 ? m.rows : 1;
  }
}

// Row-major or column-major with a leading dimension: oneDNN runs these with its
// brgemm/jit GEMM kernels instead of the reference implementation.
bool BlasFriendly(const Mat& m) {
  return (m.cs == 1 && m.rs >= std::max<int64_t>(m.cols, 1)) ||
         (m.rs == 1 && m.cs >= std::max<int64_t>(m.rows, 1));
}

// Copies operand `m` (with batch strides `bs`) into a dense row-major tensor, keeping
// broadcast batch dims broadcast; updates m and bs to describe the copy.
absl::StatusOr<Tensor> Densify(Mat& m, Shape& bs, const Shape& batch) {
  Shape sizes, strides;
  for (size_t d = 0; d < batch.size(); ++d) {
    sizes.push_back(bs[d] == 0 ? 1 : batch[d]);
    strides.push_back(bs[d]);
  }
  sizes.push_back(m.rows);
  sizes.push_back(m.cols);
  strides.push_back(m.rs);
  strides.push_back(m.cs);
  const int64_t offset = (m.data - static_cast<char*>(m.base->storage()->data())) / sizeof(float);
  Tensor view = Tensor::View(*m.base, sizes, strides, offset);
  ASSIGN_OR_RETURN(Tensor dense, view.CopyAs(DType::kFloat32));
  for (size_t d = 0; d < batch.size(); ++d) bs[d] = bs[d] == 0 ? 0 : dense.stride(d);
  m.data = static_cast<char*>(dense.raw_data());
  m.rs = m.cols;
  m.cs = 1;
  NormalizeMat(m);
  return dense;
}

dnnl::memory::desc MatDesc(const Shape& batch, const Shape& bs, const Mat& m) {
  dnnl::memory::dims dims, strides;
  const int64_t extent = std::max<int64_t>(1, std::max(m.rows * m.rs, m.cols * m.cs));
  for (size_t d = 0; d < batch.size(); ++d) {
    dims.push_back(bs[d] == 0 ? 1 : batch[d]);
    strides.push_back(bs[d] == 0 ? extent : bs[d]);
  }
  dims.push_back(m.rows);
  dims.push_back(m.cols);
  strides.push_back(m.rs);
  strides.push_back(m.cs);
  return dnnl::memory::desc(dims, dnnl::memory::data_type::f32, strides);
}

void AppendMatKey(PrimitiveKey& key, const Shape& batch, const Shape& bs, const Mat& m) {
  for (size_t d = 0; d < batch.size(); ++d)
    key.push_back(bs[d] == 0 ? 0 : batch[d]), key.push_back(bs[d]);
  key.push_back(m.rows);
  key.push_back(m.cols);
  key.push_back(m.rs);
  key.push_back(m.cs);
}

int64_t FloatBits(float f) {
  int32_t i;
  std::memcpy(&i, &f, sizeof(i));
  return i;
}

absl::Status DnnlGemm(const Problem& input, const GemmOptions& opts, bool force_dense) {
  Problem p = input;
  // A weight shared by the whole batch turns the batch into extra rows: [B*M, K] @ [K, N]
  // is one bigger, faster GEMM.
  if (p.batch.size() == 1 && p.sb[0] == 0 && p.sa[0] == p.a.rows * p.a.rs &&
      p.sc[0] == p.c.rows * p.c.rs) {
    p.a.rows *= p.batch[0];
    p.c.rows *= p.batch[0];
    p.batch.clear(), p.sa.clear(), p.sb.clear(), p.sc.clear();
  }
  NormalizeMat(p.a);
  NormalizeMat(p.b);
  NormalizeMat(p.c);
  Tensor a_copy, b_copy, bias_copy;
  if (force_dense || !BlasFriendly(p.a)) {
    ASSIGN_OR_RETURN(a_copy, Densify(p.a, p.sa, p.batch));
  }
  if (force_dense || !BlasFriendly(p.b)) {
    ASSIGN_OR_RETURN(b_copy, Densify(p.b, p.sb, p.batch));
  }
  const bool has_bias = opts.bias != nullptr;
  const char* bias_data = nullptr;
  int64_t bias_stride = 1;
  if (has_bias) {
    bias_stride = opts.bias->stride(0);
    bias_data = static_cast<const char*>(opts.bias->raw_data());
    if (bias_stride < 1 && p.c.cols > 1) {
      ASSIGN_OR_RETURN(bias_copy, opts.bias->CopyAs(DType::kFloat32));
      bias_data = static_cast<const char*>(bias_copy.raw_data());
      bias_stride = 1;
    }
    if (p.c.cols == 1) bias_stride = 1;
  }
  const float alpha = opts.alpha.to<float>();
  const float beta = opts.beta.to<float>();
  const int nb = static_cast<int>(p.batch.size());

  PrimitiveKey key = {1, nb};
  AppendMatKey(key, p.batch, p.sa, p.a);
  AppendMatKey(key, p.batch, p.sb, p.b);
  AppendMatKey(key, p.batch, p.sc, p.c);
  key.push_back(FloatBits(alpha));
  key.push_back(FloatBits(beta));
  key.push_back(has_bias ? bias_stride : 0);

  ASSIGN_OR_RETURN(
      std::shared_ptr<const CachedPrimitive> prim,
      DnnlPrimitiveCache::Get().GetOrCreate(key, [&](DnnlPd& pd) -> dnnl::primitive_desc {
        const dnnl::memory::desc a_md = MatDesc(p.batch, p.sa, p.a);
        const dnnl::memory::desc b_md = MatDesc(p.batch, p.sb, p.b);
        const dnnl::memory::desc c_md = MatDesc(p.batch, p.sc, p.c);
        pd.args = {{DNNL_ARG_SRC, a_md}, {DNNL_ARG_WEIGHTS, b_md}, {DNNL_ARG_DST, c_md}};
        if (alpha != 1.0f) pd.attr.set_output_scales(0, {alpha});
        if (beta != 0.0f) {
          dnnl::post_ops ops;
          ops.append_sum(beta);
          pd.attr.set_post_ops(ops);
        }
        if (!has_bias) {
          return dnnl::matmul::primitive_desc(dnnl::matmul::desc(a_md, b_md, c_md), pd.attr,
                                              **DnnlEngine());
        }
        dnnl::memory::dims dims(nb + 2, 1), strides(nb + 2, p.c.cols * bias_stride);
        dims[nb + 1] = p.c.cols;
        strides[nb + 1] = bias_stride;
        const dnnl::memory::desc bias_md(dims, dnnl::memory::data_type::f32, strides);
        pd.args.emplace_back(DNNL_ARG_BIAS, bias_md);
        return dnnl::matmul::primitive_desc(dnnl::matmul::desc(a_md, b_md, bias_md, c_md), pd.attr,
                                            **DnnlEngine());
      }));
  // The reference implementation is orders of magnitude slower than a copy: densify.
  if (!force_dense && absl::StartsWith(prim->impl(), "ref")) return DnnlGemm(input, opts, true);
  const std::pair<int, const void*> args[] = {{DNNL_ARG_SRC, p.a.data},
                                              {DNNL_ARG_WEIGHTS, p.b.data},
                                              {DNNL_ARG_DST, p.c.data},
                                              {DNNL_ARG_BIAS, bias_data}};
  return DnnlExecute(*prim, args);
}

absl::Status CheckShapes(const Tensor& out, const Tensor& a, const Tensor& b,
                         const GemmOptions& opts) {
  const int64_t r = out.dim();
  bool ok = r >= 2 && a.dim() == r && b.dim() == r && a.dtype() == out.dtype() &&
            b.dtype() == out.dtype() && a.size(r - 2) == out.size(r - 2) &&
            b.size(r - 1) == out.size(r - 1) && a.size(r - 1) == b.size(r - 2);
  for (int64_t d = 0; ok && d < r - 2; ++d) {
    ok = (a.size(d) == out.size(d) || a.size(d) == 1) &&
         (b.size(d) == out.size(d) || b.size(d) == 1);
  }
  if (opts.bias != nullptr) {
    ok = ok && opts.bias->dim() == 1 && opts.bias->dtype() == out.dtype() &&
         (r < 1 || opts.bias->size(0) == out.size(r - 1));
  }
  if (!ok) {
    return absl::InternalError(absl::StrCat("GemmInto: inconsistent operands ", a.DebugString(),
                                            " @ ", b.DebugString(), " -> ", out.DebugString()));
  }
  return absl::OkStatus();
}

}  // namespace

void SetFloat32GemmPathForTesting(GemmPath path) { g_float32_path = path; }

absl::Status GemmInto(const Tensor& out, const Tensor& a, const Tensor& b,
                      const GemmOptions& opts) {
  RETURN_IF_ERROR(CheckShapes(out, a, b, opts));
  if (out.numel() == 0) return absl::OkStatus();
  const Problem p = Describe(out, a, b);
  switch (out.dtype()) {
    case DType::kFloat32: {
      const int64_t macs = Numel(p.batch) * p.c.rows * p.c.cols * p.a.cols;
      GemmPath path = g_float32_path.load(std::memory_order_relaxed);
      if (path == GemmPath::kAuto) {
        path = macs <= kSmallGemmMacs || p.a.cols == 0 ? GemmPath::kReference : GemmPath::kOneDnn;
      }
      if (path == GemmPath::kOneDnn && p.a.cols > 0) return DnnlGemm(p, opts, false);
      return ReferenceGemm<float>(p, opts);
    }
    case DType::kFloat64:
      return ReferenceGemm<double>(p, opts);
    case DType::kInt32:
      return ReferenceGemm<int32_t>(p, opts);
    case DType::kInt64:
      return ReferenceGemm<int64_t>(p, opts);
    case DType::kBool:
      break;
  }
  return absl::InternalError("GemmInto: bool operands");
}

}  // namespace wick::tensor::linalg_internal
