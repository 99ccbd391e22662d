// Code generation for expressions and assignment targets. Each instruction takes the
// position of the innermost expression being compiled when it is emitted (compile.c's
// SET_LOC), so a CALL gets the Call node, BINARY_SUBSCR the Subscript node, and so on.
#include <algorithm>
#include <limits>

#include "absl/strings/str_cat.h"
#include "vm/compiler/emitter.h"
#include "vm/objects/objects.h"

namespace wick::vm::compiler {

using namespace lang;  // NOLINT: the AST's node names are the vocabulary here

// compile.c's STACK_USE_GUIDELINE: longer displays and calls are built incrementally.
static constexpr size_t kStackUseGuideline = 30;

void Emitter::Expression(const Expr* e) {
  if (failed()) return;
  LocScope loc(this, e->loc);
  ExpressionKind(e);
}

void Emitter::ExpressionKind(const Expr* e) {
  switch (e->kind) {
    case ExprKind::kBoolOp: return BoolOp(e->As<lang::BoolOp>());
    case ExprKind::kNamedExpr:
      Expression(e->As<NamedExpr>()->value);
      Emit(Op(Opcode::COPY), 1);
      return Store(e->As<NamedExpr>()->target);
    case ExprKind::kBinOp: {
      if (std::optional<Value> folded = Fold(e)) return LoadConst(*folded);
      const lang::BinOp* b = e->As<lang::BinOp>();
      Expression(b->left);
      Expression(b->right);
      return Emit(Op(Opcode::BINARY_OP), BinaryOpArg(b->op));
    }
    case ExprKind::kUnaryOp: {
      if (std::optional<Value> folded = Fold(e)) return LoadConst(*folded);
      const UnaryOp* u = e->As<UnaryOp>();
      // 3.11's AST optimizer: `not (a in b)` is `a not in b`, `not (a is b)` `a is not b`.
      const lang::Compare* c = u->operand->As<lang::Compare>();
      if (u->op == UnaryOperator::kNot && c != nullptr && c->ops.size() == 1) {
        lang::CmpOp op = c->ops[0];
        std::optional<lang::CmpOp> inverse;
        if (op == lang::CmpOp::kIn) inverse = lang::CmpOp::kNotIn;
        if (op == lang::CmpOp::kNotIn) inverse = lang::CmpOp::kIn;
        if (op == lang::CmpOp::kIs) inverse = lang::CmpOp::kIsNot;
        if (op == lang::CmpOp::kIsNot) inverse = lang::CmpOp::kIs;
        if (inverse) {
          LocScope loc(this, c->loc);  // the comparison node replaces the `not`
          Expression(c->left);
          Expression(c->comparators[0]);
          return CompareOp(*inverse);
        }
      }
      Expression(u->operand);
      static constexpr Opcode kOps[] = {Opcode::UNARY_INVERT, Opcode::UNARY_NOT,
                                        Opcode::UNARY_POSITIVE, Opcode::UNARY_NEGATIVE};
      return Emit(Op(kOps[static_cast<int>(u->op)]));
    }
    case ExprKind::kLambda: return Lambda(e->As<lang::Lambda>());
    case ExprKind::kIfExp: {
      const IfExp* i = e->As<IfExp>();
      Label next = NewLabel(), end = NewLabel();
      JumpIf(i->test, next, false);
      Expression(i->body);
      EmitJump(Op(Opcode::JUMP), end);
      Bind(next);
      Expression(i->orelse);
      return Bind(end);
    }
    case ExprKind::kDict: return DictDisplay(e->As<Dict>());
    case ExprKind::kSet:
      return StarUnpack(e->As<Set>()->elts, 0, Opcode::BUILD_SET, Opcode::SET_ADD,
                        Opcode::SET_UPDATE, false);
    case ExprKind::kListComp:
    case ExprKind::kSetComp:
    case ExprKind::kDictComp:
    case ExprKind::kGeneratorExp:
      return Comprehension(e);
    case ExprKind::kYield: {
      // yield_expr: the value (None when absent); YIELD_VALUE leaves the sent value.
      const lang::Yield* y = e->As<lang::Yield>();
      if (y->value != nullptr) {
        Expression(y->value);
      } else {
        LoadNone();
      }
      return Emit(Op(Opcode::YIELD_VALUE), 0);
    }
    case ExprKind::kYieldFrom:
      Expression(e->As<lang::YieldFrom>()->value);
      Emit(Op(Opcode::GET_YIELD_FROM_ITER));
      LoadNone();
      return YieldFromLoop();
    case ExprKind::kCompare: return Compare(e->As<lang::Compare>());
    case ExprKind::kCall: return Call(e->As<lang::Call>());
    case ExprKind::kFormattedValue: return FormattedValue(e->As<lang::FormattedValue>());
    case ExprKind::kJoinedStr: return JoinedStr(e->As<lang::JoinedStr>());
    case ExprKind::kConstant: return Constant(e->As<lang::Constant>());
    case ExprKind::kAttribute: {
      const Attribute* a = e->As<Attribute>();
      Expression(a->value);
      return EmitAttr(Opcode::LOAD_ATTR, a);
    }
    case ExprKind::kSubscript: return Subscript(e->As<lang::Subscript>());
    case ExprKind::kStarred:
      return Error(e->loc, "can't use starred expression here");
    case ExprKind::kName: return NameOp(e->As<Name>()->id, ExprContext::kLoad);
    case ExprKind::kList:
      return StarUnpack(e->As<List>()->elts, 0, Opcode::BUILD_LIST, Opcode::LIST_APPEND,
                        Opcode::LIST_EXTEND, false);
    case ExprKind::kTuple:
      if (std::optional<Value> folded = Fold(e)) return LoadConst(*folded);
      return StarUnpack(e->As<Tuple>()->elts, 0, Opcode::BUILD_LIST, Opcode::LIST_APPEND,
                        Opcode::LIST_EXTEND, true);
    case ExprKind::kSlice: {
      const Slice* s = e->As<Slice>();
      int n = 2;
      if (s->lower) Expression(s->lower); else LoadNone();
      if (s->upper) Expression(s->upper); else LoadNone();
      if (s->step) {
        Expression(s->step);
        n = 3;
      }
      return Emit(Op(Opcode::BUILD_SLICE), n);
    }
  }
}

// boolop: JUMP_IF_FALSE_OR_POP (and) / JUMP_IF_TRUE_OR_POP (or) to the end.
void Emitter::BoolOp(const lang::BoolOp* e) {
  Opcode jump = e->op == BoolOperator::kAnd ? Opcode::JUMP_IF_FALSE_OR_POP
                                            : Opcode::JUMP_IF_TRUE_OR_POP;
  Label end = NewLabel();
  for (size_t i = 0; i + 1 < e->values.size(); ++i) {
    Expression(e->values[i]);
    EmitJump(Op(jump), end);
  }
  Expression(e->values.back());
  Bind(end);
}

void Emitter::CompareOp(lang::CmpOp op) {
  switch (op) {
    case lang::CmpOp::kIs: return Emit(Op(Opcode::IS_OP), 0);
    case lang::CmpOp::kIsNot: return Emit(Op(Opcode::IS_OP), 1);
    case lang::CmpOp::kIn: return Emit(Op(Opcode::CONTAINS_OP), 0);
    case lang::CmpOp::kNotIn: return Emit(Op(Opcode::CONTAINS_OP), 1);
    default: break;
  }
  static constexpr vm::CmpOp kMap[] = {vm::CmpOp::kEq, vm::CmpOp::kNe, vm::CmpOp::kLt,
                                       vm::CmpOp::kLe, vm::CmpOp::kGt, vm::CmpOp::kGe};
  Emit(Op(Opcode::COMPARE_OP), static_cast<int32_t>(kMap[static_cast<int>(op)]));
}

// compare: a chain keeps each middle operand (SWAP/COPY) and short-circuits to a
// cleanup that drops it.
void Emitter::Compare(const lang::Compare* e) {
  size_t n = e->ops.size() - 1;
  Expression(e->left);
  if (n == 0) {
    Expression(e->comparators[0]);
    return CompareOp(e->ops[0]);
  }
  Label cleanup = NewLabel(), end = NewLabel();
  for (size_t i = 0; i < n; ++i) {
    Expression(e->comparators[i]);
    Emit(Op(Opcode::SWAP), 2);
    Emit(Op(Opcode::COPY), 2);
    CompareOp(e->ops[i]);
    EmitJump(Op(Opcode::JUMP_IF_FALSE_OR_POP), cleanup);
  }
  Expression(e->comparators[n]);
  CompareOp(e->ops[n]);
  EmitJump(Op(Opcode::JUMP), end);
  Bind(cleanup);
  Emit(Op(Opcode::SWAP), 2);
  Emit(Op(Opcode::POP_TOP));
  Bind(end);
}

// compiler_jump_if: jumps to `target` when `e` is truthy == cond, with `not`, and/or,
// conditional expressions and comparison chains compiled into jumps.
void Emitter::JumpIf(const Expr* e, Label target, bool cond) {
  if (failed()) return;
  // The jumps take the enclosing statement's or expression's position, as in 3.11;
  // only a comparison chain is placed at itself.
  if (const lang::Constant* c = e->As<lang::Constant>()) {
    bool truth = false;
    switch (c->value_kind) {
      case ConstantKind::kBool: truth = c->bool_value; break;
      case ConstantKind::kInt: truth = c->int_value != 0; break;
      case ConstantKind::kFloat: truth = c->float_value != 0; break;
      case ConstantKind::kStr: truth = !c->str_value.empty(); break;
      case ConstantKind::kEllipsis: truth = true; break;
      case ConstantKind::kNone: truth = false; break;
      default: goto general;
    }
    if (truth == cond) EmitJump(Op(Opcode::JUMP), target);
    return;
  }
  if (const UnaryOp* u = e->As<UnaryOp>(); u != nullptr && u->op == UnaryOperator::kNot) {
    return JumpIf(u->operand, target, !cond);
  }
  if (const lang::BoolOp* b = e->As<lang::BoolOp>()) {
    bool cond2 = b->op == BoolOperator::kOr;
    Label next2 = target;
    if (cond2 != cond) next2 = NewLabel();
    for (size_t i = 0; i + 1 < b->values.size(); ++i) JumpIf(b->values[i], next2, cond2);
    JumpIf(b->values.back(), target, cond);
    if (next2.id != target.id) Bind(next2);
    return;
  }
  if (const IfExp* i = e->As<IfExp>()) {
    Label end = NewLabel(), next2 = NewLabel();
    JumpIf(i->test, next2, false);
    JumpIf(i->body, target, cond);
    EmitJump(Op(Opcode::JUMP), end);
    Bind(next2);
    JumpIf(i->orelse, target, cond);
    Bind(end);
    return;
  }
  if (const lang::Compare* c = e->As<lang::Compare>(); c != nullptr && c->ops.size() > 1) {
    size_t n = c->ops.size() - 1;
    LocScope loc(this, e->loc);
    Label cleanup = NewLabel(), end = NewLabel();
    Expression(c->left);
    for (size_t i = 0; i < n; ++i) {
      Expression(c->comparators[i]);
      Emit(Op(Opcode::SWAP), 2);
      Emit(Op(Opcode::COPY), 2);
      CompareOp(c->ops[i]);
      EmitJump(Op(Opcode::POP_JUMP_IF_FALSE), cleanup);
    }
    Expression(c->comparators[n]);
    CompareOp(c->ops[n]);
    EmitJump(Op(cond ? Opcode::POP_JUMP_IF_TRUE : Opcode::POP_JUMP_IF_FALSE), target);
    EmitJump(Op(Opcode::JUMP), end);
    Bind(cleanup);
    Emit(Op(Opcode::POP_TOP));
    if (!cond) EmitJump(Op(Opcode::JUMP), target);
    Bind(end);
    return;
  }
general:
  // A comparison's jump is placed at the comparison (3.11 does so; other tests jump
  // from the enclosing node's position).
  std::optional<LocScope> at;
  if (e->Is<lang::Compare>()) at.emplace(this, e->loc);
  // `x is None` / `x is not None` jump on None directly (3.11's peephole).
  if (const lang::Compare* c = e->As<lang::Compare>()) {
    const lang::Constant* rhs = c->comparators[0]->As<lang::Constant>();
    bool is = c->ops[0] == lang::CmpOp::kIs, is_not = c->ops[0] == lang::CmpOp::kIsNot;
    if ((is || is_not) && rhs != nullptr && rhs->value_kind == ConstantKind::kNone) {
      Expression(c->left);
      bool jump_on_none = cond == is;
      EmitJump(Op(jump_on_none ? Opcode::POP_JUMP_IF_NONE : Opcode::POP_JUMP_IF_NOT_NONE),
               target);
      return;
    }
  }
  Expression(e);
  EmitJump(Op(cond ? Opcode::POP_JUMP_IF_TRUE : Opcode::POP_JUMP_IF_FALSE), target);
}

// call: [NULL, f, args] with KW_NAMES before CALL, or [meth, self, args] for
// `obj.name(...)`, or CALL_FUNCTION_EX when there are *args / **kwargs.
void Emitter::Call(const lang::Call* e) {
  if (MaybeMethodCall(e)) return;
  {
    LocScope loc(this, e->func->loc);
    Emit(Op(Opcode::PUSH_NULL));
  }
  Expression(e->func);
  CallHelper(0, e->args, e->keywords);
}

bool Emitter::MaybeMethodCall(const lang::Call* e) {
  const Attribute* meth = e->func->As<Attribute>();
  if (meth == nullptr || meth->ctx != ExprContext::kLoad) return false;
  if (e->args.size() + e->keywords.size() >= kStackUseGuideline) return false;
  // is_import_originated: `torch.zeros(...)` on an imported module name is a plain
  // attribute load and call, not LOAD_METHOD.
  if (const Name* base = meth->value->As<Name>()) {
    if (symtable_.top()->Flags(base->id) & kDefImport) return false;
  }
  for (const Expr* a : e->args) {
    if (a->Is<Starred>()) return false;
  }
  for (const Keyword* k : e->keywords) {
    if (k->arg.empty()) return false;
  }
  Expression(meth->value);
  EmitAttr(Opcode::LOAD_METHOD, meth);
  for (const Expr* a : e->args) Expression(a);
  std::vector<Value> names;
  for (const Keyword* k : e->keywords) {
    Expression(k->value);
    names.push_back(Value::Borrow(rt_.Intern(k->arg)));
  }
  int32_t n = static_cast<int32_t>(e->args.size() + e->keywords.size());
  if (!names.empty()) Emit(Op(Opcode::KW_NAMES), AddConst(rt_.NewTuple(std::move(names))));
  Emit(Op(Opcode::CALL), n);
  return true;
}

// compiler_call_helper: `pushed` arguments are already on the stack (class bodies).
void Emitter::CallHelper(int pushed, ExprList args, absl::Span<Keyword* const> keywords) {
  bool simple = args.size() + 2 * keywords.size() <= kStackUseGuideline;
  for (const Expr* a : args) simple = simple && !a->Is<Starred>();
  for (const Keyword* k : keywords) simple = simple && !k->arg.empty();
  if (simple) {
    for (const Expr* a : args) Expression(a);
    std::vector<Value> names;
    for (const Keyword* k : keywords) {
      Expression(k->value);
      names.push_back(Value::Borrow(rt_.Intern(k->arg)));
    }
    if (!names.empty()) Emit(Op(Opcode::KW_NAMES), AddConst(rt_.NewTuple(std::move(names))));
    Emit(Op(Opcode::CALL), pushed + static_cast<int32_t>(args.size() + keywords.size()));
    return;
  }
  // ex_call: positional arguments as one tuple (or the lone *iterable itself).
  if (pushed == 0 && args.size() == 1 && args[0]->Is<Starred>()) {
    Expression(args[0]->As<Starred>()->value);
  } else {
    StarUnpack(args, pushed, Opcode::BUILD_LIST, Opcode::LIST_APPEND, Opcode::LIST_EXTEND,
               true);
  }
  // Keyword arguments as one dict: runs of name=value become BUILD_MAP, each
  // **mapping is merged (duplicates raise).
  bool have_dict = false;
  size_t seen = 0;
  auto subkwargs = [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      LoadStr(keywords[i]->arg);
      Expression(keywords[i]->value);
    }
    Emit(Op(Opcode::BUILD_MAP), static_cast<int32_t>(end - begin));
  };
  for (size_t i = 0; i < keywords.size(); ++i) {
    if (!keywords[i]->arg.empty()) {
      ++seen;
      continue;
    }
    if (seen > 0) {
      subkwargs(i - seen, i);
      if (have_dict) Emit(Op(Opcode::DICT_MERGE), 1);
      have_dict = true;
      seen = 0;
    }
    if (!have_dict) {
      Emit(Op(Opcode::BUILD_MAP), 0);
      have_dict = true;
    }
    Expression(keywords[i]->value);
    Emit(Op(Opcode::DICT_MERGE), 1);
  }
  if (seen > 0) {
    subkwargs(keywords.size() - seen, keywords.size());
    if (have_dict) Emit(Op(Opcode::DICT_MERGE), 1);
  }
  Emit(Op(Opcode::CALL_FUNCTION_EX), keywords.empty() ? 0 : 1);
}

