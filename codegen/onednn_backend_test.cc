// The oneDNN backend against the eager backend on hand-built graphs: results within
// float32 tolerance (1e-5 absolute + 1e-4 relative), identical sizes and strides, and
// the lowering (DescribeLowering) fusing what it should.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codegen/backend.h"
#include "codegen/internal/onednn_lowering.h"
#include "codegen/internal/pointwise_kernel.h"
#include "codegen/internal/row_kernels.h"
#include "graph/graph.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sym/expr.h"
#include "tensor/op_registry.h"
#include "tensor/parallel.h"
#include "tensor/tensor.h"

namespace wick::codegen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using tensor::DType;
using tensor::Tensor;

// Packs [n, k] weights whatever layout oneDNN prefers on this machine, for the tests of
// the packing machinery (AVX2 kernels prefer plain weights, so nothing would be packed).
struct AlwaysPackWeights {
  AlwaysPackWeights() { internal::SetAlwaysPackWeightsForTesting(true); }
  ~AlwaysPackWeights() { internal::SetAlwaysPackWeightsForTesting(false); }
};

// Deterministic values in [-2 * scale, 2 * scale).
Tensor Random(std::vector<int64_t> sizes, uint32_t seed, float scale = 1) {
  Tensor t = *Tensor::Empty(sizes, DType::kFloat32);
  uint32_t s = seed * 2654435761u + 1;
  for (int64_t i = 0; i < t.numel(); ++i) {
    s = s * 1664525u + 1013904223u;
    t.data<float>()[i] =
        (static_cast<float>(s >> 8) / static_cast<float>(1 << 24) * 4.f - 2.f) * scale;
  }
  return t;
}

graph::Graph ParseGraph(const std::string& body) {
  absl::StatusOr<graph::Graph> g = graph::Parse(absl::StrCat("graph g {\n", body, "}\n"));
  EXPECT_TRUE(g.ok()) << g.status();
  return g.ok() ? *std::move(g) : graph::Graph();
}

std::vector<int64_t> Vec(tensor::IntSpan s) { return {s.begin(), s.end()}; }

void ExpectClose(const Tensor& got, const Tensor& want) {
  ASSERT_EQ(got.dtype(), want.dtype());
  ASSERT_EQ(Vec(got.sizes()), Vec(want.sizes()));
  EXPECT_EQ(Vec(got.strides()), Vec(want.strides()));
  for (int64_t i = 0; i < want.numel(); ++i) {
    const double g = got.ElementAt(i).to_double(), w = want.ElementAt(i).to_double();
    if (g == w || (std::isnan(g) && std::isnan(w))) continue;  // infinities, NaNs
    ASSERT_LE(std::fabs(g - w), 1e-5 + 1e-4 * std::fabs(w)) << "element " << i;
  }
}

// `g` compiled once by each backend, for tests that call it again after changing the
// inputs (a weight updated in place, another tensor): every output compared each time.
class BothBackends {
 public:
  explicit BothBackends(const graph::Graph& g)
      : eager_(MakeEagerBackend()->Compile(g)), onednn_(MakeOneDnnBackend()->Compile(g)) {}
  void Check(const std::vector<Tensor>& inputs, const char* when) {
    SCOPED_TRACE(when);
    ASSERT_TRUE(eager_.ok() && onednn_.ok());
    absl::StatusOr<std::vector<Tensor>> want = (*eager_)->Run(inputs);
    absl::StatusOr<std::vector<Tensor>> got = (*onednn_)->Run(inputs);
    ASSERT_TRUE(want.ok() && got.ok()) << got.status();
    ASSERT_EQ(got->size(), want->size());
    for (size_t i = 0; i < want->size(); ++i) ExpectClose((*got)[i], (*want)[i]);
  }

 private:
  absl::StatusOr<std::unique_ptr<CompiledGraph>> eager_, onednn_;
};

// Compiles `g` with both backends, runs both on `inputs` (twice for onednn: the second
// run reuses the arena and must not disturb the first run's outputs) and compares.
void ExpectMatchesEager(const graph::Graph& g, const std::vector<Tensor>& inputs,
                        OneDnnFault fault = OneDnnFault::kNone) {
  auto eager = MakeEagerBackend()->Compile(g);
  auto onednn = MakeOneDnnBackendForTesting(fault)->Compile(g);
  ASSERT_TRUE(eager.ok()) << eager.status();
  ASSERT_TRUE(onednn.ok()) << onednn.status();
  absl::StatusOr<std::vector<Tensor>> want = (*eager)->Run(inputs);
  absl::StatusOr<std::vector<Tensor>> got = (*onednn)->Run(inputs);
  ASSERT_TRUE(want.ok()) << want.status();
  ASSERT_TRUE(got.ok()) << got.status();
  absl::StatusOr<std::vector<Tensor>> again = (*onednn)->Run(inputs);
  ASSERT_TRUE(again.ok()) << again.status();
  ASSERT_EQ(got->size(), want->size());
  for (size_t i = 0; i < want->size(); ++i) {
    ExpectClose((*got)[i], (*want)[i]);
    ExpectClose((*again)[i], (*want)[i]);
  }
}

graph::Graph SymbolicLinearGraph();  // below

// oneDNN picks its implementations by CPU: brgemm matmuls and jit softmax for AVX-512
// on the machines these expectations were written on, others elsewhere (gemm:jit on
// AVX2). On a CPU without AVX-512 the names oneDNN reports for matmul and softmax steps
// are mapped to the AVX-512 ones, so the rest of each line (fusion, buffers, packing)
// is still checked; MatmulImplementationOnAvx512 checks the real names where they apply.
std::string WithAvx512ImplementationNames(std::string text) {
  const std::pair<std::string, std::string> kNames[] = {{" matmul %", "brg:avx512_core"},
                                                       {" softmax %", "jit:avx512_core"}};
  for (const auto& [step, name] : kNames) {
    size_t pos = 0;
    while ((pos = text.find(step, pos)) != std::string::npos) {
      const size_t open = text.find(" [", pos + step.size());
      const size_t close = open == std::string::npos ? open : text.find(']', open);
      const size_t eol = text.find('\n', pos);
      pos += step.size();
      if (close == std::string::npos || (eol != std::string::npos && close > eol)) continue;
      if (text.compare(open + 2, 5, "wick:") == 0) continue;
      text.replace(open + 2, close - open - 2, name);
    }
  }
  return text;
}

std::string Lowering(const graph::Graph& g) {
  absl::StatusOr<std::string> text = DescribeLowering(g);
  EXPECT_TRUE(text.ok()) << text.status();
  if (!text.ok()) return "";
  return internal::HasRowKernels() ? *text : WithAvx512ImplementationNames(*text);
}

TEST(OneDnnBackendTest, MatmulImplementationOnAvx512) {
  if (!internal::HasRowKernels()) GTEST_SKIP() << "no AVX-512 on this CPU";
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[8, 16][16, 1]cpu\n"
      "  %w = placeholder L_w_ \"L['w']\" : f32[16, 16][16, 1]cpu\n"
      "  %mm = mm(%x, %w)\n"
      "  return %mm\n");
  absl::StatusOr<std::string> text = DescribeLowering(g);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_THAT(*text, HasSubstr("matmul %mm [brg:avx512_core]"));
}

constexpr char kLinearInputs[] =
    "  %x = placeholder L_x_ \"L['x']\" : f32[64, 32][32, 1]cpu\n"
    "  %w = placeholder L_w_ \"L['w']\" : f32[16, 32][32, 1]cpu\n"
    "  %b = placeholder L_b_ \"L['b']\" : f32[16][1]cpu\n";

TEST(OneDnnBackendTest, LinearRelu) {
  graph::Graph g = ParseGraph(absl::StrCat(kLinearInputs,
                                           "  %linear = linear(%x, %w, None)\n"
                                           "  %relu = relu(%linear)\n"
                                           "  return %relu\n"));
  ExpectMatchesEager(g, {Random({64, 32}, 1), Random({16, 32}, 2), Random({16}, 3)});
  EXPECT_THAT(Lowering(g), HasSubstr("step 0 matmul %linear -> %relu ["));
  EXPECT_THAT(Lowering(g), HasSubstr("post_ops [relu] -> new"));
}

TEST(OneDnnBackendTest, LinearBiasGeluWithBinaryPostOps) {
  graph::Graph g = ParseGraph(absl::StrCat(kLinearInputs,
                                           "  %linear = linear(%x, %w, %b)\n"
                                           "  %gelu = gelu(%linear, \"none\")\n"
                                           "  %mul = mul.Tensor(%gelu, 0.5)\n"
                                           "  %add = add.Tensor(%mul, %b, 1)\n"
                                           "  %sub = sub.Tensor(%add, 3, 2)\n"
                                           "  return %sub\n"));
  ExpectMatchesEager(g, {Random({64, 32}, 4), Random({16, 32}, 5), Random({16}, 6)});
  // oneDNN 2.6.3 miscomputes linear, binary, linear post-op chains: %sub runs as a loop.
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("step 0 matmul %linear -> %gelu -> %mul -> %add ["));
  EXPECT_THAT(text, HasSubstr("bias %b post_ops [gelu, linear(0.5, 0), add(%b)] -> buf0"));
  EXPECT_THAT(text, HasSubstr("step 1 pointwise %sub: sub(in0, 3, alpha=2) -> new"));
}

