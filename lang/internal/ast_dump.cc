// DumpAst: the canonical text form of a tree (format in lang/testdata/README.md). Node
// and field names and field order are CPython's `ast` module's, so a tree can be
// checked against `ast.parse` (lang/testdata/ast_oracle.py prints CPython's tree the
// same way).
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "lang/internal/literals.h"
#include "lang/parser.h"

namespace wick::lang {
namespace {

std::string Quote(absl::string_view s, bool bytes) {
  std::string out = bytes ? "b\"" : "\"";
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20 || c == 0x7F || (bytes && c >= 0x80)) {
          absl::StrAppendFormat(&out, "\\x%02x", c);
        } else {
          out.push_back(ch);
        }
    }
  }
  out += "\"";
  return out;
}

std::string Loc(const SourceRange& r) {
  return absl::StrFormat(" @%d:%d-%d:%d", r.line, r.col, r.end_line, r.end_col);
}

std::string ConstantValue(const Constant* c) {
  switch (c->value_kind) {
    case ConstantKind::kNone: return "None";
    case ConstantKind::kBool: return c->bool_value ? "True" : "False";
    case ConstantKind::kInt: return absl::StrCat(c->int_value);
    case ConstantKind::kBigInt: return std::string(c->str_value);
    case ConstantKind::kFloat: return internal::FloatRepr(c->float_value);
    case ConstantKind::kComplex: {
      std::string s = internal::FloatRepr(c->float_value);
      if (absl::EndsWith(s, ".0")) s.resize(s.size() - 2);
      return s + "j";
    }
    case ConstantKind::kStr: return Quote(c->str_value, false);
    case ConstantKind::kBytes: return Quote(c->str_value, true);
    case ConstantKind::kEllipsis: return "Ellipsis";
  }
  return "?";
}

// Prints iteratively (an explicit stack of pending lines) so that the deepest trees the
// parser accepts cannot overflow the C++ stack.
class Dumper {
 public:
  std::string Run(const Module& m) {
    Line(0, "Module");
    std::vector<Item> children;
    Stmts(&children, 2, "body", m.body);
    Push(std::move(children));
    while (!stack_.empty()) {
      Item item = std::move(stack_.back());
      stack_.pop_back();
      std::vector<Item> next;
      switch (item.kind) {
        case Item::kText: Line(item.indent, item.label); break;
        case Item::kExpr: ExprNode(item.expr, item.label, item.indent, &next); break;
        case Item::kStmt: StmtNode(item.stmt, item.indent, &next); break;
      }
      Push(std::move(next));
    }
    return std::move(out_);
  }

 private:
  // One pending line: a node (with the label of the field holding it) or plain text.
  struct Item {
    enum Kind { kText, kExpr, kStmt } kind;
    int indent;
    std::string label;
    const Expr* expr = nullptr;
    const Stmt* stmt = nullptr;
  };
  using Items = std::vector<Item>;

  void Push(Items items) {
    for (size_t i = items.size(); i-- > 0;) stack_.push_back(std::move(items[i]));
  }
  void Line(int indent, absl::string_view text) {
    out_.append(indent, ' ');
    absl::StrAppend(&out_, text, "\n");
  }
  static void Text(Items* out, int indent, std::string text) {
    out->push_back({Item::kText, indent, std::move(text)});
  }

  // A field holding one node prints as "name: <node>"; a list as "name:" with one
  // element per line below it. `indent` is the field's.
  static void Field(Items* out, int indent, absl::string_view name, const Expr* e) {
    if (e != nullptr) out->push_back({Item::kExpr, indent, absl::StrCat(name, ": "), e});
  }
  static void Field(Items* out, int indent, absl::string_view name, ExprList list) {
    if (list.empty()) return;
    Text(out, indent, absl::StrCat(name, ":"));
    for (const Expr* e : list) {
      if (e == nullptr) {
        Text(out, indent + 2, "None");
      } else {
        out->push_back({Item::kExpr, indent + 2, "", e});
      }
    }
  }
  static void Stmts(Items* out, int indent, absl::string_view name, StmtList list) {
    if (list.empty()) return;
    Text(out, indent, absl::StrCat(name, ":"));
    for (const Stmt* s : list) out->push_back({Item::kStmt, indent + 2, "", nullptr, s});
  }