// starunpack_helper: displays and positional argument lists, with `*x` items
// extending a list built so far.
void Emitter::StarUnpack(ExprList elts, int pushed, Opcode build, Opcode add, Opcode extend,
                         bool tuple) {
  size_t n = elts.size();
  // More than two constants: one constant tuple, extended into the list or set.
  if (n > 2) {
    std::vector<Value> items;
    for (const Expr* e : elts) {
      std::optional<Value> v = e->Is<Starred>() ? std::nullopt : Fold(e);
      if (!v) break;
      items.push_back(std::move(*v));
    }
    if (items.size() == n) {
      Value folded = rt_.NewTuple(std::move(items));
      if (tuple && pushed == 0) return LoadConst(std::move(folded));
      Emit(Op(build), pushed);
      LoadConst(std::move(folded));
      Emit(Op(extend), 1);
      if (tuple) Emit(Op(Opcode::LIST_TO_TUPLE));
      return;
    }
  }
  bool big = n + pushed > kStackUseGuideline;
  bool seen_star = false;
  for (const Expr* e : elts) seen_star = seen_star || e->Is<Starred>();
  if (!seen_star && !big) {
    for (const Expr* e : elts) Expression(e);
    Emit(Op(tuple ? Opcode::BUILD_TUPLE : build), static_cast<int32_t>(n + pushed));
    return;
  }
  bool built = false;
  if (big) {
    Emit(Op(build), pushed);
    built = true;
  }
  for (size_t i = 0; i < n; ++i) {
    if (const Starred* s = elts[i]->As<Starred>()) {
      if (!built) {
        Emit(Op(build), static_cast<int32_t>(i + pushed));
        built = true;
      }
      Expression(s->value);
      Emit(Op(extend), 1);
    } else {
      Expression(elts[i]);
      if (built) Emit(Op(add), 1);
    }
  }
  if (tuple) Emit(Op(Opcode::LIST_TO_TUPLE));
}