// Backward graphs multiply by transposes (t() views, transposed inputs): those operands
// are read in place with their strides, not copied dense on every call.
TEST(OneDnnBackendTest, TransposedMatmulOperandsAreReadInPlace) {
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[8, 32][32, 1]cpu\n"
      "  %w = placeholder L_w_ \"L['w']\" : f32[16, 32][32, 1]cpu\n"
      "  %b = placeholder L_b_ \"L['b']\" : f32[16][1]cpu\n"
      "  %g = placeholder L_g_ \"L['g']\" : f32[8, 16][16, 1]cpu\n"
      "  %t = t(%w)\n"
      "  %addmm = addmm(%b, %x, %t, 1, 1)\n"
      "  %relu = relu(%addmm)\n"
      "  %t_1 = t(%x)\n"
      "  %mm = mm(%t_1, %g)\n"
      "  return %relu, %mm\n");
  ExpectMatchesEager(g, {Random({8, 32}, 7), Random({16, 32}, 8), Random({16}, 9),
                         Random({8, 16}, 10)});
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("matmul %addmm -> %relu ["));
  EXPECT_THAT(text, HasSubstr("]: [8x32] @ [32x16] weights %t (transposed) bias %b"));
  EXPECT_THAT(text, HasSubstr("]: [32x8] (transposed) @ [8x16] weights %g post_ops"));
}

TEST(OneDnnBackendTest, AddmmAndMm) {
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[8, 32][32, 1]cpu\n"
      "  %w = placeholder L_w_ \"L['w']\" : f32[32, 16][16, 1]cpu\n"
      "  %b = placeholder L_b_ \"L['b']\" : f32[16][1]cpu\n"
      "  %addmm = addmm(%b, %x, %w, 1, 1)\n"
      "  %tanh = tanh(%addmm)\n"
      "  %mm = mm(%x, %w)\n"
      "  return %tanh, %mm\n");
  ExpectMatchesEager(g, {Random({8, 32}, 7), Random({32, 16}, 8), Random({16}, 9)});
  EXPECT_THAT(Lowering(g), HasSubstr("matmul %addmm -> %tanh"));
  EXPECT_THAT(Lowering(g), HasSubstr("matmul %mm ["));
}

TEST(OneDnnBackendTest, EightOpPointwiseChainIsOneLoop) {
  // 3001 x 7 elements: several tiles and a ragged tail.
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[3001, 7][7, 1]cpu\n"
      "  %y = placeholder L_y_ \"L['y']\" : f32[3001, 7][7, 1]cpu\n"
      "  %mul = mul.Tensor(%x, 2)\n"
      "  %add = add.Tensor(%mul, 1, 1)\n"
      "  %relu = relu(%add)\n"
      "  %sin = sin(%relu)\n"
      "  %mul_1 = mul.Tensor(%sin, %y)\n"
      "  %tanh = tanh(%mul_1)\n"
      "  %sub = sub.Tensor(%tanh, %x, 1)\n"
      "  %sigmoid = sigmoid(%sub)\n"
      "  return %sigmoid\n");
  ExpectMatchesEager(g, {Random({3001, 7}, 10), Random({3001, 7}, 11)});
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("step 0 pointwise %mul -> %add -> %relu -> %sin -> %mul_1 -> "
                              "%tanh -> %sub -> %sigmoid: mul(in0, 2) -> add(chain, 1) -> "
                              "relu(chain) -> sin(chain) -> mul(chain, in1) -> tanh(chain) -> "
                              "sub(chain, in0) -> sigmoid(chain) -> new"));
  EXPECT_THAT(text, Not(HasSubstr("step 1")));
}

// A lowering that fails (every partition, or the graph as a whole) falls back to kernels
// or to the eager backend without changing any result, for static and symbolic graphs.
TEST(OneDnnBackendTest, LoweringFailuresFallBackWithoutChangingResults) {
  graph::Graph g = ParseGraph(
      std::string(kLinearInputs) +
      "  %linear = linear(%x, %w, %b)\n"
      "  %gelu = gelu(%linear, \"none\")\n"
      "  %mul = mul.Tensor(%gelu, 0.5)\n"
      "  %softmax = softmax.int(%mul, -1, None)\n"
      "  %ln = layer_norm(%softmax, [16], None, None, 1e-05, True)\n"
      "  %relu = relu(%ln)\n"
      "  %neg = neg(%relu)\n"
      "  return %neg, %linear\n");
  const std::vector<Tensor> inputs = {Random({64, 32}, 1), Random({16, 32}, 2),
                                      Random({16}, 3)};
  for (OneDnnFault fault : {OneDnnFault::kEveryPartition, OneDnnFault::kWholeGraph}) {
    SCOPED_TRACE(static_cast<int>(fault));
    ExpectMatchesEager(g, inputs, fault);
    graph::Graph sym = SymbolicLinearGraph();
    auto eager = MakeEagerBackend()->Compile(sym);
    auto onednn = MakeOneDnnBackendForTesting(fault)->Compile(sym);
    ASSERT_TRUE(eager.ok() && onednn.ok());
    for (int64_t rows : {8, 3}) {
      std::vector<Tensor> in = {Random({rows, 32}, 5), Random({16, 32}, 6), Random({16}, 7)};
      absl::StatusOr<std::vector<Tensor>> want = (*eager)->Run(in);
      absl::StatusOr<std::vector<Tensor>> got = (*onednn)->Run(in);
      ASSERT_TRUE(want.ok() && got.ok()) << got.status();
      for (size_t i = 0; i < want->size(); ++i) ExpectClose((*got)[i], (*want)[i]);
    }
  }
}

// The first index where a and b differ in their bits, -1 if none. Any two NaNs count as
// equal: which operand's payload an op with two NaN operands returns depends on the
// order the compiler gave them (the 8-wide functors' mul may be emitted as y * x).
int64_t FirstDifference(const std::vector<float>& a, const std::vector<float>& b) {
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::isnan(a[i]) && std::isnan(b[i])) continue;
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0) return static_cast<int64_t>(i);
  }
  return -1;
}

// The 16-wide (AVX-512) forms of the cheap ops give the 8-wide functors' results bit for
// bit, specials included, with ragged tails and both operand kinds.
TEST(PointwiseProgramTest, WideAndNarrowLoopsAgreeBitForBit) {
  using internal::Operand;
  using internal::PwOp;
  const int64_t n = 1037;  // two full tiles and a tail that is not a multiple of 16
  std::vector<float> x(n), y(n);
  const Tensor rx = Random({n}, 31, 4), ry = Random({n}, 32, 4);
  for (int64_t i = 0; i < n; ++i) {
    x[i] = rx.data<float>()[i];
    y[i] = ry.data<float>()[i];
  }
  const float specials[] = {std::nanf(""), -0.0f, 0.0f, std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(), 1e-40f, -1e-40f};
  for (int k = 0; k < 7; ++k) {
    x[k * 3] = specials[k];
    y[k * 5 + 1] = specials[(k + 3) % 7];
  }
  const PwOp ops[] = {PwOp::kNeg,      PwOp::kAbs,      PwOp::kRelu, PwOp::kSqrt,
                      PwOp::kSquare,   PwOp::kReciprocal, PwOp::kClampMin, PwOp::kClampMax,
                      PwOp::kAdd,      PwOp::kSub,      PwOp::kMul,  PwOp::kDiv,
                      PwOp::kGelu};
  for (PwOp op : ops) {
    for (float alpha : {1.f, -0.75f}) {
      for (bool const_b : {false, true}) {
        internal::PointwiseProgram p(n);
        const int in0 = p.AddInput(internal::Broadcast::kFull, n);
        const int in1 = p.AddInput(internal::Broadcast::kFull, n);
        p.Add(op, Operand::Input(in0), const_b ? Operand::Const(0.3f) : Operand::Input(in1),
              alpha);
        p.Add(PwOp::kMul, Operand::Chain(), Operand::Input(in1));
        std::vector<float> wide(n), narrow(n);
        const float* inputs[] = {x.data(), y.data()};
        p.Run(inputs, wide.data());
        p.set_force_avx2_for_testing(true);
        p.Run(inputs, narrow.data());
        SCOPED_TRACE(absl::StrCat(internal::PwOpName(op), " alpha ", alpha, " const ", const_b));
        EXPECT_EQ(FirstDifference(wide, narrow), -1);
      }
    }
  }
}

