// The dispatch loop of the instruction translator: one short case per opcode family,
// mirroring vm/internal's interpreter but over variable trackers.
#include "frontend/internal/translator.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "base/status_macros.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::frontend::internal {
namespace {

using vm::Opcode;

// Inlining deeper than this is a break rather than a C++ stack overflow.
constexpr int kMaxInlineDepth = 64;
// A trace longer than this is almost certainly an unbounded loop over constants.
constexpr int kMaxInstructions = 1000000;

}  // namespace

bool IsBreak(const absl::Status& s) { return s.code() == absl::StatusCode::kCancelled; }
bool IsRestart(const absl::Status& s) { return s.code() == absl::StatusCode::kAborted; }
bool IsRaise(const absl::Status& s) { return s.code() == absl::StatusCode::kOutOfRange; }

VarPtr Translator::Pop() {
  VarPtr v = std::move(stack_.back());
  stack_.pop_back();
  return v;
}

std::vector<VarPtr> Translator::PopN(size_t n) {
  std::vector<VarPtr> out(stack_.end() - n, stack_.end());
  stack_.resize(stack_.size() - n);
  return out;
}

vm::TraceEntry Translator::Where() const {
  vm::TraceEntry e;
  e.file = code_->source ? code_->source->filename : "";
  e.line = code_->LineAt(current_);
  e.function = code_->name;
  if (code_->source) {
    e.source_line = std::string(absl::StripAsciiWhitespace(code_->source->Line(e.line)));
  }
  return e;
}

std::string Translator::UserCode() const { return Where().source_line; }

std::string Translator::UserLocation() const {
  vm::TraceEntry e = Where();
  return absl::StrCat(e.file, ":", e.line, " in ", e.function);
}

graph::NodeOrigin Translator::Origin() const {
  vm::TraceEntry e = Where();
  graph::NodeOrigin o;
  o.file = e.file;
  o.line = e.line;
  o.function = !origin_name.empty()                                  ? origin_name
               : parent_ == nullptr && !st_.opts.top_name.empty() ? st_.opts.top_name
                                                                  : e.function;
  o.code = e.source_line;
  return o;
}

absl::Status Translator::Break(std::string gb_type, std::string context,
                               std::string explanation, std::vector<std::string> hints) {
  if (!st_.pending_break.has_value()) {
    BreakReason r;
    r.gb_type = std::move(gb_type);
    r.context = std::move(context);
    r.explanation = std::move(explanation);
    r.hints = std::move(hints);
    for (Translator* t : st_.stack) r.user_stack.push_back(t->Where());
    st_.pending_break = std::move(r);
    st_.break_depth = static_cast<int32_t>(st_.stack.size());
    st_.break_error_on_graph_break = st_.error_on_graph_break;
    st_.break_in_continuation = st_.in_continuation;
    st_.break_fullgraph = st_.fullgraph_depth > 0;
    st_.break_frames.clear();
    for (Translator* t : st_.stack) {
      FrameAtBreak f;
      f.code = vm::Value::Borrow(t->code_);
      f.instruction = t->current_;
      f.instruction_count = t->current_count_;
      f.checkpoint_count = t->checkpoint_count_;
      for (const VarPtr& v : t->stack_) {
        if (v == nullptr || !v->user_ctx_exit || v->self == nullptr) continue;
        const vm::Type* type = v->self->kind == VarKind::kNewObject
                                   ? v->self->value.as<vm::Type>()
                                   : st_.rt.TypeOf(v->self->value);
        f.generic_contexts.push_back(
            absl::StrCat("GenericContextWrappingVariable(", type->name(), ")"));
      }
      for (const vm::Type* type : t->entering_) {
        f.generic_contexts.push_back(
            absl::StrCat("GenericContextWrappingVariable(", type->name(), ")"));
      }
      // Inside the region: entered within it, or inside its `with` block itself.
      f.nested_disabled = t->nested_disabled;
      for (const VarPtr& v : t->stack_) {
        if (v != nullptr && v->kind == VarKind::kGradModeExit && v->mode == Var::Mode::kNestedOff) {
          f.nested_disabled = true;
        }
      }
      f.resumable_call = t->parent_ == nullptr ||
                         (t->direct_call && t->function != nullptr &&
                          !t->function->value.is_none());
      st_.break_frames.push_back(std::move(f));
    }
  }
  return absl::CancelledError("graph break");
}

