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

// The interpreter's inline caches (LOAD_GLOBAL, LOAD_ATTR, STORE_ATTR, LOAD_METHOD) and
// arithmetic fast paths must give CPython's results while what they cached changes:
// globals rebound and deleted (falling back to builtins), a site seeing two classes,
// methods shadowed by instance attributes, class attributes replaced in place by
// descriptors (including a __set__-only one), and int/float division semantics.
TEST(BuiltinsProgramTest, InlineCachesFollowChanges) {
  Result r = RunSource(R"(
def get_len():
    return len
out = []
for i in range(3):
    out.append(get_len()([1, 2]))
    if i == 0:
        len = lambda x: 99
    if i == 1:
        del len
print(out)

x = 1
def gx():
    return x
r = []
for i in range(4):
    r.append(gx())
    x = i * 10
print(r)

class A:
    def __init__(self):
        self.v = 1
    def m(self):
        return "A.m"
class B:
    def __init__(self):
        self.w = 0
        self.v = 2
    def m(self):
        return "B.m"
def read(o):
    return o.v
def call(o):
    return o.m()
objs = [A(), B(), A(), B()]
print([read(o) for o in objs], [call(o) for o in objs])
a = A()
print(read(a), call(a))
a.m = lambda: "inst"
print(call(a))
del a.m
print(call(a))
A.m = lambda self: "A.m2"
print(call(a))
A.v = property(lambda self: "prop")
print(read(a), read(a))
del A.v
print(read(a))

class SetOnly:
    def __set__(self, obj, val):
        print("set-only", val)
class C:
    pass
def store(o, val):
    o.z = val
c = C()
for i in range(3):
    store(c, i)
print(c.z)
C.z = SetOnly()
store(c, 7)
store(c, 8)
print(c.__dict__)

class D:
    def __init__(self):
        self.q = 1
d = D()
def sq(o, v):
    o.q = v
    return o.q
print([sq(d, i) for i in range(3)])

print(-7 // 2, -7 % 2, 7 // -2, 7 % -2, 7 / 2, -9223372036854775807 - 1 // 1)
print(1.5 + 2, 3 * 0.1, 2 - 0.5, 1 / 3.0, 7 // 2.0, 10 / 4)
print(sorted([3, -1, 2, True, 2, 0], reverse=True), sorted([5, 1, 4], key=lambda v: -v))
print(sorted([(2, 'b'), (1, 'z'), (2, 'a')]))
)");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, R"([2, 99, 2]
[1, 0, 10, 20]
[1, 2, 1, 2] ['A.m', 'B.m', 'A.m', 'B.m']
1 A.m
inst
A.m
A.m2
prop prop
1
2
set-only 7
set-only 8
{'z': 2}
[0, 1, 2]
-4 1 -4 -1 3.5 -9223372036854775808
3.5 0.30000000000000004 1.5 0.3333333333333333 3.0 2.5
[3, 2, 2, True, 0, -1] [5, 4, 1]
[(1, 'z'), (2, 'a'), (2, 'b')]
)");
}

}  // namespace
}  // namespace wick::vm
