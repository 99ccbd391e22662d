// The embedding API over the VM (vm/), the torch module (vm/torch/) and the runtime
// (runtime/). Every script value crosses as a vm::Value held by a wick::Object; every
// script exception comes back as a status carrying Python's traceback text.
#include "api/interpreter.h"

#include <cstdio>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "api/internal/world.h"
#include "base/python_error.h"
#include "lang/parser.h"
#include "runtime/assemble.h"
#include "runtime/runtime.h"
#include "tensor/allocator.h"
#include "vm/code.h"
#include "vm/compiler.h"
#include "vm/interpreter.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"
#include "vm/torch/torch.h"

namespace wick {
namespace api_internal {
namespace {

// A host function as a Python callable (Interpreter::DefineFunction).
class NativeFunctionObject : public vm::Object {
 public:
  NativeFunctionObject(std::string name, Interpreter::NativeFunction fn, World* world)
      : name(std::move(name)), fn(std::move(fn)), world(world) {}
  std::string name;
  Interpreter::NativeFunction fn;
  World* world;  // outlives its objects
};

// A host function's error as the Python exception a script can catch: its payload's
// type, else the one pybind11 would pick for the matching C++ exception (and
// RuntimeError for running out of memory, as PyTorch's allocator raises).
absl::Status AsPythonError(const absl::Status& s) {
  if (s.GetPayload(kPythonErrorPayload).has_value()) return s;
  switch (s.code()) {
    case absl::StatusCode::kInvalidArgument: return ValueError(s.message());
    case absl::StatusCode::kOutOfRange: return IndexError(s.message());
    case absl::StatusCode::kNotFound: return PythonError("KeyError", s.message());
    case absl::StatusCode::kUnimplemented: return NotImplementedError(s.message());
    default: return RuntimeError(s.message());
  }
}

vm::Value NativeCall(vm::Runtime& rt, const vm::Value& callee, vm::Args args,
                     const vm::KwArgs& kwargs) {
  auto* f = callee.as<NativeFunctionObject>();
  if (!kwargs.empty()) {
    return rt.Raise(rt.exc().type_error,
                    absl::StrCat(f->name, "() takes no keyword arguments"));
  }
  if (f->world->facade == nullptr) {
    return rt.Raise(rt.exc().runtime_error,
                    absl::StrCat(f->name, "(): its wick::Interpreter was destroyed"));
  }
  std::vector<wick::Object> objects;
  objects.reserve(args.size());
  for (const vm::Value& a : args) objects.push_back(f->world->Wrap(a));
  absl::StatusOr<wick::Object> result = f->fn(*f->world->facade, objects);
  if (!result.ok()) return rt.RaiseStatus(AsPythonError(result.status()));
  if (!result->valid()) return vm::Value::None();
  return World::ValueOf(*result);
}

vm::Value NativeRepr(vm::Runtime& rt, const vm::Value& v) {
  return rt.NewStr(absl::StrCat("<built-in function ", v.as<NativeFunctionObject>()->name, ">"));
}

}  // namespace

vm::Type* World::NativeFunctionType() {
  if (native_function_type.is_none()) {
    vm::Type* t = rt.NewBuiltinType("builtin_function_or_method", rt.types().object,
                                    vm::Layout::kOther);
    t->slots().call = &NativeCall;
    t->slots().repr = &NativeRepr;
    t->slots().construct = nullptr;
    native_function_type = vm::Value::Steal(t);
  }
  return native_function_type.as<vm::Type>();
}

absl::Status World::PendingError() {
  vm::Value exc = rt.FetchException();
  if (exc.is_none()) return absl::InternalError("a call failed without an exception");
  std::string text;
  auto saved = std::move(interp->write_stderr);
  interp->write_stderr = [&text](absl::string_view s) { text.append(s.data(), s.size()); };
  interp->PrintException(exc);
  interp->write_stderr = std::move(saved);
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return PythonError(rt.TypeOf(exc)->name(), text);
}

absl::StatusOr<wick::Object> World::Result(vm::Value v) {
  if (v.is_raised()) return PendingError();
  return Wrap(std::move(v));
}

}  // namespace api_internal

using api_internal::World;

// --- Interpreter ---------------------------------------------------------------------

absl::StatusOr<std::unique_ptr<Interpreter>> Interpreter::Create(InterpreterOptions options) {
  auto world = std::make_shared<World>();
  world->self = world;
  world->options = std::move(options);
  world->interp = std::make_unique<vm::Interpreter>(world->rt);
  vm::Interpreter& in = *world->interp;
  if (world->options.write_stdout) in.write_stdout = world->options.write_stdout;
  if (world->options.write_stderr) in.write_stderr = world->options.write_stderr;
  if (world->options.recursion_limit < 1) {
    return absl::InvalidArgumentError("recursion_limit must be at least 1");
  }
  in.set_recursion_limit(world->options.recursion_limit);
  // WICK_COMPILE_ALL and its stats file, as `wick run` honours them.
  runtime::AssembleInterpreter(in, runtime::RuntimeOptions::FromEnvironment());
  vm::Value sys = in.ImportModule("sys");
  if (sys.is_raised()) return world->PendingError();
  vm::Value path = vm::GetAttr(world->rt, sys, "path");
  if (path.is_raised()) return world->PendingError();
  for (const std::string& dir : world->options.module_paths) {
    path.as<vm::List>()->items.push_back(world->rt.NewStr(dir));
  }
  auto interp = std::unique_ptr<Interpreter>(new Interpreter(world));
  world->facade = interp.get();
  return interp;
}

Interpreter::Interpreter(std::shared_ptr<World> world) : world_(std::move(world)) {}

Interpreter::~Interpreter() { world_->facade = nullptr; }

absl::StatusOr<Object> Interpreter::ExecModule(absl::string_view name, absl::string_view source,
                                               absl::string_view filename) {
  World& w = *world_;
  if (source.size() > w.options.max_source_bytes) {
    return absl::InvalidArgumentError(
        absl::StrCat(filename, ": the source is ", source.size(),
                     " bytes, more than the interpreter's limit of ",
                     w.options.max_source_bytes));
  }
  absl::StatusOr<vm::Value> code = vm::CompileSource(w.rt, source, filename);
  if (!code.ok()) {
    if (auto e = lang::GetSyntaxError(code.status())) {
      std::string text = e->Render();
      while (!text.empty() && text.back() == '\n') text.pop_back();
      return PythonError("SyntaxError", text);
    }
    return code.status();
  }
  vm::Value module = w.rt.NewModule(name);
  vm::Dict* globals = module.as<vm::Module>()->dict;
  globals->SetStr(w.rt, w.rt.Intern("__builtins__"),
                  *w.interp->sys_modules()->GetStr("builtins"));
  globals->SetStr(w.rt, w.rt.Intern("__file__"), w.rt.NewStr(filename));
  w.interp->sys_modules()->Set(w.rt, w.rt.NewStr(name), module);
  vm::Value r = w.interp->ExecModuleCode(*code, module);
  if (r.is_raised()) {
    vm::Value exc = w.rt.FetchException();
    if (w.rt.IsInstance(exc, w.rt.exc().system_exit)) {
      const auto& items = exc.as<vm::ExceptionObject>()->args.as<vm::Tuple>()->items;
      const bool success = items.empty() || items[0].is_none() ||
                           (items[0].is_int_like() && items[0].as_int() == 0);
      if (success) return w.Wrap(module);
    }
    w.rt.RaiseValue(std::move(exc));
    return w.PendingError();
  }
  return w.Wrap(module);
}

absl::Status Interpreter::RunScript(absl::string_view source, absl::string_view filename,
                                    std::vector<std::string> argv) {
  World& w = *world_;
  vm::Value sys = w.interp->ImportModule("sys");
  if (sys.is_raised()) return w.PendingError();
  if (argv.empty()) argv.push_back(std::string(filename));
  std::vector<vm::Value> items;
  for (const std::string& a : argv) items.push_back(w.rt.NewStr(a));
  if (!vm::SetAttr(w.rt, sys, w.rt.Intern("argv"), w.rt.NewList(std::move(items)))) {
    return w.PendingError();
  }
  absl::StatusOr<Object> module = ExecModule("__main__", source, filename);
  fflush(stdout);
  return module.status();
}

absl::StatusOr<Object> Interpreter::LoadModule(absl::string_view name, absl::string_view source,
                                               absl::string_view filename) {
  return ExecModule(name, source, filename.empty() ? absl::StrCat(name, ".py") : filename);
}

absl::StatusOr<Object> Interpreter::Import(absl::string_view name) {
  return world_->Result(world_->interp->ImportModule(name));
}

absl::StatusOr<Object> Interpreter::Get(absl::string_view module, absl::string_view name) {
  const vm::Value* loaded = world_->interp->sys_modules()->GetStr(world_->rt.Intern(module));
  if (loaded != nullptr) return world_->Wrap(*loaded).GetAttr(name);
  absl::StatusOr<Object> m = Import(module);
  if (!m.ok()) return m.status();
  return m->GetAttr(name);
}

Object Interpreter::FromTensor(Tensor t) {
  return world_->Wrap(vm::NewTensorObject(world_->rt, std::move(t)));
}
Object Interpreter::FromInt(int64_t v) { return world_->Wrap(vm::Value::Int(v)); }
Object Interpreter::FromDouble(double v) { return world_->Wrap(vm::Value::Float(v)); }
Object Interpreter::FromBool(bool v) { return world_->Wrap(vm::Value::Bool(v)); }
Object Interpreter::FromString(absl::string_view v) { return world_->Wrap(world_->rt.NewStr(v)); }
Object Interpreter::None() { return world_->Wrap(vm::Value::None()); }

Object Interpreter::List(std::vector<Object> items) {
  return world_->Wrap(world_->rt.NewList(world_->Unwrap(items)));
}
Object Interpreter::Tuple(std::vector<Object> items) {
  return world_->Wrap(world_->rt.NewTuple(world_->Unwrap(items)));
}

absl::Status Interpreter::DefineFunction(absl::string_view module, absl::string_view name,
                                         NativeFunction fn) {
  World& w = *world_;
  if (!fn) return absl::InvalidArgumentError("DefineFunction: empty function");
  vm::Dict* modules = w.interp->sys_modules();
  const vm::Value* existing = modules->GetStr(w.rt.Intern(module));
  vm::Value m;
  if (existing != nullptr) {
    m = *existing;
  } else {
    m = w.rt.NewModule(module);
    modules->Set(w.rt, w.rt.NewStr(module), m);
  }
  if (w.rt.TypeOf(m) != w.rt.types().module) {
    return absl::InvalidArgumentError(
        absl::StrCat("DefineFunction: sys.modules['", module, "'] is not a module"));
  }
  vm::Value f = vm::Value::Steal(w.rt.Alloc<api_internal::NativeFunctionObject>(
      w.NativeFunctionType(), std::string(name), std::move(fn), &w));
  m.as<vm::Module>()->dict->SetStr(w.rt, w.rt.Intern(name), f);
  return absl::OkStatus();
}

std::string ExceptionTypeOf(const absl::Status& status) {
  auto payload = status.GetPayload(kPythonErrorPayload);
  return payload ? std::string(*payload) : std::string();
}

void SetMaxTensorBytes(size_t bytes) {
  tensor::CachingAllocator::Get().SetMaxAllocationBytes(bytes);
}

}  // namespace wick
