// Code generation core: units (one per code object), instruction emission, labels,
// constant and name tables, name resolution (compile.c's compiler_nameop), syntactic
// blocks for the block table, and the module entry point.
#include "vm/compiler/emitter.h"

#include <algorithm>
#include <cstring>

#include "absl/strings/str_cat.h"
#include "lang/source_lines.h"
#include "vm/compiler/assembler.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::compiler {

using namespace lang;  // NOLINT: the AST's node names are the vocabulary here

Emitter::Emitter(Runtime& rt, const Module& module, const SymbolTable& symtable,
                 std::shared_ptr<const SourceFile> source)
    : rt_(rt), module_(module), symtable_(symtable), source_(std::move(source)) {}

// future_parse: `from __future__ import annotations` among the module's first
// statements (after an optional docstring and other __future__ imports).
static bool HasFutureAnnotations(const Module& module) {
  for (size_t i = 0; i < module.body.size(); ++i) {
    const Stmt* s = module.body[i];
    if (i == 0) {
      const ExprStmt* e = s->As<ExprStmt>();
      if (e != nullptr && e->value->Is<lang::Constant>()) continue;
    }
    const ImportFrom* f = s->As<ImportFrom>();
    if (f == nullptr || f->module != "__future__") return false;
    for (const Alias* a : f->names) {
      if (a->name == "annotations") return true;
    }
  }
  return false;
}

// The source text of `e`, its lines joined by single spaces.
static std::string SourceText(const SourceFile& source, const SourceRange& r) {
  std::string out;
  for (int32_t line = r.line; line <= r.end_line; ++line) {
    absl::string_view text = source.Line(line);
    size_t begin = line == r.line ? static_cast<size_t>(r.col) : 0;
    size_t end = line == r.end_line ? static_cast<size_t>(r.end_col) : text.size();
    begin = std::min(begin, text.size());
    end = std::min(std::max(end, begin), text.size());
    absl::string_view piece = text.substr(begin, end - begin);
    if (line != r.line) {
      while (!piece.empty() && (piece.front() == ' ' || piece.front() == '\t')) {
        piece.remove_prefix(1);
      }
      if (!out.empty() && out.back() != '(' && out.back() != '[') out += ' ';
    }
    out.append(piece.data(), piece.size());
  }
  return out;
}

// ast.unparse for the expressions annotations are made of (names, attributes,
// subscripts, tuples, lists, constants, `|`); anything else keeps its source text.
std::string Emitter::AnnotationText(const Expr* e) const {
  auto join = [&](ExprList elts) {
    std::string out;
    for (size_t i = 0; i < elts.size(); ++i) {
      if (i > 0) out += ", ";
      out += AnnotationText(elts[i]);
    }
    return out;
  };
  switch (e->kind) {
    case ExprKind::kName: return std::string(e->As<Name>()->id);
    case ExprKind::kAttribute: {
      const Attribute* a = e->As<Attribute>();
      return absl::StrCat(AnnotationText(a->value), ".", a->attr);
    }
    case ExprKind::kSubscript: {
      const lang::Subscript* s = e->As<lang::Subscript>();
      const lang::Tuple* t = s->slice->As<lang::Tuple>();
      std::string index = (t != nullptr && !t->elts.empty()) ? join(t->elts)
                                                             : AnnotationText(s->slice);
      return absl::StrCat(AnnotationText(s->value), "[", index, "]");
    }
    case ExprKind::kTuple: {
      ExprList elts = e->As<lang::Tuple>()->elts;
      return absl::StrCat("(", join(elts), elts.size() == 1 ? ",)" : ")");
    }
    case ExprKind::kList: return absl::StrCat("[", join(e->As<lang::List>()->elts), "]");
    case ExprKind::kBinOp: {
      const lang::BinOp* b = e->As<lang::BinOp>();
      if (b->op != Operator::kBitOr || b->right->Is<lang::BinOp>()) break;
      return absl::StrCat(AnnotationText(b->left), " | ", AnnotationText(b->right));
    }
    case ExprKind::kConstant: {
      const lang::Constant* c = e->As<lang::Constant>();
      switch (c->value_kind) {
        case ConstantKind::kNone: return "None";
        case ConstantKind::kBool: return c->bool_value ? "True" : "False";
        case ConstantKind::kInt: return absl::StrCat(c->int_value);
        case ConstantKind::kEllipsis: return "...";
        case ConstantKind::kStr: {
          std::string r;
          if (ReprString(rt_, rt_.NewStr(c->str_value), &r)) return r;
          rt_.ClearException();
          break;
        }
        default: break;
      }
      break;
    }
    default: break;
  }
  return SourceText(*source_, e->loc);
}

