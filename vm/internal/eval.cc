// The dispatch loop: one switch over vm/opcodes.def with short cases, the stack and
// instruction pointers in locals, int fast paths for arithmetic and comparisons, and
// named slow paths (eval_ops.cc). Exceptions unwind through the code object's static
// exception table (CPython 3.11's exception_unwind), recording one traceback entry per
// frame they pass through.
#include <utility>

#include "absl/base/attributes.h"
#include "absl/base/optimization.h"
#include "vm/internal/eval_ops.h"
#include "vm/internal/interp_internal.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::vm {

using internal::RaiseNameError;

namespace {

// a <op> b for two ints without overflow; false when the fast path does not apply.
inline bool IntBinary(BinOp op, int64_t a, int64_t b, Value* out) {
  int64_t r;
  switch (op) {
    case BinOp::kAdd:
      if (__builtin_add_overflow(a, b, &r)) return false;
      break;
    case BinOp::kSub:
      if (__builtin_sub_overflow(a, b, &r)) return false;
      break;
    case BinOp::kMul:
      if (__builtin_mul_overflow(a, b, &r)) return false;
      break;
    case BinOp::kAnd: r = a & b; break;
    case BinOp::kOr: r = a | b; break;
    case BinOp::kXor: r = a ^ b; break;
    default: return false;
  }
  *out = Value::Int(r);
  return true;
}

inline bool IntCompare(CmpOp op, int64_t a, int64_t b) {
  switch (op) {
    case CmpOp::kLt: return a < b;
    case CmpOp::kLe: return a <= b;
    case CmpOp::kEq: return a == b;
    case CmpOp::kNe: return a != b;
    case CmpOp::kGt: return a > b;
    case CmpOp::kGe: return a >= b;
  }
  return false;
}

// bool(v) with the inline cases first: 1, 0, or -1 after raising.
inline int Truth(Runtime& rt, const Value& v) {
  switch (v.tag()) {
    case Value::Tag::kBool:
    case Value::Tag::kInt: return v.as_int() != 0;
    case Value::Tag::kNone: return 0;
    default: return Truthy(rt, v);
  }
}

// CALL: [a, b, args...] with the last `kwnames` of args passed by keyword.
ABSL_ATTRIBUTE_NOINLINE Value DoCall(Interpreter& in, Value* a, int32_t n,
                                     const Value* kwnames) {
  Runtime& rt = in.runtime();
  Value* args = a + 2;
  if (!a->is_raised()) {
    args = a + 1;
    ++n;
  } else if (rt.TypeOf(a[1]) == rt.types().bound_method) {
    // Unpack a bound method in place so the function gets self as args[0].
    BoundMethod* m = a[1].as<BoundMethod>();
    a[0] = m->func;
    a[1] = m->self;
    args = a + 1;
    ++n;
  }
  const Value& callable = args == a + 1 ? a[0] : a[1];
  size_t nkw = kwnames != nullptr ? kwnames->as<Tuple>()->items.size() : 0;
  size_t npos = n - nkw;
  KwArgs kw;
  if (nkw > 0) kw = KwArgs(kwnames->as<Tuple>()->items, absl::MakeConstSpan(args + npos, nkw));
  Args pos(args, npos);
  if (rt.TypeOf(callable) == rt.types().function) {
    if (nkw == 0) {
      return InterpreterAccess::CallPositional(in, callable.as<Function>(), args, npos);
    }
    return in.CallFunction(callable.as<Function>(), pos, kw);
  }
  return Call(rt, callable, pos, kw);
}

}  // namespace