// dict display: runs of key: value pairs become BUILD_MAP; `**m` entries update.
void Emitter::DictDisplay(const Dict* e) {
  size_t n = e->values.size(), elements = 0;
  bool have_dict = false;
  auto subdict = [&](size_t begin, size_t end) {
    for (size_t i = begin; i < end; ++i) {
      Expression(e->keys[i]);
      Expression(e->values[i]);
    }
    Emit(Op(Opcode::BUILD_MAP), static_cast<int32_t>(end - begin));
    if (have_dict) Emit(Op(Opcode::DICT_UPDATE), 1);
    have_dict = true;
  };
  for (size_t i = 0; i < n; ++i) {
    if (e->keys[i] == nullptr) {
      if (elements > 0) subdict(i - elements, i);
      elements = 0;
      if (!have_dict) {
        Emit(Op(Opcode::BUILD_MAP), 0);
        have_dict = true;
      }
      Expression(e->values[i]);
      Emit(Op(Opcode::DICT_UPDATE), 1);
    } else if (elements * 2 > kStackUseGuideline) {
      subdict(i - elements, i);
      elements = 1;
    } else {
      ++elements;
    }
  }
  if (elements > 0) subdict(n - elements, n);
  if (!have_dict) Emit(Op(Opcode::BUILD_MAP), 0);
}

