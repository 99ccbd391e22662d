// RuntimeState bookkeeping: creation per Runtime, caches, compile-all, reset, and
// torch.compile's / torch.compiler.disable's calls.
#include "runtime/internal/state.h"

#include <atomic>
#include <functional>
#include <mutex>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::runtime::internal {
namespace {

// Every Runtime's state. Runtimes on different threads come and go concurrently, so
// the map is locked; State() is on the per-call path, so each thread remembers the
// last state it looked up, valid while no state has died since (`generation`). A
// std::mutex rather than absl::Mutex: ThreadSanitizer sees through pthread locks but not
// through the (uninstrumented) system absl library.
struct StateRegistry {
  std::mutex mu;
  absl::flat_hash_map<const vm::Runtime*, RuntimeState*> states;  // guarded by mu
  std::atomic<uint64_t> generation{0};  // bumped under `mu` when a state dies
};

StateRegistry& Registry() {
  static auto* registry = new StateRegistry();
  return *registry;
}

struct LastState {
  const vm::Runtime* rt = nullptr;
  RuntimeState* state = nullptr;
  uint64_t generation = 0;
};
thread_local LastState t_last_state;  // trivial, so reading it needs no TLS guard

}  // namespace

RuntimeState& State(vm::Runtime& rt) {
  LastState& last = t_last_state;
  StateRegistry& r = Registry();
  // A state that died since bumped the generation, so a new Runtime at a dead one's
  // address never matches.
  if (last.rt == &rt && last.generation == r.generation.load(std::memory_order_relaxed)) {
    return *last.state;
  }
  std::lock_guard<std::mutex> lock(r.mu);
  RuntimeState*& s = r.states[&rt];
  // Pinned by its own reference; the Runtime frees it at teardown. Only this Runtime's
  // thread creates its state, and allocating runs no Python code.
  if (s == nullptr) s = rt.Alloc<RuntimeState>(rt.types().object, &rt);
  last = {&rt, s, r.generation.load(std::memory_order_relaxed)};
  return *s;
}

RuntimeState::~RuntimeState() {
  StateRegistry& r = Registry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.states.erase(rt_);
  r.generation.fetch_add(1, std::memory_order_relaxed);
}

void RuntimeState::ClearRefs() {
  caches_.clear();
  compiled_function_type = vm::Value();
  graph_handle_type = vm::Value();
}

CodeCache& RuntimeState::CacheFor(vm::CodeObject* code, int32_t entry) {
  std::unique_ptr<CodeCache>& slot = caches_[{code, entry}];
  if (slot == nullptr) {
    slot = std::make_unique<CodeCache>();
    slot->code = vm::Value::Borrow(code);
  }
  return *slot;
}

void RuntimeState::EnableCompileAll(std::string stats_path, std::string backend) {
  compile_all_ = true;
  compile_all_options_.backend = std::move(backend);
  compile_all_options_.backend_id = std::hash<std::string>()(compile_all_options_.backend);
  recorders.stats_path = std::move(stats_path);
  recorders.WriteStats();
}

void RuntimeState::Reset() {
  caches_.clear();
  next_frame_id_ = 0;
  recorders.logged_breaks.clear();
}

vm::Value RuntimeState::CallCompiled(const CompileOptions& options, const vm::Value& fn,
                                     vm::Args args, const vm::KwArgs& kwargs) {
  if (options.disable || stance == Stance::kForceEager) return vm::Call(*rt_, fn, args, kwargs);
  Scope scope(*this, {&options, Mode::kCompile});
  return vm::Call(*rt_, fn, args, kwargs);
}

vm::Value RuntimeState::CallDisabled(const vm::Value& fn, bool recursive,
                                     const std::vector<vm::Value>& args, vm::Dict* kwargs) {
  std::vector<vm::Value> names, values;
  for (const vm::Dict::Entry& e : kwargs->entries()) {
    if (e.key.is_raised()) continue;
    names.push_back(e.key);
    values.push_back(e.value);
  }
  const vm::KwArgs kw(names, values);
  if (recursive) {
    Scope off(*this, {nullptr, Mode::kDisabled});
    return vm::Call(*rt_, fn, args, kw);
  }
  const vm::Value* code = nullptr;
  if (rt_->TypeOf(fn) == rt_->types().function) code = &fn.as<vm::Function>()->code;
  const vm::CodeObject* saved = bypass_;
  if (code != nullptr) bypass_ = code->as<vm::CodeObject>();
  vm::Value r = vm::Call(*rt_, fn, args, kw);
  bypass_ = saved;
  return r;
}

}  // namespace wick::runtime::internal
