// The dispatch loop: one switch over vm/opcodes.def with short cases (threaded with
// computed gotos under GCC/Clang), the stack and instruction pointers in locals, int and
// float fast paths for arithmetic and comparisons, per-instruction inline caches for
// LOAD_GLOBAL and instance LOAD_ATTR / STORE_ATTR / LOAD_METHOD, and named slow paths
// (eval_ops.cc). Exceptions unwind through the code object's static exception table
// (CPython 3.11's exception_unwind), recording one traceback entry per frame they pass
// through.
#include <cstdint>
#include <utility>

#include "absl/base/attributes.h"
#include "absl/base/optimization.h"
#include "vm/internal/eval_ops.h"
#include "vm/internal/interp_internal.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

// Threaded dispatch (GCC/Clang labels as values): every handler ends in its own
// indirect jump to the next handler, which the branch predictor learns per opcode pair;
// elsewhere the loop falls back to the plain switch.
#if defined(__GNUC__)
#define WICK_COMPUTED_GOTO 1
#else
#define WICK_COMPUTED_GOTO 0
#endif

// The small helpers of the dispatch loop are inlined for speed, except under
// AddressSanitizer: there every inlined temporary gets its own redzoned stack slot in
// Eval's frame, and recursion to the default limit (1000 frames) must fit the stack.
#if defined(__SANITIZE_ADDRESS__)
#define WICK_EVAL_HELPER ABSL_ATTRIBUTE_NOINLINE
#else
#define WICK_EVAL_HELPER inline
#endif