// f-string: its parts, then BUILD_STRING (none for a single part).
void Emitter::JoinedStr(const lang::JoinedStr* e) {
  size_t n = e->values.size();
  if (n == 0) return LoadStr("");
  if (n > kStackUseGuideline) {
    LoadStr("");
    Emit(Op(Opcode::LOAD_METHOD), AddName("join"));
    Emit(Op(Opcode::BUILD_LIST), 0);
    for (const Expr* v : e->values) {
      Expression(v);
      Emit(Op(Opcode::LIST_APPEND), 1);
    }
    Emit(Op(Opcode::CALL), 1);
    return;
  }
  for (const Expr* v : e->values) Expression(v);
  if (n != 1) Emit(Op(Opcode::BUILD_STRING), static_cast<int32_t>(n));
}

// f-string field: value, [spec], FORMAT_VALUE conversion | 4 if spec.
void Emitter::FormattedValue(const lang::FormattedValue* e) {
  Expression(e->value);
  int32_t arg = 0;
  switch (e->conversion) {
    case 's': arg = 1; break;
    case 'r': arg = 2; break;
    case 'a': arg = 3; break;
    default: break;
  }
  if (e->format_spec != nullptr) {
    Expression(e->format_spec);
    arg |= 4;
  }
  Emit(Op(Opcode::FORMAT_VALUE), arg);
}