bool Translator::TopFrameStep() {
  if (visits_.empty()) visits_.assign(code_->code.size(), 0);
  const int32_t visit = visits_[current_]++;
  if (current_ == st_.opts.stop_at && visit == st_.opts.stop_visit) {
    st_.stop_requested = true;
    return false;
  }
  if (AtResumablePoint()) {
    st_.checkpoint = current_;
    st_.checkpoint_visit = visit;
  }
  return true;
}

bool Translator::AtResumablePoint() const {
  // Ops before it, nothing on the value stack (so no `with` or `for` is open), and not
  // inside a `try` body (its first instruction still counts: the frame can enter the
  // try eagerly), an `except` or a `finally`.
  if (!stack_.empty() || st_.builder.num_calls() == 0) return false;
  for (const vm::Block& b : code_->BlocksAt(current_)) {
    if (b.kind == vm::BlockKind::kExcept || b.kind == vm::BlockKind::kFinally ||
        (b.kind == vm::BlockKind::kTry && b.start != current_)) {
      return false;
    }
  }
  return true;
}

absl::Status SetGradMode(Translator& tx, bool enabled, bool force) {
  TraceState& st = tx.state();
  if (st.grad_enabled == enabled && !force) return absl::OkStatus();
  st.grad_enabled = enabled;
  static const tensor::OpDef* op = tensor::OpRegistry::Global().Find("_set_grad_enabled");
  if (op == nullptr) return absl::InternalError("_set_grad_enabled is not registered");
  st.body_started = true;  // inputs found after this restart the trace (wrap.cc)
  graph::Spelling spelling;
  spelling.style = graph::CallStyle::kFunction;
  spelling.target = "torch._C._set_grad_enabled";
  spelling.args = {graph::Arg::Constant(tensor::Value(enabled))};
  return st.builder
      .AddCall(op, {graph::Arg::Constant(tensor::Value(enabled))}, std::move(spelling),
               tx.Origin())
      .status();
}

absl::StatusOr<VarPtr> Translator::Run(int32_t entry) {
  if (st_.stack.size() > kMaxInlineDepth) {
    return Break("Inline depth exceeded", code_->qualname,
                 "Dynamo inlined more nested calls than its limit allows.");
  }
  next_ = entry;
  while (returned_ == nullptr) {
    if (next_ < 0 || next_ >= static_cast<int32_t>(code_->code.size())) {
      return absl::InternalError(absl::StrCat("ran off the end of ", code_->qualname));
    }
    current_ = next_++;
    if (parent_ == nullptr && !TopFrameStep()) return absl::CancelledError("stop requested");
    if (st_.opts.stop_at_count >= 0 && st_.instructions + 1 == st_.opts.stop_at_count) {
      st_.stop_requested = true;
      // The inlined frames are gone once the stop unwinds: keep their trackers.
      for (size_t i = 1; i < st_.stack.size(); ++i) {
        const Translator* t = st_.stack[i];
        st_.captured.push_back({t->function, t->current_, t->locals_, t->stack_, t->cells_});
      }
      return absl::CancelledError("stop requested");
    }
    current_count_ = st_.instructions + 1;
    if (parent_ != nullptr && AtResumablePoint()) checkpoint_count_ = current_count_;
    if (++st_.instructions > kMaxInstructions) {
      return Break("Trace too long", code_->qualname,
                   "The trace exceeded the instruction limit (an unbounded loop?).");
    }
    absl::Status s = Step(code_->code[current_]);
    if (IsRaise(s) && Unwind()) continue;
    if (IsRaise(s) && parent_ == nullptr) {
      const VarPtr& e = st_.raising;
      return Break("Observed exception",
                   absl::StrCat("raised exception ", e->value.as<vm::Type>()->name(), "(",
                                DescribeVar(st_.rt, *e->items[0]), ")"),
                   "Dynamo found no exception handler at the top-level compiled function "
                   "when encountering an exception. Exception will propagate outside the "
                   "compiled region.",
                   {"Dynamo has detected that tracing the code will result in an error when "
                    "running in eager. Please double check that your code doesn't contain a "
                    "similar error when actually running eager/uncompiled."});
    }
    RETURN_IF_ERROR(s);
  }
  return returned_;
}