// Register segments (runs of cheap ops fused in registers) agree bit for bit with the
// tile-at-a-time 8-wide path on mixed programs: a transcendental op splitting two
// segments, an op reading the chain twice, broadcast inputs (one element, and repeated
// rows), constants on either side, a segment longer than the 32-instruction cap, and a
// length with a full register block, whole vectors and a masked tail in its last tile.
TEST(PointwiseProgramTest, RegisterSegmentsAgreeWithTheTileLoopBitForBit) {
  using internal::Broadcast;
  using internal::Operand;
  using internal::PwOp;
  for (int64_t n : {int64_t{1224}, int64_t{7}, int64_t{2048}}) {
    const Tensor rx = Random({n}, 41, 3), ry = Random({n}, 42, 3), rr = Random({8}, 43, 3);
    std::vector<float> x(rx.data<float>(), rx.data<float>() + n);
    std::vector<float> y(ry.data<float>(), ry.data<float>() + n);
    const float specials[] = {std::nanf(""), -0.0f, 0.0f, std::numeric_limits<float>::infinity(),
                              -std::numeric_limits<float>::infinity(), 1e-40f};
    for (int k = 0; k < 6 && k < n; ++k) x[(k * 37) % n] = specials[k];
    const float scalar = -0.625f;
    internal::PointwiseProgram p(n);
    const int in0 = p.AddInput(Broadcast::kFull, n);
    const int in1 = p.AddInput(Broadcast::kFull, n);
    const int row = p.AddInput(Broadcast::kInner, 8);
    const int one = p.AddInput(Broadcast::kScalar, 1);
    p.Add(PwOp::kMul, Operand::Input(in0), Operand::Input(row));
    p.Add(PwOp::kAdd, Operand::Chain(), Operand::Input(one), -0.5f);
    p.Add(PwOp::kGelu, Operand::Chain());
    p.Add(PwOp::kRelu, Operand::Chain());
    p.Add(PwOp::kSub, Operand::Const(2.f), Operand::Chain());
    p.Add(PwOp::kMul, Operand::Chain(), Operand::Chain());
    p.Add(PwOp::kTanh, Operand::Chain());
    p.Add(PwOp::kDiv, Operand::Input(in1), Operand::Chain());
    p.Add(PwOp::kClampMax, Operand::Chain(), Operand::Const(0), 1.5f);
    p.Add(PwOp::kClampMin, Operand::Chain(), Operand::Const(0), -1.5f);
    p.Add(PwOp::kSub, Operand::Chain(), Operand::Input(row), 0.75f);
    for (int k = 0; k < 40; ++k) {
      p.Add(k % 2 ? PwOp::kAbs : PwOp::kAdd, Operand::Chain(), Operand::Input(in0));
    }
    p.Add(PwOp::kSqrt, Operand::Chain());
    p.Add(PwOp::kNeg, Operand::Chain());
    p.Add(PwOp::kTanh, Operand::Chain());
    p.Add(PwOp::kGelu, Operand::Chain());  // a segment's first op reads the tile before
    p.Add(PwOp::kSquare, Operand::Chain());
    p.Add(PwOp::kTanh, Operand::Chain());
    p.Add(PwOp::kRelu, Operand::Chain());
    p.Add(PwOp::kMul, Operand::Input(one), Operand::Const(3.f));  // two splats
    p.Add(PwOp::kDiv, Operand::Input(in0), Operand::Chain());
    std::vector<float> wide(n), narrow(n);
    const float* inputs[] = {x.data(), y.data(), rr.data<float>(), &scalar};
    p.Run(inputs, wide.data());
    p.set_force_avx2_for_testing(true);
    p.Run(inputs, narrow.data());
    SCOPED_TRACE(n);
    EXPECT_EQ(FirstDifference(wide, narrow), -1);
    EXPECT_TRUE(std::isnan(wide[0]));  // x[0] is NaN and every op keeps it
  }
}

// clamp / clip / clamp_min / clamp_max with constant bounds join the fused loop (one or
// two instructions each), keeping NaN; a NaN bound leaves the op to its kernel.
TEST(OneDnnBackendTest, ClampsJoinThePointwiseLoop) {
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[1001, 3][3, 1]cpu\n"
      "  %mul = mul.Tensor(%x, 2)\n"
      "  %clamp = clamp(%mul, -1.5, None)\n"
      "  %clip = clip(%clamp, None, 1.25)\n"
      "  %clamp_1 = clamp(%clip, -1, 1)\n"
      "  %clamp_min = clamp_min(%clamp_1, -0.5)\n"
      "  %clamp_max = clamp_max(%clamp_min, 0.75)\n"
      "  %abs_1 = abs(%clamp_max)\n"
      "  %clamp_2 = clamp(%abs_1, nan, None)\n"
      "  return %clamp_2\n");
  Tensor x = Random({1001, 3}, 12);
  x.data<float>()[7] = std::nanf("");
  x.data<float>()[8] = -std::numeric_limits<float>::infinity();
  ExpectMatchesEager(g, {x});
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("step 0 pointwise %mul -> %clamp -> %clip -> %clamp_1 -> "
                              "%clamp_min -> %clamp_max -> %abs_1: mul(in0, 2) -> "
                              "clamp_min(chain, -1.5) -> clamp_max(chain, 1.25) -> "
                              "clamp_min(chain, -1) -> clamp_max(chain, 1) -> "
                              "clamp_min(chain, -0.5) -> clamp_max(chain, 0.75) -> abs(chain)"));
  EXPECT_THAT(text, HasSubstr("step 1 kernel %clamp_2 = clamp"));
}

TEST(OneDnnBackendTest, LargeChainStreamsResultsOnTwoThreads) {
  // Past 1M elements the loop streams its stores; 7 extra elements make a ragged tail.
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[1048583][1]cpu\n"
      "  %row = placeholder L_row_ \"L['row']\" : f32[1][1]cpu\n"
      "  %mul = mul.Tensor(%x, %row)\n"
      "  %exp = exp(%mul)\n"
      "  %div = div.Tensor(%exp, 3)\n"
      "  return %div\n");
  for (int threads : {1, 2}) {
    tensor::SetNumThreads(threads);
    ExpectMatchesEager(g, {Random({1048583}, 30), Random({1}, 31)});
  }
  tensor::SetNumThreads(1);
  EXPECT_EQ(Lowering(g), Lowering(g));  // deterministic
}

TEST(OneDnnBackendTest, BroadcastingBinaryOps) {
  // [8] and [1] operands broadcast inside the loop; [4, 1] does not and falls back.
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[4, 8][8, 1]cpu\n"
      "  %row = placeholder L_row_ \"L['row']\" : f32[8][1]cpu\n"
      "  %one = placeholder L_one_ \"L['one']\" : f32[1][1]cpu\n"
      "  %col = placeholder L_col_ \"L['col']\" : f32[4, 1][1, 1]cpu\n"
      "  %add = add.Tensor(%x, %row, 1)\n"
      "  %mul = mul.Tensor(%add, %one)\n"
      "  %div = div.Tensor(%row, %mul)\n"
      "  %sub = sub.Tensor(%div, %col, 1)\n"
      "  return %sub\n");
  ExpectMatchesEager(g, {Random({4, 8}, 12), Random({8}, 13), Random({1}, 14),
                         Random({4, 1}, 15)});
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("pointwise %add -> %mul -> %div: add(in0, in1) -> "
                              "mul(chain, in2) -> div(in1, chain)"));
  EXPECT_THAT(text, HasSubstr("step 1 kernel %sub = sub.Tensor"));
}

TEST(OneDnnBackendTest, SoftmaxAndLogSoftmax) {
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[4, 8, 16][128, 16, 1]cpu\n"
      "  %softmax = softmax.int(%x, -1, None)\n"
      "  %log_softmax = log_softmax.int(%x, 1, None)\n"
      "  %relu = relu(%softmax)\n"
      "  return %relu, %log_softmax\n");
  ExpectMatchesEager(g, {Random({4, 8, 16}, 16)});
  const std::string text = Lowering(g);
  if (internal::HasRowKernels()) {
    // The row kernel applies relu to each row it writes; log_softmax over another axis
    // runs the eager kernel (oneDNN's logsoftmax approximates).
    EXPECT_THAT(text, HasSubstr("step 0 kernel %log_softmax = log_softmax.int"));
    EXPECT_THAT(text, HasSubstr("step 1 softmax %softmax -> %relu [wick:avx512_rows]: axis 2 "
                                "of %x, then relu(in0) on each row -> new\n"));
    return;
  }
  // Without the row kernels both run the eager kernels (oneDNN's softmax lets NaN
  // through only in part).
  EXPECT_THAT(text, HasSubstr("kernel %softmax = softmax.int"));
  EXPECT_THAT(text, HasSubstr("kernel %log_softmax = log_softmax.int"));
  EXPECT_THAT(text, Not(HasSubstr(" softmax %softmax [")));
}

