// The bytecode compiler: a parsed module (lang/ast.h) to code objects (vm/code.h).
//
//   ASSIGN_OR_RETURN(std::unique_ptr<lang::Module> m, lang::Parse(text, "x.py"));
//   ASSIGN_OR_RETURN(Value code, Compile(rt, *m, source_file));
//
// Stages (vm/compiler/): symbol table (scopes: local, global, nonlocal, cell, free;
// CPython's symtable rules) -> code generation into labelled instructions following
// CPython 3.11's compile.c shapes -> assembly (jump targets, stack depth, line and
// position tables, exception table, block table). Comprehensions are nested functions
// named <listcomp>/<setcomp>/<dictcomp>/<genexpr> as in CPython 3.11. Functions
// containing `yield` and generator expressions get kCodeGenerator (calling them creates
// a generator); `yield from` compiles to GET_YIELD_FROM_ITER, SEND, YIELD_VALUE 1.
#ifndef WICK_VM_COMPILER_H_
#define WICK_VM_COMPILER_H_

#include <memory>

#include "absl/status/statusor.h"
#include "lang/ast.h"
#include "vm/code.h"
#include "vm/runtime.h"
#include "vm/value.h"

namespace wick::vm {

// Compiles a module. Returns the module's code object (a CodeObject Value) or an
// InvalidArgument status carrying a lang::SyntaxError (scope errors such as
// "no binding for nonlocal 'x' found", "'yield' outside function", unsupported features).
absl::StatusOr<Value> Compile(Runtime& rt, const lang::Module& module,
                              std::shared_ptr<const SourceFile> source);

// Parses and compiles source text in one step (the CLI and tests use this).
absl::StatusOr<Value> CompileSource(Runtime& rt, absl::string_view text,
                                    absl::string_view filename);

}  // namespace wick::vm

#endif  // WICK_VM_COMPILER_H_