namespace {

// Instructions that handle symbolic ints themselves (keep them symbolic or specialise
// them where they need the value); any other instruction sees their values, so the
// symbolic ints on the stack are specialised (guarded) before it runs.
bool HandlesSymInts(vm::Opcode op) {
  using vm::Opcode;
  switch (op) {
    case Opcode::NOP: case Opcode::POP_TOP: case Opcode::PUSH_NULL: case Opcode::COPY:
    case Opcode::SWAP: case Opcode::LOAD_CONST: case Opcode::LOAD_FAST:
    case Opcode::STORE_FAST: case Opcode::DELETE_FAST: case Opcode::LOAD_DEREF:
    case Opcode::STORE_DEREF: case Opcode::LOAD_CLOSURE: case Opcode::LOAD_GLOBAL:
    case Opcode::LOAD_ATTR: case Opcode::LOAD_METHOD: case Opcode::BINARY_OP:
    case Opcode::COMPARE_OP: case Opcode::UNARY_NEGATIVE: case Opcode::UNARY_POSITIVE:
    case Opcode::UNARY_NOT: case Opcode::BINARY_SUBSCR: case Opcode::BUILD_TUPLE:
    case Opcode::BUILD_LIST: case Opcode::BUILD_SLICE: case Opcode::LIST_APPEND:
    case Opcode::LIST_EXTEND: case Opcode::LIST_TO_TUPLE: case Opcode::CALL:
    case Opcode::KW_NAMES: case Opcode::CALL_FUNCTION_EX: case Opcode::RETURN_VALUE:
    case Opcode::POP_JUMP_IF_FALSE: case Opcode::POP_JUMP_IF_TRUE: case Opcode::JUMP:
    case Opcode::UNPACK_SEQUENCE: case Opcode::GET_ITER: case Opcode::FOR_ITER:
    case Opcode::MAKE_FUNCTION: case Opcode::BUILD_MAP: case Opcode::STORE_ATTR:
    case Opcode::STORE_GLOBAL:
      return true;
    default:
      return false;
  }
}

}  // namespace

absl::Status Translator::Step(const vm::Instruction& in) {
  if (!HandlesSymInts(in.op)) {
    for (const VarPtr& v : stack_) SpecializeVar(*this, v);
  }
  if (in.op == Opcode::YIELD_VALUE && yields != nullptr && in.arg == 0) {
    yields->push_back(Pop());
    Push(MakeConstant(vm::Value::None()));  // what next() sends
    return absl::OkStatus();
  }
  bool handled = false;
  RETURN_IF_ERROR(StepStackOps(in, &handled));
  if (handled) return absl::OkStatus();
  RETURN_IF_ERROR(StepNames(in, &handled));
  if (handled) return absl::OkStatus();
  RETURN_IF_ERROR(StepOperators(in, &handled));
  if (handled) return absl::OkStatus();
  RETURN_IF_ERROR(StepBuilds(in, &handled));
  if (handled) return absl::OkStatus();
  RETURN_IF_ERROR(StepControl(in, &handled));
  if (handled) return absl::OkStatus();
  RETURN_IF_ERROR(StepCalls(in, &handled));
  if (handled) return absl::OkStatus();
  RETURN_IF_ERROR(StepExceptions(in, &handled));
  if (handled) return absl::OkStatus();
  std::string name(vm::OpcodeName(in.op));
  return Break("Missing bytecode handler", absl::StrCat(name, " with args ()"),
               absl::StrCat("Dynamo does not know how to handle the bytecode instruction `",
                            name, "`."),
               {"Do not trace code that produces the `" + name +
                    "` bytecode instruction (see https://docs.python.org/3/library/dis.html "
                    "for bytecode semantics).",
                "It may be possible to write Dynamo tracing rules for this code. Please "
                "report an issue to PyTorch if you encounter this graph break often and it "
                "is causing performance issues."});
}

absl::Status Translator::StepStackOps(const vm::Instruction& in, bool* handled) {
  *handled = true;
  switch (in.op) {
    case Opcode::NOP: return absl::OkStatus();
    case Opcode::POP_TOP: Pop(); return absl::OkStatus();
    case Opcode::PUSH_NULL: Push(MakeVar(VarKind::kNull)); return absl::OkStatus();
    case Opcode::COPY: Push(Top(in.arg)); return absl::OkStatus();
    case Opcode::SWAP: std::swap(Top(1), Top(in.arg)); return absl::OkStatus();
    case Opcode::LOAD_CONST: Push(MakeConstant(code_->consts[in.arg])); return absl::OkStatus();
    default: *handled = false; return absl::OkStatus();
  }
}