TEST(OneDnnBackendTest, RowKernelsTakePointwiseEpilogues) {
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[64, 100][100, 1]cpu\n"
      "  %w = placeholder L_w_ \"L['w']\" : f32[100][1]cpu\n"
      "  %ln = layer_norm(%x, [100], %w, None, 1e-05, True)\n"
      "  %gelu = gelu(%ln, \"none\")\n"
      "  %mul = mul.Tensor(%gelu, 0.5)\n"
      "  %clamp = clamp(%mul, -0.25, 0.75)\n"
      "  %s = softmax.int(%x, 1, None)\n"
      "  %add = add.Tensor(%s, %x, 1)\n"
      "  %tanh = tanh(%add)\n"
      "  return %clamp, %tanh\n");
  ExpectMatchesEager(g, {Random({64, 100}, 111, 3), Random({100}, 112)});
  if (!internal::HasRowKernels()) GTEST_SKIP() << "no AVX-512F: no row kernels";
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("step 0 layer_norm %ln -> %gelu -> %mul -> %clamp "
                              "[wick:avx512_rows]: [64x100] eps 1e-05 scale, then gelu(in0) -> "
                              "mul(chain, 0.5) -> clamp_min(chain, -0.25) -> clamp_max(chain, "
                              "0.75) on each row -> new\n"));
  // add reads %x besides the chain: a row epilogue reads nothing but its row.
  EXPECT_THAT(text, HasSubstr("step 1 softmax %s [wick:avx512_rows]: axis 1 of %x -> buf0\n"));
  EXPECT_THAT(text, HasSubstr("step 2 pointwise %add -> %tanh"));
}

// The AVX-512 row softmax against a double-precision softmax, on row lengths around the
// vector width, with the rows whose results are NaN in PyTorch (a NaN, a +inf, all -inf)
// and rows where -inf entries and huge spreads give exact zeros.
TEST(RowSoftmaxTest, MatchesDoublePrecisionAndPyTorchsSpecialRows) {
  if (!internal::HasRowKernels()) GTEST_SKIP() << "no AVX-512F: oneDNN's softmax runs";
  const float inf = std::numeric_limits<float>::infinity();
  for (int64_t cols : {1, 7, 16, 33, 128, 1000}) {
    SCOPED_TRACE(cols);
    const int64_t rows = 9;
    const Tensor t = Random({rows, cols}, 97, 30);
    std::vector<float> x(t.data<float>(), t.data<float>() + rows * cols);
    x[1 * cols + cols / 2] = std::nanf("");
    x[2 * cols + cols - 1] = inf;
    for (int64_t j = 0; j < cols; ++j) x[3 * cols + j] = -inf;
    x[4 * cols] = -inf;
    x[5 * cols + cols - 1] = 200;  // everything else underflows to 0
    std::vector<float> y(x.size()), in_place = x;
    internal::RowSoftmax(x.data(), y.data(), rows, cols);
    internal::RowSoftmax(in_place.data(), in_place.data(), rows, cols);
    EXPECT_EQ(FirstDifference(y, in_place), -1);
    for (int64_t r = 0; r < rows; ++r) {
      const float* xr = x.data() + r * cols;
      const float* yr = y.data() + r * cols;
      if (r == 1 || r == 2 || r == 3) {
        for (int64_t j = 0; j < cols; ++j) EXPECT_TRUE(std::isnan(yr[j])) << r << " " << j;
        continue;
      }
      double max = -inf, sum = 0;
      for (int64_t j = 0; j < cols; ++j) max = std::max<double>(max, xr[j]);
      for (int64_t j = 0; j < cols; ++j) sum += std::exp(xr[j] - max);
      for (int64_t j = 0; j < cols; ++j) {
        const double want = std::exp(xr[j] - max) / sum;  // NaN where one -inf is the row
        if (std::isnan(want)) {
          EXPECT_TRUE(std::isnan(yr[j])) << r << " " << j;
          continue;
        }
        EXPECT_NEAR(yr[j], want, 1e-5 * want + 1e-30) << r << " " << j;
      }
    }
  }
}

// log_softmax rows against double precision: a row whose other entries underflow gives
// exactly 0 at its maximum (oneDNN's primitive gave 1.4e-6), and a NaN, +inf or a row of
// -inf makes the whole row NaN, as PyTorch's kernel does.
TEST(RowSoftmaxTest, LogSoftmaxRowsMatchDoublePrecision) {
  if (!internal::HasRowKernels()) GTEST_SKIP() << "no AVX-512F: the eager kernel runs";
  const float inf = std::numeric_limits<float>::infinity();
  for (int64_t cols : {1, 3, 16, 33, 1000}) {
    SCOPED_TRACE(cols);
    const int64_t rows = 6;
    const Tensor t = Random({rows, cols}, 98, 30);
    std::vector<float> x(t.data<float>(), t.data<float>() + rows * cols);
    x[1 * cols + cols / 2] = std::nanf("");
    x[2 * cols + cols - 1] = inf;
    for (int64_t j = 0; j < cols; ++j) x[3 * cols + j] = -inf;
    for (int64_t j = 0; j < cols; ++j) x[4 * cols + j] = j == 0 ? 0.f : -1000.f;
    std::vector<float> y(x.size()), in_place = x;
    internal::RowLogSoftmax(x.data(), y.data(), rows, cols);
    internal::RowLogSoftmax(in_place.data(), in_place.data(), rows, cols);
    EXPECT_EQ(FirstDifference(y, in_place), -1);
    EXPECT_EQ(y[4 * cols], 0.f);
    for (int64_t r = 0; r < rows; ++r) {
      const float* xr = x.data() + r * cols;
      const float* yr = y.data() + r * cols;
      if (r == 1 || r == 2 || r == 3) {
        for (int64_t j = 0; j < cols; ++j) EXPECT_TRUE(std::isnan(yr[j])) << r << " " << j;
        continue;
      }
      double max = -inf, sum = 0;
      for (int64_t j = 0; j < cols; ++j) max = std::max<double>(max, xr[j]);
      for (int64_t j = 0; j < cols; ++j) sum += std::exp(xr[j] - max);
      for (int64_t j = 0; j < cols; ++j) {
        const double want = (xr[j] - max) - std::log(sum);
        EXPECT_NEAR(yr[j], want, 2e-6 * std::abs(want) + 1e-6) << r << " " << j;
      }
    }
  }
}

// The AVX-512 row layer_norm against one in double precision, with and without weight and
// bias, on row lengths around the vector width; a NaN makes its row NaN, as in PyTorch.
TEST(RowLayerNormTest, MatchesDoublePrecision) {
  if (!internal::HasRowKernels()) GTEST_SKIP() << "no AVX-512F: oneDNN's layer_norm runs";
  for (int64_t cols : {1, 7, 16, 33, 768, 1000}) {
    for (int params = 0; params < 4; ++params) {
      SCOPED_TRACE(absl::StrCat(cols, " columns, params ", params));
      const int64_t rows = 5;
      const Tensor t = Random({rows, cols}, 101, 3);
      std::vector<float> x(t.data<float>(), t.data<float>() + rows * cols);
      for (int64_t j = 0; j < cols; ++j) x[cols + j] += 1000;  // a large mean
      x[2 * cols + cols / 3] = std::nanf("");
      const Tensor w = Random({cols}, 102), b = Random({cols}, 103);
      const float* wp = params & 1 ? w.data<float>() : nullptr;
      const float* bp = params & 2 ? b.data<float>() : nullptr;
      const float eps = 1e-5f;
      std::vector<float> y(x.size()), in_place = x;
      internal::RowLayerNorm(x.data(), wp, bp, eps, y.data(), rows, cols);
      internal::RowLayerNorm(in_place.data(), wp, bp, eps, in_place.data(), rows, cols);
      EXPECT_EQ(FirstDifference(y, in_place), -1);
      for (int64_t r = 0; r < rows; ++r) {
        const float* xr = x.data() + r * cols;
        const float* yr = y.data() + r * cols;
        double mean = 0, var = 0;
        for (int64_t j = 0; j < cols; ++j) mean += xr[j];
        mean /= cols;
        for (int64_t j = 0; j < cols; ++j) var += (xr[j] - mean) * (xr[j] - mean);
        var /= cols;
        for (int64_t j = 0; j < cols; ++j) {
          double want = (xr[j] - mean) / std::sqrt(var + eps);
          if (wp != nullptr) want *= wp[j];
          if (bp != nullptr) want += bp[j];
          if (r == 2) {
            EXPECT_TRUE(std::isnan(yr[j])) << r << " " << j;
          } else {
            EXPECT_NEAR(yr[j], want, 1e-5 + 1e-5 * std::fabs(want)) << r << " " << j;
          }
        }
      }
    }
  }
}

