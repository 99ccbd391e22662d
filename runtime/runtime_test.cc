// torch.compile end to end through the interpreter: the cache (one graph, hits),
// recompiles and their log, the recompile limit, fullgraph=True errors, stances, custom
// backends, module wrappers and compile ids.
#include <fstream>
#include <string>

#include "gtest/gtest.h"
#include "logging/logging.h"
#include "runtime/assemble.h"
#include "runtime/run_program_test_util.h"
#include "runtime/runtime.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"

namespace wick::runtime {
namespace {

constexpr char kPrologue[] = R"py(
import torch
from torch._dynamo.testing import CompileCounter
cnt = CompileCounter()
)py";

std::string Program(const std::string& body) { return std::string(kPrologue) + body; }

TEST(RuntimeTest, CompilesOnceAndHitsTheCache) {
  Result r = RunProgram(Program(R"py(
@torch.compile(backend=cnt)
def f(x):
    return x + 1
x = torch.ones(3)
print(f(x))
print(f(x))
print(cnt.frame_count, cnt.op_count)
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "tensor([2., 2., 2.])\ntensor([2., 2., 2.])\n1 1\n");
}

// One tensor passed twice is one graph input; a later call with two different tensors
// must not reuse that graph (found by tests/fuzz). Same for a closure's cell.
TEST(RuntimeTest, DuplicateInputsAreGuarded) {
  Result r = RunProgram(Program(R"py(
def f(a, b):
    return a + b * 2
g = torch.compile(f, backend=cnt)
x, y = torch.ones(2), torch.zeros(2)
print(g(x, x), g(x, y), g(y, y), g(x, x))
def make(t):
    return lambda u: u + t
def h(t):
    c = make(t)
    return c(t * 3)
k = torch.compile(h, backend="eager")
print(k(x), k(x * 3))
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "tensor([3., 3.]) tensor([1., 1.]) tensor([0., 0.]) tensor([3., 3.])\n"
            "tensor([4., 4.]) tensor([12., 12.])\n");
}

// One object the trace made, reached by two paths at a break (a local and `self` of a
// bound method on the stack, two items of a tuple), is one object after the break.
TEST(RuntimeTest, ObjectsMadeInTheTraceKeepTheirIdentityAcrossABreak) {
  Result r = RunProgram(Program(R"py(
def f(x):
    acc = []
    acc.append(x.sum().item())
    return acc
print(torch.compile(f, backend="eager")(torch.ones(1)))
def g(x, out):
    inner = [x * 2]
    out.append(inner)
    print("break")
    inner.append(x + 1)
    return inner
out = []
r = torch.compile(g, backend=cnt)(torch.ones(2), out)
print(r, out[0] is r)
def h(x):
    d = {"a": x}
    pair = (d, d)
    print("break")
    d["b"] = x * 3
    return pair[0] is pair[1], len(pair[1])
print(torch.compile(h, backend=cnt)(torch.ones(2)))
def m(x):
    fn = lambda t: t * 2
    fns = [fn, fn]
    print("break")
    return fns[0] is fns[1], fn is fns[0], fn(x)
print(torch.compile(m, backend=cnt)(torch.ones(2)))
def k(x):
    a = []
    a.append(a)
    print("break")
    return len(a[0]), x + 1
print(torch.compile(k, backend=cnt)(torch.ones(2)))
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "[1.0]\n"
            "break\n[tensor([2., 2.]), tensor([2., 2.])] True\n"
            "break\n(True, 2)\n"
            "break\n(True, True, tensor([2., 2.]))\n"
            "break\n(1, tensor([2., 2.]))\n");
}

// max.dim's (values, indices) is a torch.return_types.max in compiled code too: its
// fields read in the graph, across a break, as an input and as a returned value.
TEST(RuntimeTest, ReturnTypesKeepTheirFields) {
  Result r = RunProgram(Program(R"py(
x = torch.tensor([[1., 5., 3.], [4., 2., 6.]])
def f(x):
    m = x.max(dim=1)
    mn = torch.min(x, 0)
    return m.values + 1, m.indices, mn, type(m).__name__, isinstance(mn, tuple)
print(torch.compile(f, backend=cnt)(x))
def g(x):
    m = x.max(dim=1)
    print("break")
    return m.values * 2, m.indices
print(torch.compile(g, backend=cnt)(x))
def h(m):
    return m.indices + 1, m[0]
print(torch.compile(h, backend=cnt)(x.max(1)))
print(cnt.frame_count)
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "(tensor([6., 7.]), tensor([1, 2]), torch.return_types.min(\n"
            "values=tensor([1., 2., 3.]),\nindices=tensor([0, 1, 0])), 'max', True)\n"
            "break\n(tensor([10., 12.]), tensor([1, 2]))\n"
            "(tensor([2, 3]), tensor([5., 6.]))\n"
            "4\n");
}

// type(v) of a tensor, number, list or tuple folds to the class, which compares by
// identity with the builtins and torch.Tensor; each guard keeps it true.
TEST(RuntimeTest, TypeOfBuiltinValuesIsAConstant) {
  Result r = RunProgram(Program(R"py(
def f(x, n):
    return (type(x) is torch.Tensor, type(n) == int, type((x,)) is tuple, type([x]) != list,
            type(n).__name__, x.detach() + 1)
g = torch.compile(f, backend=cnt)
print(g(torch.ones(2), 3))
print(g(torch.nn.Parameter(torch.ones(2)), 2.5))
print(cnt.frame_count)
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "(True, True, True, False, 'int', tensor([2., 2.]))\n"
            "(False, False, True, False, 'float', tensor([2., 2.]))\n"
            "2\n");
}

TEST(RuntimeTest, RecompilesOnShapeChangeAndLogs) {
  ASSERT_TRUE(logging::ApplyTorchLogs("recompiles").ok());
  logging::ScopedLogCapture capture;
  Result r = RunProgram(Program(R"py(
def fn(x):
    return x * 2
fn = torch.compile(fn, backend=cnt)
fn(torch.ones(3))
fn(torch.ones(4))
fn(torch.ones(3))
print(cnt.frame_count)
)py"));
  logging::ResetForTesting();
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "2\n");
  EXPECT_EQ(capture.messages(),
            std::vector<std::string>{
                "Recompiling function fn in t.py:6\n"
                "    triggered by the following guard failure(s):\n"
                "    - 0/0: tensor 'x' size mismatch at index 0. expected 3, actual 4"});
}

// torch._logging.set_logs switches artifacts from the program, like TORCH_LOGS; a call
// with no arguments clears them, and unknown names are upstream's TypeError.
TEST(RuntimeTest, SetLogsFromTheProgram) {
  logging::ScopedLogCapture capture;
  Result r = RunProgram(Program(R"py(
torch._logging.set_logs(recompiles=True)
def fn(x):
    return x * 2
fn = torch.compile(fn, backend=cnt)
fn(torch.ones(3))
fn(torch.ones(4))
torch._logging.set_logs()
fn(torch.ones(5))
try:
    torch._logging.set_logs(bogus=True)
except TypeError as e:
    print(e)
)py"));
  logging::ResetForTesting();
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "set_logs() got an unexpected keyword argument 'bogus'\n");
  ASSERT_EQ(capture.messages().size(), 1u);
  EXPECT_EQ(capture.messages()[0].substr(0, 32), "Recompiling function fn in t.py:");
}

// Dunder methods the tracer calls through the class (obj[i] on a user object) are
// guarded: rebinding one recompiles instead of running the stale graph.
TEST(RuntimeTest, RebindingADunderRecompiles) {
  Result r = RunProgram(Program(R"py(
class V:
    def __init__(self, t):
        self.t = t
    def __getitem__(self, i):
        return self.t + i
v = V(torch.ones(2))
@torch.compile(backend=cnt)
def f(a):
    return a[1]
print(f(v))
V.__getitem__ = lambda self, i: self.t * 10
print(f(v), cnt.frame_count)
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "tensor([2., 2.])\ntensor([10., 10.]) 2\n");
}

// Operators on user objects dispatch to __iadd__/__add__/__radd__ in the trace, with
// NotImplemented falling through to the reflected method: one graph, eager's values.
TEST(RuntimeTest, UserObjectOperatorsAreTraced) {
  Result r = RunProgram(Program(R"py(
class V:
    def __init__(self, t):
        self.t = t
    def __add__(self, o):
        return V(self.t + o)
    def __radd__(self, o):
        return V(self.t + o * 100)
    def __iadd__(self, o):
        self.t = self.t + o * 1000
        return self
    def __mul__(self, o):
        return NotImplemented
    def __rmul__(self, o):
        return V(self.t * 7)
def g(a, b):
    c = a + 1
    d = 2 + a
    e = 3 * a
    b += 1
    return c.t, d.t, e.t, b.t
f = torch.compile(g, backend=cnt)
print(f(V(torch.ones(2)), V(torch.zeros(2))))
print(g(V(torch.ones(2)), V(torch.zeros(2))))
print(cnt.frame_count, cnt.op_count)
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  const std::string line =
      "(tensor([2., 2.]), tensor([201., 201.]), tensor([7., 7.]), tensor([1000., 1000.]))\n";
  EXPECT_EQ(r.out, line + line + "1 4\n");
}

TEST(RuntimeTest, FullgraphBreakRaisesUnsupported) {
  Result r = RunProgram(Program(R"py(
@torch.compile(backend=cnt, fullgraph=True)
def f(x):
    y = x * 2
    torch._dynamo.graph_break()
    return y + 1
try:
    f(torch.ones(3))
except torch._dynamo.exc.Unsupported as e:
    text = str(e)
    print(text.splitlines()[0])
    print("from user code:" in text, text.endswith('TORCH_LOGS="+dynamo"\n'))
print(cnt.frame_count)
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "Call to `torch._dynamo.graph_break()`\nTrue True\n0\n");
}

TEST(RuntimeTest, RecompileLimitFallsBackToEager) {
  ASSERT_TRUE(logging::ApplyTorchLogs("").ok());
  logging::ScopedLogCapture capture;
  Result r = RunProgram(Program(R"py(
def fn(x):
    return x + 1
fn = torch.compile(fn, backend=cnt, dynamic=False)
for i in range(1, 10):
    y = fn(torch.ones(i))
print(cnt.frame_count, y.shape[0])
fn(torch.ones(1))
fn(torch.ones(20))
print(cnt.frame_count)
)py"));
  logging::ResetForTesting();
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "8 9\n8\n");
  ASSERT_EQ(capture.messages().size(), 1u);
  const std::string head =
      "torch._dynamo hit config.recompile_limit (8)\n"
      "   function: 'fn' (t.py:6)\n"
      "   last reason: 0/7: tensor 'x' size mismatch at index 0. expected 8, actual 9\n";
  EXPECT_EQ(capture.messages()[0].substr(0, head.size()), head);
}

TEST(RuntimeTest, StancesAndErrors) {
  Result r = RunProgram(Program(R"py(
def f(x):
    return x.sin()
f = torch.compile(f, backend=cnt)
with torch.compiler.set_stance("force_eager"):
    f(torch.ones(2))
print(cnt.frame_count)
f(torch.ones(2))
with torch.compiler.set_stance("fail_on_recompile"):
    f(torch.ones(2))
    try:
        f(torch.ones(5))
    except RuntimeError as e:
        print(str(e).splitlines()[0][:68])
    try:
        torch.compile(lambda y: y + 1, backend=cnt)(torch.ones(1))
    except RuntimeError as e:
        print(str(e)[:68])
torch._dynamo.config.error_on_recompile = True
try:
    f(torch.ones(6))
except torch._dynamo.exc.RecompileError as e:
    print(str(e).splitlines()[0])
print(cnt.frame_count)
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "0\n"
            "Detected recompile when torch.compile stance is 'fail_on_recompile'.\n"
            "Detected recompile when torch.compile stance is 'fail_on_recompile'.\n"
            "Recompiling function f in t.py:6\n"
            "1\n");
}

TEST(RuntimeTest, CustomBackendsSeeTheGraphAndFailuresAreWrapped) {
  Result r = RunProgram(Program(R"py(
def show(gm, example_inputs):
    print([(n.op, n.name) for n in gm.graph.nodes], len(example_inputs))
    return gm.forward
def bad(gm, example_inputs):
    raise RuntimeError("boom")
def f(x):
    return x + 1
print(torch.compile(f, backend=show)(torch.ones(2)))
try:
    torch.compile(f, backend=bad)(torch.ones(2))
except torch._dynamo.exc.BackendCompilerFailed as e:
    print(str(e))
torch._dynamo.config.suppress_errors = True
print(torch.compile(f, backend=bad)(torch.ones(2)))
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "[('placeholder', 'l_x_'), ('call_function', 'add'), ('output', 'output')] 1\n"
            "tensor([2., 2.])\n"
            "backend='bad' raised:\nRuntimeError: boom\n"
            "tensor([2., 2.])\n");
}

TEST(RuntimeTest, ModuleWrappers) {
  Result r = RunProgram(Program(R"py(
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(2, 2)
    def forward(self, x):
        return self.fc(x).relu()
m = M()
opt = torch.compile(m, backend=cnt)
print(type(opt).__name__, opt._orig_mod is m, list(opt.state_dict().keys()))
x = torch.ones(1, 2)
print(torch.equal(opt(x), m(x)), cnt.frame_count)
m.compile(backend=cnt)
print(type(m).__name__, list(m.state_dict().keys()))
m(x)
print(cnt.frame_count)
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "OptimizedModule True ['_orig_mod.fc.weight', '_orig_mod.fc.bias']\n"
            "True 1\n"
            "M ['fc.weight', 'fc.bias']\n"
            "1\n");
}

TEST(RuntimeTest, OtherStances) {
  Result r = RunProgram(Program(R"py(
def f(x):
    return x * 3
f = torch.compile(f, backend=cnt)
with torch.compiler.set_stance("eager_then_compile"):
    f(torch.ones(2))
    print(cnt.frame_count)
    f(torch.ones(2))
    print(cnt.frame_count)
with torch.compiler.set_stance("eager_on_recompile"):
    print(f(torch.ones(3)), cnt.frame_count)
with torch.compiler.set_stance(skip_guard_eval_unsafe=True):
    f(torch.ones(2))
    try:
        f(torch.ones(4))
    except RuntimeError as e:
        print(str(e)[:68])
try:
    torch.compiler.set_stance("sometimes")
except RuntimeError as e:
    print(e)
print(cnt.frame_count)
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "0\n1\n"
            "tensor([3., 3., 3.]) 1\n"
            "Recompilation triggered with skip_guard_eval_unsafe stance. This usu\n"
            "invalid torch.compile stance 'sometimes'\n"
            "1\n");
}

TEST(RuntimeTest, SideEffectsAreReplayedAndCountersCount) {
  Result r = RunProgram(Program(R"py(
from torch._dynamo.utils import counters
class Box:
    pass
box = Box()
def f(x, items):
    items.append(1)
    box.last = 7
    return x + 1, len(items)
f = torch.compile(f, backend=cnt)
items = []
print(f(torch.ones(1), items), items, box.last)
print(counters["frames"]["total"], counters["frames"]["ok"], counters["stats"]["unique_graphs"])
torch._dynamo.reset()
print(counters["frames"]["total"])
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "(tensor([2.]), 1) [1] 7\n1 1 1\n0\n");
}

// Class attributes (data and methods) read through an instance made inside the compiled
// frame or an existing one are guarded: rebinding one on the class recompiles once and
// the new value is seen, as in eager; rebinding a shadowed base attribute does not.
TEST(RuntimeTest, RebindingAClassAttributeRecompiles) {
  Result r = RunProgram(Program(R"py(
class Base:
    tag = 1
class Cls(Base):
    pass
class Other:
    tag = 5
    def scale(self, x):
        return x * 2
old = Other()
def f(x):
    obj = Cls()
    return old.scale(x + obj.tag + old.tag)
f = torch.compile(f, backend=cnt)
x = torch.zeros(1)
print(f(x), f(x), cnt.frame_count)
Cls.tag = 10
print(f(x), cnt.frame_count)
Base.tag = 100
print(f(x), cnt.frame_count)
Other.tag = 50
print(f(x), cnt.frame_count)
Other.scale = lambda self, x: x * 3
print(f(x), cnt.frame_count)
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "tensor([12.]) tensor([12.]) 1\n"
            "tensor([30.]) 2\n"
            "tensor([30.]) 2\n"
            "tensor([120.]) 3\n"
            "tensor([180.]) 4\n");
}

// `nonlocal n; n += 1` in a compiled closure: the write is replayed into the running
// closure's own cell, so two closures of the same code (sharing cache entries) each keep
// their own count, as in eager.
TEST(RuntimeTest, NonlocalWritesUpdateEachClosuresCell) {
  Result r = RunProgram(Program(R"py(
def make():
    n = 0
    t = torch.zeros(1)
    def bump(x):
        nonlocal n, t
        n += 1
        t = t + x
        return x + n, t
    def get():
        return n, t
    return bump, get
b1, g1 = make()
b2, g2 = make()
e1, eg1 = make()
c1 = torch.compile(b1, backend=cnt)
c2 = torch.compile(b2, backend=cnt)
x = torch.ones(1)
print(c1(x), c1(x), c2(x), g1(), g2())
print(e1(x), e1(x), eg1())
print(c2(x), g2(), cnt.frame_count)
)py"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "(tensor([2.]), tensor([1.])) (tensor([3.]), tensor([2.])) "
            "(tensor([2.]), tensor([1.])) (2, tensor([2.])) (1, tensor([1.]))\n"
            "(tensor([2.]), tensor([1.])) (tensor([3.]), tensor([2.])) (2, tensor([2.]))\n"
            "(tensor([3.]), tensor([2.])) (2, tensor([2.])) 2\n");
}

// WICK_COMPILE_ALL: every function of the main script that works on tensors compiles
// with the eager backend (the others are skipped as upstream's "no torch.*" frames);
// a graph break compiles both halves, and the output is eager's.
TEST(RuntimeTest, CompileAllKeepsEagerOutputAndCounts) {
  const std::string stats = ::testing::TempDir() + "/compile_all_stats.txt";
  vm::Runtime rt;
  vm::Interpreter interp(rt);
  AssembleInterpreter(interp, {.compile_all = true, .compile_all_stats = stats});
  std::string out, err;
  interp.write_stdout = [&out](absl::string_view s) { out.append(s.data(), s.size()); };
  interp.write_stderr = [&err](absl::string_view s) { err.append(s.data(), s.size()); };
  const int status = interp.RunMain(R"py(
import torch
class Counter:
    made = 0
    def __init__(self):
        Counter.made += 1
def f(x):
    return torch.relu(x) + 1
def dtype_of(fn):
    return fn().dtype
def squares(n):
    return [i * i for i in range(n)]
def halves(x):
    y = x + 1
    torch._dynamo.graph_break()
    return y * 2
print(f(torch.ones(2)), f(torch.ones(2)), halves(torch.ones(2)))
Counter(); Counter()
print(Counter.made, squares(3))
for dt in [torch.float32, torch.float64]:
    print(dtype_of(torch.ones(2, dtype=dt).sum))
)py", "t.py", {"t.py"});
  EXPECT_EQ(status, 0) << err;
  EXPECT_EQ(out, "tensor([2., 2.]) tensor([2., 2.]) tensor([4., 4.])\n2 [0, 1, 4]\n"
                 "torch.float32\ntorch.float64\n");
  std::ifstream in(stats);
  std::string first;
  std::getline(in, first);
  EXPECT_EQ(first, "compile-all: 3 frames compiled, 3 graphs, 1 breaks");
}

// Autograd state is process-wide: a custom Function's node (holding its Python
// backward) and a tensor hook made by one interpreter can be swept while another runs.
// The first interpreter freed those objects already; the sweep must not touch them
// (a heap-use-after-free the whole-program fuzzer found under ASan).
TEST(RuntimeTest, AutogradStateOutlivesItsInterpreter) {
  const std::string first = R"py(
import torch
class Twice(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    def backward(ctx, g):
        return g * 2
x = torch.ones(3, requires_grad=True)
y = Twice.apply(x)
y.register_hook(lambda g: g + 1)
kept = [y, x]
kept.append(kept)  # a cycle: freed by the interpreter's teardown, not by refcounts
print(y.grad_fn.name())
)py";
  Result a = RunProgram(first);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, "TwiceBackward\n");
  // The next interpreter's backward sweeps the dead autograd metadata.
  Result b = RunProgram(R"py(
import torch
x = torch.ones(2, requires_grad=True)
(x * 3).sum().backward()
print(x.grad)
)py");
  ASSERT_EQ(b.status, 0) << b.err;
  EXPECT_EQ(b.out, "tensor([3., 3.])\n");
  // And the same program again, in a fresh interpreter, works as the first time.
  Result c = RunProgram(first);
  EXPECT_EQ(c.status, 0) << c.err;
  EXPECT_EQ(c.out, a.out);
}

}  // namespace
}  // namespace wick::runtime
