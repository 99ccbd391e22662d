// Frame memory (the per-thread value arena) and argument binding: how a call's
// positional and keyword arguments land in a new frame's locals, with CPython 3.11's
// exact TypeError texts ("f() missing 1 required positional argument: 'x'").
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "vm/internal/interp_internal.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::vm::internal {

namespace {
constexpr size_t kChunkValues = size_t{1} << 15;  // 512 KiB per chunk
}  // namespace

void ValueArena::NextChunk(size_t n) {
  size_t cap = std::max(n, kChunkValues);
  // An empty current chunk is replaced rather than skipped, so Pop's "chunk became
  // empty: step back" rule always lands on the chunk holding the previous block.
  if (!chunks_.empty() && chunks_[cur_].used != 0) ++cur_;
  if (cur_ == chunks_.size()) chunks_.emplace_back();
  Chunk& c = chunks_[cur_];
  if (c.cap < n || c.data == nullptr) {
    c.data.reset(new Value[cap]);
    c.cap = cap;
  }
  c.used = 0;
}

void InitCells(Runtime& rt, const CodeObject* code, const Value& closure, Value* locals,
               Value* cells) {
  size_t ncell = code->cellvars.size();
  for (size_t i = 0; i < ncell; ++i) {
    int32_t arg = i < code->cell2arg.size() ? code->cell2arg[i] : -1;
    cells[i] = rt.NewCell(arg >= 0 ? locals[arg] : Value::Raised());
  }
  size_t nfree = code->freevars.size();
  const std::vector<Value>* items =
      rt.IsTuple(closure) ? &closure.as<Tuple>()->items : nullptr;
  for (size_t i = 0; i < nfree; ++i) {
    // A missing closure cell (a bad FrameState) becomes an empty cell, not a crash.
    cells[ncell + i] = items != nullptr && i < items->size() ? (*items)[i]
                                                             : rt.NewCell(Value::Raised());
  }
}

namespace {

std::string QualName(Function* fn) {
  return std::string(fn->qualname.as<Str>()->view());
}

// "'a'", "'a' and 'b'", "'a', 'b', and 'c'" (CPython's format_missing).
std::string JoinNames(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) {
      if (names.size() == 2) {
        out += " and ";
      } else {
        out += i + 1 == names.size() ? ", and " : ", ";
      }
    }
    absl::StrAppend(&out, "'", names[i], "'");
  }
  return out;
}

bool RaiseMissing(Runtime& rt, Function* fn, const std::vector<std::string>& names,
                  absl::string_view kind) {
  rt.Raise(rt.exc().type_error,
           absl::StrFormat("%s() missing %d required %s argument%s: %s", QualName(fn),
                           names.size(), kind, names.size() == 1 ? "" : "s",
                           JoinNames(names)));
  return false;
}

bool RaiseTooManyPositional(Runtime& rt, Function* fn, const CodeObject* co, size_t given,
                            const Value* locals) {
  int64_t ndefaults =
      rt.IsTuple(fn->defaults) ? fn->defaults.as<Tuple>()->items.size() : 0;
  int64_t kwonly_given = 0;
  for (int32_t i = co->arg_count; i < co->arg_count + co->kwonly_count; ++i) {
    if (!locals[i].is_raised()) ++kwonly_given;
  }
  bool plural;
  std::string sig;
  if (ndefaults > 0) {
    plural = true;
    sig = absl::StrFormat("from %d to %d", co->arg_count - ndefaults, co->arg_count);
  } else {
    plural = co->arg_count != 1;
    sig = absl::StrCat(co->arg_count);
  }
  std::string kwonly_sig;
  if (kwonly_given > 0) {
    kwonly_sig = absl::StrFormat(" positional argument%s (and %d keyword-only argument%s)",
                                 given != 1 ? "s" : "", kwonly_given,
                                 kwonly_given != 1 ? "s" : "");
  }
  rt.Raise(rt.exc().type_error,
           absl::StrFormat("%s() takes %s positional argument%s but %d%s %s given",
                           QualName(fn), sig, plural ? "s" : "", given, kwonly_sig,
                           given == 1 && kwonly_given == 0 ? "was" : "were"));
  return false;
}