TEST(OneDnnBackendTest, RowsOfOneElementTakeNoEpilogue) {
  // An epilogue is a program over one row; over one element it would take gelu's exact
  // formula, where eager uses oneDNN's for a tensor of 2+ elements.
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[6, 1][1, 1]cpu\n"
      "  %s = softmax.int(%x, 1, None)\n"
      "  %mul = mul.Tensor(%s, 0.75)\n"
      "  %gelu = gelu(%mul, \"none\")\n"
      "  return %gelu\n");
  ExpectMatchesEager(g, {Random({6, 1}, 131, 3)});
  if (!internal::HasRowKernels()) GTEST_SKIP() << "no AVX-512F: no row kernels";
  EXPECT_THAT(Lowering(g), HasSubstr("step 0 softmax %s [wick:avx512_rows]: axis 1 of %x -> "));
}

TEST(OneDnnBackendTest, LayerNorm) {
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[4, 8, 16][128, 16, 1]cpu\n"
      "  %w = placeholder L_w_ \"L['w']\" : f32[16][1]cpu\n"
      "  %b = placeholder L_b_ \"L['b']\" : f32[16][1]cpu\n"
      "  %ln = layer_norm(%x, [16], %w, %b, 1e-05, True)\n"
      "  %ln_1 = layer_norm(%x, [8, 16], None, None, 0.001, True)\n"
      "  return %ln, %ln_1\n");
  ExpectMatchesEager(g, {Random({4, 8, 16}, 17), Random({16}, 18), Random({16}, 19)});
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("layer_norm %ln ["));
  EXPECT_THAT(text, HasSubstr("[32x16] eps 1e-05 scale shift"));
  EXPECT_THAT(text, HasSubstr("[4x128] eps 0.001 -> new"));
}

TEST(OneDnnBackendTest, UnsupportedOpsFallBackToKernels) {
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[4, 8][8, 1]cpu\n"
      "  %i = placeholder L_i_ \"L['i']\" : i64[4, 8][8, 1]cpu\n"
      "  %relu = relu(%x)\n"
      "  %cat = cat({%relu, %x}, 0)\n"
      "  %exp = exp(%cat)\n"
      "  %add = add.Tensor(%i, 1, 1)\n"
      "  return %exp, %add\n");
  Tensor i = *Tensor::Empty({4, 8}, DType::kInt64);
  for (int64_t k = 0; k < 32; ++k) i.data<int64_t>()[k] = k - 7;
  ExpectMatchesEager(g, {Random({4, 8}, 20), i});
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("step 0 pointwise %relu"));
  EXPECT_THAT(text, HasSubstr("step 1 kernel %cat = cat"));
  EXPECT_THAT(text, HasSubstr("step 3 kernel %add = add.Tensor"));  // int64: not lowered
}

// relu runs before add_ mutates x, as in eager, not at mul's position.
TEST(OneDnnBackendTest, InPlaceUpdatesBetweenPointwiseOps) {
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[4, 8][8, 1]cpu\n"
      "  %relu = relu(%x)\n"
      "  %add_ = add_.Tensor(%x, 1, 1)\n"
      "  %mul = mul.Tensor(%relu, %x)\n"
      "  return %mul\n");
  // Each backend gets its own copy of x (the graph mutates its input).
  Tensor x = Random({4, 8}, 32);
  Tensor x2 = *x.CopyAs(DType::kFloat32);
  auto eager = MakeEagerBackend()->Compile(g);
  auto onednn = MakeOneDnnBackend()->Compile(g);
  ASSERT_TRUE(eager.ok() && onednn.ok());
  absl::StatusOr<std::vector<Tensor>> want = (*eager)->Run({x});
  absl::StatusOr<std::vector<Tensor>> got = (*onednn)->Run({x2});
  ASSERT_TRUE(want.ok() && got.ok());
  ExpectClose((*got)[0], (*want)[0]);
  ExpectClose(x2, x);
}

// K = 0: the result is the bias alone; the kernel runs it.
TEST(OneDnnBackendTest, EmptyReductionDim) {
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[4, 0][1, 1]cpu\n"
      "  %w = placeholder L_w_ \"L['w']\" : f32[3, 0][1, 1]cpu\n"
      "  %b = placeholder L_b_ \"L['b']\" : f32[3][1]cpu\n"
      "  %linear = linear(%x, %w, %b)\n"
      "  %relu = relu(%linear)\n"
      "  return %relu\n");
  ExpectMatchesEager(g, {Random({4, 0}, 33), Random({3, 0}, 34), Random({3}, 35)});
  EXPECT_THAT(Lowering(g), HasSubstr("step 0 kernel %linear = linear\n"));
}

TEST(OneDnnBackendTest, NonContiguousInputs) {
  // x is a transposed view: linear copies it to a dense operand; relu on it keeps eager's
  // transposed output strides by running the kernel.
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[8, 32][1, 8]cpu\n"
      "  %w = placeholder L_w_ \"L['w']\" : f32[16, 32][32, 1]cpu\n"
      "  %linear = linear(%x, %w, None)\n"
      "  %relu = relu(%x)\n"
      "  return %linear, %relu\n");
  Tensor base = Random({32, 8}, 21);
  Tensor x = Tensor::View(base, {8, 32}, {1, 8}, 0);
  ExpectMatchesEager(g, {x, Random({16, 32}, 22)});
  EXPECT_THAT(Lowering(g), HasSubstr("step 1 kernel %relu = relu"));
}

TEST(OneDnnBackendTest, MultipleOutputsAndAnOutputThatIsAnInput) {
  graph::Graph g = ParseGraph(absl::StrCat(kLinearInputs,
                                           "  %linear = linear(%x, %w, %b)\n"
                                           "  %relu = relu(%linear)\n"
                                           "  %neg = neg(%relu)\n"
                                           "  return %relu, %x, %neg, %linear\n"));
  std::vector<Tensor> inputs = {Random({64, 32}, 23), Random({16, 32}, 24), Random({16}, 25)};
  ExpectMatchesEager(g, inputs);
  auto compiled = MakeOneDnnBackend()->Compile(g);
  ASSERT_TRUE(compiled.ok());
  absl::StatusOr<std::vector<Tensor>> outs = (*compiled)->Run(inputs);
  ASSERT_TRUE(outs.ok());
  EXPECT_TRUE((*outs)[1].is_same(inputs[0]));
  // Returned values end chains: three steps, no arena buffers.
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("step 0 matmul %linear ["));
  EXPECT_THAT(text, HasSubstr("step 1 pointwise %relu"));
  EXPECT_THAT(text, HasSubstr("step 2 pointwise %neg"));
  EXPECT_THAT(text, Not(HasSubstr("buf0")));
}

// Without the override a Linear's [n, k] parameter is packed only where oneDNN's
// preferred layout is blocked, and read in place otherwise; the result is the same.
TEST(OneDnnBackendTest, LinearWeightsArePackedOnlyIntoBlockedLayouts) {
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[64, 32][32, 1]cpu\n"
      "  %w = placeholder L_self_modules_fc_parameters_weight_ "
      "\"L['self']._modules['fc']._parameters['weight']\" : f32[16, 32][32, 1]cpu\n"
      "  %linear = linear(%x, %w, None)\n"
      "  return %linear\n");
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("weights %w"));
  Tensor x = Random({64, 32}, 50), w = Random({16, 32}, 51);
  ExpectMatchesEager(g, {x, w});
  {
    AlwaysPackWeights always_pack;
    EXPECT_THAT(Lowering(g), HasSubstr("weights %w (packed)"));
    ExpectMatchesEager(g, {x, w});
  }
}

TEST(OneDnnBackendTest, PackedWeightFollowsInPlaceUpdates) {
  AlwaysPackWeights always_pack;
  Tensor w = Random({16, 32}, 26);
  graph::GraphBuilder b("__compiled_fn_1");
  graph::NodeId x = b.AddPlaceholder(
      "L_x_", "L['x']", graph::TensorMeta::Of(Tensor::Meta({64, 32}, DType::kFloat32)));
  graph::NodeId wn = b.AddGetAttr("L__self___w", w);
  const tensor::OpDef* linear = tensor::OpRegistry::Global().Find("linear");
  graph::NodeId lin = *b.AddCall(
      linear, {graph::Arg::Ref({x, -1}), graph::Arg::Ref({wn, -1}), graph::Arg()},
      graph::Spelling{graph::CallStyle::kFunction, "torch.nn.functional.linear", {}, {}}, {});
  b.SetOutput({{lin, -1}});
  graph::Graph g = *std::move(b).Finish();
  EXPECT_THAT(Lowering(g), HasSubstr("weights %l__self___w (packed)"));
  Tensor xin = Random({64, 32}, 27);
  ExpectMatchesEager(g, {xin});
  auto compiled = MakeOneDnnBackend()->Compile(g);
  ASSERT_TRUE(compiled.ok());
  ASSERT_TRUE((*compiled)->Run({xin}).ok());
  // w.mul_(3) after compiling: the compiled graph re-packs before its next run.
  for (int64_t i = 0; i < w.numel(); ++i) w.data<float>()[i] *= 3;
  w.bump_version();
  absl::StatusOr<std::vector<Tensor>> got = (*compiled)->Run({xin});
  absl::StatusOr<std::vector<Tensor>> want = (*MakeEagerBackend()->Compile(g))->Run({xin});
  ASSERT_TRUE(got.ok() && want.ok());
  ExpectClose((*got)[0], (*want)[0]);
}

