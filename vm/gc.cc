// The cycle collector (Runtime::CollectCycles): CPython's algorithm over two
// generations. Reference counting frees everything except cycles; a collection finds the
// objects that only other candidates reference and breaks their cycles.
//
//   1. Candidates: the objects of the generations collected (0: allocated since the last
//      collection; 1: also those that survived one; 2: every object allocated since
//      FreezeGc), less types, modules, code
//      objects and atoms (exact strs, ints, floats, bytes, complex: they reference
//      nothing), and tuples of atoms, which move to an untracked list for good, as
//      CPython untracks them. Each starts with gc_refs = its
//      refcount. References from older generations count as outside references, so a
//      collection never frees what an object it does not consider reaches.
//   2. Every candidate's Traverse subtracts one from each candidate it references, so
//      gc_refs counts the references from outside the candidates (frames, C++ tables,
//      permanent objects, opaque objects).
//   3. Candidates with gc_refs > 0 are reachable, and so is everything they reach.
//   4. The rest is garbage. Suspended generators among it are finalized first (their
//      finally blocks run, as CPython's PEP 442 finalizers do) and collected by a later
//      run; otherwise every garbage object is pinned, cleared (ClearRefs drops what it
//      holds) and released, so the cycles come apart and the objects are freed.
#include <algorithm>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "vm/gc_hooks.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"
#include "vm/runtime.h"

namespace wick::vm {
namespace {

// gc_refs per candidate; kReachable once step 3 has reached it.
constexpr int64_t kReachable = -1;
using RefMap = absl::flat_hash_map<Object*, int64_t>;

struct SubtractState {
  RefMap* refs;
  int64_t visits = 0;  // references seen: the work of step 2
};

void SubtractRef(Object* referent, void* arg) {
  auto* s = static_cast<SubtractState*>(arg);
  ++s->visits;
  auto it = s->refs->find(referent);
  if (it != s->refs->end()) --it->second;
}

struct MarkState {
  RefMap* refs;
  std::vector<Object*>* stack;
};

void DiscountAnchor(Object* referent, void* arg) {
  auto* refs = static_cast<RefMap*>(arg);
  auto it = refs->find(referent);
  if (it != refs->end()) --it->second;
}

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

namespace {

// Moves every object of the list at `from` to the end of the list at `to`.
void Splice(ObjectLink* from, ObjectLink* to) {
  if (from->next == from) return;
  ObjectLink* first = from->next;
  ObjectLink* last = from->prev;
  first->prev = to->prev;
  to->prev->next = first;
  last->next = to;
  to->prev = last;
  from->prev = from->next = from;
}

// Moves `o` from its list to the end of the list at `to`.
void Relink(ObjectLink* o, ObjectLink* to) {
  o->prev->next = o->next;
  o->next->prev = o->prev;
  o->next = to;
  o->prev = to->prev;
  to->prev->next = o;
  to->prev = o;
}

}  // namespace

bool Runtime::IsAtomic(const Type* t) const {
  return t == types_.str || t == types_.int_ || t == types_.float_ || t == types_.bytes ||
         t == types_.complex;
}

bool Runtime::AtomicTuple(const Tuple& t) const {
  for (const Value& v : t.items) {
    if (v.is_object() && !IsAtomic(v.object()->type())) return false;
  }
  return true;
}

void Runtime::FreezeGc() {
  for (ObjectLink* head : {&untracked_, &old_, &mid_, &all_}) Splice(head, &permanent_);
  gc_.armed = true;
  gc_.allocations = gc_.young_runs = gc_.mid_runs = 0;
  gc_.old_work = gc_.old_pending = 0;
  gc_.due_at = gc_.enabled && gc_.threshold > 0 ? gc_.threshold : INT64_MAX;
}

int64_t Runtime::YoungObjectCount() const {
  int64_t n = 0;
  for (const ObjectLink* head : {&all_, &mid_, &old_, &untracked_}) {
    for (const ObjectLink* l = head->next; l != head; l = l->next) ++n;
  }
  return n;
}

int64_t Runtime::CollectDue() {
  // CPython's schedule: the middle generation after `threshold1` young runs, everything
  // after `threshold2` middle runs if the old generation grew by a quarter since.
  int level = 0;
  if (gc_.mid_runs > gc_.threshold2 && gc_.old_pending > gc_.old_work / 4) {
    level = 2;
  } else if (gc_.young_runs > gc_.threshold1) {
    level = 1;
  }
  return CollectCycles(level);
}

int64_t Runtime::CollectCycles(int generation) {
  if (gc_.collecting) return 0;
  gc_.collecting = true;
  // 1. Candidates.
  RefMap refs;
  std::vector<Object*> candidates;
  ObjectLink* const gens[] = {&all_, &mid_, &old_};
  for (int g = 0; g <= generation; ++g) {
    ObjectLink* head = gens[g];
    for (ObjectLink* l = head->next; l != head;) {
      Object* o = static_cast<Object*>(l);
      l = l->next;
      Type* t = o->type();
      if (t == nullptr || IsAtomic(t) || t->IsSubtypeOf(types_.type) ||
          t->IsSubtypeOf(types_.module) || t == types_.code) {
        continue;
      }
      if (t == types_.tuple && AtomicTuple(static_cast<const Tuple&>(*o))) {
        // As CPython's gc untracks them: a tuple of atoms is never part of a cycle.
        Relink(o, &untracked_);
        continue;
      }
      candidates.push_back(o);
    }
  }
  refs.reserve(candidates.size());
  for (Object* o : candidates) refs.emplace(o, o->refcount());
  // 2. Subtract the references candidates hold to each other, and the strong reference
  // by which a weak reference keeps its referent.
  SubtractState subtract{&refs};
  for (Object* o : candidates) o->Traverse(&SubtractRef, &subtract);
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
  // 5. Survivors move up a generation. Finalized generators stay where they are: the
  // next run of their generation frees them.
  if (!finalized) {
    const int64_t survivors = static_cast<int64_t>(candidates.size()) - found;
    if (generation == 0) {
      Splice(&all_, &mid_);
      ++gc_.young_runs;
    } else {
      Splice(&all_, &old_);
      Splice(&mid_, &old_);
      gc_.young_runs = 0;
      if (generation == 1) {
        ++gc_.mid_runs;
        gc_.old_pending += survivors;
      } else {
        gc_.mid_runs = 0;
        gc_.old_work = std::max<int64_t>(survivors, subtract.visits);
        gc_.old_pending = 0;
      }
    }
  }
  if (gc_.armed && gc_.enabled && gc_.threshold > 0) gc_.due_at = gc_.threshold;
  gc_.collecting = false;
  for (size_t i = 0; i + 1 < callbacks.size(); i += 2) {
    Value res = Call(*this, callbacks[i + 1], {callbacks[i]});
    if (res.is_raised()) ClearException();  // CPython prints "Exception ignored in"
  }
  return found;
}

}  // namespace wick::vm