absl::StatusOr<VarPtr> Translator::ReadLocal(int32_t i) {
  if (lazy_frame_ != nullptr && !materialized_[i]) {
    materialized_[i] = true;
    const vm::Value& v = lazy_frame_->locals[i];
    if (!v.is_raised()) {
      ASSIGN_OR_RETURN(locals_[i], Wrap(*this, v, guards::Source::Local(code_->varnames[i], i)));
    }
  }
  if (lazy_list_ != nullptr && !materialized_[i]) {
    materialized_[i] = true;
    const vm::Value& v = (*lazy_list_)[i];
    if (!v.Is(lazy_unbound_)) {
      ASSIGN_OR_RETURN(locals_[i], Wrap(*this, v, guards::Source::Item(lazy_list_source_, i)));
    }
  }
  return locals_[i];
}

absl::Status Translator::LoadFast(int32_t i) {
  ASSIGN_OR_RETURN(VarPtr v, ReadLocal(i));
  if (v == nullptr) {
    return Break("Observed exception", "UnboundLocalError",
                 absl::StrCat("local variable '", code_->varnames[i],
                              "' referenced before assignment"));
  }
  Push(std::move(v));
  return absl::OkStatus();
}

absl::Status Translator::StepNames(const vm::Instruction& in, bool* handled) {
  *handled = true;
  switch (in.op) {
    case Opcode::LOAD_FAST: return LoadFast(in.arg);
    case Opcode::STORE_FAST:
      if (!materialized_.empty()) materialized_[in.arg] = true;
      locals_[in.arg] = Pop();
      return absl::OkStatus();
    case Opcode::DELETE_FAST:
      if (!materialized_.empty()) materialized_[in.arg] = true;
      locals_[in.arg] = nullptr;
      return absl::OkStatus();
    case Opcode::LOAD_CLOSURE: Push(cells_[in.arg]); return absl::OkStatus();
    case Opcode::LOAD_DEREF: {
      const VarPtr& cell = cells_[in.arg];
      if (cell == nullptr || cell->contents == nullptr) {
        return Break("Observed exception", "NameError", "free variable referenced before assignment");
      }
      Push(cell->contents);
      return absl::OkStatus();
    }
    case Opcode::STORE_DEREF: {
      VarPtr& cell = cells_[in.arg];
      if (cell->external_cell) {
        if (cell->source == nullptr) {
          return Break("Unsupported: write to a closure cell of an outer frame",
                       code_->qualname,
                       "Dynamo in wick writes back only to free variables of the compiled "
                       "function, not to closure variables of functions it calls.");
        }
        if (!cell->mutated) {
          cell->mutated = true;
          st_.cell_stores.push_back(cell);
        }
      }
      cell->contents = Pop();
      return absl::OkStatus();
    }
    case Opcode::LOAD_GLOBAL: {
      const std::string& name = code_->names[in.arg];
      for (auto it = st_.global_stores.rbegin(); it != st_.global_stores.rend(); ++it) {
        if (it->globals == globals_ && it->name == name) {
          Push(it->value);
          return absl::OkStatus();
        }
      }
      const vm::Value* v = globals_->GetStr(name);
      guards::SourcePtr source = frame_globals_ ? guards::Source::Global(name) : nullptr;
      if (!frame_globals_ && function != nullptr) {
        // Another module's global, reached through the inlined function that reads it
        // (upstream names it through a module import instead): guarded like the frame's.
        const VarPtr& fn = function->kind == VarKind::kBoundMethod ? function->func : function;
        if (fn != nullptr && fn->source != nullptr && fn->value.is_object() &&
            st_.rt.TypeOf(fn->value) == st_.rt.types().function) {
          source = guards::Source::StrItem(guards::Source::Attr(fn->source, "__globals__"), name);
        }
      }
      if (v == nullptr) {
        v = st_.builtins->GetStr(name);
        source = nullptr;  // builtins are not guarded (shadowing them is not supported)
      }
      if (v == nullptr) {
        return RaiseObserved(*this, st_.rt.exc().name_error,
                             absl::StrCat("name '", name, "' is not defined"));
      }
      ASSIGN_OR_RETURN(VarPtr var, Wrap(*this, *v, source));
      Push(std::move(var));
      return absl::OkStatus();
    }
    case Opcode::STORE_GLOBAL:
      // The frame's globals or another module's (an inlined function of that module):
      // both replayed after the graph, as upstream's side effects do.
      st_.global_stores.push_back({code_->names[in.arg], Pop(), globals_});
      return absl::OkStatus();
    case Opcode::LOAD_ATTR: {
      VarPtr obj = Pop();
      ASSIGN_OR_RETURN(VarPtr v, GetAttr(*this, obj, code_->names[in.arg]));
      Push(std::move(v));
      return absl::OkStatus();
    }
    case Opcode::LOAD_METHOD: {
      // Always the (NULL, obj.name) shape: bound methods are trackers, not allocations.
      VarPtr obj = Pop();
      ASSIGN_OR_RETURN(VarPtr v, GetAttr(*this, obj, code_->names[in.arg]));
      Push(MakeVar(VarKind::kNull));
      Push(std::move(v));
      return absl::OkStatus();
    }
    case Opcode::IMPORT_NAME: {
      VarPtr fromlist = Pop();
      VarPtr level = Pop();
      ASSIGN_OR_RETURN(VarPtr m, ImportName(*this, code_->names[in.arg], level, fromlist));
      Push(std::move(m));
      return absl::OkStatus();
    }
    case Opcode::IMPORT_FROM: {
      ASSIGN_OR_RETURN(VarPtr v, GetAttr(*this, Top(), code_->names[in.arg]));
      Push(std::move(v));
      return absl::OkStatus();
    }
    case Opcode::STORE_ATTR: {
      VarPtr obj = Pop();
      VarPtr v = Pop();
      return SetAttr(*this, obj, code_->names[in.arg], std::move(v));
    }
    default: *handled = false; return absl::OkStatus();
  }
}

