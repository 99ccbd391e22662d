// The fused pointwise loop. See pointwise_kernel.h.
#include "codegen/internal/pointwise_kernel.h"

#include <algorithm>
#include <immintrin.h>

#include <cstdint>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tensor/ops/pointwise/internal/binary_fns.h"
#include "tensor/ops/pointwise/internal/unary_fns.h"
#include "tensor/parallel.h"

namespace wick::codegen::internal {
namespace {

namespace ti = ::wick::tensor::internal;
using ti::VecF;

constexpr int kTile = 512;  // floats per tile: a few tiles stay in L1
constexpr int64_t kStreamElements = int64_t{1} << 20;  // 4 MiB of float32 results
constexpr int kPrefetchTiles = 2;  // how far ahead inputs are prefetched

// Copies a tile to its destination with non-temporal stores (`to` must be 32-byte
// aligned; tiles start at multiples of kTile floats from a 32-byte aligned output).
void StreamCopy(const float* from, float* to, int n) {
  int i = 0;
  for (; i + 8 <= n; i += 8) _mm256_stream_ps(to + i, _mm256_load_ps(from + i));
  for (; i < n; ++i) to[i] = from[i];
}

// One operand of one instruction over one tile: contiguous floats or a splat value.
struct Src {
  const float* p = nullptr;
  float s = 0;
};

// Loaders the loops are instantiated over, so the pointer-or-splat choice is made once
// per tile rather than per vector.
struct PtrLoad {
  const float* p;
  VecF V(int i) const { return VecF::Load(p + i); }
  float S(int i) const { return p[i]; }
};
struct SplatLoad {
  float s;
  VecF V(int) const { return VecF::Splat(s); }
  float S(int) const { return s; }
};

template <typename F, typename A>
void Loop1(F f, A a, float* d, int n) {
  int i = 0;
  for (; i + VecF::kWidth <= n; i += VecF::kWidth) f.Vector(a.V(i)).Store(d + i);
  for (; i < n; ++i) d[i] = f(a.S(i));
}

template <typename F, typename A, typename B>
void Loop2(F f, A a, B b, float* d, int n) {
  int i = 0;
  for (; i + VecF::kWidth <= n; i += VecF::kWidth) f.Vector(a.V(i), b.V(i)).Store(d + i);
  for (; i < n; ++i) d[i] = f(a.S(i), b.S(i));
}

template <typename F>
void Map1(F f, Src a, float* d, int n) {
  if (a.p) return Loop1(f, PtrLoad{a.p}, d, n);
  Loop1(f, SplatLoad{a.s}, d, n);
}

template <typename F>
void Map2(F f, Src a, Src b, float* d, int n) {
  if (a.p && b.p) return Loop2(f, PtrLoad{a.p}, PtrLoad{b.p}, d, n);
  if (a.p) return Loop2(f, PtrLoad{a.p}, SplatLoad{b.s}, d, n);
  if (b.p) return Loop2(f, SplatLoad{a.s}, PtrLoad{b.p}, d, n);
  Loop2(f, SplatLoad{a.s}, SplatLoad{b.s}, d, n);
}

// `large`: PyTorch runs float gelu through oneDNN's formula for tensors of 2+ elements.
void Apply(PwOp op, Src a, Src b, float alpha, bool large, float* d, int n) {
  switch (op) {
    case PwOp::kNeg: return Map1(ti::NegFn<float>{}, a, d, n);
    case PwOp::kAbs: return Map1(ti::AbsFn<float>{}, a, d, n);
    case PwOp::kRelu: return Map1(ti::ReluFn<float>{}, a, d, n);
    case PwOp::kExp: return Map1(ti::ExpFn<float>{}, a, d, n);
    case PwOp::kLog: return Map1(ti::LogFn<float>{}, a, d, n);
    case PwOp::kSqrt: return Map1(ti::SqrtFn<float>{}, a, d, n);
    case PwOp::kSin: return Map1(ti::SinFn<float>{}, a, d, n);
    case PwOp::kCos: return Map1(ti::CosFn<float>{}, a, d, n);
    case PwOp::kTanh: return Map1(ti::TanhFn<float>{}, a, d, n);
    case PwOp::kSigmoid: return Map1(ti::SigmoidFn<float>{}, a, d, n);
    case PwOp::kGelu:
      return large ? Map1(ti::GeluOneDnnFn<float>{}, a, d, n) : Map1(ti::GeluFn<float>{}, a, d, n);
    case PwOp::kGeluTanh: return Map1(ti::GeluTanhFn<float>{}, a, d, n);
    case PwOp::kSilu: return Map1(ti::SiluFn<float>{}, a, d, n);
    case PwOp::kSquare: return Map1(ti::SquareFn<float>{}, a, d, n);
    case PwOp::kReciprocal: return Map1(ti::ReciprocalFn<float>{}, a, d, n);
    case PwOp::kRsqrt: return Map1(ti::RsqrtFn<float>{}, a, d, n);
    case PwOp::kClampMin: return Map1(ti::ClampMinFn<float>{alpha}, a, d, n);
    case PwOp::kClampMax: return Map1(ti::ClampMaxFn<float>{alpha}, a, d, n);
    case PwOp::kAdd:
      if (alpha == 1) return Map2(ti::AddFn<float>{}, a, b, d, n);
      return Map2(ti::AddAlphaFn<float>{alpha}, a, b, d, n);
    case PwOp::kSub:
      if (alpha == 1) return Map2(ti::SubFn<float>{}, a, b, d, n);
      return Map2(ti::AddAlphaFn<float>{-alpha}, a, b, d, n);
    case PwOp::kMul: return Map2(ti::MulFn<float>{}, a, b, d, n);
    case PwOp::kDiv: return Map2(ti::DivFn<float>{}, a, b, d, n);
  }
}

// The cheap ops again, 16 floats per vector (AVX-512F), chosen per instruction when the
// CPU has it: these loops are bound by the L1 load and store of every instruction, so
// twice the width is nearly twice the speed. Every op here is one IEEE operation (or a
// compare-select, or a sign-bit change), so results are bit-identical to the 8-wide
// functors above. Returns false for an op without a 16-wide form.
namespace avx512 {

#define WICK_AVX512 __attribute__((target("avx512f")))

struct P {
  const float* p;
  WICK_AVX512 __m512 V(int i, __mmask16 m) const { return _mm512_maskz_loadu_ps(m, p + i); }
};
struct S {
  __m512 s;
  WICK_AVX512 __m512 V(int, __mmask16) const { return s; }
};

template <typename F, typename A>
WICK_AVX512 void Loop1W(F f, A a, float* d, int n) {
  int i = 0;
  for (; i + 16 <= n; i += 16) _mm512_storeu_ps(d + i, f(a.V(i, 0xFFFF)));
  if (i < n) {
    const __mmask16 m = static_cast<__mmask16>((1u << (n - i)) - 1);
    _mm512_mask_storeu_ps(d + i, m, f(a.V(i, m)));
  }
}

template <typename F, typename A, typename B>
WICK_AVX512 void Loop2W(F f, A a, B b, float* d, int n) {
  int i = 0;
  for (; i + 16 <= n; i += 16) _mm512_storeu_ps(d + i, f(a.V(i, 0xFFFF), b.V(i, 0xFFFF)));
  if (i < n) {
    const __mmask16 m = static_cast<__mmask16>((1u << (n - i)) - 1);
    _mm512_mask_storeu_ps(d + i, m, f(a.V(i, m), b.V(i, m)));
  }
}

template <typename F>
WICK_AVX512 void Map1W(F f, Src a, float* d, int n) {
  if (a.p) return Loop1W(f, P{a.p}, d, n);
  Loop1W(f, S{_mm512_set1_ps(a.s)}, d, n);
}

template <typename F>
WICK_AVX512 void Map2W(F f, Src a, Src b, float* d, int n) {
  if (a.p && b.p) return Loop2W(f, P{a.p}, P{b.p}, d, n);
  if (a.p) return Loop2W(f, P{a.p}, S{_mm512_set1_ps(b.s)}, d, n);
  if (b.p) return Loop2W(f, S{_mm512_set1_ps(a.s)}, P{b.p}, d, n);
  Loop2W(f, S{_mm512_set1_ps(a.s)}, S{_mm512_set1_ps(b.s)}, d, n);
}

WICK_AVX512 __m512 FlipSign(__m512 x) {
  return _mm512_castsi512_ps(
      _mm512_xor_si512(_mm512_castps_si512(x), _mm512_set1_epi32(INT32_MIN)));
}
WICK_AVX512 __m512 ClearSign(__m512 x) {
  return _mm512_castsi512_ps(
      _mm512_and_si512(_mm512_castps_si512(x), _mm512_set1_epi32(INT32_MAX)));
}
// x < lo ? lo : x (ordered compare: NaN stays), as ReluFn / ClampMinFn.
WICK_AVX512 __m512 AtLeast(__m512 x, __m512 lo) {
  return _mm512_mask_mov_ps(x, _mm512_cmp_ps_mask(x, lo, _CMP_LT_OQ), lo);
}
// hi < x ? hi : x, as ClampMaxFn.
WICK_AVX512 __m512 AtMost(__m512 x, __m512 hi) {
  return _mm512_mask_mov_ps(x, _mm512_cmp_ps_mask(hi, x, _CMP_LT_OQ), hi);
}

WICK_AVX512 bool Apply(PwOp op, Src a, Src b, float alpha, float* d, int n) {
  switch (op) {
    case PwOp::kNeg: Map1W([](__m512 x) WICK_AVX512 { return FlipSign(x); }, a, d, n); return true;
    case PwOp::kAbs: Map1W([](__m512 x) WICK_AVX512 { return ClearSign(x); }, a, d, n); return true;
    case PwOp::kRelu:
      Map1W([](__m512 x) WICK_AVX512 { return AtLeast(x, _mm512_setzero_ps()); }, a, d, n);
      return true;
    case PwOp::kSqrt:
      Map1W([](__m512 x) WICK_AVX512 { return _mm512_sqrt_ps(x); }, a, d, n);
      return true;
    case PwOp::kSquare:
      Map1W([](__m512 x) WICK_AVX512 { return _mm512_mul_ps(x, x); }, a, d, n);
      return true;
    case PwOp::kReciprocal:
      Map1W([](__m512 x) WICK_AVX512 { return _mm512_div_ps(_mm512_set1_ps(1.f), x); }, a, d, n);
      return true;
    case PwOp::kClampMin:
      Map1W([alpha](__m512 x) WICK_AVX512 { return AtLeast(x, _mm512_set1_ps(alpha)); }, a, d, n);
      return true;
    case PwOp::kClampMax:
      Map1W([alpha](__m512 x) WICK_AVX512 { return AtMost(x, _mm512_set1_ps(alpha)); }, a, d, n);
      return true;
    case PwOp::kAdd:
    case PwOp::kSub: {
      if (alpha == 1) {
        if (op == PwOp::kAdd) {
          Map2W([](__m512 x, __m512 y) WICK_AVX512 { return _mm512_add_ps(x, y); }, a, b, d, n);
        } else {
          Map2W([](__m512 x, __m512 y) WICK_AVX512 { return _mm512_sub_ps(x, y); }, a, b, d, n);
        }
        return true;
      }
      // a + alpha * b with one rounding, as AddAlphaFn (sub: -alpha).
      const float k = op == PwOp::kAdd ? alpha : -alpha;
      Map2W([k](__m512 x, __m512 y) WICK_AVX512 {
        return _mm512_fmadd_ps(y, _mm512_set1_ps(k), x);
      }, a, b, d, n);
      return true;
    }
    case PwOp::kMul:
      Map2W([](__m512 x, __m512 y) WICK_AVX512 { return _mm512_mul_ps(x, y); }, a, b, d, n);
      return true;
    case PwOp::kDiv:
      Map2W([](__m512 x, __m512 y) WICK_AVX512 { return _mm512_div_ps(x, y); }, a, b, d, n);
      return true;
    default:
      return false;
  }
}

#undef WICK_AVX512

}  // namespace avx512

bool HasAvx512() {
  static const bool has = __builtin_cpu_supports("avx512f");
  return has;
}

std::string OperandText(const Operand& o) {
  switch (o.kind) {
    case Operand::Kind::kChain: return "chain";
    case Operand::Kind::kInput: return absl::StrCat("in", o.input);
    case Operand::Kind::kConst: return absl::StrCat(o.value);
  }
  return "?";
}

}  // namespace

int PointwiseProgram::AddInput(Broadcast mode, int64_t period) {
  inputs_.push_back({mode, period});
  return static_cast<int>(inputs_.size()) - 1;
}

void PointwiseProgram::Add(PwOp op, Operand a, Operand b, float alpha) {
  code_.push_back({op, a, b, alpha});
}

void PointwiseProgram::RunTile(absl::Span<const float* const> inputs, int64_t start, int n,
                               float* out) const {
  alignas(64) float chain[2][kTile];
  alignas(64) float repeat[2][kTile];
  auto resolve = [&](const Operand& o, const float* prev, float* scratch) -> Src {
    if (o.kind == Operand::Kind::kChain) return {prev, 0};
    if (o.kind == Operand::Kind::kConst) return {nullptr, o.value};
    const Input& in = inputs_[o.input];
    const float* data = inputs[o.input];
    switch (in.mode) {
      case Broadcast::kScalar: return {nullptr, data[0]};
      case Broadcast::kInner: {
        int64_t j = start % in.period;
        for (int i = 0; i < n; ++i) {
          scratch[i] = data[j];
          if (++j == in.period) j = 0;
        }
        return {scratch, 0};
      }
      default: return {data + start, 0};
    }
  };
  // The instructions work on tiles in L1 and leave the memory system idle in between,
  // so the hardware prefetcher alone falls behind; ask for the full inputs' lines a few
  // tiles ahead (a chain of 8 cheap ops ran 2x slower without this).
  const int64_t ahead = start + kPrefetchTiles * kTile;
  if (ahead < numel_) {
    const int64_t bytes = std::min<int64_t>(kTile, numel_ - ahead) * 4;
    for (size_t k = 0; k < inputs_.size(); ++k) {
      if (inputs_[k].mode != Broadcast::kFull) continue;
      const char* p = reinterpret_cast<const char*>(inputs[k] + ahead);
      for (int64_t off = 0; off < bytes; off += 64) _mm_prefetch(p + off, _MM_HINT_T0);
    }
  }
  const bool large = numel_ > 1;
  const bool wide = HasAvx512() && !force_avx2_;
  // Results far larger than the caches go out with streaming stores: a plain store
  // first reads the destination line, a third more memory traffic.
  const bool stream = numel_ >= kStreamElements && reinterpret_cast<uintptr_t>(out) % 32 == 0;
  for (size_t i = 0; i < code_.size(); ++i) {
    const Instr& ins = code_[i];
    float* dst = i + 1 == code_.size() && !stream ? out + start : chain[i % 2];
    const float* prev = i == 0 ? nullptr : chain[(i + 1) % 2];
    const Src a = resolve(ins.a, prev, repeat[0]);
    const Src b = IsBinary(ins.op) ? resolve(ins.b, prev, repeat[1]) : Src{};
    if (!(wide && avx512::Apply(ins.op, a, b, ins.alpha, dst, n))) {
      Apply(ins.op, a, b, ins.alpha, large, dst, n);
    }
  }
  if (stream) StreamCopy(chain[(code_.size() - 1) % 2], out + start, n);
}

void PointwiseProgram::Run(absl::Span<const float* const> inputs, float* out) const {
  const int64_t tiles = (numel_ + kTile - 1) / kTile;
  tensor::ParallelFor(0, tiles, tensor::kParallelGrain / kTile, [&](int64_t b, int64_t e) {
    for (int64_t t = b; t < e; ++t) {
      const int64_t start = t * kTile;
      RunTile(inputs, start, static_cast<int>(std::min<int64_t>(kTile, numel_ - start)), out);
    }
    if (numel_ >= kStreamElements) _mm_sfence();  // streaming stores visible before return
  });
}

std::string PointwiseProgram::Describe() const {
  return absl::StrJoin(code_, " -> ", [](std::string* s, const Instr& ins) {
    absl::StrAppend(s, PwOpName(ins.op), "(", OperandText(ins.a));
    if (IsBinary(ins.op)) absl::StrAppend(s, ", ", OperandText(ins.b));
    if (ins.op == PwOp::kClampMin || ins.op == PwOp::kClampMax) {
      absl::StrAppend(s, ", ", ins.alpha);
    } else if (ins.alpha != 1) {
      absl::StrAppend(s, ", alpha=", ins.alpha);
    }
    absl::StrAppend(s, ")");
  });
}

}  // namespace wick::codegen::internal
