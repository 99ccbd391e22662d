// Set displays over constants (BUILD_SET, SET_ADD, SET_UPDATE): the set is built at
// trace time as a fresh constant and its methods fold like other constants'. It is a
// mutable object, so it must not outlive the trace: frontend.cc refuses to rebuild one
// (returning or storing it breaks), which keeps every compiled call's set its own.
// Sets holding traced values (tensors, objects) stop the trace.
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "vm/protocol.h"

namespace wick::frontend::internal {
namespace {

absl::Status BreakSet(Translator& tx, const VarPtr& v) {
  return tx.Break("Unsupported: set of traced values", DescribeVar(tx.state().rt, *v),
                  "Dynamo in wick traces sets of constants only.");
}

// set.add(item) on the VM object; raises (TypeError: unhashable) in the trace.
absl::Status AddConstant(Translator& tx, const vm::Value& set, const VarPtr& item) {
  vm::Runtime& rt = tx.state().rt;
  vm::Value x;
  if (!ReifyConstant(rt, item, &x)) return BreakSet(tx, item);
  vm::Value add = vm::GetAttr(rt, set, "add");
  if (add.is_raised()) return RaisePending(tx);
  vm::Value args[] = {std::move(x)};
  if (vm::Call(rt, add, args).is_raised()) return RaisePending(tx);
  return absl::OkStatus();
}

}  // namespace

bool IsSetConstant(vm::Runtime& rt, const Var& v) {
  return v.is_constant() && rt.IsSet(v.value);
}

absl::StatusOr<VarPtr> BuildSet(Translator& tx, const std::vector<VarPtr>& items) {
  vm::Value set = tx.state().rt.NewSet();
  for (const VarPtr& item : items) RETURN_IF_ERROR(AddConstant(tx, set, item));
  return MakeConstant(std::move(set));
}

absl::Status SetAdd(Translator& tx, const VarPtr& set, const VarPtr& item) {
  if (!IsSetConstant(tx.state().rt, *set)) return BreakSet(tx, set);
  return AddConstant(tx, set->value, item);
}

absl::Status SetUpdate(Translator& tx, const VarPtr& set, const VarPtr& iterable) {
  if (!IsSetConstant(tx.state().rt, *set)) return BreakSet(tx, set);
  ASSIGN_OR_RETURN(std::vector<VarPtr> items, Unpack(tx, iterable));
  for (const VarPtr& item : items) RETURN_IF_ERROR(AddConstant(tx, set->value, item));
  return absl::OkStatus();
}

}  // namespace wick::frontend::internal
