// The eager backend: results equal direct registry calls, list elements, errors.
#include <cstdint>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "base/python_error.h"
#include "codegen/backend.h"
#include "graph/graph.h"
#include "gtest/gtest.h"
#include "sym/expr.h"
#include "tensor/op_registry.h"

namespace wick::codegen {
namespace {

using graph::Arg;
using graph::CallStyle;
using graph::GraphBuilder;
using graph::NodeId;
using graph::Spelling;
using graph::TensorMeta;
using tensor::DType;
using tensor::OpRegistry;
using tensor::Tensor;
using tensor::Value;

const tensor::OpDef* Op(absl::string_view name) { return OpRegistry::Global().Find(name); }
Arg R(NodeId id, int32_t index = -1) { return Arg::Ref({id, index}); }
Arg C(Value v) { return Arg::Constant(std::move(v)); }
Spelling Fn(std::string target) { return Spelling{CallStyle::kFunction, std::move(target), {}, {}}; }

Tensor Iota(std::vector<int64_t> sizes, float start) {
  Tensor t = *Tensor::Empty(sizes, DType::kFloat32);
  for (int64_t i = 0; i < t.numel(); ++i) t.data<float>()[i] = start + 0.5f * i;
  return t;
}

void ExpectSameValues(const Tensor& a, const Tensor& b) {
  ASSERT_EQ(a.dtype(), b.dtype());
  ASSERT_EQ(std::vector<int64_t>(a.sizes().begin(), a.sizes().end()),
            std::vector<int64_t>(b.sizes().begin(), b.sizes().end()));
  for (int64_t i = 0; i < a.numel(); ++i) {
    EXPECT_EQ(a.ElementAt(i), b.ElementAt(i)) << "element " << i;
  }
}

// x[2, 3], y[3] -> out0 = sin(x + 2 * y).view(3, 2) @ w, out1 = max(x, dim=1).indices
graph::Graph TestGraph(const Tensor& w) {
  GraphBuilder b("__compiled_fn_1");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", TensorMeta::Of(Tensor::Meta({2, 3}, DType::kFloat32)));
  NodeId y = b.AddPlaceholder("L_y_", "L['y']", TensorMeta::Of(Tensor::Meta({3}, DType::kFloat32)));
  NodeId wn = b.AddGetAttr("L__self___w", w);
  NodeId add = *b.AddCall(Op("add.Tensor"), {R(x), R(y), C(2)}, Fn("torch.add"), {});
  NodeId sin = *b.AddCall(Op("sin"), {R(add)}, Fn("torch.sin"), {});
  NodeId view = *b.AddCall(Op("view"), {R(sin), C(std::vector<int64_t>{3, 2})}, Fn("view"), {});
  NodeId mm = *b.AddCall(Op("matmul"), {R(view), R(wn)}, Fn("operator.matmul"), {});
  NodeId mx = *b.AddCall(Op("max.dim"), {R(x), C(1), C(false)}, Fn("torch.max"), {});
  b.SetOutput({{mm, -1}, {mx, 1}});
  return *std::move(b).Finish();
}

TEST(EagerBackendTest, MatchesDirectRegistryCalls) {
  Tensor w = Iota({2, 4}, -1);
  Tensor x = Iota({2, 3}, 0.25f);
  Tensor y = Iota({3}, -2);
  std::unique_ptr<Backend> backend = MakeEagerBackend();
  EXPECT_EQ(backend->name(), "eager");
  absl::StatusOr<std::unique_ptr<CompiledGraph>> compiled = backend->Compile(TestGraph(w));
  ASSERT_TRUE(compiled.ok()) << compiled.status();
  absl::StatusOr<std::vector<Tensor>> outs = (*compiled)->Run({x, y});
  ASSERT_TRUE(outs.ok()) << outs.status();
  ASSERT_EQ(outs->size(), 2u);

  const OpRegistry& r = OpRegistry::Global();
  Tensor add = r.Call("add", {x, y}, {{"alpha", 2}})->to_tensor();
  Tensor sin = r.Call("sin", {add})->to_tensor();
  Tensor view = r.Call("view", {sin, std::vector<int64_t>{3, 2}})->to_tensor();
  Tensor mm = r.Call("matmul", {view, w})->to_tensor();
  Tensor idx = r.Call("max", {x, 1})->to_tensor_list()[1];
  ExpectSameValues((*outs)[0], mm);
  ExpectSameValues((*outs)[1], idx);
  // Running twice gives the same results (no state kept between runs).
  absl::StatusOr<std::vector<Tensor>> again = (*compiled)->Run({x, y});
  ASSERT_TRUE(again.ok());
  ExpectSameValues((*again)[0], mm);
}

TEST(EagerBackendTest, KernelErrorPropagatesWithEagerMessage) {
  Tensor w = Iota({2, 4}, -1);
  std::unique_ptr<CompiledGraph> c = *MakeEagerBackend()->Compile(TestGraph(w));
  // Inputs of another shape than traced: the view kernel fails exactly as eager does.
  Tensor x = Iota({2, 4}, 0), y = Iota({4}, 0);
  absl::StatusOr<std::vector<Tensor>> outs = c->Run({x, y});
  ASSERT_FALSE(outs.ok());
  const OpRegistry& r = OpRegistry::Global();
  Tensor sin = r.Call("sin", {r.Call("add", {x, y}, {{"alpha", 2}})->to_tensor()})->to_tensor();
  absl::Status eager = r.Call("view", {sin, std::vector<int64_t>{3, 2}}).status();
  ASSERT_FALSE(eager.ok());
  EXPECT_EQ(outs.status(), eager);
  EXPECT_EQ(PythonErrorType(outs.status()), "RuntimeError");
}

TEST(EagerBackendTest, WrongInputCountIsInternal) {
  std::unique_ptr<CompiledGraph> c = *MakeEagerBackend()->Compile(TestGraph(Iota({2, 4}, 0)));
  absl::StatusOr<std::vector<Tensor>> outs = c->Run({Iota({2, 3}, 0)});
  EXPECT_EQ(outs.status().code(), absl::StatusCode::kInternal);
  EXPECT_EQ(outs.status().message(), "__compiled_fn_1 takes 2 inputs, got 1");
}

// Two probe ops outside the registry: `keep` remembers its input's storage, `check`
// records whether that storage is gone by the time it runs.
struct Probes {
  std::weak_ptr<tensor::Storage> kept;
  bool freed_before_check = false;
  tensor::OpDef keep, check;
};

void MakeProbes(Probes& p) {
  auto meta = [](const tensor::OpArgs& a) -> absl::StatusOr<Value> {
    return Value(Tensor::Meta(a.tensor(0).sizes(), a.tensor(0).dtype()));
  };
  p.keep.schema = *tensor::ParseSchema("keep(Tensor self) -> Tensor");
  p.keep.meta = meta;
  p.keep.kernel = [&p](const tensor::OpArgs& a) -> absl::StatusOr<Value> {
    p.kept = a.tensor(0).storage();
    return Value(*Tensor::Empty(a.tensor(0).sizes(), a.tensor(0).dtype()));
  };
  p.check.schema = *tensor::ParseSchema("check(Tensor self) -> Tensor");
  p.check.meta = meta;
  p.check.kernel = [&p](const tensor::OpArgs& a) -> absl::StatusOr<Value> {
    p.freed_before_check = p.kept.expired();
    return Value(*Tensor::Empty(a.tensor(0).sizes(), a.tensor(0).dtype()));
  };
}

TEST(EagerBackendTest, IntermediatesAreFreedAfterTheirLastUse) {
  Probes p;
  MakeProbes(p);
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", TensorMeta::Of(Tensor::Meta({4}, DType::kFloat32)));
  NodeId sin = *b.AddCall(Op("sin"), {R(x)}, Fn("torch.sin"), {});
  NodeId keep = *b.AddCall(&p.keep, {R(sin)}, Fn("keep"), {});
  NodeId check = *b.AddCall(&p.check, {R(x)}, Fn("check"), {});
  b.SetOutput({{keep, -1}, {check, -1}});
  std::unique_ptr<CompiledGraph> c = *MakeEagerBackend()->Compile(*std::move(b).Finish());
  ASSERT_TRUE(c->Run({Iota({4}, 0)}).ok());
  EXPECT_TRUE(p.freed_before_check);  // sin's result went right after `keep` used it
}

TEST(MakeBackendTest, KnownAndUnknownNames) {
  EXPECT_EQ((*MakeBackend("eager"))->name(), "eager");
  // upstream's default name is an alias of wick's default, the oneDNN backend.
  EXPECT_EQ((*MakeBackend("inductor"))->name(), "onednn");
  EXPECT_EQ((*MakeBackend("onednn"))->name(), "onednn");
  absl::StatusOr<std::unique_ptr<Backend>> bad = MakeBackend("tvmx");
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(bad.status().message(),
            "Invalid backend: 'tvmx', see `torch._dynamo.list_backends()` for available "
            "backends.");
  EXPECT_EQ(MakeBackend("it's").status().message(),
            "Invalid backend: \"it's\", see `torch._dynamo.list_backends()` for available "
            "backends.");
}


// Dynamic shapes: Arg::Sym arguments are evaluated from the symbols' values per call.

Tensor IntScalar(int64_t v) { return Tensor::FromScalar(v, DType::kInt64); }

// def fn(x): return x.view(x.size(0), -1) + x.size(0)   (x traced as [s0, 6], s0 = 2)
graph::Graph SymbolicViewGraph() {
  const sym::ExprPtr s0 = sym::Symbol(0, "s0");
  GraphBuilder b("__compiled_fn_1");
  NodeId x =
      b.AddPlaceholder("L_x_", "L['x']", TensorMeta::Of(Tensor::Meta({2, 6}, DType::kFloat32)));
  b.AddSymbol({"s0", 2, x, 0});
  b.SetSymSizes(x, -1, {s0, sym::Int(6)});
  NodeId view = *b.AddCall(Op("view"), {R(x), Arg::SymList({s0, sym::Int(-1)})}, Fn("view"), {});
  NodeId add = *b.AddCall(Op("add.Tensor"), {R(view), Arg::Sym(s0), C(1)}, Fn("operator.add"), {});
  b.SetOutput({{view, -1}, {add, -1}});
  return *std::move(b).Finish();
}

TEST(EagerBackendTest, SymbolicArgumentsFollowEachCallsSizes) {
  absl::StatusOr<std::unique_ptr<CompiledGraph>> c =
      MakeEagerBackend()->Compile(SymbolicViewGraph());
  ASSERT_TRUE(c.ok()) << c.status();
  const OpRegistry& r = OpRegistry::Global();
  for (std::vector<int64_t> sizes : {std::vector<int64_t>{2, 6}, {3, 4}, {5, 1}, {2, 6}}) {
    SCOPED_TRACE(sizes[0]);
    Tensor x = Iota(sizes, 1);
    absl::StatusOr<std::vector<Tensor>> outs = (*c)->Run({x});
    ASSERT_TRUE(outs.ok()) << outs.status();
    ASSERT_EQ(outs->size(), 2u);
    Tensor view = r.Call("view", {x, std::vector<int64_t>{sizes[0], -1}})->to_tensor();
    ExpectSameValues((*outs)[0], view);
    ExpectSameValues((*outs)[1], r.Call("add", {view, sizes[0]})->to_tensor());
  }
}

TEST(EagerBackendTest, SymbolicIntInput) {
  // def fn(x, n): return x * (n * 2 - 1)   (n a symbolic int, passed as a 0-dim int64)
  const sym::ExprPtr s0 = sym::Symbol(0, "s0");
  GraphBuilder b("g");
  NodeId x = b.AddPlaceholder("L_x_", "L['x']", TensorMeta::Of(Tensor::Meta({3}, DType::kFloat32)));
  NodeId n = b.AddPlaceholder("L_n_", "L['n']", TensorMeta::Of(Tensor::Meta({}, DType::kInt64)));
  b.AddSymbol({"s0", 2, n, -1});
  NodeId mul = *b.AddCall(Op("mul.Tensor"),
                          {R(x), Arg::Sym(sym::Sub(sym::Mul(s0, sym::Int(2)), sym::Int(1)))},
                          Fn("operator.mul"), {});
  b.SetOutput({{mul, -1}});
  std::unique_ptr<CompiledGraph> c = *MakeEagerBackend()->Compile(*std::move(b).Finish());
  Tensor xs = Iota({3}, 1);
  const OpRegistry& r = OpRegistry::Global();
  for (int64_t v : {2, 5, -3}) {
    absl::StatusOr<std::vector<Tensor>> outs = c->Run({xs, IntScalar(v)});
    ASSERT_TRUE(outs.ok()) << outs.status();
    ExpectSameValues((*outs)[0], r.Call("mul", {xs, v * 2 - 1})->to_tensor());
  }
}

TEST(EagerBackendTest, SymbolicInputWithoutTheDimensionIsAnError) {
  std::unique_ptr<CompiledGraph> c = *MakeEagerBackend()->Compile(SymbolicViewGraph());
  absl::StatusOr<std::vector<Tensor>> outs = c->Run({IntScalar(3)});
  EXPECT_EQ(outs.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(outs.status().message(), "symbol s0: input has no dimension 0");
}

}  // namespace
}  // namespace wick::codegen