absl::Status Translator::StepOperators(const vm::Instruction& in, bool* handled) {
  *handled = true;
  switch (in.op) {
    case Opcode::UNARY_POSITIVE:
    case Opcode::UNARY_NEGATIVE:
    case Opcode::UNARY_INVERT:
    case Opcode::UNARY_NOT: {
      VarPtr v = Pop();
      ASSIGN_OR_RETURN(VarPtr r, UnaryOp(*this, in.op, v));
      Push(std::move(r));
      return absl::OkStatus();
    }
    case Opcode::BINARY_OP: {
      VarPtr b = Pop();
      VarPtr a = Pop();
      bool inplace = in.arg >= vm::kInPlaceBinOp;
      auto op = static_cast<vm::BinOp>(inplace ? in.arg - vm::kInPlaceBinOp : in.arg);
      ASSIGN_OR_RETURN(VarPtr r, BinaryOp(*this, op, inplace, a, b));
      Push(std::move(r));
      return absl::OkStatus();
    }
    case Opcode::COMPARE_OP: {
      VarPtr b = Pop();
      VarPtr a = Pop();
      ASSIGN_OR_RETURN(VarPtr r, CompareOp(*this, static_cast<vm::CmpOp>(in.arg), a, b));
      Push(std::move(r));
      return absl::OkStatus();
    }
    case Opcode::IS_OP: {
      VarPtr b = Pop();
      VarPtr a = Pop();
      // Constants and opaque objects carry the object itself (type(x) is tuple); a
      // tracked container or tensor is never one of them.
      auto held = [](const VarPtr& v) {
        return v->is_constant() || v->kind == VarKind::kObject;
      };
      bool same;
      if (held(a) && held(b)) {
        same = a->value.Is(b->value);
      } else if (held(a) || held(b)) {
        same = false;
      } else {
        same = a == b;
      }
      Push(MakeConstant(vm::Value::Bool(same != (in.arg == 1))));
      return absl::OkStatus();
    }
    case Opcode::CONTAINS_OP: {
      VarPtr container = Pop();
      VarPtr item = Pop();
      ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(*this, container));
      bool found = false;
      for (const VarPtr& x : items) {
        ASSIGN_OR_RETURN(VarPtr eq, CompareOp(*this, vm::CmpOp::kEq, x, item));
        ASSIGN_OR_RETURN(bool t, Truth(*this, eq));
        if (t) {
          found = true;
          break;
        }
      }
      Push(MakeConstant(vm::Value::Bool(found != (in.arg == 1))));
      return absl::OkStatus();
    }
    case Opcode::BINARY_SUBSCR: {
      VarPtr key = Pop();
      VarPtr obj = Pop();
      ASSIGN_OR_RETURN(VarPtr r, GetItem(*this, obj, key));
      Push(std::move(r));
      return absl::OkStatus();
    }
    case Opcode::STORE_SUBSCR: {
      VarPtr key = Pop();
      VarPtr obj = Pop();
      VarPtr v = Pop();
      return SetItem(*this, obj, key, std::move(v));
    }
    default: *handled = false; return absl::OkStatus();
  }
}

