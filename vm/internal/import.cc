// Imports: IMPORT_NAME / IMPORT_FROM and Interpreter::ImportModule. A dotted name is
// imported parent first; each part comes from sys.modules, else a registered native
// module (C++ initialiser), else a registered Python-source module (compiled and run in
// a new module), else a source file found on sys.path (`a/b.py`, or `a/b/__init__.py`
// for a package; RunMain puts the script's directory first, as CPython does). Children
// become attributes of their parent, as in CPython.
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "vm/compiler.h"
#include "vm/internal/interp_internal.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::vm {
namespace {

// The registered modules, shared by every interpreter in the process. Interpreters on
// different threads register (each setup registers the same names again) and import
// concurrently, so both maps are locked; imports are rare, so one mutex suffices.
// Sources are shared pointers, so an import takes its source out of the lock cheaply.
// A std::mutex rather than absl::Mutex: ThreadSanitizer sees through pthread locks but
// not through the (uninstrumented) system absl library.
struct ModuleRegistry {
  std::mutex mu;
  absl::flat_hash_map<std::string, Interpreter::ModuleInit> native;  // guarded by mu
  absl::flat_hash_map<std::string, std::shared_ptr<const std::string>> python;  // by mu
};

ModuleRegistry& Registry() {
  static auto* r = new ModuleRegistry();
  return *r;
}

// What `name` is registered as (neither set when it is not registered).
struct RegisteredModule {
  Interpreter::ModuleInit native = nullptr;
  std::shared_ptr<const std::string> python;
};

RegisteredModule FindRegistered(const std::string& name) {
  ModuleRegistry& r = Registry();
  std::lock_guard<std::mutex> lock(r.mu);
  RegisteredModule m;
  if (auto it = r.native.find(name); it != r.native.end()) m.native = it->second;
  if (auto it = r.python.find(name); it != r.python.end()) m.python = it->second;
  return m;
}

}  // namespace

void Interpreter::RegisterNativeModule(absl::string_view name, ModuleInit init) {
  ModuleRegistry& r = Registry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.native[name] = init;
}

void Interpreter::RegisterPythonModule(absl::string_view name, absl::string_view source) {
  ModuleRegistry& r = Registry();
  std::lock_guard<std::mutex> lock(r.mu);
  std::shared_ptr<const std::string>& slot = r.python[name];
  // Every interpreter setup registers the same sources again: keep those as they are.
  if (slot != nullptr && *slot == source) return;
  slot = std::make_shared<const std::string>(source);
}

namespace {

// Scripts larger than this are refused rather than read (a guard against importing a
// data file by mistake).
constexpr std::streamoff kMaxSourceBytes = 64 << 20;

// Looks for module `name` (dotted) in the directories of sys.path. False when no file
// matches; otherwise true with *path set and either *source read or, when the file is
// too large or unreadable, an ImportError raised and *error set.
bool FindSourceFile(Interpreter& in, const std::string& name, std::string* path,
                    std::string* source, bool* error) {
  Runtime& rt = in.runtime();
  *error = false;
  const Value* sys = in.sys_modules()->GetStr("sys");
  if (sys == nullptr) return false;
  Value dirs = GetAttr(rt, *sys, "path");
  if (dirs.is_raised()) {
    rt.ClearException();
    return false;
  }
  if (!rt.IsList(dirs)) return false;
  const std::string rel = absl::StrReplaceAll(name, {{".", "/"}});
  const std::vector<Value> entries = dirs.as<List>()->items;  // a copy: imports may edit it
  for (const Value& entry : entries) {
    std::string dir;
    if (!rt.IsStr(entry) || !StrString(rt, entry, &dir)) continue;
    const std::string base = dir.empty() ? rel : absl::StrCat(dir, "/", rel);
    for (const std::string& candidate : {base + ".py", base + "/__init__.py"}) {
      std::ifstream f(candidate, std::ios::binary | std::ios::ate);
      if (!f) continue;
      *path = candidate;
      const std::streamoff size = f.tellg();
      if (size > kMaxSourceBytes) {
        rt.Raise(rt.exc().import_error,
                 absl::StrCat("source file too large (", size, " bytes, limit ",
                              kMaxSourceBytes, "): '", candidate, "'"));
        *error = true;
        return true;
      }
      f.seekg(0);
      std::ostringstream text;
      text << f.rdbuf();
      if (!f && !f.eof()) {
        rt.Raise(rt.exc().import_error, absl::StrCat("cannot read '", candidate, "'"));
        *error = true;
        return true;
      }
      *source = text.str();
      return true;
    }
  }
  return false;
}

// Creates, registers and runs the module `name` whose parent (if any) is imported.
// Returns None when no such module is registered or found on sys.path.
Value LoadModule(Interpreter& in, const std::string& name) {
  Runtime& rt = in.runtime();
  // A copy: the module's code may register more modules while it runs.
  const RegisteredModule registered = FindRegistered(name);
  std::string file, file_source;
  if (registered.native == nullptr && registered.python == nullptr) {
    bool error = false;
    if (!FindSourceFile(in, name, &file, &file_source, &error)) return Value::None();
    if (error) return Value::Raised();
  }
  Value module = rt.NewModule(name);
  Value key = rt.NewStr(name);
  if (!in.sys_modules()->Set(rt, key, module)) return Value::Raised();
  bool ok;
  if (registered.native != nullptr) {
    ok = registered.native(in, module);
  } else {
    Dict* globals = module.as<Module>()->dict;
    globals->SetStr(rt, rt.Intern("__builtins__"), Value::Borrow(in.builtins()));
    const bool from_file = registered.python == nullptr;
    if (from_file) globals->SetStr(rt, rt.Intern("__file__"), rt.NewStr(file));
    absl::StatusOr<Value> code =
        from_file ? CompileSource(rt, file_source, file)
                  : CompileSource(rt, *registered.python, absl::StrCat("<", name, ">"));
    if (!code.ok()) {
      rt.RaiseStatus(code.status());
      ok = false;
    } else {
      ok = !in.ExecModuleCode(*code, module).is_raised();
    }
  }
  if (!ok) {
    Value saved = rt.FetchException();
    in.sys_modules()->Remove(rt, key);
    rt.RaiseValue(std::move(saved));
    return Value::Raised();
  }
  // Module code may replace its sys.modules entry; the entry wins, as in CPython.
  bool error = false;
  const Value* entry = in.sys_modules()->Get(rt, key, &error);
  return entry != nullptr ? *entry : module;
}

}  // namespace