absl::StatusOr<Value> Emitter::CompileModule() {
  future_annotations_ = HasFutureAnnotations(module_);
  EnterUnit(symtable_.top(), "<module>", 1);
  u().flags = kCodeModule;
  Body(module_.body, /*docstring=*/true);
  if (!module_.body.empty()) u().loc = module_.body.back()->loc;
  LoadNone();
  Emit(Op(Opcode::RETURN_VALUE));
  Value code = LeaveUnit();
  if (error_) return error_->ToStatus();
  if (!status_.ok()) return status_;
  return code;
}

// ---- Units -------------------------------------------------------------------------

void Emitter::EnterUnit(Scope* scope, std::string name, int32_t first_line) {
  auto unit = std::make_unique<Unit>();
  unit->scope = scope;
  unit->qualname = units_.empty() ? name : QualName(scope, name);
  unit->name = std::move(name);
  unit->first_line = first_line;
  unit->block_stacks.push_back({});
  unit->block_stack_index[{}] = 0;
  for (const std::string& p : scope->params) {
    unit->varname_index[p] = static_cast<int32_t>(unit->varnames.size());
    unit->varnames.push_back(p);
  }
  unit->cellvars = scope->CellVars();
  unit->freevars = scope->FreeVars();
  for (size_t i = 0; i < unit->cellvars.size(); ++i) unit->cell_index[unit->cellvars[i]] = i;
  units_.push_back(std::move(unit));
}

Value Emitter::LeaveUnit() {
  std::unique_ptr<Unit> unit = std::move(units_.back());
  units_.pop_back();
  if (failed() || !status_.ok()) return Value::None();
  CodeObject* code = rt_.Alloc<CodeObject>(rt_.types().code);
  Value result = Value::Steal(code);
  code->name = unit->name;
  code->qualname = unit->qualname;
  code->source = source_;
  code->first_line = unit->first_line;
  code->flags = unit->flags;
  code->arg_count = unit->arg_count;
  code->posonly_count = unit->posonly_count;
  code->kwonly_count = unit->kwonly_count;
  absl::Status st = Assemble(rt_, *unit, code);
  if (!st.ok()) {
    status_ = st;
    return Value::None();
  }
  return result;
}

// ---- Emission ----------------------------------------------------------------------

void Emitter::Emit(int op, int32_t arg) {
  if (op == Op(Opcode::BUILD_TUPLE) && FoldConstTuple(arg)) return;
  // `a, b = b, a`: BUILD_TUPLE n + UNPACK_SEQUENCE n is a SWAP (n = 2, 3) or nothing.
  std::vector<RawInstr>& code = u().instrs;
  if (op == Op(Opcode::UNPACK_SEQUENCE) && arg >= 1 && arg <= 3 && !code.empty() &&
      code.back().op == Op(Opcode::BUILD_TUPLE) && code.back().arg == arg &&
      !LabelAt(static_cast<int32_t>(code.size()))) {
    code.pop_back();
    if (arg == 1) return;
    op = Op(Opcode::SWAP);
  }
  u().instrs.push_back(RawInstr{op, arg, u().loc, u().current_blocks});
}

