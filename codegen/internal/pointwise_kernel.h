// A fused pointwise loop: a straight-line program of PwOps over float32 tiles, so a chain
// of N elementwise ops reads its inputs and writes its result once. On AVX-512 machines a
// run of cheap ops (arithmetic, abs, neg, relu, clamps, sqrt, square, reciprocal, and
// gelu in the oneDNN form PyTorch uses for float tensors of 2+ elements) takes
// 256 floats at a time through all its instructions in registers; every other
// instruction applies one op to a whole tile (kTile floats, in L1) with the same element
// functors (tensor/ops/pointwise/internal) and SLEEF vector math the eager kernels use.
//
//   PointwiseProgram p(numel);
//   int x = p.AddInput(Broadcast::kFull, numel);
//   p.Add(PwOp::kMul, Operand::Input(x), Operand::Const(2.f));
//   p.Add(PwOp::kSin, Operand::Chain());
//   p.Run({x_data}, out_data);
#ifndef WICK_CODEGEN_INTERNAL_POINTWISE_KERNEL_H_
#define WICK_CODEGEN_INTERNAL_POINTWISE_KERNEL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/types/span.h"
#include "codegen/internal/onednn_support.h"

namespace wick::codegen::internal {

// An instruction operand: the previous instruction's result, a program input, or a
// constant.
struct Operand {
  enum class Kind { kChain, kInput, kConst };
  Kind kind = Kind::kChain;
  int input = -1;
  float value = 0;
  static Operand Chain() { return {}; }
  static Operand Input(int i) { return {Kind::kInput, i, 0}; }
  static Operand Const(float v) { return {Kind::kConst, -1, v}; }
};

// How a register segment (a run of cheap consecutive instructions fused at register
// level, see pointwise_kernel.cc) reads an operand: the segment's running value, the
// previous instruction's tile, an input's tile, an input's one element, or a constant.
struct RegOperand {
  enum class Kind : uint8_t { kReg, kPrev, kPtr, kSplatInput, kSplatConst };
  Kind kind = Kind::kReg;
  int input = -1;
  float value = 0;
};

// One instruction: `a` and `b` as given, and as a register segment reads them.
struct PwInstr {
  PwOp op;
  Operand a, b;
  float alpha;
  RegOperand ra, rb;
};

// Whether `op` over `numel` elements runs in a register segment on this machine (AVX-512
// and a cheap op, or gelu on 2+ elements).
bool HasRegisterForm(PwOp op, int64_t numel);

class PointwiseProgram {
 public:
  explicit PointwiseProgram(int64_t numel) : numel_(numel) {}

  // An input read with `mode` (kFull, kScalar, or kInner with `period` elements).
  int AddInput(Broadcast mode, int64_t period);
  // Appends `op`; `b` only for binary ops; `alpha` scales b for add/sub and is the
  // bound of clamp_min / clamp_max.
  void Add(PwOp op, Operand a, Operand b = Operand::Const(0), float alpha = 1);

  // Writes the last instruction's result for every element into `out`; `inputs` are
  // contiguous float32 data in AddInput order. `out` may be a kFull input (in place: each
  // element is read before it is written, in tiles and register blocks alike) but must
  // not overlap one at an offset.
  void Run(absl::Span<const float* const> inputs, float* out) const;

  int num_ops() const { return static_cast<int>(code_.size()); }
  // Tests: run every op with the 8-wide (AVX2) functors even where AVX-512 is available.
  void set_force_avx2_for_testing(bool on) { force_avx2_ = on; }
  // "mul(in0, 2) -> sin(chain) -> ..." for DescribeLowering.
  std::string Describe() const;

 private:
  struct Input {
    Broadcast mode;
    int64_t period;
  };
  // Consecutive instructions [begin, end): a register segment when `registers`.
  struct Segment {
    int begin, end;
    bool registers;
  };
  struct Scratch;
  void RunTile(absl::Span<const float* const> inputs, int64_t start, int n, Scratch& scratch,
               float* out) const;

  int64_t numel_;
  bool force_avx2_ = false;
  std::vector<Input> inputs_;
  std::vector<PwInstr> code_;
  std::vector<Segment> segments_;
  int num_inner_ = 0;  // inputs read with Broadcast::kInner
};

}  // namespace wick::codegen::internal

#endif  // WICK_CODEGEN_INTERNAL_POINTWISE_KERNEL_H_