Value Interpreter::ImportModule(absl::string_view name) {
  Runtime& rt = rt_;
  Value parent;
  size_t pos = 0;
  while (true) {
    size_t dot = name.find('.', pos);
    std::string prefix(name.substr(0, dot));
    Value key = rt.NewStr(prefix);
    bool error = false;
    const Value* found = sys_modules_->Get(rt, key, &error);
    if (error) return Value::Raised();
    Value module;
    if (found != nullptr) {
      module = *found;
    } else {
      module = LoadModule(*this, prefix);
      if (module.is_raised()) return module;
      if (module.is_none()) {
        return rt.Raise(rt.exc().module_not_found_error,
                        absl::StrCat("No module named '", prefix, "'"));
      }
      if (!parent.is_none()) {
        absl::string_view child = absl::string_view(prefix).substr(pos);
        if (!SetAttr(rt, parent, rt.Intern(child), module)) return Value::Raised();
      }
    }
    if (dot == absl::string_view::npos) return module;
    parent = std::move(module);
    pos = dot + 1;
  }
}

namespace internal {

Value ImportName(Interpreter& in, Str* name, const Value& fromlist, const Value& level) {
  Runtime& rt = in.runtime();
  if (level.is_int() && level.as_int() > 0) {
    return rt.Raise(rt.exc().import_error,
                    "attempted relative import with no known parent package");
  }
  Value module = in.ImportModule(name->view());
  if (module.is_raised()) return module;
  bool has_fromlist = !fromlist.is_none();
  if (rt.IsTuple(fromlist) && fromlist.as<Tuple>()->items.empty()) has_fromlist = false;
  if (has_fromlist) return module;
  // `import a.b` binds the top package.
  absl::string_view n = name->view();
  size_t dot = n.find('.');
  if (dot == absl::string_view::npos) return module;
  bool error = false;
  const Value* top = in.sys_modules()->Get(rt, rt.NewStr(n.substr(0, dot)), &error);
  if (error) return Value::Raised();
  return top != nullptr ? *top : module;
}

Value ImportFrom(Interpreter& in, const Value& module, Str* name) {
  Runtime& rt = in.runtime();
  Value v = GetAttr(rt, module, name);
  if (!v.is_raised()) return v;
  if (!rt.ExceptionMatches(rt.exc().attribute_error)) return v;
  rt.ClearException();
  std::string modname = "<unknown module name>";
  if (rt.TypeOf(module) == rt.types().module) modname = module.as<Module>()->name;
  // A submodule not imported yet: `from a import b` where b is a.b.
  std::string full = absl::StrCat(modname, ".", name->view());
  const RegisteredModule registered = FindRegistered(full);
  if (registered.native != nullptr || registered.python != nullptr) {
    return in.ImportModule(full);
  }
  bool error = false;
  if (const Value* m = in.sys_modules()->Get(rt, rt.NewStr(full), &error)) return *m;
  return rt.Raise(rt.exc().import_error,
                  absl::StrCat("cannot import name '", name->view(), "' from '", modname,
                               "' (unknown location)"));
}

}  // namespace internal
}  // namespace wick::vm