// `with mgr:` over a user class: __enter__ and __exit__ are inlined like methods.
absl::Status Translator::EnterUserContext(const VarPtr& mgr) {
  vm::Runtime& rt = st_.rt;
  vm::Type* type = mgr->kind == VarKind::kNewObject ? mgr->value.as<vm::Type>()
                                                    : rt.TypeOf(mgr->value);
  const vm::Value* exit = type->Lookup("__exit__");
  if (type->layout() != vm::Layout::kObject || exit == nullptr ||
      rt.TypeOf(*exit) != rt.types().function) {
    return Break("Unsupported context manager", DescribeVar(rt, *mgr),
                 "Dynamo does not know how to enter this context manager.",
                 {"Avoid using this context manager inside the compiled region."});
  }
  VarPtr bound = MakeVar(VarKind::kBoundMethod);
  bound->self = mgr;
  bound->user_ctx_exit = true;
  const guards::SourcePtr& cls_source =
      mgr->kind == VarKind::kNewObject ? mgr->class_source : mgr->source;
  ASSIGN_OR_RETURN(bound->func,
                   WrapClassAttr(*this, *exit, cls_source, vm::Value::Borrow(type), "__exit__"));
  bool found = false;
  // Left in place when __enter__ breaks: the stop reads it after unwinding.
  entering_.push_back(type);
  ASSIGN_OR_RETURN(VarPtr entered, CallDunder(*this, mgr, "__enter__", {}, &found));
  entering_.pop_back();
  if (!found) {
    return RaiseObserved(*this, rt.exc().attribute_error, "__enter__");
  }
  Push(std::move(bound));
  Push(std::move(entered));
  return absl::OkStatus();
}

absl::Status Translator::TraceTensorAssert(const VarPtr& cond, bool* is_assert) {
  // The compiler's `assert c, msg`: POP_JUMP_IF_TRUE over LOAD_ASSERTION_ERROR,
  // LOAD_CONST msg, CALL 0, RAISE_VARARGS 1.
  const std::vector<vm::Instruction>& c = code_->code;
  const size_t i = static_cast<size_t>(current_);
  if (i + 4 >= c.size() || c[i + 1].op != Opcode::LOAD_ASSERTION_ERROR ||
      c[i + 2].op != Opcode::LOAD_CONST || c[i + 3].op != Opcode::CALL || c[i + 3].arg != 0 ||
      c[i + 4].op != Opcode::RAISE_VARARGS || c[i + 4].arg != 1 ||
      !st_.rt.IsStr(code_->consts[c[i + 2].arg])) {
    return absl::OkStatus();
  }
  static const tensor::OpDef* op = tensor::OpRegistry::Global().Find("_assert_async.msg");
  if (op == nullptr) return absl::InternalError("_assert_async.msg is not registered");
  const std::string msg(code_->consts[c[i + 2].arg].as<vm::Str>()->view());
  graph::Spelling spelling;
  spelling.style = graph::CallStyle::kFunction;
  spelling.target = "torch._assert_async";
  spelling.args = {graph::Arg::Ref(cond->ref), graph::Arg::Constant(tensor::Value(msg))};
  st_.body_started = true;
  RETURN_IF_ERROR(st_.builder
                      .AddCall(op, {graph::Arg::Ref(cond->ref), graph::Arg::Constant(tensor::Value(msg))},
                               std::move(spelling), Origin())
                      .status());
  *is_assert = true;
  return absl::OkStatus();
}

