// torch._dynamo's Python face as the runtime reads it: stance names, the config module,
// exceptions raised by name and counters.
#include "runtime/internal/config.h"

#include <cstdint>
#include <utility>

#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::runtime::internal {
namespace {

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

}  // namespace wick::runtime::internal