// fold_tuple_on_constants: `n` LOAD_CONSTs then BUILD_TUPLE n become one LOAD_CONST of
// the tuple, unless a jump lands between them.
bool Emitter::FoldConstTuple(int32_t n) {
  std::vector<RawInstr>& code = u().instrs;
  if (static_cast<int32_t>(code.size()) < n) return false;
  size_t first = code.size() - n;
  for (size_t i = first; i < code.size(); ++i) {
    if (code[i].op != Op(Opcode::LOAD_CONST)) return false;
  }
  for (size_t i = first + 1; i <= code.size(); ++i) {
    if (LabelAt(static_cast<int32_t>(i))) return false;
  }
  std::vector<Value> items;
  for (size_t i = first; i < code.size(); ++i) items.push_back(u().consts[code[i].arg]);
  lang::SourceRange loc = u().loc;
  code.resize(first);
  code.push_back(RawInstr{Op(Opcode::LOAD_CONST), AddConst(rt_.NewTuple(std::move(items))),
                          loc, u().current_blocks});
  return true;
}

bool Emitter::LabelAt(int32_t pos) const {
  for (int32_t p : units_.back()->label_pos) {
    if (p == pos) return true;
  }
  return false;
}

Label Emitter::NewLabel() {
  u().label_pos.push_back(-1);
  return Label{static_cast<int>(u().label_pos.size()) - 1};
}

void Emitter::Bind(Label l) { u().label_pos[l.id] = static_cast<int32_t>(u().instrs.size()); }

// The deduplication key of a constant: kind and value (1, 1.0 and True stay distinct,
// as do 0.0 and -0.0); empty for values never shared (code objects).
static std::string ConstKey(const Value& v, const Value& ellipsis) {
  switch (v.tag()) {
    case Value::Tag::kNone: return "n";
    case Value::Tag::kBool: return v.as_bool() ? "b1" : "b0";
    case Value::Tag::kInt: return absl::StrCat("i", v.as_int());
    case Value::Tag::kFloat: {
      double d = v.as_float();
      uint64_t bits;
      std::memcpy(&bits, &d, sizeof bits);
      return absl::StrCat("f", bits);
    }
    default: break;
  }
  Object* o = v.object();
  if (auto* s = dynamic_cast<Str*>(o)) return absl::StrCat("s", s->view().size(), ":", s->view());
  if (auto* t = dynamic_cast<vm::Tuple*>(o)) {
    std::string key = "t(";
    for (const Value& item : t->items) {
      std::string k = ConstKey(item, ellipsis);
      if (k.empty()) return "";
      absl::StrAppend(&key, k, ",");
    }
    return key + ")";
  }
  if (v.Is(ellipsis)) return "e";
  return "";
}

int32_t Emitter::AddConst(Value v) {
  std::string key = ConstKey(v, rt_.Ellipsis());
  if (!key.empty()) {
    auto it = u().const_index.find(key);
    if (it != u().const_index.end()) return it->second;
    u().const_index[key] = static_cast<int32_t>(u().consts.size());
  }
  u().consts.push_back(std::move(v));
  return static_cast<int32_t>(u().consts.size()) - 1;
}

void Emitter::LoadStr(absl::string_view s) { LoadConst(Value::Borrow(rt_.Intern(s))); }

int32_t Emitter::AddName(absl::string_view name) {
  auto [it, inserted] = u().name_index.try_emplace(std::string(name), u().names.size());
  if (inserted) u().names.emplace_back(name);
  return it->second;
}

int32_t Emitter::AddVarname(absl::string_view name) {
  auto [it, inserted] = u().varname_index.try_emplace(std::string(name), u().varnames.size());
  if (inserted) u().varnames.emplace_back(name);
  return it->second;
}

std::string Emitter::MangleName(absl::string_view name) const {
  const Scope* s = units_.back()->scope;
  std::string priv = s->kind == ScopeKind::kClass ? s->name : s->private_name;
  return Mangle(priv, name);
}

