// _wick_weakref: weakref.ref over wick's reference counting. wick's object model has no
// weak-reference hook, so a referent is kept by one strong reference (an anchor shared
// by every ref to it) and counts as dead once that anchor's reference is the only one
// left: a ref checks this whenever it is called, compared or hashed, and then releases
// the object and runs the callbacks. Observable values match CPython (r() is None once
// the program dropped its references); what differs is timing: the object is freed and
// callbacks run at the next check, not at the moment the last reference goes.
//   ref(obj[, callback]) -> a weakref.ReferenceType   getweakrefcount(obj) -> int
#include <memory>
#include <unordered_map>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/gc_hooks.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"
#include "vm/stdlib/native_modules.h"

namespace wick::vm {
namespace {

struct WeakRef;

struct Anchor {
  Value target;                 // the one strong reference; None once dead
  std::vector<WeakRef*> refs;   // the live refs to it, oldest first
};

// Referent -> its anchor. Keys are live objects (their anchor holds them).
std::unordered_map<const Object*, std::shared_ptr<Anchor>>& Anchors() {
  static auto* m = new std::unordered_map<const Object*, std::shared_ptr<Anchor>>();
  return *m;
}

struct WeakRef : public Object {
  ~WeakRef() override { Detach(); }
  void ClearRefs() override {
    Detach();
    callback = Value();
  }
  // Leaves the anchor; the last ref to go releases the referent.
  void Detach() {
    if (anchor == nullptr) return;
    auto& refs = anchor->refs;
    refs.erase(std::remove(refs.begin(), refs.end(), this), refs.end());
    if (refs.empty() && !anchor->target.is_none()) {
      Anchors().erase(anchor->target.object());
      Value drop = std::move(anchor->target);
      anchor->target = Value();
    }
    anchor.reset();
  }
  std::shared_ptr<Anchor> anchor;
  Value callback;
  int64_t hash = -1;
};

// The collector's hooks (vm/gc_hooks.h).
void ForEachAnchored(void (*fn)(Object*, void*), void* arg) {
  for (const auto& [obj, anchor] : Anchors()) {
    if (!anchor->target.is_none()) fn(anchor->target.object(), arg);
  }
}

void ReleaseAnchor(Object* referent, std::vector<Value>* callbacks) {
  auto it = Anchors().find(referent);
  if (it == Anchors().end()) return;
  std::shared_ptr<Anchor> a = it->second;
  Anchors().erase(it);
  for (auto r = a->refs.rbegin(); r != a->refs.rend(); ++r) {
    if (!(*r)->callback.is_none()) {
      callbacks->push_back(Value::Borrow(*r));
      callbacks->push_back((*r)->callback);
    }
  }
  Value drop = std::move(a->target);
  a->target = Value();
}

// Whether the referent is gone; releases it and runs callbacks when it just went.
bool Dead(Runtime& rt, WeakRef* r) {
  if (r->anchor == nullptr) return true;
  std::shared_ptr<Anchor> a = r->anchor;
  if (a->target.is_none()) return true;
  if (a->target.object()->refcount() > 1) return false;
  Anchors().erase(a->target.object());
  std::vector<Value> pending;  // (ref, callback) pairs, newest ref first as CPython
  for (auto it = a->refs.rbegin(); it != a->refs.rend(); ++it) {
    if (!(*it)->callback.is_none()) {
      pending.push_back(Value::Borrow(*it));
      pending.push_back((*it)->callback);
    }
  }
  Value drop = std::move(a->target);
  a->target = Value();
  drop = Value();  // the referent is freed here
  for (size_t i = 0; i < pending.size(); i += 2) {
    Value res = Call(rt, pending[i + 1], {pending[i]});
    if (res.is_raised()) {
      rt.ClearException();  // CPython prints "Exception ignored in"; wick drops it
    }
  }
  return true;
}

WeakRef* AsRef(const Value& v) {
  return v.is_object() ? dynamic_cast<WeakRef*>(v.object()) : nullptr;
}

bool Weakrefable(Runtime& rt, const Value& v) {
  if (!v.is_object()) return false;
  const Type* t = rt.TypeOf(v);
  const auto& ty = rt.types();
  return t != ty.str && t != ty.tuple && t != ty.list && t != ty.dict && t != ty.int_ &&
         t != ty.float_ && t != ty.bool_;
}

Value RefConstruct(Runtime& rt, Type* type, Args args, const KwArgs& kw) {
  if (!kw.empty()) return rt.Raise(rt.exc().type_error, "ref() takes no keyword arguments");
  if (args.empty() || args.size() > 2) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("__new__ expected at most 2 arguments, got ", args.size()));
  }
  if (!Weakrefable(rt, args[0])) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat("cannot create weak reference to '", rt.TypeOf(args[0])->name(),
                                 "' object"));
  }
  Object* target = args[0].object();
  std::shared_ptr<Anchor>& slot = Anchors()[target];
  if (slot == nullptr) {
    slot = std::make_shared<Anchor>();
    slot->target = args[0];
  }
  WeakRef* r = rt.Alloc<WeakRef>(type);
  r->anchor = slot;
  r->callback = args.size() == 2 ? args[1] : Value::None();
  slot->refs.push_back(r);
  return Value::Steal(r);
}

