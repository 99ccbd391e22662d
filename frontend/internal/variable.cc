// Constructors and descriptions of variable trackers.
#include "frontend/internal/variable.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "vm/protocol.h"
#include "vm/runtime.h"

namespace wick::frontend::internal {

namespace {
thread_local std::vector<std::weak_ptr<Var>>* g_made = nullptr;
thread_local VarScope* g_scope = nullptr;
}  // namespace

VarScope::VarScope() : outer_(g_scope) {
  g_scope = this;
  g_made = &made_;
}

VarScope::~VarScope() {
  for (const std::weak_ptr<Var>& w : made_) {
    if (VarPtr v = w.lock()) {
      v->items.clear();
      v->self.reset();
      v->func.reset();
      v->defaults.reset();
      v->kwdefaults.reset();
      v->closure.clear();
      v->contents.reset();
    }
  }
  g_scope = outer_;
  g_made = outer_ != nullptr ? &outer_->made_ : nullptr;
}

VarPtr MakeVar(VarKind kind) {
  auto v = std::make_shared<Var>();
  v->kind = kind;
  if (g_made != nullptr) g_made->push_back(v);
  return v;
}

VarPtr MakeConstant(vm::Value value) {
  VarPtr v = MakeVar(VarKind::kConstant);
  v->value = std::move(value);
  return v;
}

VarPtr MakeSequence(VarKind kind, std::vector<VarPtr> items) {
  VarPtr v = MakeVar(kind);
  v->items = std::move(items);
  return v;
}

std::string DescribeVar(vm::Runtime& rt, const Var& v) {
  switch (v.kind) {
    case VarKind::kNull: return "NullVariable";
    case VarKind::kTensor: return "TensorVariable()";
    case VarKind::kConstant: {
      std::string r;
      if (!vm::ReprString(rt, v.value, &r)) {
        rt.ClearException();
        r = "?";
      }
      return absl::StrCat("ConstantVariable(", rt.TypeOf(v.value)->name(), ": ", r, ")");
    }
    case VarKind::kTuple: return absl::StrCat("TupleVariable(length=", v.items.size(), ")");
    case VarKind::kList: return absl::StrCat("ListVariable(length=", v.items.size(), ")");
    case VarKind::kDict: return "ConstDictVariable()";
    case VarKind::kSize: return "SizeVariable()";
    case VarKind::kSymInt: return "SymNodeVariable()";
    case VarKind::kSlice: return "SliceVariable()";
    case VarKind::kIterator: return "ListIteratorVariable()";
    case VarKind::kFunction: return "UserFunctionVariable()";
    case VarKind::kBoundMethod: return "UserMethodVariable()";
    case VarKind::kObject:
      return absl::StrCat("UserDefinedObjectVariable(", rt.TypeOf(v.value)->name(), ")");
    case VarKind::kCell: return "CellVariable()";
    case VarKind::kGradMode: return "GradModeVariable()";
    case VarKind::kGradModeExit: return "GradModeExitVariable()";
    case VarKind::kNewObject:
      return absl::StrCat("UserDefinedObjectVariable(", v.value.as<vm::Type>()->name(), ")");
    case VarKind::kSuper: return "SuperVariable()";
    case VarKind::kPartial: return "FunctoolsPartialVariable()";
    case VarKind::kException:
      return absl::StrCat("ExceptionVariable(", v.value.as<vm::Type>()->name(), ")");
  }
  return "VariableTracker()";
}

}  // namespace wick::frontend::internal
