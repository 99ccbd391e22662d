// Builtins and native modules called through the object protocol on a bare Runtime
// (no interpreter): values and CPython's error texts.
#include <initializer_list>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"
#include "vm/runtime.h"

namespace wick::vm::builtins {
namespace {

class BuiltinsTest : public ::testing::Test {
 protected:
  BuiltinsTest() : ns_(rt_.NewDict()) { InstallBuiltinsInto(rt_, ns_.as<Dict>()); }

  Value B(const char* name) {
    const Value* v = ns_.as<Dict>()->GetStr(name);
    EXPECT_NE(v, nullptr) << name;
    return v != nullptr ? *v : Value::None();
  }
  Value Str(const char* s) { return rt_.NewStr(s); }
  Value Tup(std::vector<Value> v) { return rt_.NewTuple(std::move(v)); }
  Value Lst(std::vector<Value> v) { return rt_.NewList(std::move(v)); }

  // Calls `f` with positional args and keyword pairs.
  Value CallV(const Value& f, std::vector<Value> args,
              std::vector<std::pair<const char*, Value>> kwargs = {}) {
    std::vector<Value> names, values;
    for (auto& [k, v] : kwargs) {
      names.push_back(Value::Borrow(rt_.Intern(k)));
      values.push_back(v);
    }
    return Call(rt_, f, args, KwArgs(names, values));
  }
  // repr of `name(args...)`, or "Type: message" after an exception.
  std::string Run(const char* name, std::vector<Value> args,
                  std::vector<std::pair<const char*, Value>> kwargs = {}) {
    return Show(CallV(B(name), std::move(args), std::move(kwargs)));
  }
  std::string Show(const Value& v) {
    if (v.is_raised()) return rt_.PendingMessage();
    std::string s;
    if (!ReprString(rt_, v, &s)) return rt_.PendingMessage();
    return s;
  }
  Value Module(const char* name, bool (*init)(Runtime&, const Value&)) {
    Value m = rt_.NewModule(name);
    EXPECT_TRUE(init(rt_, m));
    return m;
  }
  Value Attr(const Value& o, const char* name) { return GetAttr(rt_, o, name); }

