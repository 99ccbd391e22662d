// RuntimeState bookkeeping: creation per Runtime, caches, reset, the config module,
// counters, raising torch._dynamo.exc errors, guard lookup and torch.compile's call.
#include "runtime/internal/state.h"

#include <algorithm>
#include <atomic>
#include <fstream>
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

// The module `name` if it can be imported, else None (the import error is cleared).
vm::Value TryImport(vm::Runtime& rt, absl::string_view name) {
  vm::Interpreter* interp = rt.interpreter();
  if (interp == nullptr) return vm::Value::None();
  vm::Value m = interp->ImportModule(name);
  if (m.is_raised()) {
    rt.ClearException();
    return vm::Value::None();
  }
  return m;
}

const vm::Value* ModuleAttr(const vm::Value& module, absl::string_view name) {
  if (!module.is_object()) return nullptr;
  vm::Module* m = dynamic_cast<vm::Module*>(module.object());
  return m == nullptr ? nullptr : m->dict->GetStr(name);
}

void ReadInt(const vm::Value& module, absl::string_view name, int64_t* out) {
  const vm::Value* v = ModuleAttr(module, name);
  if (v != nullptr && v->is_int()) *out = v->as_int();
}

void ReadBool(vm::Runtime& rt, const vm::Value& module, absl::string_view name, bool* out) {
  const vm::Value* v = ModuleAttr(module, name);
  if (v == nullptr) return;
  const int t = vm::Truthy(rt, *v);
  if (t < 0) {
    rt.ClearException();
    return;
  }
  *out = t == 1;
}

constexpr std::pair<Stance, absl::string_view> kStanceNames[] = {
    {Stance::kDefault, "default"},
    {Stance::kForceEager, "force_eager"},
    {Stance::kEagerOnRecompile, "eager_on_recompile"},
    {Stance::kFailOnRecompile, "fail_on_recompile"},
    {Stance::kEagerThenCompile, "eager_then_compile"},
};

}  // namespace

bool ParseStance(absl::string_view name, Stance* out) {
  for (const auto& [stance, text] : kStanceNames) {
    if (text == name) {
      *out = stance;
      return true;
    }
  }
  return false;
}

absl::string_view StanceName(Stance s) {
  for (const auto& [stance, text] : kStanceNames) {
    if (stance == s) return text;
  }
  return "default";
}

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

void RuntimeState::EnableCompileAll(std::string stats_path) {
  compile_all_ = true;
  compile_all_options_.backend = "eager";
  compile_all_options_.backend_id = std::hash<std::string>()(compile_all_options_.backend);
  stats_path_ = std::move(stats_path);
  WriteStats();
}

void RuntimeState::RecordGraph() {
  ++stats_.frames_compiled;
  ++stats_.graphs;
  WriteStats();
}

void RuntimeState::RecordBreak(absl::string_view gb_type) {
  ++stats_.breaks;
  ++stats_.breaks_by_type[std::string(gb_type)];
  WriteStats();
}

// Rewritten whole on every change: the process may end without tearing the runtime
// down, and the counts are small.
void RuntimeState::WriteStats() const {
  if (stats_path_.empty()) return;
  std::ofstream out(stats_path_, std::ios::trunc);
  out << "compile-all: " << stats_.frames_compiled << " frames compiled, " << stats_.graphs
      << " graphs, " << stats_.breaks << " breaks\n";
  for (const auto& [type, count] : stats_.breaks_by_type) {
    out << "break " << type << ": " << count << "\n";
  }
}

void RuntimeState::Reset() {
  caches_.clear();
  next_frame_id_ = 0;
  logged_breaks.clear();
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

Config ReadConfig(vm::Runtime& rt) {
  Config c;
  vm::Value m = TryImport(rt, "torch._dynamo.config");
  if (m.is_none()) return c;
  // recompile_limit and cache_size_limit are aliases upstream; whichever was changed
  // from the default wins.
  int64_t alias = c.recompile_limit;
  ReadInt(m, "recompile_limit", &c.recompile_limit);
  ReadInt(m, "cache_size_limit", &alias);
  if (c.recompile_limit == 8) c.recompile_limit = alias;
  alias = c.accumulated_recompile_limit;
  ReadInt(m, "accumulated_recompile_limit", &c.accumulated_recompile_limit);
  ReadInt(m, "accumulated_cache_size_limit", &alias);
  if (c.accumulated_recompile_limit == 256) c.accumulated_recompile_limit = alias;
  ReadBool(rt, m, "fail_on_recompile_limit_hit", &c.fail_on_recompile_limit_hit);
  ReadBool(rt, m, "error_on_recompile", &c.error_on_recompile);
  ReadBool(rt, m, "suppress_errors", &c.suppress_errors);
  ReadBool(rt, m, "verbose", &c.verbose);
  ReadBool(rt, m, "capture_scalar_outputs", &c.capture_scalar_outputs);
  ReadBool(rt, m, "nested_graph_breaks", &c.nested_graph_breaks);
  ReadBool(rt, m, "automatic_dynamic_shapes", &c.automatic_dynamic_shapes);
  ReadBool(rt, m, "assume_static_by_default", &c.assume_static_by_default);
  ReadBool(rt, m, "allow_unspec_int_on_nn_module", &c.allow_unspec_int_on_nn_module);
  ReadBool(rt, m, "specialize_float", &c.specialize_float);
  if (const vm::Value* fns = ModuleAttr(m, "reorderable_logging_functions")) {
    if (!vm::Unpack(rt, *fns, &c.reorderable_logging_functions)) rt.ClearException();
  }
  return c;
}

vm::Value RaiseDynamoError(vm::Runtime& rt, absl::string_view name, absl::string_view message) {
  vm::Value m = TryImport(rt, "torch._dynamo.exc");
  const vm::Value* cls = ModuleAttr(m, name);
  if (cls == nullptr) return rt.Raise(rt.exc().runtime_error, message);
  vm::Value args[] = {rt.NewStr(message)};
  vm::Value exc = vm::Call(rt, *cls, args);
  if (exc.is_raised()) return exc;
  return rt.RaiseValue(std::move(exc));
}

void BumpCounter(vm::Runtime& rt, absl::string_view category, absl::string_view key,
                 int64_t delta) {
  vm::Value m = TryImport(rt, "torch._dynamo.utils");
  const vm::Value* counters = ModuleAttr(m, "counters");
  if (counters == nullptr) return;
  vm::Value counter = vm::GetItem(rt, *counters, rt.NewStr(category));
  vm::Value k = rt.NewStr(key);
  vm::Value old = counter.is_raised() ? counter : vm::GetItem(rt, counter, k);
  if (old.is_raised() || !old.is_int() ||
      !vm::SetItem(rt, counter, k, vm::Value::Int(old.as_int() + delta))) {
    rt.ClearException();
  }
}

CacheEntry* Lookup(CodeCache& cache, const guards::FrameView& view, uintptr_t backend_id) {
  auto& entries = cache.entries;
  for (size_t i = 0; i < entries.size(); ++i) {
    if (entries[i]->backend_id != backend_id || !entries[i]->guards->Check(view)) continue;
    if (i != 0) std::rotate(entries.begin(), entries.begin() + i, entries.begin() + i + 1);
    return entries[0].get();
  }
  return nullptr;
}

}  // namespace wick::runtime::internal