// compiler_nameop: fast locals in functions, cells for captured names, LOAD_NAME in
// module and class bodies, LOAD_GLOBAL for globals seen from functions.
void Emitter::NameOp(absl::string_view raw, ExprContext ctx) {
  std::string name = MangleName(raw);
  Scope* scope = u().scope;
  NameScope where = scope->Lookup(name);
  enum { kFast, kDeref, kGlobal, kName } kind = kName;
  switch (where) {
    case NameScope::kFree:
    case NameScope::kCell:
      kind = kDeref;
      break;
    case NameScope::kLocal:
      if (scope->IsFunctionLike()) kind = kFast;
      break;
    case NameScope::kGlobalImplicit:
      if (scope->IsFunctionLike()) kind = kGlobal;
      break;
    case NameScope::kGlobalExplicit:
      kind = kGlobal;
      break;
    case NameScope::kNone:
      break;
  }
  int i = static_cast<int>(ctx);  // Load, Store, Del
  switch (kind) {
    case kFast: {
      static constexpr Opcode ops[] = {Opcode::LOAD_FAST, Opcode::STORE_FAST,
                                       Opcode::DELETE_FAST};
      return Emit(Op(ops[i]), AddVarname(name));
    }
    case kDeref: {
      int32_t index;
      auto it = u().cell_index.find(name);
      if (it != u().cell_index.end()) {
        index = it->second;
      } else {
        auto f = std::find(u().freevars.begin(), u().freevars.end(), name);
        index = static_cast<int32_t>(u().cellvars.size() + (f - u().freevars.begin()));
      }
      static constexpr Opcode ops[] = {Opcode::LOAD_DEREF, Opcode::STORE_DEREF,
                                       Opcode::DELETE_DEREF};
      Opcode op = ops[i];
      if (ctx == ExprContext::kLoad && scope->kind == ScopeKind::kClass) {
        op = Opcode::LOAD_CLASSDEREF;
      }
      return Emit(Op(op), index);
    }
    case kGlobal: {
      static constexpr Opcode ops[] = {Opcode::LOAD_GLOBAL, Opcode::STORE_GLOBAL,
                                       Opcode::DELETE_GLOBAL};
      return Emit(Op(ops[i]), AddName(name));
    }
    case kName: {
      static constexpr Opcode ops[] = {Opcode::LOAD_NAME, Opcode::STORE_NAME,
                                       Opcode::DELETE_NAME};
      return Emit(Op(ops[i]), AddName(name));
    }
  }
}

void Emitter::Error(const SourceRange& loc, std::string message) {
  if (error_) return;
  lang::SourceLines lines(module_.source);
  error_ = lang::MakeError(lines, module_.filename ? *module_.filename : "",
                               SyntaxError::Type::kSyntaxError, std::move(message), loc.line,
                               loc.col + 1, loc.end_line, loc.end_col + 1);
}

// ---- Syntactic blocks ----------------------------------------------------------------

int32_t Emitter::OpenBlock(BlockKind kind, Label start, Label handler, int32_t line) {
  Unit& unit = u();
  int32_t record = static_cast<int32_t>(unit.block_records.size());
  unit.block_records.push_back(BlockRecord{kind, start, NewLabel(), handler, line});
  unit.open_blocks.push_back(record);
  auto [it, inserted] = unit.block_stack_index.try_emplace(unit.open_blocks,
                                                           unit.block_stacks.size());
  if (inserted) unit.block_stacks.push_back(unit.open_blocks);
  unit.current_blocks = it->second;
  return record;
}

void Emitter::CloseBlock(int32_t record) {
  Unit& unit = u();
  unit.open_blocks.pop_back();
  unit.current_blocks = unit.block_stack_index[unit.open_blocks];
  Bind(unit.block_records[record].end);
}

}  // namespace wick::vm::compiler
