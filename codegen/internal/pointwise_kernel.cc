// The fused pointwise loop. See pointwise_kernel.h.
#include "codegen/internal/pointwise_kernel.h"

#include <algorithm>
#include <cstdint>
#include <memory>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "tensor/kernels/binary_fns.h"
#include "tensor/kernels/onednn_math.h"
#include "tensor/kernels/simd.h"
#include "tensor/kernels/unary_fns.h"
#include "tensor/parallel.h"

namespace wick::codegen::internal {
namespace {

namespace ti = ::wick::tensor::kernels;
using ti::HasAvx512;
using ti::TailMask;
using ti::VecF;

constexpr int kTile = 512;  // floats per tile: a few tiles stay in L1
constexpr int64_t kStreamElements = int64_t{1} << 20;  // 4 MiB of float32 results
constexpr int kPrefetchTiles = 4;  // how far ahead inputs are prefetched

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

// The cheap ops, 16 floats per vector (AVX-512F), fused at register level: a run of
// consecutive cheap instructions (a "segment") takes a block of 256 floats through every
// instruction in sixteen zmm registers and touches memory only for its operands (loaded
// straight into the instruction) and its result. The tile-at-a-time loop above loads and
// stores every instruction's tile through L1, which on an 8-op chain costs more than the
// memory traffic itself. Every op here is one IEEE operation (or a compare-select, or a
// sign-bit change), or for gelu the 8-wide form's exact sequence of them, so results are
// bit-identical to the 8-wide functors.
namespace avx512 {

// `large`: the program covers 2+ elements, where gelu is oneDNN's formula (below).
bool IsRegisterOp(PwOp op, bool large) {
  switch (op) {
    case PwOp::kGelu:
      return large;
    case PwOp::kNeg: case PwOp::kAbs: case PwOp::kRelu: case PwOp::kSqrt: case PwOp::kSquare:
    case PwOp::kReciprocal: case PwOp::kClampMin: case PwOp::kClampMax: case PwOp::kAdd:
    case PwOp::kSub: case PwOp::kMul: case PwOp::kDiv:
      return true;
    default:
      return false;
  }
}

constexpr int kMaxSegment = 32;  // instructions; a longer run is split
constexpr int kBlock = 16;       // vectors per register block (256 floats)

WICK_AVX512_INLINE __m512 FlipSign(__m512 x) {
  return _mm512_castsi512_ps(
      _mm512_xor_si512(_mm512_castps_si512(x), _mm512_set1_epi32(INT32_MIN)));
}
WICK_AVX512_INLINE __m512 ClearSign(__m512 x) {
  return _mm512_castsi512_ps(
      _mm512_and_si512(_mm512_castps_si512(x), _mm512_set1_epi32(INT32_MAX)));
}
// x < lo ? lo : x, as ReluFn / ClampMinFn, in one instruction: vmaxps returns its
// second operand unless the first is greater, so NaN and a zero of either sign stay x.
WICK_AVX512_INLINE __m512 AtLeast(__m512 x, __m512 lo) { return _mm512_max_ps(lo, x); }
// hi < x ? hi : x, as ClampMaxFn (vminps: the second operand unless the first is less).
WICK_AVX512_INLINE __m512 AtMost(__m512 x, __m512 hi) { return _mm512_min_ps(hi, x); }

WICK_AVX512_INLINE __m512 Bits(uint32_t b) { return _mm512_castsi512_ps(_mm512_set1_epi32(b)); }
WICK_AVX512_INLINE __m512 Xor(__m512 a, __m512 b) {
  return _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(a), _mm512_castps_si512(b)));
}

// onednn::Exp and onednn::GeluErf (tensor/kernels/onednn_math.h: the
// formula PyTorch 1.13 uses for float gelu), 16 lanes wide: the same operations in the
// same order, so the same bits. The 8-wide form spills its constants (16 ymm registers);
// here they stay in zmm registers.
WICK_AVX512_INLINE __m512 OneDnnExp(__m512 x) {
  namespace m = ti::onednn;
  const __mmask16 underflow = _mm512_cmp_ps_mask(x, Bits(m::kLnFltMin), _CMP_LT_OQ);
  x = _mm512_max_ps(_mm512_min_ps(x, Bits(m::kLnFltMax)), Bits(m::kLnFltMin));
  const __m512 one = _mm512_set1_ps(1.0f);
  const __m512 n = _mm512_roundscale_ps(
      _mm512_add_ps(_mm512_mul_ps(x, Bits(m::kLog2e)), _mm512_set1_ps(0.5f)),
      _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
  const __m512 r = _mm512_fnmadd_ps(n, Bits(m::kLn2), x);
  __m512i bits = _mm512_cvtps_epi32(_mm512_sub_ps(n, one));
  bits = _mm512_slli_epi32(_mm512_add_epi32(bits, _mm512_set1_epi32(127)), 23);
  const __m512 pow2 = _mm512_mask_blend_ps(underflow, _mm512_castsi512_ps(bits),
                                           _mm512_setzero_ps());
  __m512 p = _mm512_fmadd_ps(Bits(m::kExpPol[4]), r, Bits(m::kExpPol[3]));
  p = _mm512_fmadd_ps(p, r, Bits(m::kExpPol[2]));
  p = _mm512_fmadd_ps(p, r, Bits(m::kExpPol[1]));
  p = _mm512_fmadd_ps(p, r, Bits(m::kExpPol[0]));
  p = _mm512_fmadd_ps(p, r, one);
  return _mm512_mul_ps(_mm512_mul_ps(p, pow2), _mm512_set1_ps(2.0f));
}

WICK_AVX512_INLINE __m512 OneDnnGeluErf(__m512 s) {
  namespace m = ti::onednn;
  const __m512 sign_bit = _mm512_set1_ps(-0.0f);
  const __m512 one = _mm512_set1_ps(1.0f);
  const __m512 x = _mm512_mul_ps(s, Bits(m::kOneOverSqrt2));
  const __m512 t = _mm512_div_ps(one, _mm512_fmadd_ps(Bits(m::kErfP), ClearSign(x), one));
  const __m512 neg_exp = Xor(OneDnnExp(Xor(_mm512_mul_ps(x, x), sign_bit)), sign_bit);
  __m512 r = _mm512_fmadd_ps(Bits(m::kErfPol[4]), t, Bits(m::kErfPol[3]));
  r = _mm512_fmadd_ps(r, t, Bits(m::kErfPol[2]));
  r = _mm512_fmadd_ps(r, t, Bits(m::kErfPol[1]));
  r = _mm512_fmadd_ps(r, t, Bits(m::kErfPol[0]));
  const __m512 x_sign = _mm512_castsi512_ps(
      _mm512_and_si512(_mm512_castps_si512(x), _mm512_castps_si512(sign_bit)));
  const __m512 erf = Xor(_mm512_fmadd_ps(_mm512_mul_ps(neg_exp, t), r, one), x_sign);
  const __m512 half_s = _mm512_mul_ps(s, _mm512_set1_ps(0.5f));
  return _mm512_fmadd_ps(erf, half_s, half_s);
}

// Where a segment's operands live for the current tile: each input's tile (or its one
// element) and the tile of the instruction before the segment.
struct TileData {
  const float* const* input;
  const float* prev;
};

// What an operand is for one block: the block itself, vectors in memory (their loads
// fold into the instruction), or one value in every lane.
enum class Cls : uint8_t { kReg, kMem, kSplat };

struct Resolved {
  Cls cls = Cls::kReg;
  const float* p = nullptr;  // kMem: the block's first float
  float s = 0;               // kSplat
};

WICK_AVX512_INLINE Resolved Resolve(const RegOperand& o, const TileData& t, int i) {
  switch (o.kind) {
    case RegOperand::Kind::kReg: return {};
    case RegOperand::Kind::kPrev: return {Cls::kMem, t.prev + i};
    case RegOperand::Kind::kPtr: return {Cls::kMem, t.input[o.input] + i};
    case RegOperand::Kind::kSplatInput: return {Cls::kSplat, nullptr, t.input[o.input][0]};
    case RegOperand::Kind::kSplatConst: return {Cls::kSplat, nullptr, o.value};
  }
  return {};
}

// Vector v of an operand of class K (V == 1: the lanes in m, zeros elsewhere).
template <int V, Cls K>
struct Vecs {
  const __m512* c;
  const float* p;
  __m512 s;
  __mmask16 m;
  WICK_AVX512_INLINE __m512 operator[](int v) const {
    if constexpr (K == Cls::kReg) {
      return c[v];
    } else if constexpr (K == Cls::kMem) {
      return V == 1 ? _mm512_maskz_loadu_ps(m, p) : _mm512_loadu_ps(p + 16 * v);
    } else {
      return s;
    }
  }
};

template <int V, Cls K>
WICK_AVX512_INLINE Vecs<V, K> VecsOf(const __m512* c, const Resolved& r, __mmask16 m) {
  return {c, r.p, _mm512_set1_ps(r.s), m};
}

template <int V, typename A, typename F>
WICK_AVX512_INLINE void EachUnary(__m512* c, const A& a, const F& f) {
#pragma GCC unroll 16
  for (int v = 0; v < V; ++v) c[v] = f(a[v]);
}

template <int V, typename A, typename B, typename F>
WICK_AVX512_INLINE void EachBinary(__m512* c, const A& a, const B& b, const F& f) {
#pragma GCC unroll 16
  for (int v = 0; v < V; ++v) c[v] = f(a[v], b[v]);
}

// c[v] = f(a[v]) for the V vectors of the block, a of any class.
template <int V, typename F>
WICK_AVX512_INLINE void Unary(const Resolved& a, __m512* c, __mmask16 m, const F& f) {
  switch (a.cls) {
    case Cls::kReg: return EachUnary<V>(c, VecsOf<V, Cls::kReg>(c, a, m), f);
    case Cls::kMem: return EachUnary<V>(c, VecsOf<V, Cls::kMem>(c, a, m), f);
    case Cls::kSplat: return EachUnary<V>(c, VecsOf<V, Cls::kSplat>(c, a, m), f);
  }
}

// c[v] = f(a[v], b[v]): one loop per pair of operand classes, chosen once per block.
template <int V, Cls KA, typename F>
WICK_AVX512_INLINE void BinaryB(const Resolved& a, const Resolved& b, __m512* c, __mmask16 m,
                                const F& f) {
  const Vecs<V, KA> va = VecsOf<V, KA>(c, a, m);
  switch (b.cls) {
    case Cls::kReg: return EachBinary<V>(c, va, VecsOf<V, Cls::kReg>(c, b, m), f);
    case Cls::kMem: return EachBinary<V>(c, va, VecsOf<V, Cls::kMem>(c, b, m), f);
    case Cls::kSplat: return EachBinary<V>(c, va, VecsOf<V, Cls::kSplat>(c, b, m), f);
  }
}

template <int V, typename F>
WICK_AVX512_INLINE void Binary(const Resolved& a, const Resolved& b, __m512* c, __mmask16 m,
                               const F& f) {
  switch (a.cls) {
    case Cls::kReg: return BinaryB<V, Cls::kReg>(a, b, c, m, f);
    case Cls::kMem: return BinaryB<V, Cls::kMem>(a, b, c, m, f);
    case Cls::kSplat: return BinaryB<V, Cls::kSplat>(a, b, c, m, f);
  }
}

// The register ops' element functions, as function objects for Unary and Binary.
#define WICK_UNARY_FN(Name, expr)                                         \
  struct Name {                                                           \
    __m512 k;                                                             \
    WICK_AVX512_INLINE __m512 operator()(__m512 x) const { return expr; } \
  }
#define WICK_BINARY_FN(Name, expr)                                                  \
  struct Name {                                                                     \
    __m512 k;                                                                       \
    WICK_AVX512_INLINE __m512 operator()(__m512 x, __m512 y) const { return expr; } \
  }
WICK_UNARY_FN(NegFn, FlipSign(x));
WICK_UNARY_FN(AbsFn, ClearSign(x));
WICK_UNARY_FN(ReluFn, AtLeast(x, _mm512_setzero_ps()));
WICK_UNARY_FN(SqrtFn, _mm512_sqrt_ps(x));
WICK_UNARY_FN(SquareFn, _mm512_mul_ps(x, x));
WICK_UNARY_FN(ReciprocalFn, _mm512_div_ps(_mm512_set1_ps(1.f), x));
WICK_UNARY_FN(ClampMinFn, AtLeast(x, k));
WICK_UNARY_FN(ClampMaxFn, AtMost(x, k));
WICK_UNARY_FN(GeluFn, OneDnnGeluErf(x));
WICK_BINARY_FN(AddFn, _mm512_add_ps(x, y));
WICK_BINARY_FN(AddAlphaFn, _mm512_fmadd_ps(y, k, x));  // a + alpha * b, one rounding
WICK_BINARY_FN(SubFn, _mm512_sub_ps(x, y));
WICK_BINARY_FN(SubAlphaFn, _mm512_fmadd_ps(y, FlipSign(k), x));
WICK_BINARY_FN(MulFn, _mm512_mul_ps(x, y));
WICK_BINARY_FN(DivFn, _mm512_div_ps(x, y));
#undef WICK_UNARY_FN
#undef WICK_BINARY_FN

// Applies one instruction to the V vectors of the block in c, at float offset i.
template <int V>
WICK_AVX512_INLINE void Step(const PwInstr& ins, const TileData& t, __m512* c, int i,
                             __mmask16 m) {
  const Resolved a = Resolve(ins.ra, t, i);
  const __m512 k = _mm512_set1_ps(ins.alpha);
  switch (ins.op) {
    case PwOp::kNeg: return Unary<V>(a, c, m, NegFn{k});
    case PwOp::kAbs: return Unary<V>(a, c, m, AbsFn{k});
    case PwOp::kRelu: return Unary<V>(a, c, m, ReluFn{k});
    case PwOp::kSqrt: return Unary<V>(a, c, m, SqrtFn{k});
    case PwOp::kSquare: return Unary<V>(a, c, m, SquareFn{k});
    case PwOp::kReciprocal: return Unary<V>(a, c, m, ReciprocalFn{k});
    case PwOp::kClampMin: return Unary<V>(a, c, m, ClampMinFn{k});
    case PwOp::kClampMax: return Unary<V>(a, c, m, ClampMaxFn{k});
    case PwOp::kGelu: return Unary<V>(a, c, m, GeluFn{k});
    default: break;
  }
  const Resolved b = Resolve(ins.rb, t, i);
  switch (ins.op) {
    case PwOp::kAdd:
      if (ins.alpha == 1) return Binary<V>(a, b, c, m, AddFn{k});
      return Binary<V>(a, b, c, m, AddAlphaFn{k});
    case PwOp::kSub:
      if (ins.alpha == 1) return Binary<V>(a, b, c, m, SubFn{k});
      return Binary<V>(a, b, c, m, SubAlphaFn{k});
    case PwOp::kMul: return Binary<V>(a, b, c, m, MulFn{k});
    case PwOp::kDiv: return Binary<V>(a, b, c, m, DivFn{k});
    default: return;  // not a register op: never in a segment
  }
}

// Runs a segment over n floats of one tile, writing `dst` (streaming stores when
// `stream`: dst is then 64-byte aligned).
WICK_AVX512 void RunSegment(const PwInstr* code, int count, const TileData& t, float* dst, int n,
                            bool stream) {
  int i = 0;
  for (; i + 16 * kBlock <= n; i += 16 * kBlock) {
    __m512 c[kBlock] = {};
    for (int j = 0; j < count; ++j) Step<kBlock>(code[j], t, c, i, 0xFFFF);
#pragma GCC unroll 16
    for (int v = 0; v < kBlock; ++v) {
      if (stream) {
        _mm512_stream_ps(dst + i + 16 * v, c[v]);
      } else {
        _mm512_storeu_ps(dst + i + 16 * v, c[v]);
      }
    }
  }
  for (; i < n; i += 16) {
    const __mmask16 m = TailMask(n - i);
    __m512 c[1] = {};
    for (int j = 0; j < count; ++j) Step<1>(code[j], t, c, i, m);
    _mm512_mask_storeu_ps(dst + i, m, c[0]);
  }
}

}  // namespace avx512

std::string OperandText(const Operand& o) {
  switch (o.kind) {
    case Operand::Kind::kChain: return "chain";
    case Operand::Kind::kInput: return absl::StrCat("in", o.input);
    case Operand::Kind::kConst: return absl::StrCat(o.value);
  }
  return "?";
}

}  // namespace