namespace wick::vm {

using internal::RaiseNameError;

namespace {

// a <op> b for two ints without overflow; false when the fast path does not apply.
WICK_EVAL_HELPER bool IntBinary(BinOp op, int64_t a, int64_t b, Value* out) {
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
    case BinOp::kFloorDiv:
    case BinOp::kMod: {
      // Python rounds the quotient toward minus infinity; zero divisors and the one
      // overflowing case (min // -1) take the slow path for their errors.
      if (b == 0 || (b == -1 && a == INT64_MIN)) return false;
      int64_t q = a / b, m = a % b;
      if (m != 0 && ((m < 0) != (b < 0))) {
        q -= 1;
        m += b;
      }
      r = op == BinOp::kMod ? m : q;
      break;
    }
    case BinOp::kTrueDiv:
      if (b == 0) return false;
      *out = Value::Float(static_cast<double>(a) / static_cast<double>(b));
      return true;
    case BinOp::kAnd: r = a & b; break;
    case BinOp::kOr: r = a | b; break;
    case BinOp::kXor: r = a ^ b; break;
    default: return false;
  }
  *out = Value::Int(r);
  return true;
}

// a <op> b for float operands (one may be an int) for the operators whose float
// result is plain IEEE arithmetic; false when the fast path does not apply.
WICK_EVAL_HELPER bool FloatBinary(BinOp op, const Value& a, const Value& b, Value* out) {
  if (!((a.is_float() || a.is_int()) && (b.is_float() || b.is_int()))) return false;
  double x = a.is_float() ? a.as_float() : static_cast<double>(a.as_int());
  double y = b.is_float() ? b.as_float() : static_cast<double>(b.as_int());
  switch (op) {
    case BinOp::kAdd: *out = Value::Float(x + y); return true;
    case BinOp::kSub: *out = Value::Float(x - y); return true;
    case BinOp::kMul: *out = Value::Float(x * y); return true;
    case BinOp::kTrueDiv:
      if (y == 0.0) return false;
      *out = Value::Float(x / y);
      return true;
    default: return false;
  }
}

WICK_EVAL_HELPER bool IntCompare(CmpOp op, int64_t a, int64_t b) {
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
WICK_EVAL_HELPER int Truth(Runtime& rt, const Value& v) {
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

// LOAD_GLOBAL through the instruction's inline cache, or nullptr on a miss. A global
// hits while its globals entry still holds the name; a builtin while the globals' key
// set is unchanged (the name is still absent there: dict versions are unique, see
// Dict::version) and its builtins entry still holds the name.
WICK_EVAL_HELPER const Value* CachedGlobal(const Frame& f, const CodeObject::InlineCache& c,
                                 const Value& name) {
  if (c.owner == nullptr) return f.globals->AtIndexIfKey(c.index, name);
  if (c.version != f.globals->version()) return nullptr;
  return f.builtins->AtIndexIfKey(c.index, name);
}

// LOAD_GLOBAL's slow path: looks the name up and refills the cache. nullptr after
// raising NameError.
ABSL_ATTRIBUTE_NOINLINE const Value* LoadGlobalAndCache(Runtime& rt, Frame& f,
                                                         CodeObject::InlineCache& c,
                                                         Str* name) {
  int64_t ix = f.globals->IndexOfStr(name);
  if (ix >= 0) {
    c = {nullptr, 0, nullptr, ix};
    return &f.globals->entries()[ix].value;
  }
  const Value* v = internal::LoadGlobal(rt, f, name);
  if (v != nullptr && f.builtins != nullptr) {
    int64_t bx = f.builtins->IndexOfStr(name);
    if (bx >= 0) c = {f.builtins, f.globals->version(), nullptr, bx};
  }
  return v;
}

// ---- Instance attribute caches ---------------------------------------------------
// LOAD_ATTR, STORE_ATTR and LOAD_METHOD on instances of classes using the generic
// attribute protocol cache (type, type lookup epoch, the class attribute slot found,
// the instance dict index). While the type and epoch match, Type::Lookup would return
// the same slot, so only the slot's current value and the instance dict entry need a
// check: that is GenericGetAttr / GenericSetAttr / GetMethod's logic without the probes.

using InlineCache = CodeObject::InlineCache;

inline bool IsDataDescriptor(const Value* v) {
  if (v == nullptr || !v->is_object()) return false;
  const TypeSlots& s = v->object()->type()->slots();
  return s.descr_get != nullptr && s.descr_set != nullptr;
}

// The instance's dict when `obj` is an Instance whose type and epoch are the cached
// ones, else nullptr (also when it has no dict yet).
WICK_EVAL_HELPER Dict* CachedInstanceDict(const Value& obj, const InlineCache& c) {
  if (!obj.is_object() || obj.object()->type() != c.owner) return nullptr;
  if (c.version != internal::TypeLookupEpoch()) return nullptr;
  return static_cast<Instance*>(obj.object())->dict;
}

// GenericSetAttr hands the store to any class attribute with a __set__ (even one
// without __get__).
inline bool HasDescrSet(const Value* v) {
  return v != nullptr && v->is_object() && v->object()->type()->slots().descr_set != nullptr;
}

inline bool UsesGenericGetAttr(const Type* t) {
  auto g = t->slots().getattr;
  return g == nullptr || g == &GenericGetAttr;
}

inline bool UsesGenericSetAttr(const Type* t) {
  auto g = t->slots().setattr;
  return g == nullptr || g == &GenericSetAttr;
}

// The instance attribute `name` of `obj` through the cache, or nullptr on a miss.
WICK_EVAL_HELPER const Value* CachedLoadAttr(const Value& obj, const InlineCache& c,
                                              const Value& name) {
  Dict* d = CachedInstanceDict(obj, c);
  if (d == nullptr || IsDataDescriptor(c.found) || !UsesGenericGetAttr(obj.object()->type())) {
    return nullptr;
  }
  return d->AtIndexIfKey(c.index, name);
}

// Refills a LOAD_ATTR / STORE_ATTR cache when `obj` is an Instance of a generic class
// whose dict holds `name` and whose class does not make `name` a data descriptor.
ABSL_ATTRIBUTE_NOINLINE void FillAttrCache(Runtime& rt, const Value& obj, Str* name,
                                           InlineCache* c) {
  if (!obj.is_object()) return;
  Type* t = obj.object()->type();
  if (t->layout() != Layout::kObject || name == rt.names().class_) return;
  Dict* d = static_cast<Instance*>(obj.object())->dict;
  if (d == nullptr) return;
  const Value* found = t->Lookup(name);
  if (IsDataDescriptor(found)) return;
  int64_t ix = d->IndexOfStr(name);
  if (ix < 0) return;
  *c = {t, internal::TypeLookupEpoch(), found, ix};
}

// LOAD_METHOD through the cache: the cached class attribute when it is still a Python
// function and the instance dict does not shadow it; nullptr on a miss.
WICK_EVAL_HELPER const Value* CachedLoadMethod(Runtime& rt, const Value& obj,
                                                const InlineCache& c, Str* name) {
  if (!obj.is_object() || obj.object()->type() != c.owner || c.found == nullptr) {
    return nullptr;
  }
  if (c.version != internal::TypeLookupEpoch()) return nullptr;
  const Value& m = *c.found;
  if (!m.is_object() || m.object()->type() != rt.types().function) return nullptr;
  if (!UsesGenericGetAttr(obj.object()->type())) return nullptr;
  Dict* d = static_cast<Instance*>(obj.object())->dict;
  if (d != nullptr && d->IndexOfStr(name) >= 0) return nullptr;
  return &m;
}

ABSL_ATTRIBUTE_NOINLINE void FillMethodCache(Runtime& rt, const Value& obj, Str* name,
                                             InlineCache* c) {
  if (!obj.is_object()) return;
  Type* t = obj.object()->type();
  if (t->layout() != Layout::kObject) return;
  const Value* found = t->Lookup(name);
  if (found == nullptr || !found->is_object() ||
      found->object()->type() != rt.types().function) {
    return;
  }
  *c = {t, internal::TypeLookupEpoch(), found, -1};
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
  if (ABSL_PREDICT_FALSE(co->inline_caches.size() != co->code.size())) {
    co->inline_caches.assign(co->code.size(), CodeObject::InlineCache());
  }
  CodeObject::InlineCache* const caches = co->inline_caches.data();
  Instruction inst;
  int32_t arg = 0;
#if WICK_COMPUTED_GOTO
  static const void* const kTargets[kNumOpcodes] = {
#define WICK_X(name, operand, pops, pushes, meaning) &&op_##name,
      WICK_VM_OPCODES(WICK_X)
#undef WICK_X
  };
// A handler's last statement is DISPATCH(), outside any block that owns Values: a
// computed goto leaves scopes without running destructors. Exits from inside such a
// block use NEXT(), a plain goto (which does run them) to the loop head.
#define TARGET(name) \
  case Opcode::name: \
  op_##name
#define NEXT() goto next_instr
#define DISPATCH()                                                                        \
  do {                                                                                    \
    if (ABSL_PREDICT_FALSE(static_cast<size_t>(ip - code) >= static_cast<size_t>(ncode))) \
      goto fell_off;                                                                      \
    inst = *ip++;                                                                         \
    arg = inst.arg;                                                                       \
    f.lasti = static_cast<int32_t>(ip - code - 1);                                        \
    if (ABSL_PREDICT_FALSE(static_cast<uint8_t>(inst.op) >= kNumOpcodes)) goto op_unknown; \
    goto* kTargets[static_cast<uint8_t>(inst.op)];                                        \
  } while (0)
#else
#define TARGET(name) case Opcode::name
#define DISPATCH() continue
#define NEXT() continue
#endif
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
#if WICK_COMPUTED_GOTO
  next_instr:
#endif
    // A bad jump target (hand-built or resumed code) raises instead of crashing.
    if (ABSL_PREDICT_FALSE(static_cast<size_t>(ip - code) >= static_cast<size_t>(ncode))) {
      goto fell_off;
    }
    {
      inst = *ip++;
      arg = inst.arg;
      f.lasti = static_cast<int32_t>(ip - code - 1);
#if WICK_COMPUTED_GOTO
      if (ABSL_PREDICT_FALSE(static_cast<uint8_t>(inst.op) >= kNumOpcodes)) goto op_unknown;
      goto* kTargets[static_cast<uint8_t>(inst.op)];
#endif
      switch (inst.op) {
        TARGET(NOP): DISPATCH();
        TARGET(POP_TOP): DROP(); DISPATCH();
        TARGET(PUSH_NULL): PUSH(Value::Raised()); DISPATCH();
        TARGET(COPY): {
          Value v = sp[-arg];
          PUSH(std::move(v));
        }
        DISPATCH();
        TARGET(SWAP): sp[-1].Swap(sp[-arg]); DISPATCH();
        TARGET(LOAD_CONST): PUSH(consts[arg]); DISPATCH();
        TARGET(LOAD_FAST):
          if (ABSL_PREDICT_FALSE(locals[arg].is_raised())) {
            internal::RaiseUnboundLocal(rt, co->varnames[arg]);
            goto error;
          }
          PUSH(locals[arg]);
          DISPATCH();
        TARGET(STORE_FAST): locals[arg] = POP(); DISPATCH();
        TARGET(DELETE_FAST):
          if (locals[arg].is_raised()) {
            internal::RaiseUnboundLocal(rt, co->varnames[arg]);
            goto error;
          }
          locals[arg] = Value::Raised();
          DISPATCH();
        TARGET(LOAD_DEREF): {
          const Value& v = cells[arg].as<Cell>()->value;
          if (v.is_raised()) {
            internal::RaiseUnboundCell(rt, *co, arg);
            goto error;
          }
          PUSH(v);
        }
        DISPATCH();
        TARGET(STORE_DEREF): cells[arg].as<Cell>()->value = POP(); DISPATCH();
        TARGET(DELETE_DEREF): {
          Cell* c = cells[arg].as<Cell>();
          if (c->value.is_raised()) {
            internal::RaiseUnboundCell(rt, *co, arg);
            goto error;
          }
          c->value = Value::Raised();
        }
        DISPATCH();
        TARGET(LOAD_CLOSURE): PUSH(cells[arg]); DISPATCH();
        TARGET(LOAD_CLASSDEREF): {
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
        }
        DISPATCH();
        TARGET(LOAD_NAME): {
          const Value* v = internal::LoadName(rt, f, NAME(arg));
          if (v == nullptr) goto error;
          PUSH(*v);
        }
        DISPATCH();
        TARGET(STORE_NAME):
          if (!internal::StoreName(rt, f, NAME(arg), POP())) goto error;
          DISPATCH();
        TARGET(DELETE_NAME):
          if (!internal::DeleteName(
                  rt, rt.IsDict(f.locals_dict) ? f.locals_dict.as<Dict>() : nullptr,
                  NAME(arg))) {
            goto error;
          }
          DISPATCH();
        TARGET(LOAD_GLOBAL): {
          CodeObject::InlineCache& c = caches[ip - code - 1];
          const Value* v = CachedGlobal(f, c, names[arg]);
          if (ABSL_PREDICT_FALSE(v == nullptr)) {
            v = LoadGlobalAndCache(rt, f, c, NAME(arg));
            if (v == nullptr) goto error;
          }
          PUSH(*v);
        }
        DISPATCH();
        TARGET(STORE_GLOBAL):
          if (!f.globals->SetStr(rt, NAME(arg), POP())) goto error;
          DISPATCH();
        TARGET(DELETE_GLOBAL):
          if (!internal::DeleteName(rt, f.globals, NAME(arg))) goto error;
          DISPATCH();
        TARGET(LOAD_ATTR): {
          InlineCache& c = caches[ip - code - 1];
          if (const Value* hit = CachedLoadAttr(TOP(), c, names[arg])) {
            TOP() = Value(*hit);
          } else {
            FillAttrCache(rt, TOP(), NAME(arg), &c);
            Value v = GetAttr(rt, TOP(), NAME(arg));
            if (v.is_raised()) goto error;
            TOP() = std::move(v);
          }
        }
        DISPATCH();
        TARGET(STORE_ATTR): {
          InlineCache& c = caches[ip - code - 1];
          Value obj = POP();
          Value v = POP();
          Dict* d = CachedInstanceDict(obj, c);
          if (d != nullptr && !HasDescrSet(c.found) &&
              UsesGenericSetAttr(obj.object()->type())) {
            // GenericSetAttr's class lookup is what the cache remembers: store directly,
            // in place when the entry is where it was (a new instance inserts instead).
            if (Value* slot = d->MutableAtIndexIfKey(c.index, names[arg])) {
              slot->Swap(v);  // the old value is released when `v` goes
            } else if (!d->SetStr(rt, NAME(arg), std::move(v))) {
              goto error;
            }
          } else {
            if (!SetAttr(rt, obj, NAME(arg), v)) goto error;
            FillAttrCache(rt, obj, NAME(arg), &c);
          }
        }
        DISPATCH();
        TARGET(DELETE_ATTR): {
          Value obj = POP();
          if (!DelAttr(rt, obj, NAME(arg))) goto error;
        }
        DISPATCH();
        TARGET(LOAD_METHOD): {
          InlineCache& c = caches[ip - code - 1];
          if (const Value* hit = CachedLoadMethod(rt, TOP(), c, NAME(arg))) {
            sp[0] = std::move(sp[-1]);  // [obj] -> [method, obj]
            sp[-1] = *hit;
            ++sp;
            DISPATCH();
          }
          FillMethodCache(rt, TOP(), NAME(arg), &c);
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
        }
        DISPATCH();
        TARGET(KW_NAMES): kwnames = &consts[arg]; DISPATCH();
        TARGET(CALL): {
          Value* a = sp - arg - 2;
          f.stack_top = sp;
          f.next_instr = static_cast<int32_t>(ip - code);
          Value r = DoCall(in, a, arg, kwnames);
          kwnames = nullptr;
          while (sp > a) DROP();
          if (r.is_raised()) goto error;
          PUSH(std::move(r));
        }
        DISPATCH();
        TARGET(CALL_FUNCTION_EX):
          f.stack_top = sp;
          f.next_instr = static_cast<int32_t>(ip - code);
          if (!internal::CallFunctionEx(in, &sp, arg)) goto error;
          DISPATCH();
        TARGET(MAKE_FUNCTION):
          if (!internal::MakeFunction(rt, f, &sp, arg)) goto error;
          DISPATCH();
        TARGET(LOAD_BUILD_CLASS): {
          const Value* v = f.builtins->GetStr("__build_class__");
          if (v == nullptr) {
            rt.Raise(rt.exc().name_error, "__build_class__ not found");
            goto error;
          }
          PUSH(*v);
        }
        DISPATCH();
        TARGET(RETURN_VALUE): {
          Value r = POP();
          while (sp > base) DROP();
          f.stack_top = sp;
          return r;
        }
        TARGET(UNARY_POSITIVE):
        TARGET(UNARY_NEGATIVE):
        TARGET(UNARY_INVERT): {
          UnaryOp op = inst.op == Opcode::UNARY_NEGATIVE   ? UnaryOp::kNeg
                       : inst.op == Opcode::UNARY_POSITIVE ? UnaryOp::kPos
                                                           : UnaryOp::kInvert;
          Value v = UnaryOperation(rt, op, TOP());
          if (v.is_raised()) goto error;
          TOP() = std::move(v);
        }
        DISPATCH();
        TARGET(UNARY_NOT): {
          int t = Truth(rt, TOP());
          if (t < 0) goto error;
          TOP() = Value::Bool(!t);
        }
        DISPATCH();
        TARGET(BINARY_OP): {
          Value& a = sp[-2];
          const Value& b = sp[-1];
          Value r;
          BinOp op = static_cast<BinOp>(arg >= kInPlaceBinOp ? arg - kInPlaceBinOp : arg);
          bool fast = a.is_int() && b.is_int() ? IntBinary(op, a.as_int(), b.as_int(), &r)
                                               : FloatBinary(op, a, b, &r);
          if (!fast) {
            r = arg >= kInPlaceBinOp ? InPlaceOp(rt, op, a, b) : BinaryOp(rt, op, a, b);
            if (r.is_raised()) goto error;
          }
          DROP();
          a = std::move(r);
        }
        DISPATCH();
        TARGET(COMPARE_OP):
          if (sp[-2].is_int() && sp[-1].is_int()) {
            bool t = IntCompare(static_cast<CmpOp>(arg), sp[-2].as_int(), sp[-1].as_int());
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
            } else {
              DROP();
              TOP() = Value::Bool(t);
            }
          } else {
            Value r = Compare(rt, sp[-2], sp[-1], static_cast<CmpOp>(arg));
            if (r.is_raised()) goto error;
            DROP();
            TOP() = std::move(r);
          }
          DISPATCH();
        TARGET(IS_OP): {
          bool r = sp[-2].Is(sp[-1]) != (arg != 0);
          DROP();
          TOP() = Value::Bool(r);
        }
        DISPATCH();
        TARGET(CONTAINS_OP): {
          int r = Contains(rt, sp[-1], sp[-2]);
          if (r < 0) goto error;
          DROP();
          TOP() = Value::Bool((r != 0) != (arg != 0));
        }
        DISPATCH();
        TARGET(BINARY_SUBSCR): {
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
        }
        DISPATCH();
        TARGET(STORE_SUBSCR): {
          bool ok = SetItem(rt, sp[-2], sp[-1], sp[-3]);
          DROP();
          DROP();
          DROP();
          if (!ok) goto error;
        }
        DISPATCH();
        TARGET(DELETE_SUBSCR): {
          bool ok = DelItem(rt, sp[-2], sp[-1]);
          DROP();
          DROP();
          if (!ok) goto error;
        }
        DISPATCH();
        TARGET(BUILD_SLICE): {
          Value step = arg == 3 ? POP() : Value::None();
          Value stop = POP();
          Value start = POP();
          PUSH(rt.NewSlice(std::move(start), std::move(stop), std::move(step)));
        }
        DISPATCH();
        TARGET(BUILD_TUPLE):
        TARGET(BUILD_LIST):
        TARGET(BUILD_SET):
        TARGET(BUILD_MAP):
          if (!internal::BuildContainer(rt, inst.op, &sp, arg)) goto error;
          DISPATCH();
        TARGET(BUILD_STRING):
          if (!internal::BuildString(rt, &sp, arg)) goto error;
          DISPATCH();
        TARGET(FORMAT_VALUE):
          if (!internal::FormatValue(rt, &sp, arg)) goto error;
          DISPATCH();
        TARGET(LIST_APPEND): {
          Value v = POP();
          sp[-arg].as<List>()->items.push_back(std::move(v));
        }
        DISPATCH();
        TARGET(SET_ADD):
        TARGET(MAP_ADD):
        TARGET(LIST_EXTEND):
        TARGET(SET_UPDATE):
        TARGET(DICT_UPDATE):
        TARGET(DICT_MERGE):
          if (!internal::ContainerUpdate(rt, inst.op, &sp, arg)) goto error;
          DISPATCH();
        TARGET(LIST_TO_TUPLE): {
          Value l = POP();
          PUSH(rt.NewTuple(l.as<List>()->items));
        }
        DISPATCH();
        TARGET(UNPACK_SEQUENCE):
          if (!internal::UnpackSequence(rt, &sp, arg)) goto error;
          DISPATCH();
        TARGET(UNPACK_EX):
          if (!internal::UnpackEx(rt, &sp, arg)) goto error;
          DISPATCH();
        TARGET(GET_ITER): {
          Value it = GetIter(rt, TOP());
          if (it.is_raised()) goto error;
          TOP() = std::move(it);
        }
        DISPATCH();
        TARGET(FOR_ITER): {
          Value v = Next(rt, TOP());
          if (v.is_raised()) {
            if (rt.HasPending()) goto error;
            DROP();
            JUMPTO(arg);
            NEXT();
          }
          PUSH(std::move(v));
        }
        DISPATCH();
        TARGET(JUMP):
          // A backward jump (every loop takes one) is a safe point for Ctrl-C and the
          // cycle collector.
          if (code + arg < ip) {
            if (InterpreterAccess::TakeInterrupt(rt)) goto error;
            if (ABSL_PREDICT_FALSE(rt.GcDue())) rt.CollectDue();
          }
          JUMPTO(arg);
          DISPATCH();
        TARGET(POP_JUMP_IF_FALSE):
        TARGET(POP_JUMP_IF_TRUE): {
          int t = Truth(rt, TOP());
          if (t < 0) goto error;
          DROP();
          if ((t != 0) == (inst.op == Opcode::POP_JUMP_IF_TRUE)) JUMPTO(arg);
        }
        DISPATCH();
        TARGET(POP_JUMP_IF_NONE):
        TARGET(POP_JUMP_IF_NOT_NONE): {
          bool none = TOP().is_none();
          DROP();
          if (none == (inst.op == Opcode::POP_JUMP_IF_NONE)) JUMPTO(arg);
        }
        DISPATCH();
        TARGET(JUMP_IF_FALSE_OR_POP):
        TARGET(JUMP_IF_TRUE_OR_POP): {
          int t = Truth(rt, TOP());
          if (t < 0) goto error;
          if ((t != 0) == (inst.op == Opcode::JUMP_IF_TRUE_OR_POP)) {
            JUMPTO(arg);
          } else {
            DROP();
          }
        }
        DISPATCH();
        TARGET(RAISE_VARARGS): {
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
        TARGET(LOAD_ASSERTION_ERROR):
          PUSH(Value::Borrow(rt.exc().assertion_error));
          DISPATCH();
        TARGET(PUSH_EXC_INFO): {
          Value exc = POP();
          PUSH(internal::HandledException(&f));
          f.handled_exception = exc;
          PUSH(std::move(exc));
        }
        DISPATCH();
        TARGET(POP_EXCEPT): f.handled_exception = POP(); DISPATCH();
        TARGET(CHECK_EXC_MATCH): {
          int m = internal::ExceptionMatches(rt, sp[-2], sp[-1]);
          if (m < 0) goto error;
          TOP() = Value::Bool(m != 0);
        }
        DISPATCH();
        TARGET(RERAISE): {
          Value exc = POP();
          if (arg != 0 && sp[-arg].is_int()) {
            f.lasti = static_cast<int32_t>(sp[-arg].as_int());
          }
          rt.RaiseValue(std::move(exc));
          reraise = true;
          goto error;
        }
        TARGET(BEFORE_WITH):
          if (!internal::BeforeWith(rt, &sp)) goto error;
          DISPATCH();
        TARGET(WITH_EXCEPT_START):
          if (!internal::WithExceptStart(rt, &sp)) goto error;
          DISPATCH();
        TARGET(IMPORT_NAME): {
          Value fromlist = POP();
          Value level = POP();
          Value m = internal::ImportName(in, f.globals, NAME(arg), fromlist, level);
          if (m.is_raised()) goto error;
          PUSH(std::move(m));
        }
        DISPATCH();
        TARGET(IMPORT_FROM): {
          Value v = internal::ImportFrom(in, TOP(), NAME(arg));
          if (v.is_raised()) goto error;
          PUSH(std::move(v));
        }
        DISPATCH();
        TARGET(YIELD_VALUE): {
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
        TARGET(GET_YIELD_FROM_ITER):
          if (!internal::IsGenerator(rt, TOP())) {
            Value it = GetIter(rt, TOP());
            if (it.is_raised()) goto error;
            TOP() = std::move(it);
          }
          DISPATCH();
        TARGET(SEND): {
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
        }
        DISPATCH();
        TARGET(RESUME_AT): {
          // Only in step copies: the instruction kept there has run; the frame goes on
          // in the original code from here. Its values move to the resumed frame, and an
          // exception from it already carries that frame's traceback entry.
          f.stack_top = sp;
          f.next_instr = f.lasti;
          Value r = InterpreterAccess::LeaveStepCopy(in, f, arg);
          sp = f.stack_top;
          while (sp > base) DROP();
          f.stack_top = sp;
          return r;
        }
        default:
        op_unknown:
          rt.Raise(rt.exc().runtime_error, "unknown opcode");
          goto error;
      }
    }
    continue;

  fell_off:
    rt.Raise(rt.exc().runtime_error, "bytecode fell off the end of the code object");
    ip = code + ncode;
    goto error;

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
#undef TARGET
#undef DISPATCH
#undef NEXT
}

}  // namespace wick::vm
