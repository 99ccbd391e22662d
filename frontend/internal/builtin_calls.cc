// Calls of Python builtins over trackers: isinstance/len/type/iter, containers made
// from iterables, enumerate/zip/map/reversed, getattr/hasattr, any/all/sum over known
// values, pure builtins folded on constants; and operator.* as the operators they name.
#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/torch/torch.h"

namespace wick::frontend::internal {

using Kwargs = std::vector<std::pair<std::string, VarPtr>>;

namespace {

// Whether `s` is an AttributeError raised in the trace (RaiseObserved); if so it is
// taken, as a handler would: getattr's default and hasattr's False.
bool TakeAttributeError(TraceState& st, const absl::Status& s) {
  if (!IsRaise(s) || st.raising == nullptr || st.raising->kind != VarKind::kException ||
      !st.raising->value.is_object() ||
      !st.raising->value.as<vm::Type>()->IsSubtypeOf(st.rt.exc().attribute_error)) {
    return false;
  }
  st.raising = nullptr;
  return true;
}

absl::StatusOr<VarPtr> IsInstanceCall(Translator& tx, const std::vector<VarPtr>& args) {
  TraceState& st = tx.state();
  vm::Type* t = TypeOfVar(st, *args[0]);
  std::vector<vm::Value> classes;
  const VarPtr& c = args[1];
  if (c->kind == VarKind::kObject) classes.push_back(c->value);
  for (const VarPtr& x : c->items) classes.push_back(x->value);
  if (c->is_constant() && st.rt.IsTuple(c->value)) classes = c->value.as<vm::Tuple>()->items;
  if (t == nullptr) return BreakUnsupportedBuiltin(tx, "isinstance", args);
  for (const vm::Value& cls : classes) {
    if (!cls.is_object() || !st.rt.IsInstance(cls, st.rt.types().type)) {
      return BreakUnsupportedBuiltin(tx, "isinstance", args);
    }
    if (t->IsSubtypeOf(cls.as<vm::Type>())) return MakeConstant(vm::Value::Bool(true));
    // A metaclass's __instancecheck__ (abc.ABCMeta's registry) or typing's
    // __wick_subclasscheck__ may still answer True: leave that to the interpreter.
    vm::Type* meta = st.rt.TypeOf(cls);
    if ((meta->is_heap() && meta->Lookup("__instancecheck__") !=
                                st.rt.types().type->Lookup("__instancecheck__")) ||
        cls.as<vm::Type>()->Lookup("__wick_subclasscheck__") != nullptr) {
      return BreakUnsupportedBuiltin(tx, "isinstance", args);
    }
  }
  return MakeConstant(vm::Value::Bool(false));
}

absl::StatusOr<VarPtr> LenCall(Translator& tx, const VarPtr& v) {
  switch (v->kind) {
    case VarKind::kTuple:
    case VarKind::kList:
    case VarKind::kSize:
    case VarKind::kDict: return MakeConstant(vm::Value::Int(v->items.size()));
    case VarKind::kTensor:
      if (v->meta.is_dynamic()) return MakeSymInt(tx.state(), v->meta.sym_sizes[0]);
      if (!v->meta.sizes.empty()) return MakeConstant(vm::Value::Int(v->meta.sizes[0]));
      break;
    case VarKind::kConstant: return FoldCall(tx, *tx.state().builtins->GetStr("len"), {v});
    case VarKind::kObject: {
      bool found = false;
      ASSIGN_OR_RETURN(VarPtr r, CallDunder(tx, v, "__len__", {}, &found));
      if (found) return r;
      break;
    }
    default: break;
  }
  return BreakUnsupportedBuiltin(tx, "len", {v});
}

// Builtins: those with tracker semantics first, then pure ones folded on constants.
}  // namespace

absl::StatusOr<VarPtr> CallBuiltin(Translator& tx, const std::string& name, const vm::Value& fn,
                                   std::vector<VarPtr> args, Kwargs kwargs) {
  TraceState& st = tx.state();
  if (name == "isinstance" && args.size() == 2) return IsInstanceCall(tx, args);
  if (name == "len" && args.size() == 1) return LenCall(tx, args[0]);
  // type(v): a constant wherever the tracker knows the class (TypeOfVar). Not a user
  // instance (its class's attributes are not guarded when read through the class).
  if (name == "type" && args.size() == 1 && kwargs.empty()) {
    const VarKind k = args[0]->kind;
    if (k != VarKind::kObject && k != VarKind::kNewObject) {
      if (vm::Type* t = TypeOfVar(st, *args[0])) return MakeConstant(vm::Value::Borrow(t));
    }
  }
  if (name == "iter" && args.size() == 1) {
    ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(tx, args[0]));
    return MakeSequence(VarKind::kIterator, std::move(items));
  }
  if ((name == "tuple" || name == "list") && args.size() <= 1 && kwargs.empty()) {
    std::vector<VarPtr> items;
    if (!args.empty()) {
      ASSIGN_OR_RETURN(items, Unpack(tx, args[0]));
    }
    return MakeSequence(name == "tuple" ? VarKind::kTuple : VarKind::kList, std::move(items));
  }
  if (name == "dict" && args.empty()) {
    VarPtr d = MakeVar(VarKind::kDict);
    for (auto& [k, v] : kwargs) {
      d->keys.push_back(st.rt.NewStr(k));
      d->items.push_back(v);
    }
    return d;
  }
  // reversed(seq) over a known sequence (list, tuple, range): an iterator backwards.
  if (name == "reversed" && args.size() == 1 && kwargs.empty() &&
      args[0]->kind != VarKind::kIterator && args[0]->kind != VarKind::kDict &&
      args[0]->kind != VarKind::kTensor && args[0]->kind != VarKind::kObject &&
      args[0]->kind != VarKind::kNewObject) {
    ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(tx, args[0]));
    std::reverse(items.begin(), items.end());
    return MakeSequence(VarKind::kIterator, std::move(items));
  }
  // map(fn, *iterables): fn called on each item now (zip-shortest), in order.
  if (name == "map" && args.size() >= 2 && kwargs.empty()) {
    std::vector<std::vector<VarPtr>> seqs;
    for (size_t i = 1; i < args.size(); ++i) {
      ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(tx, args[i]));
      seqs.push_back(std::move(items));
    }
    size_t n = seqs[0].size();
    for (const auto& s : seqs) n = std::min(n, s.size());
    std::vector<VarPtr> out;
    for (size_t i = 0; i < n; ++i) {
      std::vector<VarPtr> call_args;
      for (const auto& s : seqs) call_args.push_back(s[i]);
      ASSIGN_OR_RETURN(VarPtr r, Call(tx, args[0], std::move(call_args), {}));
      out.push_back(std::move(r));
    }
    return MakeSequence(VarKind::kIterator, std::move(out));
  }
  if ((name == "enumerate" || name == "zip") && kwargs.empty() && !args.empty()) {
    std::vector<std::vector<VarPtr>> seqs;
    for (const VarPtr& a : args) {
      ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(tx, a));
      seqs.push_back(std::move(items));
    }
    std::vector<VarPtr> out;
    if (name == "enumerate") {
      int64_t start = args.size() > 1 ? args[1]->value.as_int() : 0;
      for (size_t i = 0; i < seqs[0].size(); ++i) {
        out.push_back(MakeSequence(VarKind::kTuple,
                                   {MakeConstant(vm::Value::Int(start + i)), seqs[0][i]}));
      }
    } else {
      size_t n = seqs[0].size();
      for (const auto& s : seqs) n = std::min(n, s.size());
      for (size_t i = 0; i < n; ++i) {
        std::vector<VarPtr> t;
        for (const auto& s : seqs) t.push_back(s[i]);
        out.push_back(MakeSequence(VarKind::kTuple, std::move(t)));
      }
    }
    return MakeSequence(VarKind::kIterator, std::move(out));
  }
  if (name == "getattr" && (args.size() == 2 || args.size() == 3) && args[1]->is_constant() &&
      st.rt.IsStr(args[1]->value)) {
    absl::StatusOr<VarPtr> r = GetAttr(tx, args[0], std::string(args[1]->value.as<vm::Str>()->view()));
    // getattr(x, name, default): an AttributeError raised while reading gives the default.
    if (args.size() == 3 && !r.ok() && TakeAttributeError(st, r.status())) return args[2];
    return r;
  }
  if (name == "hasattr" && args.size() == 2 && kwargs.empty() && args[1]->is_constant() &&
      st.rt.IsStr(args[1]->value)) {
    // hasattr(x, name): whether reading it raises AttributeError, as eager asks.
    absl::StatusOr<VarPtr> r = GetAttr(tx, args[0], std::string(args[1]->value.as<vm::Str>()->view()));
    if (r.ok()) return MakeConstant(vm::Value::Bool(true));
    if (TakeAttributeError(st, r.status())) return MakeConstant(vm::Value::Bool(false));
    return r.status();
  }
  static const char* const kPure[] = {"abs", "min", "max", "float", "int", "bool", "str",
                                      "round", "pow", "divmod", "range", "sum", "repr",
                                      "chr", "ord", "hash", "slice"};
  // Builtins folded on values read symbolic ints' values (specialised, guarded).
  for (const VarPtr& a : args) SpecializeVar(tx, a);
  for (auto& kv : kwargs) SpecializeVar(tx, kv.second);
  for (const char* p : kPure) {
    if (name == p && AllConstant(args, kwargs)) return FoldCall(tx, fn, args);
  }
  if ((name == "min" || name == "max") && args.size() == 1) {
    ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(tx, args[0]));
    if (AllConstant(items, {})) return FoldCall(tx, fn, items);
  }
  // sum(iterable, start=0): the additions eager makes, in order (tensors become graph
  // adds, numbers fold).
  if (name == "sum" && (args.size() == 1 || args.size() == 2) && kwargs.empty() &&
      !(args[0]->is_constant())) {
    ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(tx, args[0]));
    VarPtr acc = args.size() == 2 ? args[1] : MakeConstant(vm::Value::Int(0));
    for (const VarPtr& item : items) {
      ASSIGN_OR_RETURN(acc, BinaryOp(tx, vm::BinOp::kAdd, false, acc, item));
    }
    return acc;
  }
  // any()/all() over known values (a generator expression's, a list's): decided as
  // eager decides, stopping at the first deciding item; a tensor's truth is data.
  if ((name == "any" || name == "all") && args.size() == 1 && kwargs.empty()) {
    ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(tx, args[0]));
    const bool is_any = name == "any";
    bool decided = false;
    for (const VarPtr& item : items) {
      if (!item->is_constant()) break;
      int truth = vm::Truthy(st.rt, item->value);
      if (truth < 0) return RaisePending(tx);
      if ((truth == 1) == is_any) return MakeConstant(vm::Value::Bool(is_any));
      decided = &item == &items.back();
    }
    if (decided || items.empty()) return MakeConstant(vm::Value::Bool(!is_any));
  }
  return BreakUnsupportedBuiltin(tx, name, args);
}