bool HasRegisterForm(PwOp op, int64_t numel) {
  return HasAvx512() && avx512::IsRegisterOp(op, numel > 1);
}

// Per-thread buffers of the tile loop.
struct PointwiseProgram::Scratch {
  alignas(64) float chain[2][kTile];
  std::unique_ptr<float[]> inner;  // kTile floats per kInner input
  absl::InlinedVector<const float*, 8> tile;  // each input's data for the current tile
};

int PointwiseProgram::AddInput(Broadcast mode, int64_t period) {
  inputs_.push_back({mode, period});
  num_inner_ += mode == Broadcast::kInner;
  return static_cast<int>(inputs_.size()) - 1;
}

void PointwiseProgram::Add(PwOp op, Operand a, Operand b, float alpha) {
  const int index = num_ops();
  const bool registers = avx512::IsRegisterOp(op, numel_ > 1);
  if (segments_.empty() || !registers || !segments_.back().registers ||
      segments_.back().end - segments_.back().begin == avx512::kMaxSegment) {
    segments_.push_back({index, index, registers});
  }
  Segment& seg = segments_.back();
  const bool first = seg.begin == index;
  auto reg = [&](const Operand& o) {
    switch (o.kind) {
      case Operand::Kind::kChain:
        return RegOperand{first ? RegOperand::Kind::kPrev : RegOperand::Kind::kReg, -1, 0};
      case Operand::Kind::kConst: return RegOperand{RegOperand::Kind::kSplatConst, -1, o.value};
      case Operand::Kind::kInput:
        return RegOperand{inputs_[o.input].mode == Broadcast::kScalar
                              ? RegOperand::Kind::kSplatInput
                              : RegOperand::Kind::kPtr,
                          o.input, 0};
    }
    return RegOperand{};
  };
  code_.push_back({op, a, b, alpha, reg(a), IsBinary(op) ? reg(b) : RegOperand{}});
  ++seg.end;
}

