#include "partitioner/joint.h"

#include "partitioner/min_cut.h"

#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "base/status_macros.h"
#include "graph/graph.h"
#include "gtest/gtest.h"
#include "tensor/autograd/autograd.h"
#include "tensor/op_registry.h"

namespace wick::partitioner {
namespace {

namespace ag = tensor::autograd;
using tensor::DType;
using tensor::Tensor;
using tensor::Value;

Tensor Filled(std::vector<int64_t> sizes, uint64_t seed) {
  Tensor t = *Tensor::Empty(sizes, DType::kFloat32);
  uint64_t s = seed * 2654435761u + 1;
  for (int64_t i = 0; i < t.numel(); ++i) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    t.data<float>()[i] = static_cast<float>((s >> 11) % 2000) / 1000.0f - 1.0f;
  }
  return t;
}

// Runs a graph node by node on the registry's kernels (grad mode off).
std::vector<Tensor> RunGraph(const graph::Graph& g, const std::vector<Tensor>& inputs) {
  ag::GradModeGuard off(false);
  std::vector<Value> env(g.nodes().size());
  size_t next = 0;
  std::vector<Tensor> outs;
  for (const graph::Node& n : g.nodes()) {
    switch (n.kind) {
      case graph::NodeKind::kPlaceholder:
        env[n.id] = Value(inputs[next++]);
        break;
      case graph::NodeKind::kGetAttr:
        env[n.id] = Value(n.attr);
        break;
      case graph::NodeKind::kCall: {
        absl::StatusOr<std::vector<Value>> args = graph::MaterializeArgs(
            *n.op, n.args, [&](graph::NodeId id) -> const Value& { return env[id]; });
        EXPECT_TRUE(args.ok()) << args.status();
        absl::StatusOr<Value> r = n.op->kernel(tensor::OpArgs(*args));
        EXPECT_TRUE(r.ok()) << n.name << ": " << r.status();
        env[n.id] = *r;
        break;
      }
      case graph::NodeKind::kOutput:
        for (graph::ValueRef r : n.outputs) {
          outs.push_back(r.index < 0 ? env[r.node].to_tensor()
                                     : env[r.node].to_tensor_list()[r.index]);
        }
        break;
    }
  }
  return outs;
}

void ExpectClose(const Tensor& a, const Tensor& b, const std::string& what) {
  ASSERT_EQ(a.numel(), b.numel()) << what;
  Tensor ca = *a.CopyAs(DType::kFloat64), cb = *b.CopyAs(DType::kFloat64);
  for (int64_t i = 0; i < a.numel(); ++i) {
    EXPECT_NEAR(ca.data<double>()[i], cb.data<double>()[i], 1e-5) << what << " at " << i;
  }
}

bool HasOp(const graph::Graph& g, const std::string& name) {
  for (const graph::Node& n : g.nodes()) {
    if (n.kind == graph::NodeKind::kCall && n.op->name() == name) return true;
  }
  return false;
}

// mm -> relu -> sin: the forward saves relu's output (and views of the operands the
// matmul's gradient needs); cos(relu) is recomputed in the backward, not saved.
constexpr char kMlp[] = R"(graph __compiled_fn_1 {
  %l_x_ = placeholder L_x_ "L['x']" : f32[4, 3][3, 1]cpu
  %l_w_ = placeholder L_w_ "L['w']" : f32[3, 5][5, 1]cpu
  %mm = mm(%l_x_, %l_w_) ~ fn torch.mm(%l_x_, %l_w_)
  %relu = relu(%mm) ~ fn torch.relu(%mm)
  %sin = sin(%relu) ~ fn torch.sin(%relu)
  return %sin
})";

TEST(TraceJoint, GradientsMatchEagerAutogradAndPointwiseIsRecomputed) {
  absl::StatusOr<graph::Graph> g = graph::Parse(kMlp);
  ASSERT_TRUE(g.ok()) << g.status();
  Tensor x = Filled({4, 3}, 1), w = Filled({3, 5}, 2);
  x.set_requires_grad(true);
  w.set_requires_grad(true);
  absl::StatusOr<JointGraphs> j = TraceJoint(*g, {x, w});
  ASSERT_TRUE(j.ok()) << j.status();
  EXPECT_EQ(j->num_user_outputs, 1);
  EXPECT_EQ(j->grad_inputs, (std::vector<int>{0, 1}));
  // Saved: x and w (as the transposes mm's gradient reads) and relu's output.
  EXPECT_EQ(j->num_saved, 3) << graph::PrintReadable(j->forward);
  EXPECT_FALSE(HasOp(j->forward, "cos")) << graph::PrintReadable(j->forward);
  EXPECT_TRUE(HasOp(j->backward, "cos")) << graph::PrintReadable(j->backward);
  EXPECT_FALSE(HasOp(j->backward, "relu")) << graph::PrintReadable(j->backward);
  // The example inputs are untouched by the trace.
  EXPECT_TRUE(ag::IsLeaf(x));
  EXPECT_FALSE(ag::GradOf(x).defined());

  // Forward, then backward with a gradient of ones, against eager autograd.
  std::vector<Tensor> fw = RunGraph(j->forward, {x, w});
  ASSERT_EQ(fw.size(), 4u);
  Tensor ones = *tensor::OpRegistry::Global().Call("ones_like", {fw[0]})->to_tensor().Contiguous();
  std::vector<Tensor> bw_in(fw.begin() + 1, fw.end());
  bw_in.push_back(ones);
  std::vector<Tensor> grads = RunGraph(j->backward, bw_in);
  ASSERT_EQ(grads.size(), 2u);

  Tensor y = *ag::CallT("sin", {*ag::CallT("relu", {*ag::CallT("mm", {x, w})})});
  ExpectClose(fw[0], y, "forward");
  absl::StatusOr<std::vector<Tensor>> want =
      ag::Grad({y}, {ones}, {x, w}, false, false, false);
  ASSERT_TRUE(want.ok()) << want.status();
  ExpectClose(grads[0], (*want)[0], "grad x");
  ExpectClose(grads[1], (*want)[1], "grad w");
  // Upstream's print: aten ops, primals and tangents.
  const std::string text = graph::PrintReadable(j->backward);
  EXPECT_TRUE(absl::StrContains(text, "tangents_1")) << text;
  EXPECT_TRUE(absl::StrContains(text, "torch.ops.aten.mm.default(")) << text;
  EXPECT_TRUE(absl::StrContains(graph::PrintReadable(j->joint), "primals_1")) << text;
}

