// `import m` / `from m import a` inside traced code (IMPORT_NAME, IMPORT_FROM). Only a
// module that is already imported is traced, and only when the frame's own globals
// bind it under some name: the import then runs no code, and the module is read
// through that global with an ID_MATCH guard, so its attributes get guards of their
// own (upstream also binds an imported module to a guarded global). Anything else
// (a first import, a relative import, a module known by no global) stops the trace.
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "vm/objects/dict.h"

namespace wick::frontend::internal {
namespace {

absl::Status BreakImport(Translator& tx, const std::string& name, const std::string& why) {
  return tx.Break("Unsupported: import inside the compiled region", name,
                  absl::StrCat("Dynamo in wick traces imports of already imported modules "
                               "bound in the frame's globals only: ", why));
}

// The first global of `globals` (insertion order) bound to `module`, or "".
std::string GlobalNameOf(vm::Runtime& rt, const vm::Dict& globals, const vm::Value& module) {
  for (const vm::Dict::Entry& e : globals.entries()) {
    if (!e.key.is_raised() && rt.IsStr(e.key) && e.value.Is(module)) {
      return std::string(e.key.as<vm::Str>()->view());
    }
  }
  return "";
}

}  // namespace

absl::StatusOr<VarPtr> ImportName(Translator& tx, const std::string& name, const VarPtr& level,
                                  const VarPtr& fromlist) {
  TraceState& st = tx.state();
  if (!level->is_constant() || !level->value.is_int() || level->value.as_int() != 0) {
    return BreakImport(tx, name, "relative import");
  }
  if (!tx.frame_globals()) return BreakImport(tx, name, "the import is in another module");
  bool has_fromlist = !(fromlist->is_constant() && fromlist->value.is_none());
  if (fromlist->is_constant() && st.rt.IsTuple(fromlist->value) &&
      fromlist->value.as<vm::Tuple>()->items.empty()) {
    has_fromlist = false;
  }
  const vm::Value* module = st.interp.sys_modules()->GetStr(name);
  if (module == nullptr) return BreakImport(tx, name, "the module is not imported yet");
  if (!has_fromlist && name.find('.') != std::string::npos) {
    module = st.interp.sys_modules()->GetStr(name.substr(0, name.find('.')));
    if (module == nullptr) return BreakImport(tx, name, "the package is not imported yet");
  }
  std::string global = GlobalNameOf(st.rt, *tx.globals(), *module);
  if (global.empty()) return BreakImport(tx, name, "no global names the module");
  return Wrap(tx, *module, guards::Source::Global(global));
}

}  // namespace wick::frontend::internal