// A parameter that arrives as a graph input (upstream's placeholders for module
// parameters) is packed on the first run and re-packed when it is updated in place or
// replaced by another tensor; a plain input is never packed.
TEST(OneDnnBackendTest, ParameterInputsArePackedAndFollowChanges) {
  AlwaysPackWeights always_pack;
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[64, 32][32, 1]cpu\n"
      "  %w = placeholder L_self_modules_fc_parameters_weight_ "
      "\"L['self']._modules['fc']._parameters['weight']\" : f32[16, 32][32, 1]cpu\n"
      "  %v = placeholder L_v_ \"L['v']\" : f32[16, 32][32, 1]cpu\n"
      "  %linear = linear(%x, %w, None)\n"
      "  %linear_1 = linear(%x, %v, None)\n"
      "  return %linear, %linear_1\n");
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("weights %w (packed)"));
  EXPECT_THAT(text, HasSubstr("weights %v post_ops"));  // not a parameter: not packed
  auto compiled = MakeOneDnnBackend()->Compile(g);
  auto eager = MakeEagerBackend()->Compile(g);
  ASSERT_TRUE(compiled.ok() && eager.ok());
  Tensor x = Random({64, 32}, 40), w = Random({16, 32}, 41), v = Random({16, 32}, 42);
  auto check = [&](const std::vector<Tensor>& in) {
    absl::StatusOr<std::vector<Tensor>> got = (*compiled)->Run(in);
    absl::StatusOr<std::vector<Tensor>> want = (*eager)->Run(in);
    ASSERT_TRUE(got.ok() && want.ok()) << got.status();
    ExpectClose((*got)[0], (*want)[0]);
    ExpectClose((*got)[1], (*want)[1]);
  };
  check({x, w, v});
  check({x, w, v});
  for (int64_t i = 0; i < w.numel(); ++i) w.data<float>()[i] *= -2;  // w.mul_(-2)
  w.bump_version();
  check({x, w, v});
  check({x, Random({16, 32}, 43), v});  // another tensor in the parameter's place
  check({x, w, Random({16, 32}, 44)});
}

// Attention's shape: a batched matmul reads the transposed key in place and takes the
// 1/sqrt(d) scale as a post-op; the second batched matmul follows softmax. A batch that
// broadcasts stays a kernel.
TEST(OneDnnBackendTest, BatchedMatmulsReadTransposedOperandsInPlace) {
  graph::Graph g = ParseGraph(
      "  %q = placeholder L_q_ \"L['q']\" : f32[2, 3, 17, 8][408, 136, 8, 1]cpu\n"
      "  %k = placeholder L_k_ \"L['k']\" : f32[2, 3, 17, 8][408, 136, 8, 1]cpu\n"
      "  %v = placeholder L_v_ \"L['v']\" : f32[2, 3, 17, 8][408, 136, 8, 1]cpu\n"
      "  %b = placeholder L_b_ \"L['b']\" : f32[8, 5][5, 1]cpu\n"
      "  %transpose = transpose.int(%k, -2, -1)\n"
      "  %matmul = matmul(%q, %transpose)\n"
      "  %truediv = div.Tensor(%matmul, 2.8284271247461903)\n"
      "  %softmax = softmax.int(%truediv, -1, None)\n"
      "  %matmul_1 = matmul(%softmax, %v)\n"
      "  %matmul_2 = matmul(%matmul_1, %b)\n"
      "  return %matmul_1, %matmul_2\n");
  ExpectMatchesEager(g, {Random({2, 3, 17, 8}, 50), Random({2, 3, 17, 8}, 51),
                         Random({2, 3, 17, 8}, 52), Random({8, 5}, 53)});
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("matmul %matmul -> %truediv ["));
  EXPECT_THAT(text, HasSubstr("batch [2, 3] [17x8] @ [8x17] in place (%q, %transpose) "
                              "post_ops [linear(0.353553, 0)]"));
  EXPECT_THAT(text, HasSubstr("batch [2, 3] [17x17] @ [17x8] in place (%softmax, %v)"));
  EXPECT_THAT(text, HasSubstr("kernel %matmul_2 = matmul"));  // [2,3,17,8] @ [8,5]
}

// Nodes that read only parameters and buffers are computed once and kept: %t and %mul
// here, not %view (returned) and not %exp (a returned view would hand out the kept
// tensor). An in-place update of a parameter or buffer, or another tensor in its place,
// recomputes them, so every run matches eager.
TEST(OneDnnBackendTest, ParameterOnlyNodesAreFoldedUntilAParameterChanges) {
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[8, 16][16, 1]cpu\n"
      "  %w = placeholder L_self_parameters_w_ \"L['self']._parameters['w']\" : "
      "f32[16, 16][16, 1]cpu\n"
      "  %s = placeholder L_self_buffers_s_ \"L['self']._buffers['s']\" : f32[16][1]cpu\n"
      "  %t = t(%w)\n"
      "  %mul = mul.Tensor(%t, %s)\n"
      "  %mm = mm(%x, %mul)\n"
      "  %view = view(%s, [1, 16])\n"
      "  %exp = exp(%s)\n"
      "  %view_1 = view(%exp, [16, 1])\n"
      "  %add = add.Tensor(%mm, %view, 1)\n"
      "  return %add, %view, %view_1\n");
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("fold %t = t (kept until a parameter it reads changes)\n"
                              "  fold %mul = mul.Tensor (kept"));
  EXPECT_THAT(text, Not(HasSubstr("fold %view")));
  EXPECT_THAT(text, Not(HasSubstr("fold %exp")));
  EXPECT_THAT(text, HasSubstr("step 0 matmul %mm [brg:avx512_core]: [8x16] @ [16x16] weights "
                              "%mul (packed) post_ops []"));

  BothBackends both(g);
  const Tensor x = Random({8, 16}, 61);
  Tensor w = Random({16, 16}, 62), s = Random({16}, 63);
  both.Check({x, w, s}, "first run");
  both.Check({x, w, s}, "second run, kept values");
  for (int64_t i = 0; i < w.numel(); ++i) w.data<float>()[i] *= -2;  // w.mul_(-2)
  w.bump_version();
  both.Check({x, w, s}, "w updated in place");
  s.data<float>()[3] = 7;  // s[3] = 7
  s.bump_version();
  both.Check({x, w, s}, "s updated in place");
  w = Random({16, 16}, 64);
  both.Check({x, w, s}, "another w");
}

// batch_norm declares in-place writes of its running statistics, but with a constant
// training=False, or without running statistics, it writes nothing: the graph keeps
// folding; in training with statistics it does not.
TEST(OneDnnBackendTest, EvalBatchNormKeepsFoldingTrainingBatchNormStopsIt) {
  const std::string head =
      "  %x = placeholder L_x_ \"L['x']\" : f32[4, 8][8, 1]cpu\n"
      "  %w = placeholder L_self_parameters_w_ \"L['self']._parameters['w']\" : "
      "f32[8, 8][8, 1]cpu\n"
      "  %rm = placeholder L_self_buffers_rm_ \"L['self']._buffers['rm']\" : f32[8][1]cpu\n"
      "  %rv = placeholder L_self_buffers_rv_ \"L['self']._buffers['rv']\" : f32[8][1]cpu\n"
      "  %t = t(%w)\n"
      "  %e = exp(%t)\n"
      "  %mm = mm(%x, %e)\n";
  graph::Graph eval = ParseGraph(
      head + "  %bn = batch_norm(%mm, None, None, %rm, %rv, False, 0.1, 1e-05, False)\n"
             "  return %bn\n");
  EXPECT_THAT(Lowering(eval), HasSubstr("fold %t = t"));
  Tensor rv = Random({8}, 94, 0.5f);
  for (int64_t i = 0; i < rv.numel(); ++i) rv.data<float>()[i] += 1.5f;  // variances > 0
  ExpectMatchesEager(eval, {Random({4, 8}, 91), Random({8, 8}, 92), Random({8}, 93), rv});
  graph::Graph train = ParseGraph(
      head + "  %bn = batch_norm(%mm, None, None, %rm, %rv, True, 0.1, 1e-05, False)\n"
             "  return %bn\n");
  EXPECT_THAT(Lowering(train), Not(HasSubstr("fold %t")));
  graph::Graph no_stats = ParseGraph(
      head + "  %bn = batch_norm(%mm, None, None, None, None, True, 0.1, 1e-05, False)\n"
             "  return %bn\n");
  EXPECT_THAT(Lowering(no_stats), HasSubstr("fold %t = t"));
}