Value RefCall(Runtime& rt, const Value& callee, Args args, const KwArgs& kw) {
  if (!args.empty() || !kw.empty()) {
    return rt.Raise(rt.exc().type_error, "weakref() takes no arguments");
  }
  WeakRef* r = AsRef(callee);
  if (Dead(rt, r)) return Value::None();
  return r->anchor->target;
}

bool RefHash(Runtime& rt, const Value& v, int64_t* out) {
  WeakRef* r = AsRef(v);
  if (r->hash != -1) {
    *out = r->hash;
    return true;
  }
  if (Dead(rt, r)) {
    rt.Raise(rt.exc().type_error, "weak object has gone away");
    return false;
  }
  if (!Hash(rt, r->anchor->target, out)) return false;
  r->hash = *out;
  return true;
}

Value RefCompare(Runtime& rt, const Value& a, const Value& b, CmpOp op) {
  WeakRef* x = AsRef(a);
  WeakRef* y = AsRef(b);
  if (x == nullptr || y == nullptr || (op != CmpOp::kEq && op != CmpOp::kNe)) {
    return rt.NotImplemented();
  }
  bool dead = Dead(rt, x) | Dead(rt, y);
  if (dead) return Value::Bool((x == y) == (op == CmpOp::kEq));
  return Compare(rt, x->anchor->target, y->anchor->target, op);
}

Value RefRepr(Runtime& rt, const Value& v) {
  WeakRef* r = AsRef(v);
  if (Dead(rt, r)) return rt.NewStr(absl::StrFormat("<weakref at %p; dead>", r));
  const Value& t = r->anchor->target;
  return rt.NewStr(absl::StrFormat("<weakref at %p; to '%s' at %p>", r, rt.TypeOf(t)->name(),
                                   t.object()));
}

Value RefGetAttr(Runtime& rt, const Value& v, Str* name) {
  if (name->view() == "__callback__") {
    WeakRef* r = AsRef(v);
    return Dead(rt, r) ? Value::None() : r->callback;
  }
  return GenericGetAttr(rt, v, name);
}

Value GetWeakRefCount(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 1 || !kw.empty()) {
    return rt.Raise(rt.exc().type_error, "getweakrefcount() takes exactly one argument");
  }
  if (!args[0].is_object()) return Value::Int(0);
  auto it = Anchors().find(args[0].object());
  if (it == Anchors().end()) return Value::Int(0);
  return Value::Int(static_cast<int64_t>(it->second->refs.size()));
}

}  // namespace

bool InitWeakrefModule(Interpreter& in, const Value& module) {
  GetWeakAnchorHooks() = {&ForEachAnchored, &ReleaseAnchor};
  Runtime& rt = in.runtime();
  Dict* d = module.as<Module>()->dict;
  Type* t = rt.NewBuiltinType("ReferenceType", rt.types().object, Layout::kOther);
  t->dict()->SetStr(rt, rt.names().module, rt.NewStr("weakref"));
  t->set_base_type(false);
  TypeSlots& s = t->slots();
  s.construct = &RefConstruct;
  s.call = &RefCall;
  s.hash = &RefHash;
  s.compare = &RefCompare;
  s.repr = &RefRepr;
  s.getattr = &RefGetAttr;
  d->SetStr(rt, rt.Intern("ref"), Value::Steal(t));
  d->SetStr(rt, rt.Intern("getweakrefcount"),
            rt.NewBuiltinFunction("getweakrefcount", &GetWeakRefCount));
  return true;
}

}  // namespace wick::vm