void PointwiseProgram::RunTile(absl::Span<const float* const> inputs, int64_t start, int n,
                               Scratch& scratch, float* out) const {
  // Each input's data for this tile; a kInner input is repeated into its scratch tile.
  int inner = 0;
  for (size_t k = 0; k < inputs_.size(); ++k) {
    const Input& in = inputs_[k];
    const float* data = inputs[k];
    switch (in.mode) {
      case Broadcast::kScalar: scratch.tile[k] = data; break;
      case Broadcast::kInner: {
        float* rep = scratch.inner.get() + kTile * inner++;
        int64_t j = start % in.period;
        for (int i = 0; i < n; ++i) {
          rep[i] = data[j];
          if (++j == in.period) j = 0;
        }
        scratch.tile[k] = rep;
        break;
      }
      default: scratch.tile[k] = data + start;
    }
  }
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
  auto resolve = [&](const Operand& o, const float* prev) -> Src {
    if (o.kind == Operand::Kind::kChain) return {prev, 0};
    if (o.kind == Operand::Kind::kConst) return {nullptr, o.value};
    if (inputs_[o.input].mode == Broadcast::kScalar) return {nullptr, inputs[o.input][0]};
    return {scratch.tile[o.input], 0};
  };
  const bool large = numel_ > 1;
  const bool wide = HasAvx512() && !force_avx2_;
  // Results far larger than the caches go out with streaming stores: a plain store
  // first reads the destination line, a third more memory traffic. A register segment
  // streams its result itself when the output is 64-byte aligned.
  const bool stream = numel_ >= kStreamElements && reinterpret_cast<uintptr_t>(out) % 32 == 0;
  const bool stream_direct = stream && reinterpret_cast<uintptr_t>(out) % 64 == 0;
  const int size = num_ops();
  float* const result = stream ? nullptr : out + start;
  for (const Segment& seg : segments_) {
    const float* prev = seg.begin == 0 ? nullptr : scratch.chain[(seg.begin + 1) % 2];
    const bool last = seg.end == size;
    if (wide && seg.registers) {
      float* dst = !last ? scratch.chain[(seg.end - 1) % 2]
                   : stream_direct ? out + start
                   : result != nullptr ? result : scratch.chain[(seg.end - 1) % 2];
      avx512::RunSegment(code_.data() + seg.begin, seg.end - seg.begin,
                         {scratch.tile.data(), prev}, dst, n, last && stream_direct);
      if (last && stream_direct) return;
      continue;
    }
    for (int i = seg.begin; i < seg.end; ++i) {
      const PwInstr& ins = code_[i];
      float* dst = i + 1 == size && result != nullptr ? result : scratch.chain[i % 2];
      const Src a = resolve(ins.a, prev);
      const Src b = IsBinary(ins.op) ? resolve(ins.b, prev) : Src{};
      Apply(ins.op, a, b, ins.alpha, large, dst, n);
      prev = dst;
    }
  }
  if (stream) StreamCopy(scratch.chain[(size - 1) % 2], out + start, n);
}

void PointwiseProgram::Run(absl::Span<const float* const> inputs, float* out) const {
  const int64_t tiles = (numel_ + kTile - 1) / kTile;
  tensor::ParallelFor(0, tiles, tensor::kParallelGrain / kTile, [&](int64_t b, int64_t e) {
    Scratch scratch;
    if (num_inner_ > 0) scratch.inner.reset(new float[kTile * num_inner_]);
    scratch.tile.resize(inputs_.size());
    for (int64_t t = b; t < e; ++t) {
      const int64_t start = t * kTile;
      RunTile(inputs, start, static_cast<int>(std::min<int64_t>(kTile, numel_ - start)),
              scratch, out);
    }
    if (numel_ >= kStreamElements) _mm_sfence();  // streaming stores visible before return
  });
}

std::string PointwiseProgram::Describe() const {
  return absl::StrJoin(code_, " -> ", [](std::string* s, const PwInstr& ins) {
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
