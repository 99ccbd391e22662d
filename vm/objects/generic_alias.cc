// PEP 585 and PEP 604 at run time: `list[int]` is a types.GenericAlias (origin and
// args; called like its origin, attributes forwarded to it, substitution of TypeVar-like
// parameters) and `int | None` a types.UnionType (flattened, deduplicated args; used by
// isinstance). Both print as CPython prints them. Builtin containers and `type` get
// __class_getitem__; classes get `|` through the type type's or-slot.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "vm/objects/dict.h"
#include "vm/objects/internal/objects_internal.h"
#include "vm/protocol.h"

namespace wick::vm {
namespace {

// A GenericAlias (origin = the class) or a UnionType (origin = None); args is a tuple.
class AliasObject : public Object {
 public:
  AliasObject(Value o, Value a) : origin(std::move(o)), args(std::move(a)) {}
  void ClearRefs() override { origin = args = parameters = Value(); }
  Value origin;
  Value args;
  Value parameters;  // tuple, computed on first use (None until then)
};

AliasObject* A(const Value& v) { return v.as<AliasObject>(); }

bool IsType(Runtime& rt, const Value& v) { return rt.IsInstance(v, rt.types().type); }

// Looks up an optional attribute: true with *out set, false when missing (the
// AttributeError is cleared) or after another error (*error set).
bool OptionalAttr(Runtime& rt, const Value& v, absl::string_view name, Value* out,
                  bool* error) {
  *out = GetAttr(rt, v, name);
  if (!out->is_raised()) return true;
  if (rt.ExceptionMatches(rt.exc().attribute_error)) {
    rt.ClearException();
  } else {
    *error = true;
  }
  return false;
}

// ga_repr_item: "...", a class as [module.]qualname, anything alias-like by repr.
bool ReprItem(Runtime& rt, const Value& v, std::string* out) {
  if (v.Is(rt.Ellipsis())) {
    *out += "...";
    return true;
  }
  bool error = false;
  Value tmp;
  if (!internal::IsAlias(rt, v) && OptionalAttr(rt, v, "__origin__", &tmp, &error) &&
      OptionalAttr(rt, v, "__args__", &tmp, &error)) {
    std::string r;
    if (!ReprString(rt, v, &r)) return false;
    *out += r;
    return true;
  }
  if (error) return false;
  if (IsType(rt, v) || rt.TypeOf(v) == rt.types().function) {
    Value qualname, module;
    if (OptionalAttr(rt, v, "__qualname__", &qualname, &error) &&
        OptionalAttr(rt, v, "__module__", &module, &error) && rt.IsStr(qualname) &&
        rt.IsStr(module)) {
      if (internal::StrView(module) != "builtins") {
        absl::StrAppend(out, internal::StrView(module), ".");
      }
      absl::StrAppend(out, internal::StrView(qualname));
      return true;
    }
    if (error) return false;
  }
  std::string r;
  if (!ReprString(rt, v, &r)) return false;
  *out += r;
  return true;
}

Value AliasRepr(Runtime& rt, const Value& v) {
  AliasObject* a = A(v);
  const std::vector<Value>& args = internal::TupleItems(a->args);
  std::string out;
  if (a->origin.is_none()) {  // a union
    for (size_t i = 0; i < args.size(); ++i) {
      if (i > 0) out += " | ";
      if (args[i].Is(Value::Borrow(rt.types().none))) {
        out += "None";
      } else if (!ReprItem(rt, args[i], &out)) {
        return Value::Raised();
      }
    }
    return rt.NewStr(std::move(out));
  }
  if (!ReprItem(rt, a->origin, &out)) return Value::Raised();
  out += "[";
  if (args.empty()) out += "()";
  for (size_t i = 0; i < args.size(); ++i) {
    if (i > 0) out += ", ";
    if (!ReprItem(rt, args[i], &out)) return Value::Raised();
  }
  out += "]";
  return rt.NewStr(std::move(out));
}

// _Py_make_parameters: the TypeVar-like args (those with __typing_subst__) and the
// parameters of nested aliases, in order, without repeats.
Value Parameters(Runtime& rt, const Value& v) {
  AliasObject* a = A(v);
  if (!a->parameters.is_none()) return a->parameters;
  std::vector<Value> params;
  auto add = [&](const Value& p) {
    for (const Value& q : params) {
      if (q.Is(p)) return;
    }
    params.push_back(p);
  };
  for (const Value& arg : internal::TupleItems(a->args)) {
    if (IsType(rt, arg)) continue;
    bool error = false;
    Value tmp;
    if (OptionalAttr(rt, arg, "__typing_subst__", &tmp, &error)) {
      add(arg);
      continue;
    }
    if (error) return Value::Raised();
    if (OptionalAttr(rt, arg, "__parameters__", &tmp, &error)) {
      if (rt.IsTuple(tmp)) {
        for (const Value& p : internal::TupleItems(tmp)) add(p);
      }
      continue;
    }
    if (error) return Value::Raised();
  }
  a->parameters = rt.NewTuple(std::move(params));
  return a->parameters;
}

Value NewAlias(Runtime& rt, Type* type, Value origin, Value args) {
  if (!rt.IsTuple(args)) args = rt.NewTuple({std::move(args)});
  return Value::Steal(rt.Alloc<AliasObject>(type, std::move(origin), std::move(args)));
}

// alias[...]: substitutes the parameters, nested aliases included.
Value Substitute(Runtime& rt, const Value& v, const Value& key) {
  Value params = Parameters(rt, v);
  if (params.is_raised()) return params;
  const std::vector<Value>& ps = internal::TupleItems(params);
  if (ps.empty()) {
    std::string r;
    if (!ReprString(rt, v, &r)) return Value::Raised();
    return rt.Raise(rt.exc().type_error, absl::StrCat(r, " is not a generic class"));
  }
  std::vector<Value> subs =
      rt.IsTuple(key) ? internal::TupleItems(key) : std::vector<Value>{key};
  if (subs.size() != ps.size()) {
    std::string r;
    if (!ReprString(rt, v, &r)) return Value::Raised();
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("Too ", subs.size() > ps.size() ? "many" : "few",
                                 " arguments for ", r, "; actual ", subs.size(),
                                 ", expected ", ps.size()));
  }
  std::vector<Value> out;
  for (const Value& arg : internal::TupleItems(A(v)->args)) {
    bool replaced = false;
    for (size_t i = 0; i < ps.size(); ++i) {
      if (arg.Is(ps[i])) {
        out.push_back(subs[i]);
        replaced = true;
        break;
      }
    }
    if (replaced) continue;
    if (internal::IsAlias(rt, arg)) {
      Value inner = Parameters(rt, arg);
      if (inner.is_raised()) return inner;
      if (!internal::TupleItems(inner).empty()) {
        std::vector<Value> inner_subs;
        for (const Value& p : internal::TupleItems(inner)) {
          for (size_t i = 0; i < ps.size(); ++i) {
            if (p.Is(ps[i])) inner_subs.push_back(subs[i]);
          }
        }
        Value r = GetItem(rt, arg, inner_subs.size() == 1 ? inner_subs[0]
                                                          : rt.NewTuple(inner_subs));
        if (r.is_raised()) return r;
        out.push_back(std::move(r));
        continue;
      }
    }
    out.push_back(arg);
  }
  return NewAlias(rt, rt.TypeOf(v), A(v)->origin, rt.NewTuple(std::move(out)));
}

Value AliasGetItem(Runtime& rt, const Value& v, const Value& key) {
  if (A(v)->origin.is_none()) return Substitute(rt, v, key);
  return Substitute(rt, v, key);
}

Value AliasCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kw) {
  AliasObject* a = A(callee);
  if (a->origin.is_none()) return RaiseTypeName(rt, "'", callee, "' object is not callable");
  Value r = Call(rt, a->origin, args, kw);
  if (r.is_raised()) return r;
  if (!SetAttr(rt, r, rt.Intern("__orig_class__"), callee)) {
    if (!rt.ExceptionMatches(rt.exc().attribute_error) &&
        !rt.ExceptionMatches(rt.exc().type_error)) {
      return Value::Raised();
    }
    rt.ClearException();
  }
  return r;
}