// Keyword arguments: into their parameter, into **kwargs, or a TypeError.
bool BindKeywords(Runtime& rt, Function* fn, const CodeObject* co, Value* locals,
                  const KwArgs& kwargs, Dict* varkw) {
  int32_t total = co->arg_count + co->kwonly_count;
  std::vector<std::string> posonly_as_kw;
  for (size_t k = 0; k < kwargs.size(); ++k) {
    absl::string_view name = kwargs.name(k);
    int32_t slot = -1;
    for (int32_t i = co->posonly_count; i < total; ++i) {
      if (co->varnames[i] == name) {
        slot = i;
        break;
      }
    }
    if (slot >= 0) {
      if (!locals[slot].is_raised()) {
        rt.Raise(rt.exc().type_error,
                 absl::StrFormat("%s() got multiple values for argument '%s'", QualName(fn),
                                 name));
        return false;
      }
      locals[slot] = kwargs.value(k);
      continue;
    }
    if (varkw != nullptr) {
      if (!varkw->Set(rt, kwargs.names()[k], kwargs.value(k))) return false;
      continue;
    }
    for (int32_t i = 0; i < co->posonly_count; ++i) {
      if (co->varnames[i] == name) posonly_as_kw.emplace_back(name);
    }
    if (!posonly_as_kw.empty()) continue;
    rt.Raise(rt.exc().type_error,
             absl::StrFormat("%s() got an unexpected keyword argument '%s'", QualName(fn),
                             name));
    return false;
  }
  if (!posonly_as_kw.empty()) {
    std::string joined;
    for (size_t i = 0; i < posonly_as_kw.size(); ++i) {
      absl::StrAppend(&joined, i ? ", " : "", posonly_as_kw[i]);
    }
    rt.Raise(rt.exc().type_error,
             absl::StrFormat("%s() got some positional-only arguments passed as keyword "
                             "arguments: '%s'",
                             QualName(fn), joined));
    return false;
  }
  return true;
}

// Parameters still unbound: their defaults, or "missing ..." errors.
bool FillDefaults(Runtime& rt, Function* fn, const CodeObject* co, Value* locals,
                  size_t nargs) {
  const std::vector<Value>* defaults =
      rt.IsTuple(fn->defaults) ? &fn->defaults.as<Tuple>()->items : nullptr;
  int64_t ndefaults = defaults != nullptr ? defaults->size() : 0;
  int64_t first_default = co->arg_count - ndefaults;
  std::vector<std::string> missing;
  for (int32_t i = static_cast<int32_t>(nargs); i < co->arg_count; ++i) {
    if (!locals[i].is_raised()) continue;
    if (i >= first_default) {
      locals[i] = (*defaults)[i - first_default];
    } else {
      missing.push_back(co->varnames[i]);
    }
  }
  if (!missing.empty()) return RaiseMissing(rt, fn, missing, "positional");
  Dict* kwdefaults = rt.IsDict(fn->kwdefaults) ? fn->kwdefaults.as<Dict>() : nullptr;
  for (int32_t i = co->arg_count; i < co->arg_count + co->kwonly_count; ++i) {
    if (!locals[i].is_raised()) continue;
    const Value* d = kwdefaults != nullptr ? kwdefaults->GetStr(co->varnames[i]) : nullptr;
    if (d != nullptr) {
      locals[i] = *d;
    } else {
      missing.push_back(co->varnames[i]);
    }
  }
  if (!missing.empty()) return RaiseMissing(rt, fn, missing, "keyword-only");
  return true;
}

}  // namespace

bool BindArguments(Runtime& rt, Function* fn, Value* locals, Args args,
                   const KwArgs& kwargs) {
  const CodeObject* co = fn->code_object();
  size_t nargs = args.size();
  size_t npos = std::min<size_t>(nargs, co->arg_count);
  // The common case: exactly the positional parameters, nothing else.
  if (nargs == static_cast<size_t>(co->arg_count) && kwargs.empty() &&
      co->kwonly_count == 0 && (co->flags & (kCodeVarargs | kCodeVarkeywords)) == 0) {
    for (size_t i = 0; i < nargs; ++i) locals[i] = args[i];
    return true;
  }
  for (size_t i = 0; i < npos; ++i) locals[i] = args[i];
  int32_t next = co->arg_count + co->kwonly_count;
  if (co->flags & kCodeVarargs) {
    locals[next++] = nargs > npos ? rt.NewTuple({args.begin() + npos, args.end()})
                                  : rt.empty_tuple();
  }
  Dict* varkw = nullptr;
  if (co->flags & kCodeVarkeywords) {
    locals[next] = rt.NewDict();
    varkw = locals[next].as<Dict>();
  }
  if (!BindKeywords(rt, fn, co, locals, kwargs, varkw)) return false;
  if (nargs > static_cast<size_t>(co->arg_count) && !(co->flags & kCodeVarargs)) {
    return RaiseTooManyPositional(rt, fn, co, nargs, locals);
  }
  return FillDefaults(rt, fn, co, locals, nargs);
}

const ExceptionEntry* FindHandlerEntry(const CodeObject& code, int32_t i) {
  const std::vector<ExceptionEntry>& t = code.exception_table;
  auto it = std::upper_bound(t.begin(), t.end(), i, [](int32_t x, const ExceptionEntry& e) {
    return x < e.start;
  });
  if (it == t.begin()) return nullptr;
  --it;
  return i < it->end ? &*it : nullptr;
}

}  // namespace wick::vm::internal