void Emitter::Subscript(const lang::Subscript* e) {
  Expression(e->value);
  Expression(e->slice);
  Emit(Op(Opcode::BINARY_SUBSCR));
}

// update_start_location_to_match_attr: an attribute instruction is placed at the
// attribute node, starting at the attribute name's line when the node spans lines.
void Emitter::EmitAttr(Opcode op, const Attribute* a) {
  SourceRange loc = a->loc;
  if (loc.line != loc.end_line) {
    loc.line = loc.end_line;
    int32_t len = static_cast<int32_t>(a->attr.size());
    if (len <= loc.end_col) {
      loc.col = loc.end_col - len;
    } else {
      loc.col = loc.end_col = -1;
    }
  }
  LocScope at(this, loc);
  Emit(Op(op), AddName(MangleName(a->attr)));
}

// An assignment target, with the value to store on top of the stack.
void Emitter::Store(const Expr* t) {
  if (failed()) return;
  LocScope loc(this, t->loc);
  switch (t->kind) {
    case ExprKind::kName:
      return NameOp(t->As<Name>()->id, ExprContext::kStore);
    case ExprKind::kAttribute:
      Expression(t->As<Attribute>()->value);
      return EmitAttr(Opcode::STORE_ATTR, t->As<Attribute>());
    case ExprKind::kSubscript:
      Expression(t->As<lang::Subscript>()->value);
      Expression(t->As<lang::Subscript>()->slice);
      return Emit(Op(Opcode::STORE_SUBSCR));
    case ExprKind::kTuple:
      return Unpack(t->As<Tuple>()->elts, t);
    case ExprKind::kList:
      return Unpack(t->As<List>()->elts, t);
    case ExprKind::kStarred:
      return Error(t->loc, "starred assignment target must be in a list or tuple");
    default:
      return Error(t->loc, "cannot assign to expression");
  }
}