  // Nodes without a position of their own are expanded in place.
  static void ArgNode(Items* out, int indent, const Arg* a, absl::string_view label) {
    Text(out, indent, absl::StrCat(label, "arg arg=", Quote(a->arg, false), Loc(a->loc)));
    Field(out, indent + 2, "annotation", a->annotation);
  }
  static void Args(Items* out, int indent, absl::string_view name,
                   absl::Span<Arg* const> args) {
    if (args.empty()) return;
    Text(out, indent, absl::StrCat(name, ":"));
    for (const Arg* a : args) ArgNode(out, indent + 2, a, "");
  }
  static void ArgumentsNode(Items* out, int indent, const Arguments* a) {
    Text(out, indent, "args: arguments");
    indent += 2;
    Args(out, indent, "posonlyargs", a->posonlyargs);
    Args(out, indent, "args", a->args);
    if (a->vararg != nullptr) ArgNode(out, indent, a->vararg, "vararg: ");
    Args(out, indent, "kwonlyargs", a->kwonlyargs);
    Field(out, indent, "kw_defaults", a->kw_defaults);
    if (a->kwarg != nullptr) ArgNode(out, indent, a->kwarg, "kwarg: ");
    Field(out, indent, "defaults", a->defaults);
  }
  static void Keywords(Items* out, int indent, absl::Span<Keyword* const> keywords) {
    if (keywords.empty()) return;
    Text(out, indent, "keywords:");
    for (const Keyword* k : keywords) {
      std::string header = "keyword";
      if (!k->arg.empty()) absl::StrAppend(&header, " arg=", Quote(k->arg, false));
      Text(out, indent + 2, header + Loc(k->loc));
      Field(out, indent + 4, "value", k->value);
    }
  }
  static void Generators(Items* out, int indent,
                         absl::Span<Comprehension* const> generators) {
    Text(out, indent, "generators:");
    for (const Comprehension* c : generators) {
      Text(out, indent + 2, "comprehension");
      Field(out, indent + 4, "target", c->target);
      Field(out, indent + 4, "iter", c->iter);
      Field(out, indent + 4, "ifs", c->ifs);
    }
  }
  static void Aliases(Items* out, int indent, absl::Span<Alias* const> names) {
    Text(out, indent, "names:");
    for (const Alias* a : names) {
      std::string header = absl::StrCat("alias name=", Quote(a->name, false));
      if (!a->asname.empty()) absl::StrAppend(&header, " asname=", Quote(a->asname, false));
      Text(out, indent + 2, header + Loc(a->loc));
    }
  }