TEST(OneDnnBackendTest, FoldedNodesReadOnlyFoldedValues) {
  // %e is parameter-only but returned, so it runs every call; %n reads it, so %n cannot be
  // computed once ahead of the steps either (a fuzzer found %n folded, reading nothing).
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[4, 8][8, 1]cpu\n"
      "  %w = placeholder L_self_parameters_w_ \"L['self']._parameters['w']\" : "
      "f32[8, 8][8, 1]cpu\n"
      "  %t = t(%w)\n"
      "  %e = exp(%t)\n"
      "  %n = neg(%e)\n"
      "  %mm = mm(%x, %n)\n"
      "  return %mm, %e\n");
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("fold %t = t"));
  EXPECT_THAT(text, Not(HasSubstr("fold %e")));
  EXPECT_THAT(text, Not(HasSubstr("fold %n")));
  ExpectMatchesEager(g, {Random({4, 8}, 71), Random({8, 8}, 72)});
}

TEST(OneDnnBackendTest, StepsWithOneWeightShareItsPackedCopy) {
  AlwaysPackWeights always_pack;
  // An unrolled loop's linears: one packed copy, repacked once when the weight changes.
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[4, 16][16, 1]cpu\n"
      "  %w = placeholder L_self_parameters_w_ \"L['self']._parameters['w']\" : "
      "f32[16, 16][16, 1]cpu\n"
      "  %l1 = linear(%x, %w, None)\n"
      "  %s1 = softmax.int(%l1, 1, None)\n"
      "  %l2 = linear(%s1, %w, None)\n"
      "  %l3 = mm(%l2, %w)\n"
      "  return %l3\n");
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("step 2 matmul %l2 [brg:avx512_core]: [4x16] @ [16x16] weights %w "
                              "(packed at step 0)"));
  EXPECT_THAT(text, HasSubstr("step 3 matmul %l3 [brg:avx512_core]: [4x16] @ [16x16] weights %w "
                              "(packed) "));  // another layout: [k, n] rather than [n, k]

  BothBackends both(g);
  const Tensor x = Random({4, 16}, 81);
  Tensor w = Random({16, 16}, 82);
  both.Check({x, w}, "first run");
  both.Check({x, w}, "second run");
  for (int64_t i = 0; i < w.numel(); ++i) w.data<float>()[i] += 0.5f;  // w.add_(0.5)
  w.bump_version();
  both.Check({x, w}, "w updated in place");
  w = Random({16, 16}, 83);
  both.Check({x, w}, "another w");
}

TEST(OneDnnBackendTest, ConstantWeightsShareAPackedCopyOnlyWhenTheSameTensor) {
  AlwaysPackWeights always_pack;
  // W and W.t() captured as constants share storage and data pointer, and both linears
  // see an [n, k] weight, but they are different weights: each step packs its own.
  const Tensor w = Random({16, 16}, 121);
  const Tensor wt = Tensor::View(w, {16, 16}, {1, 16}, 0);
  graph::GraphBuilder b("g");
  graph::TensorMeta xm;
  xm.sizes = {4, 16};
  xm.strides = {16, 1};
  const graph::NodeId x = b.AddPlaceholder("L_x_", "L['x']", xm);
  const graph::NodeId cw = b.AddGetAttr("W", w);
  const graph::NodeId cwt = b.AddGetAttr("Wt", wt);
  auto linear = [&](graph::NodeId in, graph::NodeId weight) {
    std::vector<graph::Arg> args = {graph::Arg::Ref({in, -1}), graph::Arg::Ref({weight, -1}),
                                    graph::Arg::Constant(tensor::Value())};
    graph::Spelling spelling{graph::CallStyle::kFunction, "torch.nn.functional.linear", args,
                             {}};
    absl::StatusOr<graph::NodeId> id = b.AddCall(
        tensor::OpRegistry::Global().Find("linear"), std::move(args), std::move(spelling), {});
    EXPECT_TRUE(id.ok()) << id.status();
    return id.ok() ? *id : graph::NodeId{-1};
  };
  const graph::NodeId l1 = linear(x, cw);
  const graph::NodeId l2 = linear(l1, cwt);
  b.SetOutput({{l2, -1}});
  absl::StatusOr<graph::Graph> g = std::move(b).Finish();
  ASSERT_TRUE(g.ok()) << g.status();
  const std::string text = Lowering(*g);
  EXPECT_THAT(text, HasSubstr("step 1 matmul %linear_1 [brg:avx512_core]: [4x16] @ [16x16] "
                              "weights %wt (packed) post_ops []"));
  ExpectMatchesEager(*g, {Random({4, 16}, 122)});
}

TEST(OneDnnBackendTest, SoftmaxAndPointwiseWriteOverAValueTheyReadLast) {
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[4, 16][16, 1]cpu\n"
      "  %w = placeholder L_w_ \"L['w']\" : f32[16, 16][16, 1]cpu\n"
      "  %l1 = linear(%x, %w, None)\n"
      "  %s = softmax.int(%l1, 1, None)\n"
      "  %l2 = linear(%s, %w, None)\n"
      "  %m = mul.Tensor(%s, %s)\n"
      "  %e = exp(%m)\n"
      "  %l3 = linear(%e, %w, None)\n"
      "  %n = neg(%l3)\n"
      "  %b = add.Tensor(%l3, %x, 1)\n"
      "  %l4 = linear(%n, %w, None)\n"
      "  return %l2, %l4, %b\n");
  ExpectMatchesEager(g, {Random({4, 16}, 91), Random({16, 16}, 92)});
  if (!internal::HasRowKernels()) GTEST_SKIP() << "no AVX-512F: softmax runs the eager kernel";
  const std::string text = Lowering(g);
  // %l1's buffer takes %s (softmax in place), then %m -> %e (pointwise, in place); %l3 is
  // read again after %n, which must not overwrite it.
  EXPECT_THAT(text, HasSubstr("step 0 matmul %l1 [brg:avx512_core]: [4x16] @ [16x16] weights "
                              "%w post_ops [] -> buf0\n"));
  EXPECT_THAT(text, HasSubstr("step 1 softmax %s [wick:avx512_rows]: axis 1 of %l1 -> buf0\n"));
  EXPECT_THAT(text, HasSubstr("step 3 pointwise %m -> %e: mul(in0, in0) -> exp(chain) -> buf0\n"));
  EXPECT_THAT(text, HasSubstr("step 4 matmul %l3 [brg:avx512_core]: [4x16] @ [16x16] weights "
                              "%w post_ops [] -> buf1\n"));
  EXPECT_THAT(text, HasSubstr("step 5 pointwise %n: neg(in0) -> buf0\n"));
}

TEST(OneDnnBackendTest, ArenaReusesBuffersByLiveness) {
  // Four intermediates in a row, each read only by the next lowered step: two buffers.
  graph::Graph g = ParseGraph(
      "  %x = placeholder L_x_ \"L['x']\" : f32[4, 16][16, 1]cpu\n"
      "  %w = placeholder L_w_ \"L['w']\" : f32[16, 16][16, 1]cpu\n"
      "  %l1 = linear(%x, %w, None)\n"
      "  %s1 = softmax.int(%l1, 1, None)\n"
      "  %l2 = linear(%s1, %w, None)\n"
      "  %s2 = softmax.int(%l2, 1, None)\n"
      "  %l3 = linear(%s2, %w, None)\n"
      "  return %l3\n");
  ExpectMatchesEager(g, {Random({4, 16}, 28), Random({16, 16}, 29)});
  if (!internal::HasRowKernels()) GTEST_SKIP() << "no AVX-512F: softmax runs the eager kernel";
  const std::string text = Lowering(g);
  EXPECT_THAT(text, HasSubstr("step 0 matmul %l1"));
  EXPECT_THAT(text, HasSubstr("buf1: 256 bytes"));
  EXPECT_THAT(text, Not(HasSubstr("buf2")));
}

