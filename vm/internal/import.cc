// Imports: IMPORT_NAME / IMPORT_FROM and Interpreter::ImportModule. A dotted name is
// imported parent first; each part comes from sys.modules, else a registered native
// module (C++ initialiser), else a registered Python-source module (compiled and run in
// a new module), else a source file found on sys.path (`a/b.py`, or `a/b/__init__.py`
// for a package; RunMain puts the script's directory first, as CPython does). Children
// become attributes of their parent, as in CPython.
#include <sys/stat.h>

#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

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

bool Interpreter::IsRegisteredPythonModule(absl::string_view name) {
  ModuleRegistry& r = Registry();
  std::lock_guard<std::mutex> lock(r.mu);
  return r.python.find(name) != r.python.end();
}

namespace {

// Scripts larger than this are refused rather than read (a guard against importing a
// data file by mistake).
constexpr std::streamoff kMaxSourceBytes = 64 << 20;

// Where a module was found on disk: a source file (a module, or a package's
// __init__.py) or, failing that on every search directory, a directory without one (a
// namespace package, PEP 420).
struct FoundModule {
  std::string file;       // the source file; empty for a namespace package
  std::string source;
  std::string package_dir;  // the package's directory (its __path__); empty for a module
};

// The directories to search for `name`: its parent package's __path__ for a submodule
// (as CPython's path finder does), else sys.path. False after raising.
bool SearchDirs(Interpreter& in, const std::string& name, std::vector<std::string>* dirs) {
  Runtime& rt = in.runtime();
  Value list;
  const size_t dot = name.rfind('.');
  if (dot != std::string::npos) {
    bool error = false;
    const Value* parent = in.sys_modules()->Get(rt, rt.NewStr(name.substr(0, dot)), &error);
    if (error) return false;
    if (parent == nullptr || rt.TypeOf(*parent) != rt.types().module) return true;
    const Value* path = parent->as<Module>()->dict->GetStr(rt.Intern("__path__"));
    if (path == nullptr) return true;  // a module, not a package: no submodules
    list = *path;
  } else {
    const Value* sys = in.sys_modules()->GetStr("sys");
    if (sys == nullptr) return true;
    list = GetAttr(rt, *sys, "path");
    if (list.is_raised()) {
      rt.ClearException();
      return true;
    }
  }
  if (!rt.IsList(list)) return true;
  const std::vector<Value> entries = list.as<List>()->items;  // a copy: imports may edit it
  for (const Value& entry : entries) {
    std::string dir;
    if (rt.IsStr(entry) && StrString(rt, entry, &dir)) dirs->push_back(std::move(dir));
  }
  return true;
}

bool IsDirectory(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Looks for module `name` (dotted) on disk. False when nothing matches; otherwise true
// with *found filled or, when a file is too large or unreadable, an ImportError raised
// and *error set.
bool FindSourceFile(Interpreter& in, const std::string& name, FoundModule* found,
                    bool* error) {
  Runtime& rt = in.runtime();
  *error = false;
  std::vector<std::string> dirs;
  if (!SearchDirs(in, name, &dirs)) {
    *error = true;
    return true;
  }
  const std::string last = name.substr(name.rfind('.') + 1);
  auto join = [](const std::string& dir, const std::string& rest) {
    return dir.empty() ? rest : absl::StrCat(dir, "/", rest);
  };
  for (const std::string& dir : dirs) {
    const std::string base = join(dir, last);
    for (const std::string& candidate : {base + "/__init__.py", base + ".py"}) {
      std::ifstream f(candidate, std::ios::binary | std::ios::ate);
      if (!f) continue;
      found->file = candidate;
      if (candidate.size() > base.size() + 3 && candidate[base.size()] == '/') {
        found->package_dir = base;
      }
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
      found->source = text.str();
      return true;
    }
  }
  for (const std::string& dir : dirs) {  // no regular module anywhere: a namespace package
    if (IsDirectory(join(dir, last))) {
      found->package_dir = join(dir, last);
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
  FoundModule found;
  if (registered.native == nullptr && registered.python == nullptr) {
    bool error = false;
    if (!FindSourceFile(in, name, &found, &error)) return Value::None();
    if (error) return Value::Raised();
  }
  Value module = rt.NewModule(name);
  Value key = rt.NewStr(name);
  if (!in.sys_modules()->Set(rt, key, module)) return Value::Raised();
  // __package__ (and __path__ for a package) as CPython's import system sets them: what
  // relative imports inside the module resolve against.
  Dict* globals = module.as<Module>()->dict;
  const bool is_package = !found.package_dir.empty();
  const size_t dot = name.rfind('.');
  globals->SetStr(rt, rt.Intern("__package__"),
                  rt.NewStr(is_package || dot == std::string::npos ? (is_package ? name : "")
                                                                   : name.substr(0, dot)));
  if (is_package) {
    globals->SetStr(rt, rt.Intern("__path__"), rt.NewList({rt.NewStr(found.package_dir)}));
  }
  bool ok;
  if (registered.native != nullptr) {
    ok = registered.native(in, module);
  } else if (registered.python == nullptr && found.file.empty()) {
    ok = true;  // a namespace package: a module with a __path__ and no code
  } else {
    globals->SetStr(rt, rt.Intern("__builtins__"), Value::Borrow(in.builtins()));
    const bool from_file = registered.python == nullptr;
    if (from_file) globals->SetStr(rt, rt.Intern("__file__"), rt.NewStr(found.file));
    absl::StatusOr<Value> code =
        from_file ? CompileSource(rt, found.source, found.file)
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

namespace {

// The absolute name of `from <level dots><name> import ...` in a module with `globals`
// (CPython's importlib._bootstrap._resolve_name): its package is __package__, or else
// __name__ (a package, with __path__) or __name__ less its last part. False after
// raising ImportError.
bool ResolveRelative(Runtime& rt, const Dict* globals, absl::string_view name, int64_t level,
                     std::string* out) {
  std::string package;
  const Value* pkg = globals != nullptr ? globals->GetStr(rt.Intern("__package__")) : nullptr;
  if (pkg != nullptr && rt.IsStr(*pkg)) {
    if (!StrString(rt, *pkg, &package)) return false;
  } else if (pkg == nullptr || pkg->is_none()) {
    const Value* modname = globals != nullptr ? globals->GetStr(rt.names().name) : nullptr;
    std::string mod;
    if (modname != nullptr && rt.IsStr(*modname) && StrString(rt, *modname, &mod) &&
        mod != "__main__") {
      package = std::move(mod);
      if (globals->GetStr(rt.Intern("__path__")) == nullptr) {
        const size_t dot = package.rfind('.');
        package = dot == std::string::npos ? "" : package.substr(0, dot);
      }
    }
  } else {
    rt.Raise(rt.exc().type_error, "package must be a string");
    return false;
  }
  if (package.empty()) {
    rt.Raise(rt.exc().import_error, "attempted relative import with no known parent package");
    return false;
  }
  for (int64_t i = 1; i < level; ++i) {
    const size_t dot = package.rfind('.');
    if (dot == std::string::npos) {
      rt.Raise(rt.exc().import_error, "attempted relative import beyond top-level package");
      return false;
    }
    package.resize(dot);
  }
  *out = name.empty() ? package : absl::StrCat(package, ".", name);
  return true;
}

}  // namespace

Value ImportName(Interpreter& in, const Dict* globals, Str* name, const Value& fromlist,
                 const Value& level) {
  Runtime& rt = in.runtime();
  if (level.is_int() && level.as_int() > 0) {
    std::string absolute;
    if (!ResolveRelative(rt, globals, name->view(), level.as_int(), &absolute)) {
      return Value::Raised();
    }
    // `from . import x` / `from .m import y`: the resolved module (always a fromlist).
    return in.ImportModule(absolute);
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
  // A submodule not imported yet: `from a import b` where b is a.b (registered, or a
  // file in the package's __path__).
  std::string full = absl::StrCat(modname, ".", name->view());
  const RegisteredModule registered = FindRegistered(full);
  if (registered.native != nullptr || registered.python != nullptr) {
    return in.ImportModule(full);
  }
  bool error = false;
  if (const Value* m = in.sys_modules()->Get(rt, rt.NewStr(full), &error)) return *m;
  if (rt.TypeOf(module) == rt.types().module &&
      module.as<Module>()->dict->GetStr(rt.Intern("__path__")) != nullptr) {
    Value sub = in.ImportModule(full);
    if (!sub.is_raised()) return sub;
    if (!rt.ExceptionMatches(rt.exc().module_not_found_error)) return sub;
    rt.ClearException();
  }
  std::string location = "unknown location";  // CPython names the module's file
  if (rt.TypeOf(module) == rt.types().module) {
    const Value* file = module.as<Module>()->dict->GetStr(rt.Intern("__file__"));
    if (file != nullptr && rt.IsStr(*file) && !StrString(rt, *file, &location)) return Value::Raised();
  }
  return rt.Raise(rt.exc().import_error,
                  absl::StrCat("cannot import name '", name->view(), "' from '", modname,
                               "' (", location, ")"));
}

}  // namespace internal
}  // namespace wick::vm