  // Prints the node's line and queues its fields (at indent + 2) in `out`.
  void ExprNode(const Expr* e, absl::string_view label, int indent, Items* out) {
    std::string loc = Loc(e->loc);
    auto header = [&](auto&&... parts) { Line(indent, absl::StrCat(label, parts..., loc)); };
    int in = indent + 2;
    switch (e->kind) {
      case ExprKind::kBoolOp:
        header("BoolOp op=", OpName(e->As<BoolOp>()->op));
        return Field(out, in, "values", e->As<BoolOp>()->values);
      case ExprKind::kNamedExpr:
        header("NamedExpr");
        Field(out, in, "target", e->As<NamedExpr>()->target);
        return Field(out, in, "value", e->As<NamedExpr>()->value);
      case ExprKind::kBinOp:
        header("BinOp op=", OpName(e->As<BinOp>()->op));
        Field(out, in, "left", e->As<BinOp>()->left);
        return Field(out, in, "right", e->As<BinOp>()->right);
      case ExprKind::kUnaryOp:
        header("UnaryOp op=", OpName(e->As<UnaryOp>()->op));
        return Field(out, in, "operand", e->As<UnaryOp>()->operand);
      case ExprKind::kLambda:
        header("Lambda");
        ArgumentsNode(out, in, e->As<Lambda>()->args);
        return Field(out, in, "body", e->As<Lambda>()->body);
      case ExprKind::kIfExp:
        header("IfExp");
        Field(out, in, "test", e->As<IfExp>()->test);
        Field(out, in, "body", e->As<IfExp>()->body);
        return Field(out, in, "orelse", e->As<IfExp>()->orelse);
      case ExprKind::kDict:
        header("Dict");
        Field(out, in, "keys", e->As<Dict>()->keys);
        return Field(out, in, "values", e->As<Dict>()->values);
      case ExprKind::kSet:
        header("Set");
        return Field(out, in, "elts", e->As<Set>()->elts);
      case ExprKind::kListComp:
        header("ListComp");
        Field(out, in, "elt", e->As<ListComp>()->elt);
        return Generators(out, in, e->As<ListComp>()->generators);
      case ExprKind::kSetComp:
        header("SetComp");
        Field(out, in, "elt", e->As<SetComp>()->elt);
        return Generators(out, in, e->As<SetComp>()->generators);
      case ExprKind::kDictComp:
        header("DictComp");
        Field(out, in, "key", e->As<DictComp>()->key);
        Field(out, in, "value", e->As<DictComp>()->value);
        return Generators(out, in, e->As<DictComp>()->generators);
      case ExprKind::kGeneratorExp:
        header("GeneratorExp");
        Field(out, in, "elt", e->As<GeneratorExp>()->elt);
        return Generators(out, in, e->As<GeneratorExp>()->generators);
      case ExprKind::kYield:
        header("Yield");
        return Field(out, in, "value", e->As<Yield>()->value);
      case ExprKind::kYieldFrom:
        header("YieldFrom");
        return Field(out, in, "value", e->As<YieldFrom>()->value);
      case ExprKind::kCompare: {
        std::string ops;
        for (CmpOp op : e->As<Compare>()->ops) {
          absl::StrAppend(&ops, ops.empty() ? "" : ", ", OpName(op));
        }
        header("Compare ops=[", ops, "]");
        Field(out, in, "left", e->As<Compare>()->left);
        return Field(out, in, "comparators", e->As<Compare>()->comparators);
      }
      case ExprKind::kCall:
        header("Call");
        Field(out, in, "func", e->As<Call>()->func);
        Field(out, in, "args", e->As<Call>()->args);
        return Keywords(out, in, e->As<Call>()->keywords);
      case ExprKind::kFormattedValue: {
        const FormattedValue* n = e->As<FormattedValue>();
        std::string conversion;
        if (n->conversion != -1) {
          conversion = absl::StrCat(" conversion=", std::string(1, n->conversion));
        }
        header("FormattedValue", conversion);
        Field(out, in, "value", n->value);
        return Field(out, in, "format_spec", n->format_spec);
      }
      case ExprKind::kJoinedStr:
        header("JoinedStr");
        return Field(out, in, "values", e->As<JoinedStr>()->values);
      case ExprKind::kConstant:
        return header("Constant value=", ConstantValue(e->As<Constant>()));
      case ExprKind::kAttribute:
        header("Attribute attr=", Quote(e->As<Attribute>()->attr, false),
               " ctx=", OpName(e->As<Attribute>()->ctx));
        return Field(out, in, "value", e->As<Attribute>()->value);
      case ExprKind::kSubscript:
        header("Subscript ctx=", OpName(e->As<Subscript>()->ctx));
        Field(out, in, "value", e->As<Subscript>()->value);
        return Field(out, in, "slice", e->As<Subscript>()->slice);
      case ExprKind::kStarred:
        header("Starred ctx=", OpName(e->As<Starred>()->ctx));
        return Field(out, in, "value", e->As<Starred>()->value);
      case ExprKind::kName:
        return header("Name id=", Quote(e->As<Name>()->id, false),
                      " ctx=", OpName(e->As<Name>()->ctx));
      case ExprKind::kList:
        header("List ctx=", OpName(e->As<lang::List>()->ctx));
        return Field(out, in, "elts", e->As<lang::List>()->elts);
      case ExprKind::kTuple:
        header("Tuple ctx=", OpName(e->As<Tuple>()->ctx));
        return Field(out, in, "elts", e->As<Tuple>()->elts);
      case ExprKind::kSlice:
        header("Slice");
        Field(out, in, "lower", e->As<Slice>()->lower);
        Field(out, in, "upper", e->As<Slice>()->upper);
        return Field(out, in, "step", e->As<Slice>()->step);
    }
  }