// Names a GenericAlias answers itself; every other attribute is its origin's.
bool OwnAttribute(absl::string_view n) {
  for (absl::string_view own :
       {"__class__", "__origin__", "__args__", "__unpacked__", "__parameters__",
        "__typing_unpacked_tuple_args__", "__mro_entries__", "__reduce_ex__", "__reduce__",
        "__copy__", "__deepcopy__"}) {
    if (n == own) return true;
  }
  return false;
}

Value AliasGetAttr(Runtime& rt, const Value& v, Str* name) {
  AliasObject* a = A(v);
  absl::string_view n = name->view();
  const bool is_union = a->origin.is_none();
  if (!is_union && !OwnAttribute(n)) return GetAttr(rt, a->origin, name);
  if (n == "__origin__" && !is_union) return a->origin;
  if (n == "__args__") return a->args;
  if (n == "__parameters__") return Parameters(rt, v);
  return GenericGetAttr(rt, v, name);
}

// __mro_entries__(bases): a class statement subclasses the origin.
Value AliasMroEntries(Runtime& rt, Args args, const KwArgs& kw) {
  if (!internal::CheckArgCount(rt, "__mro_entries__", args, 2, 2)) return Value::Raised();
  return rt.NewTuple({A(args[0])->origin});
}

bool SameArg(Runtime& rt, const Value& a, const Value& b, int* eq) {
  *eq = 0;
  if (a.Is(b)) {
    *eq = 1;
    return true;
  }
  if (internal::IsAlias(rt, a) && internal::IsAlias(rt, b)) {
    *eq = Equal(rt, a, b);
    return *eq >= 0;
  }
  return true;
}