// unpack_helper + assignment_helper: UNPACK_SEQUENCE n, or UNPACK_EX for `a, *b, c`.
void Emitter::Unpack(ExprList elts, const Expr* node) {
  size_t n = elts.size();
  bool seen_star = false;
  for (size_t i = 0; i < n; ++i) {
    if (!elts[i]->Is<Starred>()) continue;
    if (seen_star) return Error(elts[i]->loc, "multiple starred expressions in assignment");
    if (i >= 256 || n - i - 1 >= (std::numeric_limits<int>::max() >> 8)) {
      return Error(node->loc, "too many expressions in star-unpacking assignment");
    }
    Emit(Op(Opcode::UNPACK_EX), static_cast<int32_t>(i + ((n - i - 1) << 8)));
    seen_star = true;
  }
  if (!seen_star) Emit(Op(Opcode::UNPACK_SEQUENCE), static_cast<int32_t>(n));
  for (const Expr* e : elts) {
    if (const Starred* s = e->As<Starred>()) {
      Store(s->value);
    } else {
      Store(e);
    }
  }
}

// compiler_add_yield_from: [iter, None] -> SEND exit; YIELD_VALUE 1; JUMP back to SEND.
// At `exit` the iterator's return value replaces [iter, value].
void Emitter::YieldFromLoop() {
  Label send = NewLabel(), exit = NewLabel();
  Bind(send);
  EmitJump(Op(Opcode::SEND), exit);
  Emit(Op(Opcode::YIELD_VALUE), 1);
  EmitJump(Op(Opcode::JUMP), send);
  Bind(exit);
}

}  // namespace wick::vm::compiler