// An input that does not require grad gets no gradient output; broadcasting sums down.
constexpr char kBias[] = R"(graph __compiled_fn_1 {
  %l_x_ = placeholder L_x_ "L['x']" : f32[4, 3][3, 1]cpu
  %l_b_ = placeholder L_b_ "L['b']" : f32[3][1]cpu
  %add = add.Tensor(%l_x_, %l_b_, 1) ~ op operator.add(%l_x_, %l_b_)
  %mul = mul.Tensor(%add, 2) ~ op operator.mul(%add, 2)
  %tanh = tanh(%mul) ~ fn torch.tanh(%mul)
  return %tanh, %add
})";

TEST(TraceJoint, OnlyInputsThatRequireGradGetGradients) {
  absl::StatusOr<graph::Graph> g = graph::Parse(kBias);
  ASSERT_TRUE(g.ok()) << g.status();
  Tensor x = Filled({4, 3}, 3), b = Filled({3}, 4);
  b.set_requires_grad(true);
  absl::StatusOr<JointGraphs> j = TraceJoint(*g, {x, b});
  ASSERT_TRUE(j.ok()) << j.status();
  EXPECT_EQ(j->grad_inputs, (std::vector<int>{1}));
  EXPECT_EQ(j->differentiable, (std::vector<bool>{true, true}));
  std::vector<Tensor> fw = RunGraph(j->forward, {x, b});
  ASSERT_EQ(static_cast<int>(fw.size()), 2 + j->num_saved);
  Tensor t1 = Filled({4, 3}, 5), t2 = Filled({4, 3}, 6);
  std::vector<Tensor> bw_in(fw.begin() + 2, fw.end());
  bw_in.push_back(t1);
  bw_in.push_back(t2);
  std::vector<Tensor> grads = RunGraph(j->backward, bw_in);
  ASSERT_EQ(grads.size(), 1u);
  EXPECT_EQ(grads[0].dim(), 1);

  Tensor add = *ag::CallT("add", {x, b});
  Tensor y = *ag::CallT("tanh", {*ag::CallT("mul", {add, Value(2.0)})});
  absl::StatusOr<std::vector<Tensor>> want = ag::Grad({y, add}, {t1, t2}, {b}, false, false, false);
  ASSERT_TRUE(want.ok()) << want.status();
  ExpectClose(grads[0], (*want)[0], "grad b");
}

TEST(TraceJoint, InPlaceOpsAreLeftToEagerAutograd) {
  absl::StatusOr<graph::Graph> g = graph::Parse(R"(graph f {
  %l_x_ = placeholder L_x_ "L['x']" : f32[3][1]cpu
  %mul = mul.Tensor(%l_x_, 2) ~ op operator.mul(%l_x_, 2)
  %relu_ = relu_(%mul) ~ method relu_(%mul)
  return %relu_
})");
  ASSERT_TRUE(g.ok()) << g.status();
  Tensor x = Filled({3}, 7);
  x.set_requires_grad(true);
  absl::StatusOr<JointGraphs> j = TraceJoint(*g, {x});
  EXPECT_EQ(j.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_TRUE(absl::StrContains(j.status().message(), "in-place op relu_")) << j.status();
}

TEST(FlowGraph, MinCutPicksTheCheapestEdges) {
  // source -> a (5) -> sink, source -> b (3) -> c (1) -> sink, a -> c (inf).
  FlowGraph f(5);
  f.AddEdge(0, 2, 5);
  f.AddEdge(2, 1, 4);
  f.AddEdge(0, 3, 3);
  f.AddEdge(3, 4, 1);
  f.AddEdge(4, 1, 10);
  f.AddEdge(2, 4, kInfiniteCapacity);
  EXPECT_EQ(f.MaxFlow(0, 1), 6);  // cut: source->a (5) and b->c (1)
  std::vector<bool> s = f.SourceSide(0);
  EXPECT_TRUE(s[0]);
  EXPECT_TRUE(s[3]);
  EXPECT_FALSE(s[2]);
  EXPECT_FALSE(s[1]);
  // The same cut seen from the sink: here it is the only minimum cut.
  EXPECT_EQ(f.LargestSourceSide(1), s);
}

}  // namespace
}  // namespace wick::partitioner