Value AliasCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  if ((op != CmpOp::kEq && op != CmpOp::kNe) || rt.TypeOf(a) != rt.TypeOf(b)) {
    return rt.NotImplemented();
  }
  AliasObject* x = A(a);
  AliasObject* y = A(b);
  bool equal;
  if (x->origin.is_none()) {  // unions compare as sets of args
    auto subset = [&](AliasObject* p, AliasObject* q, bool* ok) {
      for (const Value& u : internal::TupleItems(p->args)) {
        bool found = false;
        for (const Value& w : internal::TupleItems(q->args)) {
          int eq;
          if (!SameArg(rt, u, w, &eq)) {
            *ok = false;
            return false;
          }
          if (eq) found = true;
        }
        if (!found) return false;
      }
      return true;
    };
    bool ok = true;
    equal = subset(x, y, &ok) && subset(y, x, &ok);
    if (!ok) return Value::Raised();
  } else {
    int eq = Equal(rt, x->origin, y->origin);
    if (eq < 0) return Value::Raised();
    if (eq) eq = Equal(rt, x->args, y->args);
    if (eq < 0) return Value::Raised();
    equal = eq != 0;
  }
  return Value::Bool(op == CmpOp::kEq ? equal : !equal);
}

bool AliasHash(Runtime& rt, const Value& v, int64_t* out) {
  AliasObject* a = A(v);
  int64_t h = 0;
  if (a->origin.is_none()) {
    for (const Value& arg : internal::TupleItems(a->args)) {
      int64_t x;
      if (!Hash(rt, arg, &x)) return false;
      h ^= x;  // order-independent, like hash(frozenset(args))
    }
  } else {
    int64_t x, y;
    if (!Hash(rt, a->origin, &x) || !Hash(rt, a->args, &y)) return false;
    h = x ^ y;
  }
  *out = h == -1 ? -2 : h;
  return true;
}

bool Unionable(Runtime& rt, const Value& v) {
  return v.is_none() || IsType(rt, v) || internal::IsAlias(rt, v);
}

// `a | b` for classes, None and aliases: _Py_union_type_or.
Value UnionOr(Runtime& rt, const Value& a, const Value& b) {
  if (!Unionable(rt, a) || !Unionable(rt, b)) return rt.NotImplemented();
  std::vector<Value> args;
  auto add = [&](const Value& v) -> bool {
    Value item = v.is_none() ? Value::Borrow(rt.types().none) : v;
    for (const Value& have : args) {
      int eq;
      if (!SameArg(rt, have, item, &eq)) return false;
      if (eq) return true;
    }
    args.push_back(std::move(item));
    return true;
  };
  for (const Value& side : {a, b}) {
    if (rt.TypeOf(side) == rt.types().union_type) {
      for (const Value& x : internal::TupleItems(A(side)->args)) {
        if (!add(x)) return Value::Raised();
      }
    } else if (!add(side)) {
      return Value::Raised();
    }
  }
  if (args.size() == 1) return args[0];
  return NewAlias(rt, rt.types().union_type, Value::None(), rt.NewTuple(std::move(args)));
}

// cls.__class_getitem__(item) of the builtin generic classes.
Value ClassGetItem(Runtime& rt, Args args, const KwArgs& kw) {
  if (!internal::NoKwargs(rt, "__class_getitem__", kw) ||
      !internal::CheckArgCount(rt, "__class_getitem__", args, 2, 2)) {
    return Value::Raised();
  }
  return NewAlias(rt, rt.types().generic_alias, args[0], args[1]);
}

}  // namespace

namespace internal {

bool IsAlias(Runtime& rt, const Value& v) {
  Type* t = rt.TypeOf(v);
  return t == rt.types().generic_alias || t == rt.types().union_type;
}

Value NewGenericAlias(Runtime& rt, Value origin, Value args) {
  return NewAlias(rt, rt.types().generic_alias, std::move(origin), std::move(args));
}

const Value* UnionArgs(Runtime& rt, const Value& v) {
  if (rt.TypeOf(v) != rt.types().union_type) return nullptr;
  return &A(v)->args;
}

void InitAliasTypes(Runtime& rt) {
  for (Type* t : {rt.types().generic_alias, rt.types().union_type}) {
    TypeSlots& s = t->slots();
    s.repr = &AliasRepr;
    s.compare = &AliasCompare;
    s.hash = &AliasHash;
    s.getattr = &AliasGetAttr;
    s.binary[static_cast<int>(BinOp::kOr)] = &UnionOr;
    s.getitem = &AliasGetItem;
    s.construct = nullptr;
    t->dict()->SetStr(rt, rt.names().module, rt.NewStr("types"));
    t->set_base_type(false);
  }
  rt.types().generic_alias->slots().call = &AliasCall;
  rt.AddMethod(rt.types().generic_alias, "__mro_entries__", &AliasMroEntries);
  rt.types().type->slots().binary[static_cast<int>(BinOp::kOr)] = &UnionOr;
  for (Type* t : {rt.types().list, rt.types().dict, rt.types().tuple, rt.types().set,
                  rt.types().type}) {
    AddClassMethod(rt, t, "__class_getitem__", &ClassGetItem);
  }
}

}  // namespace internal
}  // namespace wick::vm