  Runtime rt_;
  Value ns_;
};

Value I(int64_t i) { return Value::Int(i); }
Value F(double d) { return Value::Float(d); }

TEST_F(BuiltinsTest, NumberBuiltins) {
  EXPECT_EQ(Run("abs", {I(-3)}), "3");
  EXPECT_EQ(Run("abs", {Value::Bool(true)}), "1");
  EXPECT_EQ(Run("abs", {F(-0.0)}), "0.0");
  EXPECT_EQ(Run("abs", {Str("x")}), "TypeError: bad operand type for abs(): 'str'");
  EXPECT_EQ(Run("abs", {}), "TypeError: abs() takes exactly one argument (0 given)");
  EXPECT_EQ(Run("round", {F(2.5)}), "2");
  EXPECT_EQ(Run("round", {F(3.14159), I(2)}), "3.14");
  EXPECT_EQ(Run("round", {}), "TypeError: round() missing required argument 'number' (pos 1)");
  EXPECT_EQ(Run("divmod", {I(-17), I(5)}), "(-4, 3)");
  EXPECT_EQ(Run("divmod", {F(-7.5), I(2)}), "(-4.0, 0.5)");
  EXPECT_EQ(Run("divmod", {I(1), I(0)}), "ZeroDivisionError: integer division or modulo by zero");
  EXPECT_EQ(Run("divmod", {Str("a"), I(1)}),
            "TypeError: unsupported operand type(s) for divmod(): 'str' and 'int'");
  EXPECT_EQ(Run("divmod", {I(1)}), "TypeError: divmod expected 2 arguments, got 1");
  EXPECT_EQ(Run("pow", {I(2), I(10)}), "1024");
  EXPECT_EQ(Run("pow", {I(2), I(-2)}), "0.25");
  EXPECT_EQ(Run("pow", {I(3), I(4), I(5)}), "1");
  EXPECT_EQ(Run("pow", {I(3), I(-1), I(7)}), "5");
  EXPECT_EQ(Run("pow", {I(-3), I(3), I(5)}), "3");
  EXPECT_EQ(Run("pow", {I(3), I(2), I(-5)}), "-1");
  EXPECT_EQ(Run("pow", {I(2), I(3), I(0)}), "ValueError: pow() 3rd argument cannot be 0");
  EXPECT_EQ(Run("pow", {I(2), I(-1), I(4)}),
            "ValueError: base is not invertible for the given modulus");
  EXPECT_EQ(Run("pow", {F(2), I(3), I(5)}),
            "TypeError: pow() 3rd argument not allowed unless all arguments are integers");
  EXPECT_EQ(Run("chr", {I(65)}), "'A'");
  EXPECT_EQ(Run("chr", {I(8364)}), "'\xe2\x82\xac'");
  EXPECT_EQ(Run("chr", {I(-1)}), "ValueError: chr() arg not in range(0x110000)");
  EXPECT_EQ(Run("ord", {Str("\xe2\x82\xac")}), "8364");
  EXPECT_EQ(Run("ord", {Str("ab")}),
            "TypeError: ord() expected a character, but string of length 2 found");
  EXPECT_EQ(Run("ord", {I(1)}), "TypeError: ord() expected string of length 1, but int found");
  EXPECT_EQ(Run("hex", {I(255)}), "'0xff'");
  EXPECT_EQ(Run("bin", {I(-5)}), "'-0b101'");
}

TEST_F(BuiltinsTest, IterableBuiltins) {
  Value words = Lst({Str("pear"), Str("Apple"), Str("fig")});
  EXPECT_EQ(Run("len", {words}), "3");
  EXPECT_EQ(Run("len", {I(5)}), "TypeError: object of type 'int' has no len()");
  EXPECT_EQ(Run("sorted", {words}), "['Apple', 'fig', 'pear']");
  EXPECT_EQ(Run("sorted", {words}, {{"key", B("len")}, {"reverse", Value::Bool(true)}}),
            "['Apple', 'pear', 'fig']");
  EXPECT_EQ(Run("sorted", {}), "TypeError: sorted expected 1 argument, got 0");
  EXPECT_EQ(Run("sorted", {words}, {{"foo", I(1)}}),
            "TypeError: 'foo' is an invalid keyword argument for sort()");
  EXPECT_EQ(Run("min", {I(4), I(2), I(8)}), "2");
  EXPECT_EQ(Run("max", {Str("hello")}), "'o'");
  EXPECT_EQ(Run("max", {words}, {{"key", B("len")}}), "'Apple'");
  EXPECT_EQ(Run("min", {Lst({})}, {{"default", Str("empty")}}), "'empty'");
  EXPECT_EQ(Run("max", {Lst({})}), "ValueError: max() arg is an empty sequence");
  EXPECT_EQ(Run("max", {}), "TypeError: max expected at least 1 argument, got 0");
  EXPECT_EQ(Run("max", {I(1), I(2)}, {{"default", I(3)}}),
            "TypeError: Cannot specify a default for max() with multiple positional arguments");
  EXPECT_EQ(Run("sum", {Lst({I(1), I(2), I(3)})}), "6");
  EXPECT_EQ(Run("sum", {Lst({Lst({I(1)}), Lst({I(2)})}), Lst({})}), "[1, 2]");
  EXPECT_EQ(Run("sum", {Lst({})}, {{"start", I(10)}}), "10");
  EXPECT_EQ(Run("sum", {Lst({Str("a")}), Str("")}),
            "TypeError: sum() can't sum strings [use ''.join(seq) instead]");
  EXPECT_EQ(Run("any", {Lst({I(0), Str("")})}), "False");
  EXPECT_EQ(Run("all", {Lst({})}), "True");
  EXPECT_EQ(Run("any", {I(1)}), "TypeError: 'int' object is not iterable");
  Value it = CallV(B("iter"), {Lst({I(1)})});
  EXPECT_EQ(Run("next", {it}), "1");
  EXPECT_EQ(Run("next", {it, Str("done")}), "'done'");
  EXPECT_EQ(Run("next", {it}), "StopIteration");
  EXPECT_EQ(Run("next", {Lst({})}), "TypeError: 'list' object is not an iterator");
  // iter(callable, sentinel): pops 1, 2, then stops at 3.
  Value stack = Lst({I(3), I(2), I(1)});
  Value calls = CallV(B("iter"), {Attr(stack, "pop"), I(3)});
  EXPECT_EQ(Show(CallV(Value::Borrow(rt_.types().list), {calls})), "[1, 2]");
  EXPECT_EQ(Run("iter", {I(5), I(1)}), "TypeError: iter(v, w): v must be callable");
}

TEST_F(BuiltinsTest, AttributeAndTypeBuiltins) {
  Type* base = rt_.NewClass("Base", nullptr, rt_.NewDict().as<Dict>());
  Value base_v = Value::Steal(base);
  Type* derived = rt_.NewClass("Derived", base, rt_.NewDict().as<Dict>());
  Value derived_v = Value::Steal(derived);
  Value d = CallV(derived_v, {});
  EXPECT_EQ(Run("isinstance", {d, Tup({Value::Borrow(rt_.types().int_), base_v})}), "True");
  EXPECT_EQ(Run("isinstance", {Value::Bool(true), Value::Borrow(rt_.types().int_)}), "True");
  EXPECT_EQ(Run("isinstance", {I(1), I(2)}),
            "TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union");
  EXPECT_EQ(Run("issubclass", {derived_v, base_v}), "True");
  EXPECT_EQ(Run("issubclass", {I(1), base_v}), "TypeError: issubclass() arg 1 must be a class");
  EXPECT_EQ(Run("setattr", {d, Str("x"), I(9)}), "None");
  EXPECT_EQ(Run("getattr", {d, Str("x")}), "9");
  EXPECT_EQ(Run("getattr", {d, Str("y"), Str("dflt")}), "'dflt'");
  EXPECT_EQ(Run("getattr", {d, Str("y")}), "AttributeError: 'Derived' object has no attribute 'y'");
  EXPECT_EQ(Run("getattr", {d, I(2)}), "TypeError: attribute name must be string, not 'int'");
  EXPECT_EQ(Run("getattr", {d}), "TypeError: getattr expected at least 2 arguments, got 1");
  EXPECT_EQ(Run("hasattr", {d, Str("x")}), "True");
  EXPECT_EQ(Run("delattr", {d, Str("x")}), "None");
  EXPECT_EQ(Run("hasattr", {d, Str("x")}), "False");
  EXPECT_EQ(Run("callable", {B("len")}), "True");
  EXPECT_EQ(Run("callable", {d}), "False");
  EXPECT_EQ(Run("format", {F(3.14159), Str(".3f")}), "'3.142'");
  EXPECT_EQ(Run("format", {I(1), I(2)}), "TypeError: format() argument 2 must be str, not int");
  EXPECT_EQ(Run("repr", {B("len")}), "'<built-in function len>'");
  EXPECT_EQ(Show(CallV(B("id"), {I(1)})), Show(CallV(B("id"), {I(1)})));
  EXPECT_EQ(Run("hash", {Lst({})}), "TypeError: unhashable type: 'list'");
  EXPECT_EQ(Run("print", {}, {{"sep", I(1)}}), "TypeError: sep must be None or a string, not int");
  EXPECT_EQ(Show(B("ValueError")), "<class 'ValueError'>");
  EXPECT_EQ(Show(B("NotImplemented")), "NotImplemented");
  EXPECT_EQ(Show(Attr(B("len"), "__name__")), "'len'");
  Value object_t = Value::Borrow(rt_.types().object);
  EXPECT_EQ(Show(CallV(Attr(object_t, "__setattr__"), {d, Str("w"), I(4)})), "None");
  EXPECT_EQ(Show(CallV(Attr(object_t, "__getattribute__"), {d, Str("w")})), "4");
  EXPECT_EQ(Show(CallV(Attr(object_t, "__eq__"), {d, I(4)})), "NotImplemented");
  EXPECT_EQ(Show(Attr(*rt_.types().str->Lookup("lower"), "__qualname__")), "'str.lower'");
}

TEST_F(BuiltinsTest, Descriptors) {
  Value ns = rt_.NewDict();
  Dict* d = ns.as<Dict>();
  // property(type): reading c.x calls type(c); it has no setter.
  Value prop = CallV(B("property"), {B("type")});
  ASSERT_FALSE(prop.is_raised());
  d->SetStr(rt_, rt_.Intern("x"), prop);
  d->SetStr(rt_, rt_.Intern("s"), CallV(B("staticmethod"), {B("len")}));
  d->SetStr(rt_, rt_.Intern("c"), CallV(B("classmethod"), {B("repr")}));
  Type* c_type = rt_.NewClass("C", nullptr, d);
  Value cls = Value::Steal(c_type);
  ASSERT_FALSE(CallMethod(rt_, prop, "__set_name__", {cls, Str("x")}).is_raised());
  Value obj = CallV(cls, {});
  EXPECT_EQ(Show(Attr(obj, "x")), "<class 'C'>");
  EXPECT_TRUE(Attr(cls, "x").Is(prop));
  EXPECT_FALSE(SetAttr(rt_, obj, rt_.Intern("x"), I(1)));
  EXPECT_EQ(rt_.PendingMessage(), "AttributeError: property 'x' of 'C' object has no setter");
  EXPECT_EQ(Show(CallV(Attr(obj, "s"), {Lst({I(1), I(2)})})), "2");
  EXPECT_EQ(Show(CallV(Attr(cls, "c"), {})), "\"<class 'C'>\"");
  EXPECT_EQ(Show(CallV(Attr(obj, "c"), {})), "\"<class 'C'>\"");
  EXPECT_EQ(Show(CallV(B("staticmethod"), {B("len")})), "<staticmethod(<built-in function len>)>");
  // setter() returns a new property with fset; the old one is unchanged.
  Value with_setter = CallV(Attr(prop, "setter"), {B("isinstance")});
  EXPECT_EQ(Show(Attr(with_setter, "fset")), "<built-in function isinstance>");
  EXPECT_TRUE(Attr(prop, "fset").is_none());
  Value empty = CallV(B("property"), {});
  EXPECT_TRUE(Attr(empty, "__doc__").is_none());
}

TEST_F(BuiltinsTest, SuperTwoArgumentForm) {
  Value base_ns = rt_.NewDict();
  base_ns.as<Dict>()->SetStr(rt_, rt_.Intern("x"), I(5));
  Type* a = rt_.NewClass("A", nullptr, base_ns.as<Dict>());
  Value a_v = Value::Steal(a);
  Value b_ns = rt_.NewDict();
  b_ns.as<Dict>()->SetStr(rt_, rt_.Intern("x"), I(6));
  Type* b = rt_.NewClass("B", a, b_ns.as<Dict>());
  Value b_v = Value::Steal(b);
  Value obj = CallV(b_v, {});
  Value sup = CallV(B("super"), {b_v, obj});
  EXPECT_EQ(Show(Attr(sup, "x")), "5");
  EXPECT_EQ(Show(Attr(obj, "x")), "6");
  EXPECT_EQ(Show(sup), "<super: <class 'B'>, <B object>>");
  EXPECT_EQ(Show(Attr(sup, "y")), "AttributeError: 'super' object has no attribute 'y'");
  EXPECT_EQ(Run("super", {b_v, I(1)}),
            "TypeError: super(type, obj): obj must be an instance or subtype of type");
  EXPECT_EQ(Run("super", {I(1), I(1)}), "TypeError: super() argument 1 must be a type, not int");
  EXPECT_EQ(Run("super", {}), "RuntimeError: super(): no current frame");
}

TEST_F(BuiltinsTest, MathModule) {
  Value m = Module("math", &InitMathModule);
  EXPECT_EQ(Show(CallV(Attr(m, "sqrt"), {I(16)})), "4.0");
  EXPECT_EQ(Show(CallV(Attr(m, "sqrt"), {I(-1)})), "ValueError: math domain error");
  EXPECT_EQ(Show(CallV(Attr(m, "sqrt"), {Str("x")})), "TypeError: must be real number, not str");
  EXPECT_EQ(Show(CallV(Attr(m, "sqrt"), {})),
            "TypeError: math.sqrt() takes exactly one argument (0 given)");
  EXPECT_EQ(Show(CallV(Attr(m, "exp"), {I(1000)})), "OverflowError: math range error");
  EXPECT_EQ(Show(CallV(Attr(m, "log"), {I(0)})), "ValueError: math domain error");
  EXPECT_EQ(Show(CallV(Attr(m, "log"), {I(8), I(2)})), "3.0");
  EXPECT_EQ(Show(CallV(Attr(m, "log"), {I(100), I(10)})), "2.0");
  EXPECT_EQ(Show(CallV(Attr(m, "log"), {})), "TypeError: math.log requires 1 to 2 arguments");
  EXPECT_EQ(Show(CallV(Attr(m, "floor"), {F(-2.7)})), "-3");
  EXPECT_EQ(Show(CallV(Attr(m, "ceil"), {F(2.1)})), "3");
  EXPECT_EQ(Show(CallV(Attr(m, "floor"), {Attr(m, "inf")})),
            "OverflowError: cannot convert float infinity to integer");
  EXPECT_EQ(Show(CallV(Attr(m, "prod"), {Lst({I(1), I(2), I(3), I(4)})})), "24");
  EXPECT_EQ(Show(CallV(Attr(m, "prod"), {Lst({F(0.5), I(4)})})), "2.0");
  EXPECT_EQ(Show(CallV(Attr(m, "isclose"), {F(0.1 + 0.2), F(0.3)})), "True");
  EXPECT_EQ(Show(CallV(Attr(m, "isclose"), {F(1.0), F(1.05)}, {{"rel_tol", F(0.1)}})), "True");
  EXPECT_EQ(Show(CallV(Attr(m, "isclose"), {F(1.0), F(1.1)})), "False");
  EXPECT_EQ(Show(Attr(m, "pi")), "3.141592653589793");
  EXPECT_EQ(Show(Attr(m, "e")), "2.718281828459045");
  EXPECT_EQ(Show(CallV(Attr(m, "tanh"), {F(0.5)})), "0.46211715726000974");
  EXPECT_EQ(Show(CallV(Attr(m, "pow"), {I(0), I(-1)})), "ValueError: math domain error");
}

TEST_F(BuiltinsTest, OperatorAndFunctools) {
  Value op = Module("operator", &InitOperatorModule);
  EXPECT_EQ(Show(CallV(Attr(op, "truediv"), {I(3), I(2)})), "1.5");
  EXPECT_EQ(Show(CallV(Attr(op, "not_"), {I(0)})), "True");
  EXPECT_EQ(Show(CallV(Attr(op, "neg"), {I(4)})), "-4");
  EXPECT_EQ(Show(CallV(Attr(op, "le"), {I(2), I(2)})), "True");
  Value getter = CallV(Attr(op, "itemgetter"), {I(1)});
  EXPECT_EQ(Show(getter), "operator.itemgetter(1)");
  EXPECT_EQ(Show(CallV(getter, {Tup({Str("a"), I(3)})})), "3");
  EXPECT_EQ(Show(CallV(CallV(Attr(op, "itemgetter"), {I(0), I(1)}), {Lst({I(7), I(8)})})),
            "(7, 8)");
  EXPECT_EQ(Show(CallV(CallV(Attr(op, "attrgetter"), {Str("__class__.__name__")}), {I(5)})),
            "'int'");
  EXPECT_EQ(Show(Attr(op, "itemgetter")), "<class 'operator.itemgetter'>");

  Value ft = Module("functools", &InitFunctoolsModule);
  Value int_t = Value::Borrow(rt_.types().int_);
  Value base2 = CallV(Attr(ft, "partial"), {int_t}, {{"base", I(2)}});
  EXPECT_EQ(Show(base2), "functools.partial(<class 'int'>, base=2)");
  EXPECT_EQ(Show(CallV(base2, {Str("111")})), "7");
  EXPECT_EQ(Show(Attr(base2, "keywords")), "{'base': 2}");
  Value nested = CallV(Attr(ft, "partial"), {base2, Str("1000")});
  EXPECT_EQ(Show(nested), "functools.partial(<class 'int'>, '1000', base=2)");
  EXPECT_EQ(Show(CallV(nested, {}, {{"base", I(10)}})), "1000");
  EXPECT_EQ(Show(CallV(Attr(ft, "partial"), {})),
            "TypeError: type 'partial' takes at least one argument");
  EXPECT_EQ(Show(CallV(Attr(ft, "partial"), {I(1)})),
            "TypeError: the first argument must be callable");
  EXPECT_EQ(Show(CallV(Attr(ft, "reduce"), {Attr(op, "add"), Lst({I(1), I(2), I(3)})})), "6");
  EXPECT_EQ(Show(CallV(Attr(ft, "reduce"), {Attr(op, "add"), Lst({})})),
            "TypeError: reduce() of empty iterable with no initial value");
  // wraps(f) is partial(update_wrapper, wrapped=f).
  Value w = CallV(Attr(ft, "wraps"), {B("len")});
  EXPECT_EQ(Show(Attr(w, "keywords")), "{'wrapped': <built-in function len>}");
}

TEST_F(BuiltinsTest, SysTimeContextlibLogging) {
  Value sys = Module("sys", &InitSysModule);
  Value r = CallV(Attr(sys, "exit"), {I(3)});
  ASSERT_TRUE(r.is_raised());
  Value e = rt_.FetchException();
  EXPECT_EQ(Show(e), "SystemExit(3)");
  EXPECT_EQ(Show(CallV(Attr(sys, "exit"), {})), "SystemExit");
  EXPECT_EQ(Show(CallV(Attr(sys, "getrecursionlimit"), {})), "1000");
  EXPECT_EQ(Show(CallV(Attr(sys, "setrecursionlimit"), {I(0)})),
            "ValueError: recursion limit must be greater or equal than 1");
  EXPECT_EQ(Show(Attr(sys, "stdout")),
            "<_io.TextIOWrapper name='<stdout>' mode='w' encoding='utf-8'>");
  EXPECT_EQ(Show(CallV(Attr(Attr(sys, "stdout"), "write"), {I(1)})),
            "TypeError: write() argument must be str, not int");

  Value time = Module("time", &InitTimeModule);
  Value t0 = CallV(Attr(time, "perf_counter"), {});
  Value t1 = CallV(Attr(time, "perf_counter"), {});
  ASSERT_TRUE(t0.is_float());
  EXPECT_LE(t0.as_float(), t1.as_float());

  Value cl = Module("contextlib", &InitContextlibModule);
  Value nc = CallV(Attr(cl, "nullcontext"), {I(42)});
  EXPECT_EQ(Show(CallMethod(rt_, nc, "__enter__", {})), "42");
  EXPECT_EQ(Show(CallMethod(rt_, nc, "__exit__", {Value(), Value(), Value()})), "None");

  Value logging = Module("logging", &InitLoggingModule);
  Value log = CallV(Attr(logging, "getLogger"), {Str("wick.test")});
  EXPECT_TRUE(log.Is(CallV(Attr(logging, "getLogger"), {Str("wick.test")})));
  EXPECT_EQ(Show(log), "<Logger wick.test (WARNING)>");
  EXPECT_EQ(Show(CallV(Attr(logging, "getLogger"), {})), "<RootLogger root (WARNING)>");
  EXPECT_EQ(Show(Attr(log, "name")), "'wick.test'");
  EXPECT_EQ(Show(CallV(Attr(log, "info"), {Str("hidden")})), "None");
  EXPECT_EQ(Show(CallV(Attr(log, "setLevel"), {Str("DEBUG")})), "None");
  EXPECT_EQ(Show(log), "<Logger wick.test (DEBUG)>");
  EXPECT_EQ(Show(CallV(Attr(log, "setLevel"), {Str("LOUD")})), "ValueError: Unknown level: 'LOUD'");
  EXPECT_EQ(Show(Attr(logging, "INFO")), "20");
}

}  // namespace
}  // namespace wick::vm::builtins
