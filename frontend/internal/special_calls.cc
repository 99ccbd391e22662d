// Calls the tracer does not simply inline or fold: the ones that stop the trace in
// upstream's words (print and other builtins without a rule, native functions marked as
// skipped, torch.compiler.disable'd functions, torch._dynamo.skip_frame) and the ones it
// treats specially (reorderable logging functions, nonstrict_trace functions).
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "frontend/internal/translator.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::frontend::internal {
namespace {

using Kwargs = std::vector<std::pair<std::string, VarPtr>>;


// Upstream's VariableTracker class of a tracker, as its developer context prints it.
const char* VariableClass(const Var& v) {
  switch (v.kind) {
    case VarKind::kConstant: return "torch._dynamo.variables.constant.ConstantVariable";
    case VarKind::kTensor: return "torch._dynamo.variables.tensor.TensorVariable";
    case VarKind::kList: return "torch._dynamo.variables.lists.ListVariable";
    case VarKind::kTuple: return "torch._dynamo.variables.lists.TupleVariable";
    case VarKind::kDict: return "torch._dynamo.variables.dicts.ConstDictVariable";
    case VarKind::kObject: return "torch._dynamo.variables.user_defined.UserDefinedObjectVariable";
    default: return "torch._dynamo.variables.base.VariableTracker";
  }
}

}  // namespace

absl::Status BreakUnsupportedBuiltin(Translator& tx, const std::string& name,
                                     const std::vector<VarPtr>& args) {
  // Argument types as Python type names (['str', 'Tensor']), the context as tracker classes.
  std::string types, classes;
  for (const VarPtr& a : args) {
    vm::Type* t = TypeOfVar(tx.state(), *a);
    absl::StrAppend(&types, types.empty() ? "" : ", ", "'", t != nullptr ? t->name() : "object",
                    "'");
    absl::StrAppend(&classes, classes.empty() ? "" : ", ", "<class '", VariableClass(*a), "'>");
  }
  return tx.Break("Failed to trace builtin operator",
                  absl::StrCat("builtin ", name, " [", classes, "] False"),
                  absl::StrCat("Dynamo does not know how to trace builtin operator `", name,
                               "` with argument types [", types, "] (has_kwargs False)"),
                  {absl::StrCat("Avoid calling builtin `", name,
                                "` with argument types [", types,
                                "]. Consider using an equivalent alternative function/method "
                                "to `", name, "`."),
                   "If you are attempting to call a logging function (e.g. `print`), you can "
                   "try adding it to `torch._dynamo.config.reorderable_logging_functions`.",
                   "Please report an issue to PyTorch."});
}

namespace {

// `<code object f at 0x7f..., file "t.py", line 3>`, as CPython prints code objects.
std::string CodeRepr(const vm::CodeObject& code) {
  return absl::StrCat("<code object ", code.name, " at ",
                      absl::StrFormat("%#x", reinterpret_cast<uintptr_t>(&code)), ", file \"",
                      code.source ? code.source->filename : "", "\", line ", code.first_line, ">");
}

}  // namespace

// torch._dynamo.skip_frame(msg): the top frame is skipped (no break record); inside an
// inlined call the caller breaks at the call instead, with upstream's bare
// "SKIPPED INLINING" reason, and the callee is skipped when it runs as its own frame.
absl::StatusOr<VarPtr> SkipFrame(Translator& tx, const std::vector<VarPtr>& args) {
  TraceState& st = tx.state();
  std::string msg = "None";
  if (!args.empty() && args[0]->is_constant() && st.rt.IsStr(args[0]->value)) {
    msg = std::string(args[0]->value.as<vm::Str>()->view());
  }
  const std::string reason =
      absl::StrCat("Skip frame due to `torch._dynamo.skip_frame()`. Message: ", msg);
  absl::Status s;
  if (st.stack.size() <= 1) {
    st.skip_frame = true;
    s = tx.Break(reason, "", "");
  } else {
    s = tx.Break(absl::StrCat("SKIPPED INLINING ", CodeRepr(*tx.code()), ": ", reason), "", "");
  }
  if (st.pending_break.has_value()) {
    st.pending_break->bare = true;
    // Inlined: upstream reports it at the caller's call of the skipped function.
    if (st.stack.size() > 1 && st.pending_break->user_stack.size() > 1) {
      st.pending_break->user_stack.pop_back();
    }
  }
  return s;
}

bool IsReorderable(TraceState& st, const vm::Value& v) {
  for (const vm::Value& f : st.opts.reorderable_logging_functions) {
    if (f.Is(v)) return true;
  }
  return false;
}

// A call of a reorderable logging function: replayed after the graph (upstream only
// allows tensors, constants and format strings as its arguments, returns None).
absl::StatusOr<VarPtr> DeferCall(Translator& tx, const VarPtr& fn, std::vector<VarPtr> args,
                                 const Kwargs& kwargs) {
  if (!kwargs.empty()) {
    return tx.Break("Unsupported: reorderable logging call with keyword arguments",
                    DescribeVar(tx.state().rt, *fn),
                    "Dynamo in wick defers reorderable logging calls with positional "
                    "arguments only.");
  }
  for (const VarPtr& a : args) {
    if (!a->is_tensor() && !a->is_constant()) {
      return tx.Break("Unsupported: reorderable logging call argument",
                      DescribeVar(tx.state().rt, *a),
                      "Arguments of reorderable logging functions must be tensors or "
                      "constants.");
    }
  }
  tx.state().deferred_calls.emplace_back(fn, std::move(args));
  return MakeConstant(vm::Value::None());
}

