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

// d[key] = v on a dict tracker: an equal key keeps its place, as in a dict.
void SetDictItem(vm::Runtime& rt, Var* d, const vm::Value& key, VarPtr v) {
  for (size_t i = 0; i < d->keys.size(); ++i) {
    if (vm::Equal(rt, d->keys[i], key) == 1) {
      d->items[i] = std::move(v);
      return;
    }
  }
  d->keys.push_back(key);
  d->items.push_back(std::move(v));
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
  // id(obj) of an object the frame holds: a constant, with an ID_MATCH guard so another
  // object recompiles (upstream's call_id for modules and user objects).
  if (name == "id" && args.size() == 1 && kwargs.empty() &&
      args[0]->kind == VarKind::kObject && args[0]->source != nullptr) {
    AddGuard(tx, guards::GuardKind::kIdMatch, args[0]->source, args[0]->value);
    vm::Value id = vm::Call(st.rt, fn, {args[0]->value});
    if (id.is_raised()) return RaisePending(tx);
    return MakeConstant(std::move(id));
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
  // dict(pairs) and dict(mapping) over known containers, plus keywords: a new dict
  // tracker (keys must be constants, as everywhere in a traced dict).
  if (name == "dict" && args.size() == 1) {
    VarPtr d = MakeVar(VarKind::kDict);
    bool known = true;
    if (args[0]->kind == VarKind::kDict) {
      d->keys = args[0]->keys;
      d->items = args[0]->items;
    } else if (args[0]->kind == VarKind::kList || args[0]->kind == VarKind::kTuple ||
               args[0]->kind == VarKind::kIterator) {
      ASSIGN_OR_RETURN(std::vector<VarPtr> pairs, Unpack(tx, args[0]));
      for (const VarPtr& pair : pairs) {
        if (pair->kind != VarKind::kTuple && pair->kind != VarKind::kList &&
            !(pair->is_constant() && st.rt.IsTuple(pair->value))) {
          known = false;
          break;
        }
        ASSIGN_OR_RETURN(std::vector<VarPtr> kv, Unpack(tx, pair));
        if (kv.size() != 2 || !kv[0]->is_constant()) {
          known = false;
          break;
        }
        SetDictItem(st.rt, d.get(), kv[0]->value, kv[1]);
      }
    } else {
      known = false;
    }
    if (known) {
      for (auto& [k, v] : kwargs) SetDictItem(st.rt, d.get(), st.rt.NewStr(k), v);
      return d;
    }
  }
  // set()/frozenset() of constants: a fresh constant set, as a set display makes one
  // (sets.cc); sorted() of constants: a new list of them, as eager orders them.
  if ((name == "set" || name == "frozenset" || name == "sorted") && args.size() <= 1 &&
      (name == "sorted" ? !args.empty() : kwargs.empty())) {
    std::vector<VarPtr> items;
    if (!args.empty()) {
      ASSIGN_OR_RETURN(items, Unpack(tx, args[0]));
    }
    std::vector<vm::Value> names, values;
    bool known = AllConstant(items, {});
    for (auto& [k, v] : kwargs) {
      // sorted(..., reverse=b) and key=None; a key function is left to eager.
      known &= v->is_constant() && (k == "reverse" || (k == "key" && v->value.is_none()));
      names.push_back(st.rt.NewStr(k));
      values.push_back(v->value);
    }
    if (known) {
      std::vector<vm::Value> elems;
      for (const VarPtr& item : items) elems.push_back(item->value);
      std::vector<vm::Value> call_args;
      if (!args.empty()) call_args.push_back(st.rt.NewTuple(std::move(elems)));
      vm::Value r = vm::Call(st.rt, fn, call_args, vm::KwArgs(names, values));
      if (r.is_raised()) return RaisePending(tx);
      if (name != "sorted") return MakeConstant(std::move(r));
      std::vector<VarPtr> sorted;
      for (const vm::Value& x : r.as<vm::List>()->items) sorted.push_back(MakeConstant(x));
      return MakeSequence(VarKind::kList, std::move(sorted));
    }
  }
  // next(it[, default]) on an iterator made in the trace.
  if (name == "next" && (args.size() == 1 || args.size() == 2) && kwargs.empty() &&
      args[0]->kind == VarKind::kIterator) {
    VarPtr it = args[0];
    if (it->pos < it->items.size()) return it->items[it->pos++];
    if (args.size() == 2) return args[1];
  }
  // callable(x) wherever the tracker knows what x is.
  if (name == "callable" && args.size() == 1 && kwargs.empty()) {
    switch (args[0]->kind) {
      case VarKind::kFunction:
      case VarKind::kBoundMethod: return MakeConstant(vm::Value::Bool(true));
      case VarKind::kTensor:
      case VarKind::kTuple:
      case VarKind::kList:
      case VarKind::kDict:
      case VarKind::kSize:
      case VarKind::kSlice:
      case VarKind::kIterator:
      case VarKind::kSymInt: return MakeConstant(vm::Value::Bool(false));
      case VarKind::kConstant:
      case VarKind::kObject: {
        vm::Value r = vm::Call(st.rt, fn, {args[0]->value});
        if (r.is_raised()) return RaisePending(tx);
        return MakeConstant(std::move(r));
      }
      default: break;
    }
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
  if (name == "setattr" && args.size() == 3 && kwargs.empty() && args[1]->is_constant() &&
      st.rt.IsStr(args[1]->value)) {
    RETURN_IF_ERROR(SetAttr(tx, args[0], std::string(args[1]->value.as<vm::Str>()->view()),
                            args[2]));
    return MakeConstant(vm::Value::None());
  }
  if (name == "hasattr" && args.size() == 2 && kwargs.empty() && args[1]->is_constant() &&
      st.rt.IsStr(args[1]->value)) {
    // hasattr(x, name): whether reading it raises AttributeError, as eager asks.
    absl::StatusOr<VarPtr> r = GetAttr(tx, args[0], std::string(args[1]->value.as<vm::Str>()->view()));
    if (r.ok()) return MakeConstant(vm::Value::Bool(true));
    if (TakeAttributeError(st, r.status())) return MakeConstant(vm::Value::Bool(false));
    return r.status();
  }
  // min/max of a tensor and a number or another tensor: upstream's torch ops
  // (torch.clamp(t, min=n) for max, max=n for min; torch.maximum/minimum of two
  // tensors), so the result is a tensor even where eager's comparison would pick the
  // number.
  // A scalar_item tensor tracker is a Python number (.item(), a float input made
  // symbolic): that stays min/max of numbers.
  auto real_tensor = [](const VarPtr& v) { return v->is_tensor() && !v->scalar_item; };
  auto number = [](const VarPtr& v) { return v->is_tensor() && v->scalar_item; };
  if ((name == "min" || name == "max") && args.size() == 2 && kwargs.empty() &&
      (real_tensor(args[0]) || real_tensor(args[1])) && !number(args[0]) && !number(args[1])) {
    VarPtr t = real_tensor(args[0]) ? args[0] : args[1];
    VarPtr other = real_tensor(args[0]) ? args[1] : args[0];
    const bool is_max = name == "max";
    if (real_tensor(other)) {
      const char* op = is_max ? "maximum" : "minimum";
      return CallTensorOp(tx, op, {t, other}, {}, graph::CallStyle::kFunction,
                          absl::StrCat("torch.", op));
    }
    if ((other->is_constant() && (other->value.is_int() || other->value.is_float())) ||
        other->is_symint()) {
      return CallTensorOp(tx, "clamp", {t}, {{is_max ? "min" : "max", other}},
                          graph::CallStyle::kFunction, "torch.clamp");
    }
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
