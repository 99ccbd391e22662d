#include "vm/continuation.h"

#include <mutex>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "vm/code.h"
#include "vm/objects/objects.h"

namespace wick::vm {
namespace {

// `<unbound>` / `<NULL>`: what a continuation's lists hold where the frame has nothing.
class Marker : public Object {
 public:
  explicit Marker(bool unbound) : unbound(unbound) {}
  const bool unbound;
};

Value MarkerRepr(Runtime& rt, const Value& v) {
  return rt.NewStr(v.as<Marker>()->unbound ? "<unbound>" : "<NULL>");
}

Value ContinuationRepr(Runtime& rt, const Value& v) {
  const Continuation* c = v.as<Continuation>();
  std::string name = "?";
  if (c->function.is_object()) name = c->function.as<Function>()->code_object()->name;
  return rt.NewStr("<continuation of " + name + " at " + std::to_string(c->offset.as_int()) +
                   ">");
}

// Per Runtime: the two types and the two markers, made on first use and freed with the
// Runtime (the object is pinned by its own reference, as every per-Runtime state is).
class Kinds : public Object {
 public:
  explicit Kinds(Runtime* rt);
  ~Kinds() override;
  void ClearRefs() override { continuation_type = marker_type = unbound = null = Value(); }

  Runtime* rt;
  Value continuation_type, marker_type, unbound, null;
};

struct Registry {
  std::mutex mu;
  absl::flat_hash_map<Runtime*, Kinds*> kinds;
};

Registry& TheRegistry() {
  static Registry* r = new Registry;
  return *r;
}

Kinds::Kinds(Runtime* rt) : rt(rt) {}

Kinds::~Kinds() {
  Registry& r = TheRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.kinds.erase(rt);
}

Kinds& KindsOf(Runtime& rt) {
  Registry& r = TheRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  Kinds*& k = r.kinds[&rt];
  if (k != nullptr) return *k;
  k = rt.Alloc<Kinds>(rt.types().object, &rt);
  Type* ct = rt.NewBuiltinType("continuation", rt.types().object, Layout::kOther);
  ct->slots().repr = &ContinuationRepr;
  ct->slots().construct = nullptr;
  k->continuation_type = Value::Steal(ct);
  Type* mt = rt.NewBuiltinType("continuation_marker", rt.types().object, Layout::kOther);
  mt->slots().repr = &MarkerRepr;
  mt->slots().construct = nullptr;
  k->marker_type = Value::Steal(mt);
  k->unbound = Value::Steal(rt.Alloc<Marker>(mt, true));
  k->null = Value::Steal(rt.Alloc<Marker>(mt, false));
  return *k;
}

const Marker* AsMarker(const Value& v) {
  if (!v.is_object() || v.object()->type()->slots().repr != &MarkerRepr) return nullptr;
  return v.as<Marker>();
}

}  // namespace

void Continuation::ClearRefs() { function = offset = locals = stack = Value(); }

const Value* Continuation::PlainAttr(std::string_view name) const {
  if (name == "function") return &function;
  if (name == "offset") return &offset;
  if (name == "locals") return &locals;
  if (name == "stack") return &stack;
  return nullptr;
}

Value NewContinuation(Runtime& rt, const FrameState& state) {
  if (!state.function.is_object() || rt.TypeOf(state.function) != rt.types().function ||
      state.code.as<CodeObject>()->num_cells() > 0) {
    return Value::None();
  }
  Kinds& k = KindsOf(rt);
  std::vector<Value> locals, stack;
  locals.reserve(state.locals.size());
  stack.reserve(state.stack.size());
  for (const Value& v : state.locals) locals.push_back(v.is_raised() ? k.unbound : v);
  for (const Value& v : state.stack) stack.push_back(v.is_raised() ? k.null : v);
  return Value::Steal(rt.Alloc<Continuation>(k.continuation_type.as<Type>(), state.function,
                                             state.offset, rt.NewList(std::move(locals)),
                                             rt.NewList(std::move(stack))));
}

const Continuation* AsContinuation(const Value& v) {
  if (!v.is_object() || v.object()->type()->slots().repr != &ContinuationRepr) return nullptr;
  return v.as<Continuation>();
}

bool IsUnboundMarker(const Value& v) {
  const Marker* m = AsMarker(v);
  return m != nullptr && m->unbound;
}

bool IsNullMarker(const Value& v) {
  const Marker* m = AsMarker(v);
  return m != nullptr && !m->unbound;
}

Value UnboundMarker(Runtime& rt) { return KindsOf(rt).unbound; }

FrameState FrameStateOf(const Continuation& c) {
  FrameState s;
  const Function* f = c.function.as<Function>();
  s.code = f->code;
  s.function = c.function;
  s.globals = f->globals;
  s.locals_dict = Value::None();
  s.handled_exception = Value::None();
  s.offset = static_cast<int32_t>(c.offset.as_int());
  for (const Value& v : c.locals.as<List>()->items) {
    s.locals.push_back(IsUnboundMarker(v) ? Value::Raised() : v);
  }
  for (const Value& v : c.stack.as<List>()->items) {
    s.stack.push_back(IsNullMarker(v) ? Value::Raised() : v);
  }
  return s;
}

}  // namespace wick::vm