// torch.compiler.disable'd functions (the wrapper the prelude makes carries
// _torchdynamo_disable): calling one is a break at the call.
absl::Status CheckDisabled(Translator& tx, const vm::Value& v) {
  vm::Runtime& rt = tx.state().rt;
  if (rt.TypeOf(v) != rt.types().function) return absl::OkStatus();
  const vm::Dict* d = v.as<vm::Function>()->dict;
  const vm::Value* flag = d != nullptr ? d->GetStr("_torchdynamo_disable") : nullptr;
  if (flag == nullptr || !flag->is_bool() || !flag->as_bool()) return absl::OkStatus();
  const vm::Value* recursive = d->GetStr("_torchdynamo_disable_recursive");
  const vm::Value* msg = d->GetStr("_torchdynamo_disable_msg");
  const vm::Value* orig = d->GetStr("_torchdynamo_orig_callable");
  std::string reason = "None", repr;
  if (msg != nullptr && rt.IsStr(*msg)) reason = std::string(msg->as<vm::Str>()->view());
  if (orig == nullptr || !vm::ReprString(rt, *orig, &repr)) {
    rt.ClearException();
    repr = "<function>";
  }
  const bool is_recursive = recursive == nullptr || !recursive->is_bool() || recursive->as_bool();
  if (is_recursive) {
    return tx.Break("Skip calling `torch.compiler.disable()`d function", repr,
                    absl::StrCat("Skip calling function `", repr,
                                 "` since it was wrapped with `torch.compiler.disable` "
                                 "(reason: ", reason, ")"),
                    {"Remove the `torch.compiler.disable` call"});
  }
  return tx.Break("Skip inlining `torch.compiler.disable()`d function", repr,
                  absl::StrCat("Skip inlining function ", repr,
                               " since it was wrapped with `torch.compiler.disable` (reason: ",
                               reason, ")"),
                  {"Remove the `torch.compiler.disable` call"});
}

// Whether `v` is a function marked by torch._dynamo.nonstrict_trace.
bool IsNonstrict(vm::Runtime& rt, const vm::Value& v) {
  if (rt.TypeOf(v) != rt.types().function) return false;
  const vm::Dict* d = v.as<vm::Function>()->dict;
  const vm::Value* flag = d != nullptr ? d->GetStr("_torchdynamo_nonstrict_trace") : nullptr;
  return flag != nullptr && flag->is_bool() && flag->as_bool();
}

namespace {

// The module a native function lives in ("time" for time.perf_counter), found in
// sys.modules; "<unknown module>" when none holds it.
std::string ModuleOfBuiltin(TraceState& st, const vm::Value& v) {
  const vm::Dict* mods = st.interp.sys_modules();
  for (const vm::Dict::Entry& e : mods->entries()) {
    if (e.key.is_raised() || !e.value.is_object() ||
        st.rt.TypeOf(e.value) != st.rt.types().module) {
      continue;
    }
    const vm::Module* m = e.value.as<vm::Module>();
    const vm::Value* x = m->dict->GetStr(v.as<vm::BuiltinFunction>()->name);
    if (x != nullptr && x->Is(v)) return m->name;
  }
  return "<unknown module>";
}

}  // namespace

// A native function the tracer has no rule for: upstream's "Attempted to call function
// marked as skipped" (gb0007) in its C-function form, or for torch.save/load the form of
// the Python functions they are upstream.
absl::Status BreakSkippedBuiltin(Translator& tx, const vm::Value& v) {
  TraceState& st = tx.state();
  const vm::BuiltinFunction* b = v.as<vm::BuiltinFunction>();
  const std::string module = b->is_method() ? "<unknown module>" : ModuleOfBuiltin(st, v);
  const std::string qualname = b->is_method() ? absl::StrCat(b->owner->name(), ".", b->name)
                                              : b->name;
  if (module == "torch" && (b->name == "save" || b->name == "load")) {
    return tx.Break(
        "Attempted to call function marked as skipped",
        absl::StrCat("module: torch.serialization, qualname: ", b->name,
                     ", skip reason: <missing reason>"),
        absl::StrCat("Dynamo developers have intentionally marked that the function `",
                     b->name, "` in file `torch/serialization.py` should not be traced."),
        {absl::StrCat("Avoid calling the function `", b->name, "`."),
         absl::StrCat("Apply `@torch._dynamo.dont_skip_tracing` to the function `", b->name,
                      "` to force tracing into the function. More graph breaks may occur as "
                      "a result of attempting to trace into the function."),
         "Please file an issue to PyTorch."});
  }
  return tx.Break(
      "Attempted to call function marked as skipped",
      absl::StrCat("module: ", module, ", qualname: ", qualname,
                   ", skip reason: <missing reason>"),
      absl::StrCat("Dynamo does not know how to trace the builtin `", module, ".", qualname,
                   ".` This function is either a Python builtin (e.g. _warnings.warn) or a "
                   "third-party C/C++ Python extension (perhaps created with pybind)."),
      {"If it is a Python builtin, please file an issue on GitHub so the PyTorch team can add "
       "support for it and see the next case for a workaround.",
       "If it is a third-party C/C++ Python extension, please either wrap it into a "
       "PyTorch-understood custom operator (see "
       "https://pytorch.org/tutorials/advanced/custom_ops_landing_page.html for more details) "
       "or, if it is traceable, use `torch.compiler.allow_in_graph`."});
}

}  // namespace wick::frontend::internal
