// The embedding API as a host application uses it.
#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "api/wick.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace wick {
namespace {

using ::testing::HasSubstr;

struct Captured {
  std::string out, err;
};

std::unique_ptr<Interpreter> NewInterpreter(Captured* c, InterpreterOptions o = {}) {
  o.write_stdout = [c](absl::string_view s) { c->out.append(s.data(), s.size()); };
  o.write_stderr = [c](absl::string_view s) { c->err.append(s.data(), s.size()); };
  absl::StatusOr<std::unique_ptr<Interpreter>> interp = Interpreter::Create(std::move(o));
  EXPECT_TRUE(interp.ok()) << interp.status();
  return *std::move(interp);
}

TEST(ApiTest, RunsAScriptAndReadsItsGlobals) {
  Captured c;
  auto interp = NewInterpreter(&c);
  ASSERT_TRUE(interp->RunScript("import torch\nx = torch.arange(3) * 2\nprint(x)\nn = 7\n",
                                "main.py")
                  .ok());
  EXPECT_EQ(c.out, "tensor([0, 2, 4])\n");
  absl::StatusOr<Object> n = interp->Get("__main__", "n");
  ASSERT_TRUE(n.ok()) << n.status();
  EXPECT_EQ(*n->ToInt(), 7);
  EXPECT_EQ(n->type_name(), "int");
  EXPECT_EQ(ExceptionTypeOf(n->ToString().status()), "TypeError");
  EXPECT_THAT(std::string(n->ToString().status().message()), HasSubstr("expected str, got int"));
}

TEST(ApiTest, HostBuffersAreSharedNotCopied) {
  Captured c;
  auto interp = NewInterpreter(&c);
  ASSERT_TRUE(interp->RunScript("def scale_(t, k):\n    t.mul_(k)\n    return t.sum()\n").ok());
  std::vector<float> data = {1, 2, 3, 4, 5, 6};
  std::atomic<int> released{0};
  {
    absl::StatusOr<Tensor> x = WrapBuffer(data.data(), {2, 3}, DType::kFloat32,
                                          [&released](void*) { ++released; });
    ASSERT_TRUE(x.ok()) << x.status();
    absl::StatusOr<Object> fn = interp->Get("__main__", "scale_");
    ASSERT_TRUE(fn.ok());
    absl::StatusOr<Object> s = fn->Call({interp->FromTensor(*x), interp->FromDouble(2.0)});
    ASSERT_TRUE(s.ok()) << s.status();
    EXPECT_EQ(*ToVector(*s->ToTensor()), std::vector<float>{42});
  }
  EXPECT_EQ(data, (std::vector<float>{2, 4, 6, 8, 10, 12}));  // written through
  EXPECT_EQ(released.load(), 1);  // the script kept no reference
  // A transposed view of the same buffer, through explicit strides.
  absl::StatusOr<Tensor> t = WrapBuffer(data.data(), {3, 2}, {1, 3}, DType::kFloat32);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(*ToVector(*t), (std::vector<float>{2, 8, 4, 10, 6, 12}));
  EXPECT_FALSE(WrapBuffer(data.data(), {2, 3}, {3}, DType::kFloat32).ok());
  EXPECT_FALSE(WrapBuffer(data.data(), {-1}, DType::kFloat32).ok());
  EXPECT_FALSE(WrapBuffer(data.data(), {int64_t{1} << 62, 8}, DType::kFloat32).ok());
  EXPECT_FALSE(WrapBuffer(nullptr, {1}, DType::kFloat32).ok());
}

TEST(ApiTest, ScriptErrorsAreStatusesWithTheTraceback) {
  Captured c;
  auto interp = NewInterpreter(&c);
  absl::Status s = interp->RunScript("def f(x):\n    raise ValueError('bad x: ' + str(x))\nf(3)\n",
                                     "boom.py");
  EXPECT_EQ(ExceptionTypeOf(s), "ValueError");
  EXPECT_THAT(std::string(s.message()), HasSubstr("Traceback (most recent call last):"));
  EXPECT_THAT(std::string(s.message()), HasSubstr("File \"boom.py\", line 2, in f"));
  EXPECT_TRUE(absl::EndsWith(s.message(), "ValueError: bad x: 3")) << s.message();
  EXPECT_EQ(c.err, "");  // reported to the host, not printed

  s = interp->RunScript("def f(:\n", "syntax.py");
  EXPECT_EQ(ExceptionTypeOf(s), "SyntaxError");
  EXPECT_THAT(std::string(s.message()), HasSubstr("syntax.py"));

  EXPECT_TRUE(interp->RunScript("import sys\nsys.exit(0)\n").ok());
  EXPECT_EQ(ExceptionTypeOf(interp->RunScript("import sys\nsys.exit(3)\n")), "SystemExit");

  // The interpreter is still usable after errors.
  EXPECT_TRUE(interp->RunScript("print('still fine')\n").ok());
  EXPECT_THAT(c.out, HasSubstr("still fine"));
}

TEST(ApiTest, CompileMatchesEagerAndHonoursFullgraph) {
  Captured c;
  auto interp = NewInterpreter(&c);
  ASSERT_TRUE(interp
                  ->LoadModule("model", R"(import torch

def forward(x, w):
    return torch.relu(x @ w + 1.0).sum(dim=1) * 0.5

def noisy(x):
    x = x + 1
    print("between")
    return x * 2
)")
                  .ok());
  std::vector<float> xs(4 * 8), ws(8 * 5);
  for (size_t i = 0; i < xs.size(); ++i) xs[i] = static_cast<float>(i % 7) - 3.0f;
  for (size_t i = 0; i < ws.size(); ++i) ws[i] = static_cast<float>(i % 5) * 0.25f - 0.5f;
  Object x = interp->FromTensor(*WrapBuffer(xs.data(), {4, 8}, DType::kFloat32));
  Object w = interp->FromTensor(*WrapBuffer(ws.data(), {8, 5}, DType::kFloat32));
  absl::StatusOr<Object> forward = interp->Get("model", "forward");
  ASSERT_TRUE(forward.ok()) << forward.status();
  std::vector<float> eager = *ToVector(*forward->Call({x, w})->ToTensor());
  for (const char* backend : {"inductor", "eager"}) {
    absl::StatusOr<Object> fast = Compile(*forward, {.backend = backend});
    ASSERT_TRUE(fast.ok()) << fast.status();
    for (int call = 0; call < 2; ++call) {
      absl::StatusOr<Object> y = fast->Call({x, w});
      ASSERT_TRUE(y.ok()) << y.status();
      std::vector<float> got = *ToVector(*y->ToTensor());
      ASSERT_EQ(got.size(), eager.size());
      for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], eager[i], 1e-5) << backend;
    }
  }
  absl::StatusOr<Object> noisy = interp->Get("model", "noisy");
  absl::StatusOr<Object> strict = Compile(*noisy, {.fullgraph = true, .backend = "eager"});
  ASSERT_TRUE(strict.ok());
  absl::StatusOr<Object> r = strict->Call({x});
  EXPECT_FALSE(r.ok());
  EXPECT_THAT(std::string(r.status().message()), HasSubstr("print"));
  absl::StatusOr<Object> lenient = Compile(*noisy, {.backend = "eager"});
  EXPECT_TRUE(lenient->Call({x}).ok());
  EXPECT_THAT(c.out, HasSubstr("between"));

  EXPECT_EQ(Compile(*forward, {.backend = "tvm"}).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(Compile(interp->FromInt(3)).status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(ApiTest, NativeFunctionsAreCallableAndBreakGraphs) {
  Captured c;
  auto interp = NewInterpreter(&c);
  int calls = 0;
  ASSERT_TRUE(interp
                  ->DefineFunction("host", "count_rows",
                                   [&calls](Interpreter& in, absl::Span<const Object> args)
                                       -> absl::StatusOr<Object> {
                                     ++calls;
                                     if (args.size() != 1) {
                                       return absl::InvalidArgumentError("one tensor, please");
                                     }
                                     absl::StatusOr<Tensor> t = args[0].ToTensor();
                                     if (!t.ok()) return t.status();
                                     return in.FromInt(t->size(0));
                                   })
                  .ok());
  absl::Status s = interp->RunScript(R"(import torch
import host

def f(x):
    y = x * 2
    n = host.count_rows(y)
    return y + n

x = torch.ones(3, 2)
print(f(x))
g = torch.compile(f, backend="eager")
print(g(x))
print(torch._dynamo.explain(f)(x).graph_break_count)
try:
    host.count_rows()
except ValueError as e:
    print("ValueError:", e)
)");
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_EQ(c.out,
            "tensor([[5., 5.],\n        [5., 5.],\n        [5., 5.]])\n"
            "tensor([[5., 5.],\n        [5., 5.],\n        [5., 5.]])\n"
            "1\n"
            "ValueError: one tensor, please\n");
  EXPECT_GE(calls, 3);
}

// A custom op: y = x * alpha + 1, with a meta function.
OpFn ScaleMeta() {
  return [](const OpArgs& a) -> absl::StatusOr<OpValue> {
    return OpValue(Tensor::Meta(a.tensor(0).sizes(), a.tensor(0).dtype()));
  };
}
OpFn ScaleKernel() {
  return [](const OpArgs& a) -> absl::StatusOr<OpValue> {
    absl::StatusOr<Tensor> x = a.tensor(0).Contiguous();
    if (!x.ok()) return x.status();
    absl::StatusOr<Tensor> y = Tensor::Empty(x->sizes(), DType::kFloat32);
    if (!y.ok()) return y.status();
    const float alpha = static_cast<float>(a.double_(1));
    for (int64_t i = 0; i < x->numel(); ++i) y->data<float>()[i] = x->data<float>()[i] * alpha + 1;
    return OpValue(*y);
  };
}

TEST(ApiTest, CustomOpsRunEagerlyAndStayInGraphs) {
  static const absl::Status registered = RegisterCustomOp(
      "apitest::scale(Tensor x, float alpha=2.0) -> Tensor", ScaleMeta(), ScaleKernel());
  ASSERT_TRUE(registered.ok()) << registered;
  EXPECT_EQ(RegisterCustomOp("apitest::scale(Tensor x) -> Tensor", ScaleMeta(), ScaleKernel())
                .code(),
            absl::StatusCode::kAlreadyExists);
  EXPECT_EQ(RegisterCustomOp("scale2(Tensor x) -> Tensor", ScaleMeta(), ScaleKernel()).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(RegisterCustomOp("aten::scale3(Tensor x) -> Tensor", ScaleMeta(), ScaleKernel())
                .code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(RegisterCustomOp("apitest::bad(Tensor(a!) x) -> Tensor", ScaleMeta(), ScaleKernel())
                .code(),
            absl::StatusCode::kInvalidArgument);
  // A kernel that disagrees with its meta function.
  static const absl::Status liar = RegisterCustomOp(
      "apitest::liar(Tensor x) -> Tensor",
      [](const OpArgs&) -> absl::StatusOr<OpValue> {
        return OpValue(Tensor::Meta({7}, DType::kFloat32));
      },
      [](const OpArgs& a) -> absl::StatusOr<OpValue> {
        absl::StatusOr<Tensor> y = a.tensor(0).CopyAs(DType::kFloat32);
        if (!y.ok()) return y.status();
        return OpValue(*y);
      });
  ASSERT_TRUE(liar.ok()) << liar;

  Captured c;
  auto interp = NewInterpreter(&c);
  absl::Status s = interp->RunScript(R"(import torch

def f(x):
    return torch.ops.apitest.scale(x.sin(), 3.0).cos()

x = torch.arange(6, dtype=torch.float32).reshape(2, 3)
e = f(x)
for backend in ["eager", "inductor"]:
    y = torch.compile(f, backend=backend)(x)
    print(backend, torch.allclose(e, y, rtol=1e-4, atol=1e-5))
out = torch._dynamo.explain(f)(x)
print(out.graph_count, out.graph_break_count, [str(op) for op in out.ops_per_graph[0]])
print(torch.ops.apitest.scale)
try:
    torch.ops.apitest.liar(x)
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    torch.ops.apitest.nothing
except AttributeError as err:
    print("AttributeError:", err)
)");
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_EQ(c.out,
            "eager True\n"
            "inductor True\n"
            "1 0 ['sin', 'torch.ops.apitest.scale', 'cos']\n"
            "<OpOverloadPacket(op='apitest.scale')>\n"
            "RuntimeError: custom op apitest::liar: the kernel returned [2, 3] float32 but the "
            "meta function says [7] float32\n"
            "AttributeError: '_OpNamespace' 'apitest' object has no attribute 'nothing'\n");
}

TEST(ApiTest, AllowInGraphKeepsOneNodeThatRunsTheFunction) {
  Captured c;
  auto interp = NewInterpreter(&c);
  absl::Status s = interp->RunScript(R"(import torch

calls = []

@torch.compiler.allow_in_graph
def scaled_gelu(x, w):
    calls.append(tuple(x.shape))
    return torch.nn.functional.gelu(x) * w, x.sum(dim=0)

def f(x, w):
    y = x + 1
    a, b = scaled_gelu(y, w)
    return a.relu() + b

x = torch.arange(6, dtype=torch.float32).reshape(2, 3) / 3
w = torch.full((2, 3), 0.5)
e = f(x, w)
for backend in ["eager", "inductor"]:
    calls.clear()
    g = torch.compile(f, backend=backend)
    print(backend, torch.allclose(g(x, w), e), torch.allclose(g(x, w), e), len(calls))
out = torch._dynamo.explain(f)(x, w)
print(out.graph_count, out.graph_break_count, out.ops_per_graph[0])

@torch._dynamo.allow_in_graph
def positives(x):
    return x[x > 0]

def h(x):
    return positives(x * 2) + 1

try:
    torch.compile(h, backend="eager")(torch.tensor([1.0, -1.0, 2.0]))
except RuntimeError as err:
    print("RuntimeError:", err)
try:
    torch.compiler.allow_in_graph(len)
except TypeError as err:
    print("TypeError:", err)

@torch.compiler.allow_in_graph
def blend(x, alpha, *, other, clip=True):
    y = x * alpha + other
    return y.clamp(-1, 1) if clip else y

def k(x, o):
    return blend(x, 0.5, other=o) + blend(x, 2, other=o, clip=False)

x2, o = torch.tensor([1.0, -3.0, 0.5]), torch.ones(3)
kc = torch.compile(k, backend="inductor")
print(kc(x2, o), torch.allclose(kc(x2 * 2, o), k(x2 * 2, o)))
out = torch._dynamo.explain(k)(x2, o)
print(out.graph_count, out.graph_break_count, out.ops_per_graph[0])
)");
  ASSERT_TRUE(s.ok()) << s;
  // The function runs once while tracing (on zeros, for the result sizes), then once
  // per call of the compiled graph.
  EXPECT_EQ(c.out,
            "eager True True 3\n"
            "inductor True True 2\n"
            "1 0 ['operator.add', '__main__.scaled_gelu', 'relu', 'operator.add']\n"
            "RuntimeError: allow_in_graph function 'positives' returned tensors of other sizes "
            "or dtypes than when it was traced; functions allowed in graph must not depend on "
            "their inputs' values\n"
            "TypeError: allow_in_graph in wick takes Python functions, not "
            "builtin_function_or_method\n"
            // Numbers and keyword arguments are the node's constant arguments.
            "tensor([ 4.0000, -5.5000,  3.0000]) True\n"
            "1 0 ['__main__.blend', '__main__.blend', 'operator.add']\n");
}

TEST(ApiTest, LimitsAreErrorsNotCrashes) {
  Captured c;
  auto interp = NewInterpreter(&c, {.recursion_limit = 200, .max_source_bytes = 1000});
  absl::Status s = interp->RunScript("def f(n):\n    return f(n + 1)\nf(0)\n");
  EXPECT_EQ(ExceptionTypeOf(s), "RecursionError");
  EXPECT_THAT(std::string(s.message()), HasSubstr("maximum recursion depth exceeded"));

  s = interp->RunScript("import torch\nx = torch.empty(2**40, 2**40)\n");
  EXPECT_EQ(ExceptionTypeOf(s), "RuntimeError");
  EXPECT_THAT(std::string(s.message()), HasSubstr("Storage size calculation overflowed"));
  s = interp->RunScript("import torch\nx = torch.empty(2**40, 2**40, 2**40)\n");
  EXPECT_THAT(std::string(s.message()), HasSubstr("Storage size calculation overflowed"));
  s = interp->RunScript("import torch\nx = torch.empty(2**50)\n");
  EXPECT_EQ(ExceptionTypeOf(s), "RuntimeError");
  EXPECT_THAT(std::string(s.message()), HasSubstr("can't allocate memory"));

  s = interp->RunScript(std::string(2000, '#'), "big.py");
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(std::string(s.message()), HasSubstr("big.py: the source is 2000 bytes"));

  // Deeply nested source is refused by the parser, not by a stack overflow.
  interp = NewInterpreter(&c);
  s = interp->RunScript("x = " + std::string(100000, '(') + "1" + std::string(100000, ')'));
  EXPECT_EQ(ExceptionTypeOf(s), "SyntaxError") << s;
  s = interp->RunScript("x = " + std::string(100000, '-') + "1");
  EXPECT_FALSE(s.ok());

  Object nothing;
  EXPECT_EQ(nothing.Call().status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(Interpreter::Create({.recursion_limit = 0}).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(ApiTest, InterpretersAreIndependent) {
  Captured c1, c2;
  auto a = NewInterpreter(&c1);
  auto b = NewInterpreter(&c2);
  ASSERT_TRUE(a->RunScript("import torch\nv = 1\ng = torch.compile(lambda x: x + v)\n").ok());
  ASSERT_TRUE(b->RunScript("v = 2\n").ok());
  EXPECT_EQ(*a->Get("__main__", "v")->ToInt(), 1);
  EXPECT_EQ(*b->Get("__main__", "v")->ToInt(), 2);
  // An object of one interpreter is refused by the other.
  absl::StatusOr<Object> g = a->Get("__main__", "g");
  EXPECT_EQ(g->Call({b->FromInt(1)}).status().code(), absl::StatusCode::kInvalidArgument);
  // Objects keep their world alive after the handle is gone.
  Object one = a->FromInt(41);
  a.reset();
  absl::StatusOr<Object> r = g->Call({one});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(*r->ToInt(), 42);
}

}  // namespace
}  // namespace wick
