// The operator module: the operators as functions (add, lt, not_, getitem, ...) and
// the itemgetter / attrgetter callables.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

struct BinaryEntry {
  const char* name;
  BinOp op;
};
constexpr BinaryEntry kBinary[] = {
    {"add", BinOp::kAdd},      {"sub", BinOp::kSub},          {"mul", BinOp::kMul},
    {"matmul", BinOp::kMatMul}, {"truediv", BinOp::kTrueDiv}, {"floordiv", BinOp::kFloorDiv},
    {"mod", BinOp::kMod},      {"pow", BinOp::kPow},          {"lshift", BinOp::kLShift},
    {"rshift", BinOp::kRShift}, {"and_", BinOp::kAnd},        {"or_", BinOp::kOr},
    {"xor", BinOp::kXor},
};

template <int kIndex>
Value OperatorBinary(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, kBinary[kIndex].name, args, kw, 2, 2)) return Value::Raised();
  return BinaryOp(rt, kBinary[kIndex].op, args[0], args[1]);
}

struct CompareEntry {
  const char* name;
  CmpOp op;
};
constexpr CompareEntry kCompare[] = {
    {"lt", CmpOp::kLt}, {"le", CmpOp::kLe}, {"eq", CmpOp::kEq},
    {"ne", CmpOp::kNe}, {"gt", CmpOp::kGt}, {"ge", CmpOp::kGe},
};

template <int kIndex>
Value OperatorCompare(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, kCompare[kIndex].name, args, kw, 2, 2)) return Value::Raised();
  return Compare(rt, args[0], args[1], kCompare[kIndex].op);
}

template <int... I>
void AddBinaries(Runtime& rt, const Value& m, std::integer_sequence<int, I...>) {
  (AddModuleFunction(rt, m, kBinary[I].name, &OperatorBinary<I>), ...);
}
template <int... I>
void AddCompares(Runtime& rt, const Value& m, std::integer_sequence<int, I...>) {
  (AddModuleFunction(rt, m, kCompare[I].name, &OperatorCompare<I>), ...);
}

template <UnaryOp kOp>
Value OperatorUnary(Runtime& rt, Args args, const KwArgs& kw) {
  const char* name = kOp == UnaryOp::kNeg ? "neg" : kOp == UnaryOp::kPos ? "pos" : "invert";
  if (!OneArg(rt, name, args, kw)) return Value::Raised();
  return UnaryOperation(rt, kOp, args[0]);
}

template <bool kNot>
Value OperatorTruth(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, kNot ? "not_" : "truth", args, kw)) return Value::Raised();
  int t = Truthy(rt, args[0]);
  if (t < 0) return Value::Raised();
  return Value::Bool(kNot ? !t : t);
}

Value OperatorAbs(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "abs", args, kw)) return Value::Raised();
  if (args[0].is_int_like() || args[0].is_float()) {
    Value zero = Value::Int(0);
    int neg = CompareBool(rt, args[0], zero, CmpOp::kLt);
    if (neg < 0) return Value::Raised();
    if (!neg) return args[0].is_bool() ? Value::Int(args[0].as_int()) : args[0];
    return UnaryOperation(rt, UnaryOp::kNeg, args[0]);
  }
  return CallMethod(rt, args[0], "__abs__", {});
}

Value OperatorIndex(Runtime& rt, Args args, const KwArgs& kw) {
  if (!OneArg(rt, "index", args, kw)) return Value::Raised();
  int64_t i;
  if (!AsIndex(rt, args[0], &i, absl::StrCat("'", TypeName(rt, args[0]),
                                             "' object cannot be interpreted as an integer"))) {
    return Value::Raised();
  }
  return Value::Int(i);
}

Value OperatorGetItem(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "getitem", args, kw, 2, 2)) return Value::Raised();
  return GetItem(rt, args[0], args[1]);
}

Value OperatorSetItem(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "setitem", args, kw, 3, 3)) return Value::Raised();
  return SetItem(rt, args[0], args[1], args[2]) ? Value::None() : Value::Raised();
}

Value OperatorContains(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "contains", args, kw, 2, 2)) return Value::Raised();
  int r = Contains(rt, args[0], args[1]);
  return r < 0 ? Value::Raised() : Value::Bool(r);
}

template <bool kIsNot>
Value OperatorIs(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, kIsNot ? "is_not" : "is_", args, kw, 2, 2)) return Value::Raised();
  return Value::Bool(args[0].Is(args[1]) != kIsNot);
}