// operator.add(a, b) and friends: the same tracker operations as the operators they
// name, so they work on tensors (graph nodes) as well as constants. setitem and the
// other mutating or rarely used ones are not traced.
absl::StatusOr<VarPtr> CallOperatorModule(Translator& tx, const std::string& name,
                                          const std::vector<VarPtr>& args,
                                          const Kwargs& kwargs) {
  static const std::pair<const char*, vm::BinOp> kBinary[] = {
      {"add", vm::BinOp::kAdd},         {"sub", vm::BinOp::kSub},
      {"mul", vm::BinOp::kMul},         {"matmul", vm::BinOp::kMatMul},
      {"truediv", vm::BinOp::kTrueDiv}, {"floordiv", vm::BinOp::kFloorDiv},
      {"mod", vm::BinOp::kMod},         {"pow", vm::BinOp::kPow}};
  static const std::pair<const char*, vm::CmpOp> kCompare[] = {
      {"lt", vm::CmpOp::kLt}, {"le", vm::CmpOp::kLe}, {"eq", vm::CmpOp::kEq},
      {"ne", vm::CmpOp::kNe}, {"gt", vm::CmpOp::kGt}, {"ge", vm::CmpOp::kGe}};
  if (kwargs.empty() && args.size() == 2) {
    for (const auto& [n, op] : kBinary) {
      if (name == n) return BinaryOp(tx, op, false, args[0], args[1]);
    }
    for (const auto& [n, op] : kCompare) {
      if (name == n) return CompareOp(tx, op, args[0], args[1]);
    }
    if (name == "getitem") return GetItem(tx, args[0], args[1]);
  }
  if (kwargs.empty() && args.size() == 1 && name == "neg") {
    return UnaryOp(tx, vm::Opcode::UNARY_NEGATIVE, args[0]);
  }
  return tx.Break("Unsupported function call", "operator." + name,
                  absl::StrCat("Dynamo in wick does not trace `operator.", name, "` yet."));
}

}  // namespace wick::frontend::internal
