// The gc module over Runtime::CollectCycles (vm/gc.cc): collect, enable/disable,
// thresholds and counts as CPython 3.11 reports them, freeze, and the garbage and
// callbacks lists (always empty: every unreachable cycle is freed).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

// Recomputes when the next automatic collection is due after a setting changed.
void Rearm(Runtime& rt) {
  Runtime::GcState& g = rt.gc();
  if (!g.armed || !g.enabled || g.threshold <= 0) {
    g.due_at = INT64_MAX;
    return;
  }
  g.due_at = std::max<int64_t>(g.threshold, g.allocations);
}

// collect(generation=2)
Value Collect(Runtime& rt, Args args, const KwArgs& kw) {
  Value a[1];
  if (!BindArgs(rt, "collect", args, kw, {"generation"}, 0, a)) return Value::Raised();
  int64_t gen = 2;
  if (!a[0].is_raised()) {
    if (!AsIndex(rt, a[0], &gen, "an integer is required")) return Value::Raised();
    if (gen < 0 || gen > 2) return rt.Raise(rt.exc().value_error, "invalid generation");
  }
  int64_t found = rt.CollectCycles(static_cast<int>(gen));
  Rearm(rt);
  return Value::Int(found);
}

template <int kWhich>  // 0 enable, 1 disable, 2 isenabled
Value Switch(Runtime& rt, Args args, const KwArgs& kw) {
  static constexpr const char* kNames[] = {"enable", "disable", "isenabled"};
  if (!ArgCount(rt, kNames[kWhich], args, kw, 0, 0)) return Value::Raised();
  Runtime::GcState& g = rt.gc();
  if (kWhich == 2) return Value::Bool(g.enabled);
  g.enabled = kWhich == 0;
  Rearm(rt);
  return Value::None();
}

Value GetCount(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "get_count", args, kw, 0, 0)) return Value::Raised();
  const Runtime::GcState& g = rt.gc();
  return rt.NewTuple({Value::Int(g.allocations), Value::Int(g.young_runs),
                      Value::Int(g.mid_runs)});
}

Value GetThreshold(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "get_threshold", args, kw, 0, 0)) return Value::Raised();
  const Runtime::GcState& g = rt.gc();
  return rt.NewTuple({Value::Int(g.threshold), Value::Int(g.threshold1),
                      Value::Int(g.threshold2)});
}

// set_threshold(threshold0[, threshold1[, threshold2]]): 0 stops automatic collection.
Value SetThreshold(Runtime& rt, Args args, const KwArgs& kw) {
  if (!kw.empty()) {
    return rt.Raise(rt.exc().type_error, "set_threshold() takes no keyword arguments");
  }
  if (args.empty() || args.size() > 3) {
    return rt.Raise(rt.exc().type_error, absl::StrCat("set_threshold() takes at most 3 arguments (",
                                                      args.size(), " given)"));
  }
  int64_t t[3];
  for (size_t i = 0; i < args.size(); ++i) {
    if (!AsIndex(rt, args[i], &t[i],
                 absl::StrCat("'", TypeName(rt, args[i]),
                              "' object cannot be interpreted as an integer"))) {
      return Value::Raised();
    }
  }
  rt.gc().threshold = t[0];
  if (args.size() > 1) rt.gc().threshold1 = t[1];
  if (args.size() > 2) rt.gc().threshold2 = t[2];
  Rearm(rt);
  return Value::None();
}

Value Freeze(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "freeze", args, kw, 0, 0)) return Value::Raised();
  rt.FreezeGc();
  return Value::None();
}

Value GetFreezeCount(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "get_freeze_count", args, kw, 0, 0)) return Value::Raised();
  return Value::Int(rt.LiveObjectCount() - rt.YoungObjectCount());
}

}  // namespace

bool InitGcModule(Runtime& rt, const Value& m) {
  AddModuleFunction(rt, m, "collect", &Collect);
  AddModuleFunction(rt, m, "enable", &Switch<0>);
  AddModuleFunction(rt, m, "disable", &Switch<1>);
  AddModuleFunction(rt, m, "isenabled", &Switch<2>);
  AddModuleFunction(rt, m, "get_count", &GetCount);
  AddModuleFunction(rt, m, "get_threshold", &GetThreshold);
  AddModuleFunction(rt, m, "set_threshold", &SetThreshold);
  AddModuleFunction(rt, m, "freeze", &Freeze);
  AddModuleFunction(rt, m, "get_freeze_count", &GetFreezeCount);
  SetModuleAttr(rt, m, "garbage", rt.NewList({}));
  SetModuleAttr(rt, m, "callbacks", rt.NewList({}));
  return true;
}

}  // namespace wick::vm::builtins
