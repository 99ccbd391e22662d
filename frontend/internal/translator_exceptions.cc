// Exceptions in the trace, as upstream traces them: raising a Python exception
// symbolically (RaiseObserved, RaisePending), routing it to the innermost traced handler
// through the static exception table (Translator::Unwind), and the exception opcodes
// (raise, try/except/finally, with-block exits).
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::frontend::internal {

using vm::Opcode;

absl::Status RaiseObserved(Translator& tx, vm::Type* type, std::string message) {
  VarPtr e = MakeVar(VarKind::kException);
  e->value = vm::Value::Borrow(type);
  e->items.push_back(MakeConstant(tx.state().rt.NewStr(message)));
  tx.state().raising = std::move(e);
  return absl::OutOfRangeError("python exception");
}

absl::Status RaisePending(Translator& tx) {
  vm::Runtime& rt = tx.state().rt;
  vm::Value exc = rt.FetchException();
  std::string msg;
  vm::Value args = vm::GetAttr(rt, exc, "args");
  if (!args.is_raised() && rt.IsTuple(args) && args.as<vm::Tuple>()->items.size() == 1 &&
      rt.IsStr(args.as<vm::Tuple>()->items[0])) {
    msg = std::string(args.as<vm::Tuple>()->items[0].as<vm::Str>()->view());
  }
  rt.ClearException();
  return RaiseObserved(tx, rt.TypeOf(exc), std::move(msg));
}

bool Translator::Unwind() {
  const vm::ExceptionEntry* h = code_->FindHandler(current_);
  if (h == nullptr) return false;
  stack_.resize(h->depth);
  if (h->lasti) Push(MakeConstant(vm::Value::Int(current_)));
  Push(st_.raising);
  next_ = h->handler;
  return true;
}

Translator::Translator(TraceState& st, vm::CodeObject* code, Translator* parent)
    : st_(st), code_(code), parent_(parent) {
  locals_.resize(code->varnames.size());
  cells_.resize(code->num_cells());
  st_.stack.push_back(this);
}

Translator::~Translator() { st_.stack.pop_back(); }

absl::Status Translator::StepExceptions(const vm::Instruction& in, bool* handled) {
  *handled = true;
  vm::Runtime& rt = st_.rt;
  switch (in.op) {
    case Opcode::LOAD_ASSERTION_ERROR: {
      VarPtr a = MakeVar(VarKind::kObject);
      a->value = vm::Value::Borrow(rt.exc().assertion_error);
      Push(std::move(a));
      return absl::OkStatus();
    }
    case Opcode::RAISE_VARARGS: {
      if (in.arg == 2) Pop();  // `from cause`: the cause is not tracked
      if (in.arg == 0) {
        if (handled_ == nullptr) return RaiseObserved(*this, rt.exc().runtime_error,
                                                      "No active exception to reraise");
        st_.raising = handled_;
        return absl::OutOfRangeError("python exception");
      }
      VarPtr e = Pop();
      if (e->kind == VarKind::kObject && rt.IsInstance(e->value, rt.types().type) &&
          e->value.as<vm::Type>()->IsSubtypeOf(rt.exc().base_exception)) {
        ASSIGN_OR_RETURN(e, Call(*this, e, {}, {}));
      }
      if (e->kind != VarKind::kException) {
        return RaiseObserved(*this, rt.exc().type_error,
                             "exceptions must derive from BaseException");
      }
      st_.raising = e;
      return absl::OutOfRangeError("python exception");
    }
    case Opcode::PUSH_EXC_INFO: {
      VarPtr exc = Pop();
      Push(handled_ ? handled_ : MakeConstant(vm::Value::None()));
      handled_ = exc;
      Push(std::move(exc));
      return absl::OkStatus();
    }
    case Opcode::POP_EXCEPT: {
      VarPtr prev = Pop();
      handled_ = prev->kind == VarKind::kException ? prev : nullptr;
      return absl::OkStatus();
    }
    case Opcode::CHECK_EXC_MATCH: {
      VarPtr type = Pop();
      const VarPtr& exc = Top();
      std::vector<VarPtr> classes = type->kind == VarKind::kTuple ? type->items
                                                                  : std::vector<VarPtr>{type};
      bool match = false;
      for (const VarPtr& c : classes) {
        if (c->kind != VarKind::kObject || !rt.IsInstance(c->value, rt.types().type)) {
          return Break("Unsupported exception handling", DescribeVar(rt, *c),
                       "except clauses must name exception classes.");
        }
        match |= exc->value.as<vm::Type>()->IsSubtypeOf(c->value.as<vm::Type>());
      }
      Push(MakeConstant(vm::Value::Bool(match)));
      return absl::OkStatus();
    }
    case Opcode::RERAISE: {
      st_.raising = Pop();
      return absl::OutOfRangeError("python exception");
    }
    case Opcode::WITH_EXCEPT_START: {
      // [exit, lasti, prev_exc, exc]: only grad-mode exits are entered (BEFORE_WITH).
      VarPtr exit = Top(4);
      VarPtr exc = Top(1);
      std::vector<VarPtr> args;
      if (exit->kind != VarKind::kGradModeExit) {
        VarPtr type = MakeVar(VarKind::kObject);
        type->value = exc->value;
        args = {type, exc, MakeConstant(vm::Value::None())};
      }
      ASSIGN_OR_RETURN(VarPtr r, Call(*this, exit, std::move(args), {}));
      Push(std::move(r));
      return absl::OkStatus();
    }
    default: *handled = false; return absl::OkStatus();
  }
}

}  // namespace wick::frontend::internal
