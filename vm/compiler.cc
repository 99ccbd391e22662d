// The bytecode compiler's entry points: symbol table, then code generation (which
// assembles each code object as its scope closes). See vm/compiler.h.
#include "vm/compiler.h"

#include "base/status_macros.h"
#include "lang/parser.h"
#include "vm/compiler/emitter.h"
#include "vm/compiler/symtable.h"

namespace wick::vm {

absl::StatusOr<Value> Compile(Runtime& rt, const lang::Module& module,
                              std::shared_ptr<const SourceFile> source) {
  ASSIGN_OR_RETURN(std::unique_ptr<compiler::SymbolTable> symtable,
                   compiler::SymbolTable::Build(module));
  compiler::Emitter emitter(rt, module, *symtable, std::move(source));
  return emitter.CompileModule();
}

absl::StatusOr<Value> CompileSource(Runtime& rt, absl::string_view text,
                                    absl::string_view filename) {
  ASSIGN_OR_RETURN(std::unique_ptr<lang::Module> module, lang::Parse(text, filename));
  auto source = std::make_shared<SourceFile>();
  source->filename = std::string(filename);
  source->text = module->source;
  return Compile(rt, *module, std::move(source));
}

}  // namespace wick::vm
