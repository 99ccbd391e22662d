// The cycle collector (Runtime::CollectCycles): CPython's algorithm over one
// generation. Reference counting frees everything except cycles; a collection finds the
// objects that only other candidates reference and breaks their cycles.
//
//   1. Candidates: the young objects (allocated since FreezeGc) that are not types,
//      modules or code objects. Each starts with gc_refs = its refcount.
//   2. Every candidate's Traverse subtracts one from each candidate it references, so
//      gc_refs counts the references from outside the candidates (frames, C++ tables,
//      permanent objects, opaque objects).
//   3. Candidates with gc_refs > 0 are reachable, and so is everything they reach.
//   4. The rest is garbage. Suspended generators among it are finalized first (their
//      finally blocks run, as CPython's PEP 442 finalizers do) and collected by a later
//      run; otherwise every garbage object is pinned, cleared (ClearRefs drops what it
//      holds) and released, so the cycles come apart and the objects are freed.
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "vm/gc_hooks.h"
#include "vm/protocol.h"
#include "vm/runtime.h"

namespace wick::vm {
namespace {

// gc_refs per candidate; kReachable once step 3 has reached it.
constexpr int64_t kReachable = -1;
using RefMap = absl::flat_hash_map<Object*, int64_t>;

void SubtractRef(Object* referent, void* arg) {
  auto* refs = static_cast<RefMap*>(arg);
  auto it = refs->find(referent);
  if (it != refs->end()) --it->second;
}

struct MarkState {
  RefMap* refs;
  std::vector<Object*>* stack;
};

void DiscountAnchor(Object* referent, void* arg) { SubtractRef(referent, arg); }

void MarkReachable(Object* referent, void* arg) {
  auto* s = static_cast<MarkState*>(arg);
  auto it = s->refs->find(referent);
  if (it == s->refs->end() || it->second == kReachable) return;
  it->second = kReachable;
  s->stack->push_back(referent);
}

}  // namespace

WeakAnchorHooks& GetWeakAnchorHooks() {
  static WeakAnchorHooks hooks;
  return hooks;
}

void Runtime::FreezeGc() {
  if (all_.next != &all_) {  // splice the whole young list onto the permanent one
    ObjectLink* first = all_.next;
    ObjectLink* last = all_.prev;
    first->prev = permanent_.prev;
    permanent_.prev->next = first;
    last->next = &permanent_;
    permanent_.prev = last;
    all_.prev = all_.next = &all_;
  }
  gc_.armed = true;
  gc_.allocations = 0;
  gc_.due_at = gc_.enabled && gc_.threshold > 0 ? gc_.threshold : INT64_MAX;
}

int64_t Runtime::YoungObjectCount() const {
  int64_t n = 0;
  for (const ObjectLink* l = all_.next; l != &all_; l = l->next) ++n;
  return n;
}

int64_t Runtime::CollectCycles() {
  if (gc_.collecting) return 0;
  gc_.collecting = true;
  // 1. Candidates.
  RefMap refs;
  std::vector<Object*> candidates;
  for (ObjectLink* l = all_.next; l != &all_; l = l->next) {
    Object* o = static_cast<Object*>(l);
    Type* t = o->type();
    if (t == nullptr || t->IsSubtypeOf(types_.type) || t->IsSubtypeOf(types_.module) ||
        t == types_.code) {
      continue;
    }
    candidates.push_back(o);
    refs.emplace(o, o->refcount());
  }
  // 2. Subtract the references candidates hold to each other, and the strong reference
  // by which a weak reference keeps its referent.
  for (Object* o : candidates) o->Traverse(&SubtractRef, &refs);
  const WeakAnchorHooks& weak = GetWeakAnchorHooks();
  if (weak.for_each != nullptr) weak.for_each(&DiscountAnchor, &refs);
  // 3. Mark what outside references reach.
  std::vector<Object*> stack;
  MarkState mark{&refs, &stack};
  for (Object* o : candidates) {
    int64_t& r = refs[o];
    if (r > 0) {
      r = kReachable;
      stack.push_back(o);
    }
  }
  while (!stack.empty()) {
    Object* o = stack.back();
    stack.pop_back();
    o->Traverse(&MarkReachable, &mark);
  }
  // 4. The garbage.
  std::vector<Object*> garbage;
  for (Object* o : candidates) {
    if (refs[o] != kReachable) garbage.push_back(o);
  }
  const int64_t found = static_cast<int64_t>(garbage.size());
  for (Object* o : garbage) o->IncRef();
  std::vector<Value> callbacks;  // (weakref, callback) pairs
  if (weak.release != nullptr) {
    for (Object* o : garbage) weak.release(o, &callbacks);
  }
  bool finalized = false;
  for (Object* o : garbage) {
    if (o->NeedsFinalize()) {
      o->Finalize();
      finalized = true;
    }
  }
  if (!finalized) {
    for (Object* o : garbage) o->ClearRefs();
  }
  for (Object* o : garbage) o->DecRef();
  ++gc_.collections;
  gc_.collected += finalized ? 0 : found;
  gc_.allocations = 0;
  if (gc_.armed && gc_.enabled && gc_.threshold > 0) {
    // Amortized: the next run comes after as many allocations as objects survived
    // this one (at least `threshold`), so the work per allocation stays bounded.
    gc_.due_at = std::max<int64_t>(gc_.threshold, YoungObjectCount());
  }
  gc_.collecting = false;
  for (size_t i = 0; i + 1 < callbacks.size(); i += 2) {
    Value res = Call(*this, callbacks[i + 1], {callbacks[i]});
    if (res.is_raised()) ClearException();  // CPython prints "Exception ignored in"
  }
  return found;
}

}  // namespace wick::vm