  void StmtNode(const Stmt* s, int indent, Items* out) {
    std::string loc = Loc(s->loc);
    auto header = [&](auto&&... parts) { Line(indent, absl::StrCat(parts..., loc)); };
    int in = indent + 2;
    switch (s->kind) {
      case StmtKind::kFunctionDef: {
        const FunctionDef* n = s->As<FunctionDef>();
        header("FunctionDef name=", Quote(n->name, false));
        ArgumentsNode(out, in, n->args);
        Stmts(out, in, "body", n->body);
        Field(out, in, "decorator_list", n->decorator_list);
        return Field(out, in, "returns", n->returns);
      }
      case StmtKind::kClassDef: {
        const ClassDef* n = s->As<ClassDef>();
        header("ClassDef name=", Quote(n->name, false));
        Field(out, in, "bases", n->bases);
        Keywords(out, in, n->keywords);
        Stmts(out, in, "body", n->body);
        return Field(out, in, "decorator_list", n->decorator_list);
      }
      case StmtKind::kReturn:
        header("Return");
        return Field(out, in, "value", s->As<Return>()->value);
      case StmtKind::kDelete:
        header("Delete");
        return Field(out, in, "targets", s->As<Delete>()->targets);
      case StmtKind::kAssign:
        header("Assign");
        Field(out, in, "targets", s->As<Assign>()->targets);
        return Field(out, in, "value", s->As<Assign>()->value);
      case StmtKind::kAugAssign:
        header("AugAssign op=", OpName(s->As<AugAssign>()->op));
        Field(out, in, "target", s->As<AugAssign>()->target);
        return Field(out, in, "value", s->As<AugAssign>()->value);
      case StmtKind::kAnnAssign: {
        const AnnAssign* n = s->As<AnnAssign>();
        header("AnnAssign simple=", n->simple ? 1 : 0);
        Field(out, in, "target", n->target);
        Field(out, in, "annotation", n->annotation);
        return Field(out, in, "value", n->value);
      }
      case StmtKind::kFor:
        header("For");
        Field(out, in, "target", s->As<For>()->target);
        Field(out, in, "iter", s->As<For>()->iter);
        Stmts(out, in, "body", s->As<For>()->body);
        return Stmts(out, in, "orelse", s->As<For>()->orelse);
      case StmtKind::kWhile:
        header("While");
        Field(out, in, "test", s->As<While>()->test);
        Stmts(out, in, "body", s->As<While>()->body);
        return Stmts(out, in, "orelse", s->As<While>()->orelse);
      case StmtKind::kIf:
        header("If");
        Field(out, in, "test", s->As<If>()->test);
        Stmts(out, in, "body", s->As<If>()->body);
        return Stmts(out, in, "orelse", s->As<If>()->orelse);
      case StmtKind::kWith:
        header("With");
        Text(out, in, "items:");
        for (const WithItem* item : s->As<With>()->items) {
          Text(out, in + 2, "withitem");
          Field(out, in + 4, "context_expr", item->context_expr);
          Field(out, in + 4, "optional_vars", item->optional_vars);
        }
        return Stmts(out, in, "body", s->As<With>()->body);
      case StmtKind::kRaise:
        header("Raise");
        Field(out, in, "exc", s->As<Raise>()->exc);
        return Field(out, in, "cause", s->As<Raise>()->cause);
      case StmtKind::kTry: {
        const Try* n = s->As<Try>();
        header("Try");
        Stmts(out, in, "body", n->body);
        if (!n->handlers.empty()) Text(out, in, "handlers:");
        for (const ExceptHandler* h : n->handlers) {
          std::string line = "ExceptHandler";
          if (!h->name.empty()) absl::StrAppend(&line, " name=", Quote(h->name, false));
          Text(out, in + 2, line + Loc(h->loc));
          Field(out, in + 4, "type", h->type);
          Stmts(out, in + 4, "body", h->body);
        }
        Stmts(out, in, "orelse", n->orelse);
        return Stmts(out, in, "finalbody", n->finalbody);
      }
      case StmtKind::kAssert:
        header("Assert");
        Field(out, in, "test", s->As<Assert>()->test);
        return Field(out, in, "msg", s->As<Assert>()->msg);
      case StmtKind::kImport:
        header("Import");
        return Aliases(out, in, s->As<Import>()->names);
      case StmtKind::kImportFrom: {
        const ImportFrom* n = s->As<ImportFrom>();
        std::string module;
        if (!n->module.empty()) module = absl::StrCat(" module=", Quote(n->module, false));
        header("ImportFrom", module, " level=", n->level);
        return Aliases(out, in, n->names);
      }
      case StmtKind::kGlobal:
      case StmtKind::kNonlocal: {
        absl::Span<const absl::string_view> names =
            s->Is<Global>() ? s->As<Global>()->names : s->As<Nonlocal>()->names;
        std::string list;
        for (absl::string_view n : names) {
          absl::StrAppend(&list, list.empty() ? "" : ", ", Quote(n, false));
        }
        return header(s->Is<Global>() ? "Global" : "Nonlocal", " names=[", list, "]");
      }
      case StmtKind::kExprStmt:
        header("Expr");
        return Field(out, in, "value", s->As<ExprStmt>()->value);
      case StmtKind::kPass:
        return header("Pass");
      case StmtKind::kBreak:
        return header("Break");
      case StmtKind::kContinue:
        return header("Continue");
    }
  }

  std::string out_;
  std::vector<Item> stack_;
};

}  // namespace

std::string DumpAst(const Module& module) { return Dumper().Run(module); }

}  // namespace wick::lang
