// GroupFusible over graphs written in graph::Parse's text form, with a test support
// table: partitions printed and compared as text.
#include "partitioner/fusion.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "graph/graph.h"
#include "gtest/gtest.h"

namespace wick::partitioner {
namespace {

// linear/addmm/mm anchor matmul partitions; relu, add, mul, sin, tanh are pointwise but
// sin is no post-op of a matmul; softmax is opaque; everything else falls back.
class TestSupport : public BackendSupport {
 public:
  explicit TestSupport(int max_post_ops = 32) : max_(max_post_ops) {}
  NodeClass Classify(const graph::Graph&, const graph::Node& n) const override {
    const std::string name = n.op->full_name();
    if (name == "linear" || name == "addmm" || name == "mm") return NodeClass::kMatmul;
    if (name == "relu" || name == "add.Tensor" || name == "mul.Tensor" || name == "sin" ||
        name == "tanh") {
      return NodeClass::kPointwise;
    }
    if (name == "softmax.int") return NodeClass::kOpaque;
    return NodeClass::kUnsupported;
  }
  bool CanAppend(const graph::Graph& g, absl::Span<const graph::NodeId> chain,
                 const graph::Node& next) const override {
    return !(Classify(g, g.node(chain[0])) == NodeClass::kMatmul && next.op->name() == "sin");
  }
  int MaxPostOps() const override { return max_; }

 private:
  int max_;
};

std::string Partitions(const std::string& body, const BackendSupport& support) {
  absl::StatusOr<graph::Graph> g = graph::Parse(absl::StrCat("graph g {\n", body, "}\n"));
  if (!g.ok()) return std::string(g.status().message());
  return PrintPartitions(*g, GroupFusible(*g, support));
}

constexpr char kInputs[] =
    "  %x = placeholder L_x_ \"L['x']\" : f32[4, 8][8, 1]cpu\n"
    "  %w = placeholder L_w_ \"L['w']\" : f32[8, 8][8, 1]cpu\n"
    "  %b = placeholder L_b_ \"L['b']\" : f32[8][1]cpu\n";

TEST(GroupFusibleTest, LinearTakesItsPointwiseChain) {
  EXPECT_EQ(Partitions(absl::StrCat(kInputs,
                                    "  %linear = linear(%x, %w, %b)\n"
                                    "  %relu = relu(%linear)\n"
                                    "  %add = add.Tensor(%relu, %b, 1)\n"
                                    "  %sin = sin(%add)\n"
                                    "  %tanh = tanh(%sin)\n"
                                    "  return %tanh\n"),
                       TestSupport()),
            "partition 0 matmul: %linear -> %relu -> %add\n"
            "partition 1 pointwise: %sin -> %tanh\n");
}

TEST(GroupFusibleTest, SharedOrReturnedValuesEndAChain) {
  // %relu feeds two nodes; %mul is returned: both end their chains.
  EXPECT_EQ(Partitions(absl::StrCat(kInputs,
                                    "  %linear = linear(%x, %w, None)\n"
                                    "  %relu = relu(%linear)\n"
                                    "  %mul = mul.Tensor(%relu, 2)\n"
                                    "  %tanh = tanh(%relu)\n"
                                    "  %add = add.Tensor(%mul, %tanh, 1)\n"
                                    "  return %add, %mul\n"),
                       TestSupport()),
            "partition 0 matmul: %linear -> %relu\n"
            "partition 1 pointwise: %mul\n"
            "partition 2 pointwise: %tanh -> %add\n");
}

TEST(GroupFusibleTest, OpaqueAndUnsupportedAreSingletons) {
  EXPECT_EQ(Partitions(absl::StrCat(kInputs,
                                    "  %softmax = softmax.int(%x, 1, None)\n"
                                    "  %relu = relu(%softmax)\n"
                                    "  %cat = cat({%relu, %x}, 0)\n"
                                    "  %tanh = tanh(%cat)\n"
                                    "  return %tanh\n"),
                       TestSupport()),
            "partition 0 single: %softmax\n"
            "partition 1 pointwise: %relu\n"
            "partition 2 fallback: %cat\n"
            "partition 3 pointwise: %tanh\n");
}

// A support whose opaque ops take epilogues: the same graph, softmax now leads a chain.
class EpilogueSupport : public TestSupport {
 public:
  bool TakesEpilogue(const graph::Graph&, const graph::Node&) const override { return true; }
};

TEST(GroupFusibleTest, OpaqueOpsTakeEpiloguesWhereTheBackendSaysSo) {
  EXPECT_EQ(Partitions(absl::StrCat(kInputs,
                                    "  %softmax = softmax.int(%x, 1, None)\n"
                                    "  %relu = relu(%softmax)\n"
                                    "  %mul = mul.Tensor(%relu, 2)\n"
                                    "  %cat = cat({%mul, %x}, 0)\n"
                                    "  return %cat\n"),
                       EpilogueSupport()),
            "partition 0 single: %softmax -> %relu -> %mul\n"
            "partition 1 fallback: %cat\n");
}

TEST(GroupFusibleTest, ChainsDoNotGrowAcrossWrites) {
  // add_ mutates %x between %relu and %mul: running relu at mul's position would read
  // the updated %x, so the chain ends.
  EXPECT_EQ(Partitions(absl::StrCat(kInputs,
                                    "  %relu = relu(%x)\n"
                                    "  %add_ = add_.Tensor(%x, 1, 1)\n"
                                    "  %mul = mul.Tensor(%relu, 2)\n"
                                    "  %tanh = tanh(%mul)\n"
                                    "  return %tanh, %add_\n"),
                       TestSupport()),
            "partition 0 pointwise: %relu\n"
            "partition 1 fallback: %add_\n"
            "partition 2 pointwise: %mul -> %tanh\n");
}

TEST(GroupFusibleTest, ChainLengthIsBounded) {
  std::string body = kInputs;
  std::string prev = "x";
  for (int i = 0; i < 5; ++i) {
    const std::string name = absl::StrCat("r", i);
    absl::StrAppend(&body, "  %", name, " = relu(%", prev, ")\n");
    prev = name;
  }
  absl::StrAppend(&body, "  return %", prev, "\n");
  // Two post-ops after the anchor: chains of three.
  EXPECT_EQ(Partitions(body, TestSupport(2)),
            "partition 0 pointwise: %r0 -> %r1 -> %r2\n"
            "partition 1 pointwise: %r3 -> %r4\n");
}

TEST(GroupFusibleTest, ChainResultsOrderPartitions) {
  // %tanh's chain ends after %relu_1's standalone partition began: order by result.
  EXPECT_EQ(Partitions(absl::StrCat(kInputs,
                                    "  %tanh = tanh(%x)\n"
                                    "  %relu_1 = relu(%b)\n"
                                    "  %mul = mul.Tensor(%tanh, 3)\n"
                                    "  return %mul, %relu_1\n"),
                       TestSupport()),
            "partition 0 pointwise: %relu_1\n"
            "partition 1 pointwise: %tanh -> %mul\n");
}

}  // namespace
}  // namespace wick::partitioner
