// The `_wick_runtime` native module and torch.compile's wrapper type. The Python prelude
// (torch._dynamo.eval_frame, torch.compiler) builds the user-facing API on these:
//   compile(fn, fullgraph, dynamic, backend, backend_fn, mode, disable) -> wrapper
//   reset(); set_stance(stance, skip_guard_eval_unsafe) -> previous (stance, flag)
//   _graph_code/_graph_readable/_graph_name/_graph_nodes/_graph_run(handle, ...)
#include <cstdlib>
#include <functional>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "logging/logging.h"
#include "runtime/internal/explain.h"
#include "runtime/internal/python_backend.h"
#include "runtime/internal/python_sources.h"
#include "runtime/internal/state.h"
#include "runtime/runtime.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/torch/torch.h"

namespace wick::runtime {
namespace {

using internal::RuntimeState;
using internal::State;

// What torch.compile(fn) returns: calling it runs fn with the options active.
class CompiledFunction : public vm::Object {
 public:
  CompiledFunction(vm::Value fn, CompileOptions options)
      : fn(std::move(fn)), options(std::move(options)) {}
  void ClearRefs() override {
    fn = vm::Value();
    options.backend_fn = vm::Value();
  }
  vm::Value fn;
  CompileOptions options;
};

vm::Value CompiledCall(vm::Runtime& rt, const vm::Value& self, vm::Args args,
                       const vm::KwArgs& kwargs) {
  CompiledFunction* c = self.as<CompiledFunction>();
  vm::Value keep = self;  // the options must outlive the call
  return State(rt).CallCompiled(c->options, c->fn, args, kwargs);
}

// Methods decorated with @torch.compile bind like functions.
vm::Value CompiledDescrGet(vm::Runtime& rt, const vm::Value& descr, const vm::Value& instance,
                           vm::Type*) {
  if (instance.is_none()) return descr;
  return rt.NewBoundMethod(instance, descr);
}

// Attributes not on the wrapper come from the wrapped callable (__name__, __doc__, ...),
// as functools.wraps gives upstream's wrapper; _torchdynamo_orig_callable is the callable
// (compiled code calling the wrapper inlines it, with _torchdynamo_fullgraph in effect).
vm::Value CompiledGetAttr(vm::Runtime& rt, const vm::Value& self, vm::Str* name) {
  CompiledFunction* c = self.as<CompiledFunction>();
  std::string n;
  if (vm::StrString(rt, vm::Value::Borrow(name), &n) &&
      (n == "_torchdynamo_orig_callable" || n == "__wrapped__")) {
    return c->fn;
  }
  if (n == "_torchdynamo_fullgraph") return vm::Value::Bool(c->options.fullgraph);
  // What functools.wraps copies (WRAPPER_ASSIGNMENTS) is the wrapped callable's, before
  // anything the wrapper's type has under those names.
  if (n == "__name__" || n == "__qualname__" || n == "__module__" || n == "__doc__" ||
      n == "__annotations__") {
    return vm::GetAttr(rt, c->fn, name);
  }
  vm::Value v = vm::GenericGetAttr(rt, self, name);
  if (!v.is_raised() || !rt.ExceptionMatches(rt.exc().attribute_error)) return v;
  rt.ClearException();
  return vm::GetAttr(rt, c->fn, name);
}

vm::Type* CompiledFunctionType(vm::Runtime& rt) {
  RuntimeState& s = State(rt);
  if (s.compiled_function_type.is_none()) {
    vm::Type* t = rt.NewBuiltinType("CompiledFunction", rt.types().object, vm::Layout::kOther);
    t->slots().call = &CompiledCall;
    t->slots().descr_get = &CompiledDescrGet;
    t->slots().getattr = &CompiledGetAttr;
    s.compiled_function_type = vm::Value::Borrow(t);
  }
  return s.compiled_function_type.as<vm::Type>();
}

// Positional-or-keyword argument `i` named `name`, or null.
const vm::Value* Arg(vm::Args args, const vm::KwArgs& kwargs, size_t i, absl::string_view name) {
  if (i < args.size()) return &args[i];
  return kwargs.Find(name);
}

bool ReadFlag(vm::Runtime& rt, const vm::Value* v, bool* out) {
  if (v == nullptr || v->is_none()) return true;
  const int t = vm::Truthy(rt, *v);
  if (t < 0) return false;
  *out = t == 1;
  return true;
}

// compile(fn, fullgraph=False, dynamic=None, backend="inductor", backend_fn=None,
//         mode=None, disable=False)
vm::Value CompileNative(vm::Runtime& rt, vm::Args args, const vm::KwArgs& kwargs) {
  const vm::Value* fn = Arg(args, kwargs, 0, "fn");
  if (fn == nullptr) return rt.Raise(rt.exc().type_error, "compile() missing argument 'fn'");
  CompileOptions o;
  if (!ReadFlag(rt, Arg(args, kwargs, 1, "fullgraph"), &o.fullgraph)) return vm::Value::Raised();
  if (const vm::Value* d = Arg(args, kwargs, 2, "dynamic"); d != nullptr && !d->is_none()) {
    bool b = false;
    if (!ReadFlag(rt, d, &b)) return vm::Value::Raised();
    o.dynamic = b;
  }
  if (const vm::Value* b = Arg(args, kwargs, 3, "backend"); b != nullptr && rt.IsStr(*b)) {
    if (!vm::StrString(rt, *b, &o.backend)) return vm::Value::Raised();
  }
  if (const vm::Value* f = Arg(args, kwargs, 4, "backend_fn"); f != nullptr) o.backend_fn = *f;
  if (const vm::Value* m = Arg(args, kwargs, 5, "mode"); m != nullptr && rt.IsStr(*m)) {
    if (!vm::StrString(rt, *m, &o.mode)) return vm::Value::Raised();
  }
  if (!ReadFlag(rt, Arg(args, kwargs, 6, "disable"), &o.disable)) return vm::Value::Raised();
  return Compile(rt, *fn, std::move(o));
}

vm::Value ResetNative(vm::Runtime& rt, vm::Args, const vm::KwArgs&) {
  State(rt).Reset();
  return vm::Value::None();
}

// set_stance(stance, skip_guard_eval_unsafe) -> (previous stance, previous flag).
vm::Value SetStanceNative(vm::Runtime& rt, vm::Args args, const vm::KwArgs& kwargs) {
  RuntimeState& s = State(rt);
  vm::Value previous = rt.NewTuple(
      {rt.NewStr(internal::StanceName(s.stance)), vm::Value::Bool(s.skip_guard_eval_unsafe)});
  internal::Stance stance = s.stance;
  if (const vm::Value* v = Arg(args, kwargs, 0, "stance"); v != nullptr) {
    std::string name;
    if (!rt.IsStr(*v) || !vm::StrString(rt, *v, &name)) {
      return rt.Raise(rt.exc().type_error, "stance must be a str");
    }
    if (!internal::ParseStance(name, &stance)) {
      return rt.Raise(rt.exc().runtime_error,
                      absl::StrCat("invalid torch.compile stance '", name, "'"));
    }
  }
  bool skip = false;
  if (!ReadFlag(rt, Arg(args, kwargs, 1, "skip_guard_eval_unsafe"), &skip)) {
    return vm::Value::Raised();
  }
  s.stance = stance;
  s.skip_guard_eval_unsafe = skip;
  return previous;
}

vm::Value GetStanceNative(vm::Runtime& rt, vm::Args, const vm::KwArgs&) {
  return rt.NewStr(internal::StanceName(State(rt).stance));
}

// set_error_on_graph_break(flag) -> the previous value.
vm::Value SetErrorOnGraphBreakNative(vm::Runtime& rt, vm::Args args, const vm::KwArgs& kwargs) {
  RuntimeState& s = State(rt);
  const bool previous = s.error_on_graph_break;
  bool flag = false;
  const vm::Value* v = Arg(args, kwargs, 0, "flag");
  if (v == nullptr || !v->is_bool()) {
    return rt.Raise(rt.exc().type_error, "error_on_graph_break() expects a bool");
  }
  if (!ReadFlag(rt, v, &flag)) return vm::Value::Raised();
  s.error_on_graph_break = flag;
  return vm::Value::Bool(previous);
}

// call_disabled(fn, recursive, args, kwargs): a torch.compiler.disable'd call.
vm::Value CallDisabledNative(vm::Runtime& rt, vm::Args args, const vm::KwArgs& kwargs) {
  if (args.size() != 4 || !rt.IsTuple(args[2]) || !rt.IsDict(args[3])) {
    return rt.Raise(rt.exc().type_error, "call_disabled(fn, recursive, args, kwargs)");
  }
  bool recursive = true;
  if (!ReadFlag(rt, &args[1], &recursive)) return vm::Value::Raised();
  return State(rt).CallDisabled(args[0], recursive, args[2].as<vm::Tuple>()->items,
                                args[3].as<vm::Dict>());
}

// A Python value as set_logs's argument.
bool ToLogsArg(vm::Runtime& rt, const vm::Value& v, logging::LogsArg* out) {
  if (v.is_none()) {
    *out = logging::LogsArg::None();
  } else if (v.is_bool()) {
    *out = logging::LogsArg::Bool(v.as_bool());
  } else if (v.is_int()) {
    *out = logging::LogsArg::Int(v.as_int());
  } else {
    std::string r;
    if (!vm::ReprString(rt, v, &r)) return false;
    *out = logging::LogsArg::Other(std::move(r));
  }
  return true;
}

// set_logs(**keywords): torch._logging.set_logs (modules=dict(...) included).
vm::Value SetLogsNative(vm::Runtime& rt, vm::Args args, const vm::KwArgs& kwargs) {
  if (!args.empty()) {
    return rt.Raise(rt.exc().type_error, "set_logs() takes 0 positional arguments");
  }
  std::vector<std::pair<std::string, logging::LogsArg>> keywords, modules;
  for (size_t i = 0; i < kwargs.size(); ++i) {
    const std::string name(kwargs.name(i));
    const vm::Value& v = kwargs.value(i);
    if (name == "modules" && rt.IsDict(v)) {
      for (const vm::Dict::Entry& e : v.as<vm::Dict>()->entries()) {
        if (e.key.is_raised()) continue;
        std::string key;
        logging::LogsArg arg = logging::LogsArg::None();
        if (!vm::StrString(rt, e.key, &key) || !ToLogsArg(rt, e.value, &arg)) {
          return vm::Value::Raised();
        }
        modules.emplace_back(std::move(key), std::move(arg));
      }
      continue;
    }
    logging::LogsArg arg = logging::LogsArg::None();
    if (!ToLogsArg(rt, v, &arg)) return vm::Value::Raised();
    keywords.emplace_back(std::move(name), std::move(arg));
  }
  absl::Status s = logging::SetLogs(keywords, modules);
  if (!s.ok()) return rt.RaiseStatus(s);
  return vm::Value::None();
}

bool InitModule(vm::Interpreter& interp, const vm::Value& module) {
  vm::Runtime& rt = interp.runtime();
  vm::Dict* d = module.as<vm::Module>()->dict;
  rt.AddFunction(d, "compile", &CompileNative);
  rt.AddFunction(d, "reset", &ResetNative);
  rt.AddFunction(d, "set_stance", &SetStanceNative);
  rt.AddFunction(d, "get_stance", &GetStanceNative);
  rt.AddFunction(d, "set_error_on_graph_break", &SetErrorOnGraphBreakNative);
  rt.AddFunction(d, "call_disabled", &CallDisabledNative);
  rt.AddFunction(d, "set_logs", &SetLogsNative);
  internal::AddGraphNatives(rt, d);
  internal::AddExplainNatives(rt, d);
  return true;
}

}  // namespace

RuntimeOptions RuntimeOptions::FromEnvironment() {
  RuntimeOptions options;
  const char* all = std::getenv("WICK_COMPILE_ALL");
  options.compile_all = all != nullptr && std::string(all) == "1";
  // WICK_COMPILE_ALL=aot_eager (or another built-in backend's name): the same with it.
  if (all != nullptr && !options.compile_all && std::string(all) != "0" && *all != 0) {
    options.compile_all = true;
    options.compile_all_backend = all;
  }
  if (const char* stats = std::getenv("WICK_COMPILE_ALL_STATS")) {
    options.compile_all_stats = stats;
  }
  return options;
}

void InstallRuntime(vm::Interpreter& interp, const RuntimeOptions& options) {
  vm::Interpreter::RegisterNativeModule("_wick_runtime", &InitModule);
  // The Python face over it: torch._dynamo, torch.compiler, torch._logging.
  for (const internal::PythonModule& m : internal::RuntimePythonModules()) {
    vm::Interpreter::RegisterPythonModule(m.name, m.source);
  }
  RuntimeState& state = State(interp.runtime());
  interp.set_frame_eval_hook(&state);
  state.dot_dir = options.dot_dir;
  if (options.compile_all) {
    EnableCompileAll(interp, options.compile_all_stats, options.compile_all_backend);
  }
}

void EnableCompileAll(vm::Interpreter& interp, const std::string& stats_path,
                      const std::string& backend) {
  State(interp.runtime()).EnableCompileAll(stats_path, backend);
}

vm::Value Compile(vm::Runtime& rt, vm::Value callable, CompileOptions options) {
  options.backend_id = options.backend_fn.is_object()
                           ? reinterpret_cast<uintptr_t>(options.backend_fn.object())
                           : std::hash<std::string>()(options.backend);
  return vm::Value::Steal(rt.Alloc<CompiledFunction>(CompiledFunctionType(rt),
                                                     std::move(callable), std::move(options)));
}

}  // namespace wick::runtime