// ---- itemgetter / attrgetter -----------------------------------------------------

// Both hold their keys (items, or attribute names as str); calling one applies each.
struct Getter : public Object {
  void ClearRefs() override { std::vector<Value>().swap(keys); }
  std::vector<Value> keys;
};

Value GetterConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  const std::string& name = type->name();
  if (!NoKeywords(rt, name, kw)) return Value::Raised();
  if (args.empty()) {
    return rt.Raise(rt.exc().type_error, absl::StrCat(name, " expected 1 argument, got 0"));
  }
  bool attr = name == "attrgetter";
  for (const Value& a : args) {
    if (attr && !rt.IsInstance(a, rt.types().str)) {
      return rt.Raise(rt.exc().type_error, "attribute name must be a string");
    }
  }
  Getter* g = rt.Alloc<Getter>(type);
  g->keys.assign(args.begin(), args.end());
  return Value::Steal(g);
}

// One attrgetter key: "a.b.c" follows the chain.
Value GetDotted(Runtime& rt, Value obj, const Value& path) {
  for (absl::string_view part : absl::StrSplit(StrOf(path), '.')) {
    obj = GetAttr(rt, obj, part);
    if (obj.is_raised()) return obj;
  }
  return obj;
}

Value GetterCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kw) {
  Getter* g = callee.as<Getter>();
  bool attr = rt.TypeOf(callee)->name() == "attrgetter";
  if (!ArgCount(rt, rt.TypeOf(callee)->name(), args, kw, 1, 1)) return Value::Raised();
  std::vector<Value> out;
  for (const Value& key : g->keys) {
    Value r = attr ? GetDotted(rt, args[0], key) : GetItem(rt, args[0], key);
    if (r.is_raised()) return r;
    out.push_back(std::move(r));
  }
  if (out.size() == 1) return out[0];
  return rt.NewTuple(std::move(out));
}

Value GetterRepr(Runtime& rt, const Value& v) {
  std::string s = absl::StrCat("operator.", rt.TypeOf(v)->name(), "(");
  const std::vector<Value>& keys = v.as<Getter>()->keys;
  for (size_t i = 0; i < keys.size(); ++i) {
    std::string r;
    if (!ReprString(rt, keys[i], &r)) return Value::Raised();
    absl::StrAppend(&s, i ? ", " : "", r);
  }
  return rt.NewStr(absl::StrCat(s, ")"));
}

void AddGetterType(Runtime& rt, const Value& m, absl::string_view name) {
  Type* t = rt.NewBuiltinType(name, rt.types().object, Layout::kOther);
  t->set_base_type(false);
  t->dict()->SetStr(rt, rt.names().module, rt.NewStr("operator"));
  TypeSlots& s = t->slots();
  s.construct = &GetterConstruct;
  s.call = &GetterCall;
  s.repr = &GetterRepr;
  SetModuleAttr(rt, m, name, Value::Steal(t));
}

}  // namespace

bool InitOperatorModule(Runtime& rt, const Value& m) {
  AddBinaries(rt, m, std::make_integer_sequence<int, sizeof(kBinary) / sizeof(kBinary[0])>());
  AddCompares(rt, m, std::make_integer_sequence<int, sizeof(kCompare) / sizeof(kCompare[0])>());
  AddModuleFunction(rt, m, "neg", &OperatorUnary<UnaryOp::kNeg>);
  AddModuleFunction(rt, m, "pos", &OperatorUnary<UnaryOp::kPos>);
  AddModuleFunction(rt, m, "invert", &OperatorUnary<UnaryOp::kInvert>);
  AddModuleFunction(rt, m, "inv", &OperatorUnary<UnaryOp::kInvert>);
  AddModuleFunction(rt, m, "not_", &OperatorTruth<true>);
  AddModuleFunction(rt, m, "truth", &OperatorTruth<false>);
  AddModuleFunction(rt, m, "abs", &OperatorAbs);
  AddModuleFunction(rt, m, "index", &OperatorIndex);
  AddModuleFunction(rt, m, "getitem", &OperatorGetItem);
  AddModuleFunction(rt, m, "setitem", &OperatorSetItem);
  AddModuleFunction(rt, m, "contains", &OperatorContains);
  AddModuleFunction(rt, m, "is_", &OperatorIs<false>);
  AddModuleFunction(rt, m, "is_not", &OperatorIs<true>);
  AddGetterType(rt, m, "itemgetter");
  AddGetterType(rt, m, "attrgetter");
  return true;
}

}  // namespace wick::vm::builtins
