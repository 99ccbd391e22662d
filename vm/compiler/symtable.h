// The compiler's first stage: the symbol table. Walks the module once, builds one Scope
// per module, class, function, lambda and comprehension, and resolves every name to
// local, global (explicit or implicit), free or cell following CPython 3.11's
// symtable.c (including the implicit `__class__` cell of classes whose methods use
// `super` or `__class__`, and private-name mangling). Scope errors ("no binding for
// nonlocal 'x' found", ...) are SyntaxErrors. Scopes containing `yield` are
// marked as generators.
#ifndef WICK_VM_COMPILER_SYMTABLE_H_
#define WICK_VM_COMPILER_SYMTABLE_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "lang/ast.h"

namespace wick::vm::compiler {

enum class ScopeKind { kModule, kClass, kFunction, kLambda, kComprehension };

// Where a name lives, as CPython's symtable scopes (0 = not a symbol of the scope).
enum class NameScope { kNone, kLocal, kGlobalExplicit, kGlobalImplicit, kFree, kCell };

// Flags recorded per name while walking (symtable.c's DEF_* / USE).
enum SymbolFlag : uint32_t {
  kDefGlobal = 1 << 0,
  kDefLocal = 1 << 1,
  kDefParam = 1 << 2,
  kDefNonlocal = 1 << 3,
  kUse = 1 << 4,
  kDefImport = 1 << 5,
  kDefAnnot = 1 << 6,
  kDefFreeClass = 1 << 7,  // a class-scope name also needed free by a method
  kDefBound = kDefLocal | kDefParam | kDefImport,
};

struct Scope {
  ScopeKind kind = ScopeKind::kModule;
  std::string name;           // "top", function or class name, "<lambda>", "<listcomp>"
  const void* node = nullptr; // the AST node that opens the scope (Module for "top")
  Scope* parent = nullptr;
  std::vector<std::unique_ptr<Scope>> children;
  std::string private_name;   // innermost enclosing class name, for mangling

  std::vector<std::string> params;  // in varnames order
  std::vector<std::string> symbol_order;  // first-seen order of all names
  absl::flat_hash_map<std::string, uint32_t> flags;
  absl::flat_hash_map<std::string, NameScope> scopes;  // filled by analysis
  bool needs_class_closure = false;  // class scope: methods use __class__
  bool has_varargs = false;
  bool has_varkeywords = false;
  bool is_generator = false;  // contains yield / yield from, or is a generator expression

  bool IsFunctionLike() const {
    return kind == ScopeKind::kFunction || kind == ScopeKind::kLambda ||
           kind == ScopeKind::kComprehension;
  }
  // The scope of a (mangled) name; kNone when the scope never saw it.
  NameScope Lookup(absl::string_view name) const {
    auto it = scopes.find(name);
    return it == scopes.end() ? NameScope::kNone : it->second;
  }
  uint32_t Flags(absl::string_view name) const {
    auto it = flags.find(name);
    return it == flags.end() ? 0 : it->second;
  }
  // Sorted names whose scope is CELL (plus __class__ for classes that need it).
  std::vector<std::string> CellVars() const;
  // Sorted names whose scope is FREE (plus class names marked kDefFreeClass).
  std::vector<std::string> FreeVars() const;
};

class SymbolTable {
 public:
  // Errors: InvalidArgument carrying a lang::SyntaxError.
  static absl::StatusOr<std::unique_ptr<SymbolTable>> Build(const lang::Module& module);

  Scope* top() const { return top_.get(); }
  // The scope opened by `node` (a FunctionDef, ClassDef, Lambda or comprehension).
  Scope* ScopeOf(const void* node) const {
    auto it = by_node_.find(node);
    return it == by_node_.end() ? nullptr : it->second;
  }

 private:
  friend class SymtableBuilder;
  std::unique_ptr<Scope> top_;
  absl::flat_hash_map<const void*, Scope*> by_node_;
};

// CPython's _Py_Mangle: `__x` inside class `C` becomes `_C__x`.
std::string Mangle(absl::string_view private_name, absl::string_view name);

}  // namespace wick::vm::compiler

#endif  // WICK_VM_COMPILER_SYMTABLE_H_