// Random chains of pointwise ops (and sometimes a linear anchor) over full, row and
// scalar operands and constants: 300 graphs, each compared with eager.
TEST(OneDnnBackendTest, RandomPointwiseChainsMatchEager) {
  // Bounded, well-conditioned ops and constants (exp and large scales would feed sin huge
  // arguments, where one ulp of difference changes the result).
  static constexpr const char* kUnary[] = {"relu", "tanh", "sigmoid", "sin",  "cos",
                                           "abs",  "neg",  "silu",    "gelu", "silu"};
  static constexpr const char* kBinary[] = {"add.Tensor", "sub.Tensor", "mul.Tensor",
                                            "div.Tensor"};
  static constexpr const char* kOperands[] = {"%x", "%row", "%one", "0.75", "-0.5", "%x"};
  uint32_t state = 12345;
  auto next = [&](uint32_t n) {
    state = state * 1664525u + 1013904223u;
    return (state >> 8) % n;
  };
  for (int trial = 0; trial < 300; ++trial) {
    std::string body =
        "  %x = placeholder L_x_ \"L['x']\" : f32[5, 24][24, 1]cpu\n"
        "  %row = placeholder L_row_ \"L['row']\" : f32[24][1]cpu\n"
        "  %one = placeholder L_one_ \"L['one']\" : f32[1][1]cpu\n"
        "  %w = placeholder L_w_ \"L['w']\" : f32[24, 24][24, 1]cpu\n";
    std::string prev = "x";
    if (next(2) == 0) {
      absl::StrAppend(&body, "  %v0 = linear(%x, %w, ", next(2) ? "%row" : "None", ")\n");
      prev = "v0";
    }
    const int length = 1 + static_cast<int>(next(8));
    for (int i = 1; i <= length; ++i) {
      const std::string name = absl::StrCat("v", i);
      if (next(2) == 0) {
        const std::string op = kUnary[next(10)];
        absl::StrAppend(&body, "  %", name, " = ", op, "(%", prev,
                        op == "gelu" ? (next(2) ? ", \"none\")" : ", \"tanh\")") : ")", "\n");
      } else {
        const std::string op = kBinary[next(4)];
        std::string a = "%" + prev, b = kOperands[next(6)];
        if (next(3) == 0 && b[0] == '%') std::swap(a, b);
        if (op == "div.Tensor") b = next(2) ? "-2" : "1.5";  // divisors away from 0
        const bool alpha = op == "add.Tensor" || op == "sub.Tensor";
        absl::StrAppend(&body, "  %", name, " = ", op, "(", a, ", ", b,
                        alpha ? (next(2) ? ", 1" : ", 0.5") : "", ")\n");
      }
      prev = name;
    }
    absl::StrAppend(&body, "  return %", prev, "\n");
    SCOPED_TRACE(body);
    ExpectMatchesEager(ParseGraph(body), {Random({5, 24}, 3 * trial), Random({24}, 3 * trial + 1),
                                          Random({1}, 3 * trial + 2), Random({24, 24}, trial, 0.1f)});
    if (HasFailure()) break;
  }
}


// Dynamic shapes: a symbolic graph is specialised and lowered per input shape; every
// shape matches eager, and a shape seen before (also after others evicted it from the
// backend's small cache) still runs right.

// x: [s0, 32] -> relu(linear(x, w, b)).view(s0 * 16) + s0, traced with s0 = 8.
graph::Graph SymbolicLinearGraph() {
  using graph::Arg;
  const sym::ExprPtr s0 = sym::Symbol(0, "s0");
  auto meta = [](std::vector<int64_t> sizes) {
    return graph::TensorMeta::Of(Tensor::Meta(sizes, DType::kFloat32));
  };
  auto op = [](absl::string_view name) { return tensor::OpRegistry::Global().Find(name); };
  auto ref = [](graph::NodeId id) { return Arg::Ref({id, -1}); };
  auto fn = [](std::string target) {
    return graph::Spelling{graph::CallStyle::kFunction, std::move(target), {}, {}};
  };
  graph::GraphBuilder b("g");
  graph::NodeId x = b.AddPlaceholder("L_x_", "L['x']", meta({8, 32}));
  graph::NodeId w = b.AddPlaceholder("L_w_", "L['w']", meta({16, 32}));
  graph::NodeId bias = b.AddPlaceholder("L_b_", "L['b']", meta({16}));
  b.AddSymbol({"s0", 8, x, 0});
  b.SetSymSizes(x, -1, {s0, sym::Int(32)});
  graph::NodeId linear = *b.AddCall(op("linear"), {ref(x), ref(w), ref(bias)},
                                    fn("torch.nn.functional.linear"), {});
  graph::NodeId relu = *b.AddCall(op("relu"), {ref(linear)}, fn("torch.relu"), {});
  graph::NodeId view =
      *b.AddCall(op("view"), {ref(relu), Arg::SymList({sym::Mul(s0, sym::Int(16))})},
                 fn("view"), {});
  graph::NodeId add = *b.AddCall(op("add.Tensor"), {ref(view), Arg::Sym(s0), Arg::Constant(1)},
                                 fn("operator.add"), {});
  b.SetOutput({{add, -1}, {relu, -1}});
  return *std::move(b).Finish();
}

TEST(OneDnnBackendTest, SymbolicGraphRunsForEachShape) {
  graph::Graph g = SymbolicLinearGraph();
  auto eager = MakeEagerBackend()->Compile(g);
  auto onednn = MakeOneDnnBackend()->Compile(g);
  ASSERT_TRUE(eager.ok()) << eager.status();
  ASSERT_TRUE(onednn.ok()) << onednn.status();
  const Tensor w = Random({16, 32}, 11), b = Random({16}, 12);
  // 8 is the traced size; 1..12 overflow the per-shape cache; 8 and 5 come back.
  std::vector<int64_t> rows = {8, 5, 8};
  for (int64_t n = 1; n <= 12; ++n) rows.push_back(n);
  rows.push_back(8);
  rows.push_back(5);
  for (size_t i = 0; i < rows.size(); ++i) {
    SCOPED_TRACE(absl::StrCat("call ", i, ": x is [", rows[i], ", 32]"));
    std::vector<Tensor> inputs = {Random({rows[i], 32}, 100 + static_cast<uint32_t>(i)), w, b};
    absl::StatusOr<std::vector<Tensor>> want = (*eager)->Run(inputs);
    absl::StatusOr<std::vector<Tensor>> got = (*onednn)->Run(inputs);
    ASSERT_TRUE(want.ok()) << want.status();
    ASSERT_TRUE(got.ok()) << got.status();
    ASSERT_EQ(got->size(), 2u);
    EXPECT_EQ(Vec((*got)[0].sizes()), (std::vector<int64_t>{rows[i] * 16}));
    ExpectClose((*got)[0], (*want)[0]);
    ExpectClose((*got)[1], (*want)[1]);
  }
}

TEST(OneDnnBackendTest, SymbolicIntInputIsPartOfTheShapeKey) {
  // def fn(x, n): return (x * 2).view(n, -1) * n   with n a symbolic int (0-dim int64).
  using graph::Arg;
  const sym::ExprPtr s0 = sym::Symbol(0, "s0");
  auto op = [](absl::string_view name) { return tensor::OpRegistry::Global().Find(name); };
  const graph::Spelling fn{graph::CallStyle::kFunction, "f", {}, {}};
  graph::GraphBuilder b("g");
  graph::NodeId x = b.AddPlaceholder("L_x_", "L['x']",
                                     graph::TensorMeta::Of(Tensor::Meta({12}, DType::kFloat32)));
  graph::NodeId n = b.AddPlaceholder("L_n_", "L['n']",
                                     graph::TensorMeta::Of(Tensor::Meta({}, DType::kInt64)));
  b.AddSymbol({"s0", 3, n, -1});
  graph::NodeId mul = *b.AddCall(op("mul.Tensor"), {Arg::Ref({x, -1}), Arg::Constant(2)}, fn, {});
  graph::NodeId view = *b.AddCall(
      op("view"), {Arg::Ref({mul, -1}), Arg::SymList({s0, sym::Int(-1)})}, fn, {});
  graph::NodeId out = *b.AddCall(op("mul.Tensor"), {Arg::Ref({view, -1}), Arg::Sym(s0)}, fn, {});
  b.SetOutput({{out, -1}});
  graph::Graph g = *std::move(b).Finish();
  auto eager = MakeEagerBackend()->Compile(g);
  auto onednn = MakeOneDnnBackend()->Compile(g);
  ASSERT_TRUE(eager.ok()) << eager.status();
  ASSERT_TRUE(onednn.ok()) << onednn.status();
  const Tensor xs = Random({12}, 21);
  for (int64_t v : {3, 4, 3, 6, 2}) {
    SCOPED_TRACE(v);
    std::vector<Tensor> inputs = {xs, Tensor::FromScalar(v, DType::kInt64)};
    absl::StatusOr<std::vector<Tensor>> want = (*eager)->Run(inputs);
    absl::StatusOr<std::vector<Tensor>> got = (*onednn)->Run(inputs);
    ASSERT_TRUE(want.ok()) << want.status();
    ASSERT_TRUE(got.ok()) << got.status();
    EXPECT_EQ(Vec((*got)[0].sizes()), (std::vector<int64_t>{v, 12 / v}));
    ExpectClose((*got)[0], (*want)[0]);
  }
  // A size that does not fit fails as eager does.
  std::vector<Tensor> bad = {xs, Tensor::FromScalar(int64_t{5}, DType::kInt64)};
  absl::Status want = (*eager)->Run(bad).status();
  absl::Status got = (*onednn)->Run(bad).status();
  ASSERT_FALSE(want.ok());
  EXPECT_EQ(got.code(), want.code());
  EXPECT_EQ(got.message(), want.message());
}

TEST(OneDnnBackendTest, DescribeLoweringOfASymbolicGraph) {
  absl::StatusOr<std::string> text = DescribeLowering(SymbolicLinearGraph());
  ASSERT_TRUE(text.ok()) << text.status();
  // Nothing is lowered until a shape is seen.
  EXPECT_EQ(*text,
            "onednn lowering of g: symbolic sizes; lowered for each input shape on first use "
            "(up to 8 kept)\n");
}

}  // namespace
}  // namespace wick::codegen