// The dispatch loop. `f` is filled in by the caller (locals bound, cells made).
Value InterpreterAccess::Eval(Interpreter& in, Frame& f) {
  Runtime& rt = in.rt_;
  CodeObject* const co = f.code;
  const Instruction* const code = co->code.data();
  const int32_t ncode = static_cast<int32_t>(co->code.size());
  const Value* const consts = co->consts.data();
  const Value* const names = co->name_strs.data();
  Value* const base = f.stack_base;
  Value* sp = f.stack_top;
  Value* const locals = f.locals;
  Value* const cells = f.cells;
  const Value* kwnames = nullptr;
  const Instruction* ip = code + f.next_instr;
  bool reraise = false;  // the pending exception continues its traceback unchanged
#define PUSH(v) (*sp++ = (v))
#define POP() (std::move(*--sp))
#define TOP() (sp[-1])
#define DROP() (*--sp = Value())
#define NAME(i) (names[i].as<Str>())
#define JUMPTO(t) (ip = code + (t))

  // generator.throw(): the pending exception is raised at the yield the frame resumes after.
  if (ABSL_PREDICT_FALSE(f.throw_on_entry)) {
    f.throw_on_entry = false;
    goto error;
  }

  for (;;) {
    // A bad jump target (hand-built or resumed code) raises instead of crashing.
    if (ABSL_PREDICT_FALSE(static_cast<size_t>(ip - code) >= static_cast<size_t>(ncode))) {
      rt.Raise(rt.exc().runtime_error, "bytecode fell off the end of the code object");
      ip = code + ncode;
      goto error;
    }
    {
      const Instruction inst = *ip++;
      const int32_t arg = inst.arg;
      f.lasti = static_cast<int32_t>(ip - code - 1);
      switch (inst.op) {
        case Opcode::NOP: break;
        case Opcode::POP_TOP: DROP(); break;
        case Opcode::PUSH_NULL: PUSH(Value::Raised()); break;
        case Opcode::COPY: {
          Value v = sp[-arg];
          PUSH(std::move(v));
          break;
        }
        case Opcode::SWAP: sp[-1].Swap(sp[-arg]); break;
        case Opcode::LOAD_CONST: PUSH(consts[arg]); break;
        case Opcode::LOAD_FAST:
          if (ABSL_PREDICT_FALSE(locals[arg].is_raised())) {
            internal::RaiseUnboundLocal(rt, co->varnames[arg]);
            goto error;
          }
          PUSH(locals[arg]);
          break;
        case Opcode::STORE_FAST: locals[arg] = POP(); break;
        case Opcode::DELETE_FAST:
          if (locals[arg].is_raised()) {
            internal::RaiseUnboundLocal(rt, co->varnames[arg]);
            goto error;
          }
          locals[arg] = Value::Raised();
          break;
        case Opcode::LOAD_DEREF: {
          const Value& v = cells[arg].as<Cell>()->value;
          if (v.is_raised()) {
            internal::RaiseUnboundCell(rt, *co, arg);
            goto error;
          }
          PUSH(v);
          break;
        }
        case Opcode::STORE_DEREF: cells[arg].as<Cell>()->value = POP(); break;
        case Opcode::DELETE_DEREF: {
          Cell* c = cells[arg].as<Cell>();
          if (c->value.is_raised()) {
            internal::RaiseUnboundCell(rt, *co, arg);
            goto error;
          }
          c->value = Value::Raised();
          break;
        }
        case Opcode::LOAD_CLOSURE: PUSH(cells[arg]); break;
        case Opcode::LOAD_CLASSDEREF: {
          size_t ncell = co->cellvars.size();
          const std::string& n = static_cast<size_t>(arg) < ncell ? co->cellvars[arg]
                                                                  : co->freevars[arg - ncell];
          const Value* v = rt.IsDict(f.locals_dict) ? f.locals_dict.as<Dict>()->GetStr(n)
                                                    : nullptr;
          if (v == nullptr) {
            v = &cells[arg].as<Cell>()->value;
            if (v->is_raised()) {
              internal::RaiseUnboundCell(rt, *co, arg);
              goto error;
            }
          }
          PUSH(*v);
          break;
        }
        case Opcode::LOAD_NAME: {
          const Value* v = internal::LoadName(rt, f, NAME(arg));
          if (v == nullptr) goto error;
          PUSH(*v);
          break;
        }
        case Opcode::STORE_NAME:
          if (!internal::StoreName(rt, f, NAME(arg), POP())) goto error;
          break;
        case Opcode::DELETE_NAME:
          if (!internal::DeleteName(
                  rt, rt.IsDict(f.locals_dict) ? f.locals_dict.as<Dict>() : nullptr,
                  NAME(arg))) {
            goto error;
          }
          break;
        case Opcode::LOAD_GLOBAL: {
          const Value* v = f.globals->GetStr(NAME(arg));
          if (ABSL_PREDICT_FALSE(v == nullptr)) {
            v = internal::LoadGlobal(rt, f, NAME(arg));
            if (v == nullptr) goto error;
          }
          PUSH(*v);
          break;
        }
        case Opcode::STORE_GLOBAL:
          if (!f.globals->SetStr(rt, NAME(arg), POP())) goto error;
          break;
        case Opcode::DELETE_GLOBAL:
          if (!internal::DeleteName(rt, f.globals, NAME(arg))) goto error;
          break;
        case Opcode::LOAD_ATTR: {
          Value v = GetAttr(rt, TOP(), NAME(arg));
          if (v.is_raised()) goto error;
          TOP() = std::move(v);
          break;
        }
        case Opcode::STORE_ATTR: {
          Value obj = POP();
          Value v = POP();
          if (!SetAttr(rt, obj, NAME(arg), v)) goto error;
          break;
        }
        case Opcode::DELETE_ATTR: {
          Value obj = POP();
          if (!DelAttr(rt, obj, NAME(arg))) goto error;
          break;
        }
        case Opcode::LOAD_METHOD: {
          bool is_method = false;
          Value m = GetMethod(rt, TOP(), NAME(arg), &is_method);
          if (m.is_raised()) goto error;
          if (is_method) {
            Value self = std::move(TOP());
            TOP() = std::move(m);
            PUSH(std::move(self));
          } else {
            TOP() = Value::Raised();
            PUSH(std::move(m));
          }
          break;
        }
        case Opcode::KW_NAMES: kwnames = &consts[arg]; break;
        case Opcode::CALL: {
          Value* a = sp - arg - 2;
          f.stack_top = sp;
          f.next_instr = static_cast<int32_t>(ip - code);
          Value r = DoCall(in, a, arg, kwnames);
          kwnames = nullptr;
          while (sp > a) DROP();
          if (r.is_raised()) goto error;
          PUSH(std::move(r));
          break;
        }
        case Opcode::CALL_FUNCTION_EX:
          f.stack_top = sp;
          f.next_instr = static_cast<int32_t>(ip - code);
          if (!internal::CallFunctionEx(in, &sp, arg)) goto error;
          break;
        case Opcode::MAKE_FUNCTION:
          if (!internal::MakeFunction(rt, f, &sp, arg)) goto error;
          break;
        case Opcode::LOAD_BUILD_CLASS: {
          const Value* v = f.builtins->GetStr("__build_class__");
          if (v == nullptr) {
            rt.Raise(rt.exc().name_error, "__build_class__ not found");
            goto error;
          }
          PUSH(*v);
          break;
        }
        case Opcode::RETURN_VALUE: {
          Value r = POP();
          while (sp > base) DROP();
          f.stack_top = sp;
          return r;
        }
        case Opcode::UNARY_POSITIVE:
        case Opcode::UNARY_NEGATIVE:
        case Opcode::UNARY_INVERT: {
          UnaryOp op = inst.op == Opcode::UNARY_NEGATIVE   ? UnaryOp::kNeg
                       : inst.op == Opcode::UNARY_POSITIVE ? UnaryOp::kPos
                                                           : UnaryOp::kInvert;
          Value v = UnaryOperation(rt, op, TOP());
          if (v.is_raised()) goto error;
          TOP() = std::move(v);
          break;
        }
        case Opcode::UNARY_NOT: {
          int t = Truth(rt, TOP());
          if (t < 0) goto error;
          TOP() = Value::Bool(!t);
          break;
        }
        case Opcode::BINARY_OP: {
          Value& a = sp[-2];
          const Value& b = sp[-1];
          Value r;
          BinOp op = static_cast<BinOp>(arg >= kInPlaceBinOp ? arg - kInPlaceBinOp : arg);
          if (!(a.is_int() && b.is_int() && IntBinary(op, a.as_int(), b.as_int(), &r))) {
            r = arg >= kInPlaceBinOp ? InPlaceOp(rt, op, a, b) : BinaryOp(rt, op, a, b);
            if (r.is_raised()) goto error;
          }
          DROP();
          a = std::move(r);
          break;
        }
        case Opcode::COMPARE_OP: {
          Value& a = sp[-2];
          const Value& b = sp[-1];
          Value r;
          if (a.is_int() && b.is_int()) {
            bool t = IntCompare(static_cast<CmpOp>(arg), a.as_int(), b.as_int());
            // Fused with a following conditional jump (`if a < b:`, `while i < n:`):
            // jump here instead of pushing a bool for the next instruction to pop.
            Opcode next = ip - code < ncode ? ip->op : Opcode::NOP;
            if (next == Opcode::POP_JUMP_IF_FALSE || next == Opcode::POP_JUMP_IF_TRUE) {
              DROP();
              DROP();
              if (t == (next == Opcode::POP_JUMP_IF_TRUE)) {
                JUMPTO(ip->arg);
              } else {
                ++ip;
              }
              break;
            }
            r = Value::Bool(t);
          } else {
            r = Compare(rt, a, b, static_cast<CmpOp>(arg));
            if (r.is_raised()) goto error;
          }
          DROP();
          a = std::move(r);
          break;
        }
        case Opcode::IS_OP: {
          bool r = sp[-2].Is(sp[-1]) != (arg != 0);
          DROP();
          TOP() = Value::Bool(r);
          break;
        }
        case Opcode::CONTAINS_OP: {
          int r = Contains(rt, sp[-1], sp[-2]);
          if (r < 0) goto error;
          DROP();
          TOP() = Value::Bool((r != 0) != (arg != 0));
          break;
        }
        case Opcode::BINARY_SUBSCR: {
          const Value& c = sp[-2];
          const Value& k = sp[-1];
          Value r;
          if (rt.IsList(c) && k.is_int()) {
            auto& items = c.as<List>()->items;
            int64_t i = k.as_int();
            if (i < 0) i += static_cast<int64_t>(items.size());
            if (i >= 0 && i < static_cast<int64_t>(items.size())) r = items[i];
          }
          if (r.is_none()) {
            r = GetItem(rt, c, k);
            if (r.is_raised()) goto error;
          }
          DROP();
          TOP() = std::move(r);
          break;
        }
        case Opcode::STORE_SUBSCR: {
          bool ok = SetItem(rt, sp[-2], sp[-1], sp[-3]);
          DROP();
          DROP();
          DROP();
          if (!ok) goto error;
          break;
        }
        case Opcode::DELETE_SUBSCR: {
          bool ok = DelItem(rt, sp[-2], sp[-1]);
          DROP();
          DROP();
          if (!ok) goto error;
          break;
        }
        case Opcode::BUILD_SLICE: {
          Value step = arg == 3 ? POP() : Value::None();
          Value stop = POP();
          Value start = POP();
          PUSH(rt.NewSlice(std::move(start), std::move(stop), std::move(step)));
          break;
        }
        case Opcode::BUILD_TUPLE:
        case Opcode::BUILD_LIST:
        case Opcode::BUILD_SET:
        case Opcode::BUILD_MAP:
          if (!internal::BuildContainer(rt, inst.op, &sp, arg)) goto error;
          break;
        case Opcode::BUILD_STRING:
          if (!internal::BuildString(rt, &sp, arg)) goto error;
          break;
        case Opcode::FORMAT_VALUE:
          if (!internal::FormatValue(rt, &sp, arg)) goto error;
          break;
        case Opcode::LIST_APPEND: {
          Value v = POP();
          sp[-arg].as<List>()->items.push_back(std::move(v));
          break;
        }
        case Opcode::SET_ADD:
        case Opcode::MAP_ADD:
        case Opcode::LIST_EXTEND:
        case Opcode::SET_UPDATE:
        case Opcode::DICT_UPDATE:
        case Opcode::DICT_MERGE:
          if (!internal::ContainerUpdate(rt, inst.op, &sp, arg)) goto error;
          break;
        case Opcode::LIST_TO_TUPLE: {
          Value l = POP();
          PUSH(rt.NewTuple(l.as<List>()->items));
          break;
        }
        case Opcode::UNPACK_SEQUENCE:
          if (!internal::UnpackSequence(rt, &sp, arg)) goto error;
          break;
        case Opcode::UNPACK_EX:
          if (!internal::UnpackEx(rt, &sp, arg)) goto error;
          break;
        case Opcode::GET_ITER: {
          Value it = GetIter(rt, TOP());
          if (it.is_raised()) goto error;
          TOP() = std::move(it);
          break;
        }
        case Opcode::FOR_ITER: {
          Value v = Next(rt, TOP());
          if (v.is_raised()) {
            if (rt.HasPending()) goto error;
            DROP();
            JUMPTO(arg);
            break;
          }
          PUSH(std::move(v));
          break;
        }
        case Opcode::JUMP: JUMPTO(arg); break;
        case Opcode::POP_JUMP_IF_FALSE:
        case Opcode::POP_JUMP_IF_TRUE: {
          int t = Truth(rt, TOP());
          if (t < 0) goto error;
          DROP();
          if ((t != 0) == (inst.op == Opcode::POP_JUMP_IF_TRUE)) JUMPTO(arg);
          break;
        }
        case Opcode::POP_JUMP_IF_NONE:
        case Opcode::POP_JUMP_IF_NOT_NONE: {
          bool none = TOP().is_none();
          DROP();
          if (none == (inst.op == Opcode::POP_JUMP_IF_NONE)) JUMPTO(arg);
          break;
        }
        case Opcode::JUMP_IF_FALSE_OR_POP:
        case Opcode::JUMP_IF_TRUE_OR_POP: {
          int t = Truth(rt, TOP());
          if (t < 0) goto error;
          if ((t != 0) == (inst.op == Opcode::JUMP_IF_TRUE_OR_POP)) {
            JUMPTO(arg);
          } else {
            DROP();
          }
          break;
        }
        case Opcode::RAISE_VARARGS: {
          if (arg == 0) {
            Value h = internal::HandledException(&f);
            if (h.is_none()) {
              rt.Raise(rt.exc().runtime_error, "No active exception to reraise");
              goto error;
            }
            rt.RaiseValue(std::move(h));
            reraise = true;
            goto error;
          }
          Value cause = arg == 2 ? POP() : Value::None();
          Value exc = POP();
          internal::DoRaise(rt, std::move(exc), arg == 2 ? &cause : nullptr,
                            internal::HandledException(&f));
          goto error;
        }
        case Opcode::LOAD_ASSERTION_ERROR:
          PUSH(Value::Borrow(rt.exc().assertion_error));
          break;
        case Opcode::PUSH_EXC_INFO: {
          Value exc = POP();
          PUSH(internal::HandledException(&f));
          f.handled_exception = exc;
          PUSH(std::move(exc));
          break;
        }
        case Opcode::POP_EXCEPT: f.handled_exception = POP(); break;
        case Opcode::CHECK_EXC_MATCH: {
          int m = internal::ExceptionMatches(rt, sp[-2], sp[-1]);
          if (m < 0) goto error;
          TOP() = Value::Bool(m != 0);
          break;
        }
        case Opcode::RERAISE: {
          Value exc = POP();
          if (arg != 0 && sp[-arg].is_int()) {
            f.lasti = static_cast<int32_t>(sp[-arg].as_int());
          }
          rt.RaiseValue(std::move(exc));
          reraise = true;
          goto error;
        }
        case Opcode::BEFORE_WITH:
          if (!internal::BeforeWith(rt, &sp)) goto error;
          break;
        case Opcode::WITH_EXCEPT_START:
          if (!internal::WithExceptStart(rt, &sp)) goto error;
          break;
        case Opcode::IMPORT_NAME: {
          Value fromlist = POP();
          Value level = POP();
          Value m = internal::ImportName(in, NAME(arg), fromlist, level);
          if (m.is_raised()) goto error;
          PUSH(std::move(m));
          break;
        }
        case Opcode::IMPORT_FROM: {
          Value v = internal::ImportFrom(in, TOP(), NAME(arg));
          if (v.is_raised()) goto error;
          PUSH(std::move(v));
          break;
        }
        case Opcode::YIELD_VALUE: {
          if (ABSL_PREDICT_FALSE(!f.is_generator)) {
            rt.Raise(rt.exc().runtime_error, "yield outside a generator frame");
            goto error;
          }
          Value v = POP();
          f.stack_top = sp;
          f.next_instr = static_cast<int32_t>(ip - code);
          f.yielded = true;
          return v;
        }
        case Opcode::GET_YIELD_FROM_ITER:
          if (!internal::IsGenerator(rt, TOP())) {
            Value it = GetIter(rt, TOP());
            if (it.is_raised()) goto error;
            TOP() = std::move(it);
          }
          break;
        case Opcode::SEND: {
          Value out;
          f.stack_top = sp;
          f.next_instr = static_cast<int32_t>(ip - code);
          internal::GenResult r = internal::YieldFromSend(in, sp[-2], sp[-1], &out);
          if (r == internal::GenResult::kError) goto error;
          if (r == internal::GenResult::kYielded) {
            TOP() = std::move(out);
          } else {
            DROP();
            TOP() = std::move(out);
            JUMPTO(arg);
          }
          break;
        }
        default:
          rt.Raise(rt.exc().runtime_error, "unknown opcode");
          goto error;
      }
    }
    continue;

  error : {
    // An exception is pending for the instruction before ip: record this frame in its
    // traceback (unless it is being re-raised), then find a handler.
    int32_t idx = static_cast<int32_t>(ip - code - 1);
    if (!rt.HasPending()) {
      rt.Raise(rt.exc().runtime_error, "error return without exception set");
    }
    if (!reraise) {
      f.lasti = idx;
      Value exc = rt.FetchException();
      ExceptionObject* x = exc.as<ExceptionObject>();
      if (x->traceback.empty()) internal::SetContext(rt, exc, internal::HandledException(&f));
      internal::AddTraceEntry(x, f);
      rt.RaiseValue(std::move(exc));
    }
    reraise = false;
    kwnames = nullptr;
    const ExceptionEntry* h = internal::FindHandlerEntry(*co, idx);
    if (h == nullptr) {
      while (sp > base) DROP();
      f.stack_top = sp;
      return Value::Raised();
    }
    Value exc = rt.FetchException();
    while (sp > base + h->depth) DROP();
    if (h->lasti) PUSH(Value::Int(f.lasti));
    PUSH(std::move(exc));
    JUMPTO(h->handler);
  }
  }
#undef PUSH
#undef POP
#undef TOP
#undef DROP
#undef NAME
#undef JUMPTO
}

}  // namespace wick::vm
