// Inlining Python functions: binding arguments to a callee's locals as CPython's
// function call does (positional, keywords, defaults, *args, **kwargs), setting up its
// cells from the closure, and tracing its code with a child Translator.
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/status_macros.h"
#include "frontend/internal/translator.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::frontend::internal {
namespace {

using Kwargs = std::vector<std::pair<std::string, VarPtr>>;

struct Callee {
  vm::CodeObject* code = nullptr;
  vm::Dict* globals = nullptr;
  std::vector<VarPtr> defaults;
  VarPtr kwdefaults;  // dict tracker or null
  std::vector<VarPtr> closure;  // kCell trackers
};

absl::StatusOr<Callee> Describe(Translator& tx, const VarPtr& fn) {
  Callee c;
  if (fn->value.is_none()) {  // made by MAKE_FUNCTION in the trace
    c.code = fn->code.as<vm::CodeObject>();
    c.globals = fn->globals.as<vm::Dict>();
    if (fn->defaults) {
      ASSIGN_OR_RETURN(c.defaults, Unpack(tx, fn->defaults));
    }
    c.kwdefaults = fn->kwdefaults;
    c.closure = fn->closure;
    return c;
  }
  vm::Function* f = fn->value.as<vm::Function>();
  c.code = f->code_object();
  c.globals = f->globals.as<vm::Dict>();
  vm::Runtime& rt = tx.state().rt;
  // A function the frame can name is matched by its code (Wrap), so what the code reads
  // from it is read, and guarded, through its source: fn.__defaults__[i],
  // fn.__kwdefaults__[k], fn.__closure__[i].cell_contents.
  const guards::SourcePtr& src = fn->source;
  auto part = [&](const char* name) {
    return src != nullptr ? guards::Source::Attr(src, name) : nullptr;
  };
  if (rt.IsTuple(f->defaults)) {
    const guards::SourcePtr ds = part("__defaults__");
    int64_t i = 0;
    for (const vm::Value& d : f->defaults.as<vm::Tuple>()->items) {
      ASSIGN_OR_RETURN(VarPtr v, Wrap(tx, d, ds ? guards::Source::Item(ds, i) : nullptr));
      c.defaults.push_back(std::move(v));
      ++i;
    }
  }
  if (rt.IsDict(f->kwdefaults)) {
    ASSIGN_OR_RETURN(c.kwdefaults, Wrap(tx, f->kwdefaults, part("__kwdefaults__")));
  }
  if (rt.IsTuple(f->closure)) {
    const guards::SourcePtr cs = part("__closure__");
    int64_t index = -1;
    for (const vm::Value& cell : f->closure.as<vm::Tuple>()->items) {
      ++index;
      auto& seen = tx.state().seen_objects;
      auto it = seen.find(cell.object());
      if (it != seen.end()) {
        c.closure.push_back(it->second);
        continue;
      }
      VarPtr cv = MakeVar(VarKind::kCell);
      const vm::Value& contents = cell.as<vm::Cell>()->value;
      if (!contents.is_raised()) {
        ASSIGN_OR_RETURN(cv->contents,
                         Wrap(tx, contents,
                              cs ? guards::Source::Attr(guards::Source::Item(cs, index),
                                                        "cell_contents")
                                 : nullptr));
      }
      // A cell of a function defined outside the trace: writes would be nonlocal, and
      // stop the trace.
      cv->external_cell = true;
      seen[cell.object()] = cv;
      c.closure.push_back(std::move(cv));
    }
  }
  return c;
}

absl::Status BindError(Translator& tx, const vm::CodeObject* code, const std::string& msg) {
  return tx.Break("Observed exception", absl::StrCat("TypeError: ", code->name, "() ", msg),
                  "The call's arguments do not match the function's signature.");
}

// Fills `locals` (varnames order) from the call's arguments.
absl::Status BindArgs(Translator& tx, const Callee& c, std::vector<VarPtr> args,
                      Kwargs kwargs, std::vector<VarPtr>* locals) {
  const vm::CodeObject* code = c.code;
  int npos = code->arg_count;
  int nkwonly = code->kwonly_count;
  bool varargs = code->flags & vm::kCodeVarargs;
  bool varkw = code->flags & vm::kCodeVarkeywords;
  std::vector<VarPtr>& l = *locals;
  int given = static_cast<int>(args.size());
  for (int i = 0; i < std::min(given, npos); ++i) l[i] = args[i];
  if (given > npos) {
    if (!varargs) {
      return BindError(tx, code, absl::StrCat("takes ", npos, " positional arguments but ",
                                              given, " were given"));
    }
  }
  int slot = npos + nkwonly;
  if (varargs) {
    std::vector<VarPtr> rest;
    for (int i = npos; i < given; ++i) rest.push_back(args[i]);
    l[slot++] = MakeSequence(VarKind::kTuple, std::move(rest));
  }
  VarPtr extra_kw = varkw ? MakeVar(VarKind::kDict) : nullptr;
  for (auto& [name, v] : kwargs) {
    int found = -1;
    for (int i = code->posonly_count; i < npos + nkwonly; ++i) {
      if (code->varnames[i] == name) found = i;
    }
    if (found >= 0) {
      if (l[found] != nullptr) {
        return BindError(tx, code, absl::StrCat("got multiple values for argument '", name, "'"));
      }
      l[found] = v;
    } else if (extra_kw != nullptr) {
      extra_kw->keys.push_back(tx.state().rt.NewStr(name));
      extra_kw->items.push_back(v);
    } else {
      return BindError(tx, code, absl::StrCat("got an unexpected keyword argument '", name, "'"));
    }
  }
  if (extra_kw != nullptr) l[slot] = extra_kw;
  int first_default = npos - static_cast<int>(c.defaults.size());
  for (int i = 0; i < npos; ++i) {
    if (l[i] != nullptr) continue;
    if (i < first_default) {
      return BindError(tx, code, absl::StrCat("missing required positional argument: '",
                                              code->varnames[i], "'"));
    }
    l[i] = c.defaults[i - first_default];
  }
  for (int i = npos; i < npos + nkwonly; ++i) {
    if (l[i] != nullptr) continue;
    if (c.kwdefaults != nullptr) {
      for (size_t k = 0; k < c.kwdefaults->keys.size(); ++k) {
        if (c.kwdefaults->keys[k].as<vm::Str>()->view() == code->varnames[i]) {
          l[i] = c.kwdefaults->items[k];
        }
      }
    }
    if (l[i] == nullptr) {
      return BindError(tx, code, absl::StrCat("missing required keyword-only argument: '",
                                              code->varnames[i], "'"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<VarPtr> InlineFunction(Translator& tx, const VarPtr& fn, std::vector<VarPtr> args,
                                      Kwargs kwargs) {
  ASSIGN_OR_RETURN(Callee c, Describe(tx, fn));
  if (fn->value.is_object()) {
    // upstream's forbid_in_graph (torch._dynamo.mark_dynamic and friends): tracing the
    // call is an error, not a graph break.
    vm::Runtime& rt = tx.state().rt;
    vm::Value forbidden = vm::GetAttr(rt, fn->value, "_dynamo_forbidden");
    if (forbidden.is_raised()) rt.ClearException();
    if (forbidden.is_bool() && forbidden.as_bool()) {
      return absl::FailedPreconditionError(absl::StrCat(
          "AssertionError: Attempt to trace forbidden callable <function ", c.code->qualname,
          ">"));
    }
  }
  // A generator expression (any(t.requires_grad for t in xs)) runs to exhaustion into
  // an iterator over its values, as upstream inlines generators; other generator
  // functions may be unbounded and are not traced.
  const bool genexpr = absl::EndsWith(c.code->qualname, "<genexpr>");
  if ((c.code->flags & vm::kCodeGenerator) && !genexpr) {
    return tx.Break("Unsupported: generator function", c.code->qualname,
                    "Dynamo in wick does not inline generator functions yet.");
  }
  Translator child(tx.state(), c.code, &tx);
  child.function = fn;
  child.nested_disabled = tx.nested_disabled || tx.state().nested_off_depth > 0;
  child.direct_call = tx.state().direct_call == &tx;
  tx.state().direct_call = nullptr;
  child.set_globals(c.globals, c.globals == tx.state().frame.globals);
  RETURN_IF_ERROR(BindArgs(tx, c, std::move(args), std::move(kwargs), &child.locals()));
  size_t ncellvars = c.code->cellvars.size();
  for (size_t i = 0; i < ncellvars; ++i) {
    VarPtr cell = MakeVar(VarKind::kCell);
    int32_t arg = i < c.code->cell2arg.size() ? c.code->cell2arg[i] : -1;
    if (arg >= 0) cell->contents = child.locals()[arg];
    child.cells()[i] = std::move(cell);
  }
  if (c.closure.size() != c.code->freevars.size()) {
    return absl::InternalError(absl::StrCat("closure size mismatch for ", c.code->qualname));
  }
  for (size_t i = 0; i < c.closure.size(); ++i) child.cells()[ncellvars + i] = c.closure[i];
  if (c.code->flags & vm::kCodeGenerator) {
    std::vector<VarPtr> values;
    child.yields = &values;
    RETURN_IF_ERROR(child.Run(0).status());
    return MakeSequence(VarKind::kIterator, std::move(values));
  }
  return child.Run(0);
}

}  // namespace wick::frontend::internal