absl::Status Translator::Branch(const vm::Instruction& in) {
  VarPtr v = Pop();
  bool jump = false;
  switch (in.op) {
    case Opcode::POP_JUMP_IF_NONE:
    case Opcode::POP_JUMP_IF_NOT_NONE: {
      bool is_none = v->is_constant() && v->value.is_none();
      jump = (in.op == Opcode::POP_JUMP_IF_NONE) == is_none;
      break;
    }
    default: {
      if (v->is_tensor() && in.op == Opcode::POP_JUMP_IF_TRUE) {
        // `assert tensor_cond, "msg"`: upstream's torch._assert_async in the graph, and
        // the trace goes on as if it held.
        bool is_assert = false;
        RETURN_IF_ERROR(TraceTensorAssert(v, &is_assert));
        if (is_assert) {
          next_ = in.arg;
          return absl::OkStatus();
        }
      }
      if (v->is_tensor()) {
        return Break("Data-dependent branching",
                     absl::StrCat("attempted to jump with ", DescribeVar(st_.rt, *v)),
                     "Detected data-dependent branching (e.g. `if my_tensor.sum() > 0:`). "
                     "Dynamo does not support tracing dynamic control flow.",
                     {"This graph break is fundamental - it is unlikely that Dynamo will "
                      "ever be able to trace through your code. Consider finding a "
                      "workaround.",
                      "Use `torch.cond` to express dynamic control flow."});
      }
      ASSIGN_OR_RETURN(bool t, Truth(*this, v));
      jump = (in.op == Opcode::POP_JUMP_IF_TRUE) == t;
    }
  }
  if (jump) next_ = in.arg;
  return absl::OkStatus();
}

absl::Status Translator::StepControl(const vm::Instruction& in, bool* handled) {
  *handled = true;
  switch (in.op) {
    case Opcode::RETURN_VALUE: returned_ = Pop(); return absl::OkStatus();
    case Opcode::JUMP: next_ = in.arg; return absl::OkStatus();
    case Opcode::POP_JUMP_IF_FALSE:
    case Opcode::POP_JUMP_IF_TRUE:
    case Opcode::POP_JUMP_IF_NONE:
    case Opcode::POP_JUMP_IF_NOT_NONE:
      return Branch(in);
    case Opcode::JUMP_IF_FALSE_OR_POP:
    case Opcode::JUMP_IF_TRUE_OR_POP: {
      VarPtr v = Top();
      if (v->is_tensor()) {
        Push(v);  // Branch pops it and reports the data-dependent jump.
        return Branch({vm::Opcode::POP_JUMP_IF_TRUE, in.arg});
      }
      ASSIGN_OR_RETURN(bool t, Truth(*this, v));
      if (t == (in.op == Opcode::JUMP_IF_TRUE_OR_POP)) {
        next_ = in.arg;
      } else {
        Pop();
      }
      return absl::OkStatus();
    }
    case Opcode::GET_ITER: {
      VarPtr v = Pop();
      if (v->kind == VarKind::kIterator) {
        Push(v);
        return absl::OkStatus();
      }
      ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(*this, v));
      Push(MakeSequence(VarKind::kIterator, std::move(items)));
      return absl::OkStatus();
    }
    case Opcode::FOR_ITER: {
      VarPtr it = Top();
      // A live iterator from outside the trace (a comprehension frame's `.0` argument):
      // stepping it would consume the user's iterator, so stop here instead.
      if (it->kind != VarKind::kIterator) {
        return Break("Unsupported iteration", DescribeVar(st_.rt, *it),
                     "Dynamo in wick cannot step an iterator created outside the traced "
                     "frame.");
      }
      if (it->pos >= it->items.size()) {
        Pop();
        next_ = in.arg;
      } else {
        Push(it->items[it->pos++]);
      }
      return absl::OkStatus();
    }
    case Opcode::BEFORE_WITH: {
      VarPtr mgr = Pop();
      if (mgr->kind == VarKind::kObject || mgr->kind == VarKind::kNewObject) {
        return EnterUserContext(mgr);
      }
      if (mgr->kind != VarKind::kGradMode) {
        return Break("Unsupported context manager", DescribeVar(st_.rt, *mgr),
                     "Dynamo does not know how to enter this context manager.",
                     {"Avoid using this context manager inside the compiled region."});
      }
      VarPtr exit = MakeVar(VarKind::kGradModeExit);
      exit->mode = mgr->mode;
      if (mgr->mode == Var::Mode::kNestedOff) {
        ++st_.nested_off_depth;
        exit->grad_mode = st_.nested_config.value_or(st_.opts.nested_graph_breaks);
        st_.nested_config = false;
        Push(std::move(exit));
        Push(MakeConstant(vm::Value::None()));
        return absl::OkStatus();
      }
      if (mgr->mode == Var::Mode::kNullContext) {
        Push(std::move(exit));
        Push(mgr->items.empty() ? MakeConstant(vm::Value::None()) : mgr->items[0]);
        return absl::OkStatus();
      }
      if (mgr->mode == Var::Mode::kErrorOnGraphBreak) {
        exit->grad_mode = st_.error_on_graph_break;
        st_.error_on_graph_break = mgr->grad_mode;
      } else {
        // set_grad_enabled switched at its call: its exit restores the mode from before
        // the call (items[0]); the others, the mode at entry.
        exit->grad_mode = mgr->items.empty() ? st_.grad_enabled : mgr->items[0]->value.as_bool();
        RETURN_IF_ERROR(SetGradMode(*this, mgr->grad_mode));
      }
      Push(std::move(exit));
      Push(MakeConstant(vm::Value::None()));
      return absl::OkStatus();
    }
    default: *handled = false; return absl::OkStatus();
  }
}

