// Builtins exercised from Python source through the interpreter: zero-argument super,
// decorators (property/classmethod/staticmethod), functools.wraps, print to sys.stderr,
// logging output and sys.exit statuses.
#include <string>

#include "gtest/gtest.h"
#include "vm/builtins/builtins.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"

namespace wick::vm {
namespace {

struct Result {
  int status;
  std::string out, err;
};

Result RunSource(const std::string& source) {
  Runtime rt;
  Interpreter interp(rt);
  InstallBuiltins(interp);
  Result r;
  interp.write_stdout = [&](absl::string_view s) { r.out.append(s.data(), s.size()); };
  interp.write_stderr = [&](absl::string_view s) { r.err.append(s.data(), s.size()); };
  r.status = interp.RunMain(source, "t.py", {"t.py"});
  return r;
}

TEST(BuiltinsProgramTest, ZeroArgumentSuper) {
  Result r = RunSource(R"(
class A:
    def __init__(self, x):
        self.x = x
    def describe(self):
        return "A" + str(self.x)
    @classmethod
    def make(cls):
        return cls(7)
class B(A):
    def __init__(self, x):
        super().__init__(x * 2)
    def describe(self):
        return "B/" + super().describe()
    @classmethod
    def make(cls):
        return super().make()
class E(ValueError):
    def __init__(self, msg):
        super().__init__("E: " + msg)
print(B(1).describe(), B.make().x, type(B.make()).__name__, E("bad"))
def f():
    super()
try:
    f()
except RuntimeError as e:
    print(e)
)");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "B/A2 14 B E: bad\nsuper(): no arguments\n");
}

TEST(BuiltinsProgramTest, Decorators) {
  Result r = RunSource(R"(
class T:
    def __init__(self):
        self._c = 0.0
    @property
    def celsius(self):
        "Temperature."
        return self._c
    @celsius.setter
    def celsius(self, v):
        self._c = v
    @staticmethod
    def unit():
        return "C"
t = T()
t.celsius = 21.5
print(t.celsius, T.celsius.__doc__, T.unit(), t.unit())
try:
    del t.celsius
except AttributeError as e:
    print(e)
)");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "21.5 Temperature. C C\nproperty 'celsius' of 'T' object has no deleter\n");
}

TEST(BuiltinsProgramTest, FunctoolsWraps) {
  Result r = RunSource(R"(
import functools
def deco(fn):
    @functools.wraps(fn)
    def wrapper(*a):
        return fn(*a) + 1
    return wrapper
@deco
def g(x):
    "Doc of g."
    return x
print(g(1), g.__name__, g.__doc__, g.__wrapped__.__name__)
)");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "2 g Doc of g. g\n");
}

TEST(BuiltinsProgramTest, OutputStreamsAndLogging) {
  Result r = RunSource(R"(
import sys, logging
print("a", "b", sep="-", end="!\n")
print("to err", file=sys.stderr)
log = logging.getLogger("m")
log.warning("rate %s", 0.5)
log.info("hidden")
logging.basicConfig(level=logging.INFO)
log.info("shown %d", 3)
)");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "a-b!\n");
  EXPECT_EQ(r.err, "to err\nrate 0.5\nINFO:m:shown 3\n");
}

TEST(BuiltinsProgramTest, SysExit) {
  EXPECT_EQ(RunSource("import sys\nsys.exit(3)\n").status, 3);
  EXPECT_EQ(RunSource("import sys\nsys.exit()\n").status, 0);
  Result r = RunSource("import sys\nsys.exit('fatal')\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "fatal\n");
}

}  // namespace
}  // namespace wick::vm