absl::Status Translator::StepCalls(const vm::Instruction& in, bool* handled) {
  *handled = true;
  switch (in.op) {
    case Opcode::KW_NAMES: {
      const vm::Value& names = code_->consts[in.arg];
      kw_names_ = names.as<vm::Tuple>()->items;
      return absl::OkStatus();
    }
    case Opcode::CALL: {
      std::vector<VarPtr> args = PopN(in.arg);
      VarPtr b = Pop();
      VarPtr a = Pop();
      VarPtr fn = a;
      if (a->kind == VarKind::kNull) {
        fn = b;
      } else {
        args.insert(args.begin(), b);
      }
      std::vector<std::pair<std::string, VarPtr>> kwargs;
      size_t nkw = kw_names_.size();
      for (size_t i = 0; i < nkw; ++i) {
        kwargs.emplace_back(std::string(kw_names_[i].as<vm::Str>()->view()),
                            args[args.size() - nkw + i]);
      }
      args.resize(args.size() - nkw);
      kw_names_.clear();
      st_.direct_call = this;
      ASSIGN_OR_RETURN(VarPtr r, Call(*this, fn, std::move(args), std::move(kwargs)));
      Push(std::move(r));
      return absl::OkStatus();
    }
    case Opcode::CALL_FUNCTION_EX: {
      VarPtr kw = (in.arg & 1) ? Pop() : nullptr;
      VarPtr args_var = Pop();
      VarPtr fn = Pop();
      Pop();  // NULL
      ASSIGN_OR_RETURN(std::vector<VarPtr> args, Unpack(*this, args_var));
      std::vector<std::pair<std::string, VarPtr>> kwargs;
      if (kw != nullptr) {
        if (kw->kind != VarKind::kDict) {
          return Break("Unsupported: **kwargs from a non-dict", DescribeVar(st_.rt, *kw),
                       "Dynamo only traces **kwargs from traced dicts.");
        }
        for (size_t i = 0; i < kw->keys.size(); ++i) {
          kwargs.emplace_back(std::string(kw->keys[i].as<vm::Str>()->view()), kw->items[i]);
        }
      }
      st_.direct_call = this;
      ASSIGN_OR_RETURN(VarPtr r, Call(*this, fn, std::move(args), std::move(kwargs)));
      Push(std::move(r));
      return absl::OkStatus();
    }
    case Opcode::MAKE_FUNCTION: {
      VarPtr f = MakeVar(VarKind::kFunction);
      f->code = Pop()->value;
      if (in.arg & 8) f->closure = Pop()->items;
      if (in.arg & 4) Pop();  // annotations: a traced function does not keep them
      if (in.arg & 2) f->kwdefaults = Pop();
      if (in.arg & 1) f->defaults = Pop();
      f->globals = vm::Value::Borrow(globals_);
      Push(std::move(f));
      return absl::OkStatus();
    }
    default: *handled = false; return absl::OkStatus();
  }
}

}  // namespace wick::frontend::internal
