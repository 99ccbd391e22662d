// Argument checking with CPython's texts (see args.h).
#include "vm/builtins/args.h"

#include "absl/strings/str_cat.h"
#include "vm/objects/objects.h"

namespace wick::vm::builtins {

absl::string_view StrOf(const Value& v) { return v.as<Str>()->view(); }

const std::string& TypeName(Runtime& rt, const Value& v) { return rt.TypeOf(v)->name(); }

bool NoKeywords(Runtime& rt, absl::string_view fname, const KwArgs& kw) {
  if (kw.empty()) return true;
  rt.Raise(rt.exc().type_error, absl::StrCat(fname, "() takes no keyword arguments"));
  return false;
}

bool OneArg(Runtime& rt, absl::string_view fname, Args args, const KwArgs& kw) {
  if (!kw.empty()) {
    rt.Raise(rt.exc().type_error, absl::StrCat(fname, "() takes no keyword arguments"));
    return false;
  }
  if (args.size() != 1) {
    rt.Raise(rt.exc().type_error, absl::StrCat(fname, "() takes exactly one argument (",
                                               args.size(), " given)"));
    return false;
  }
  return true;
}

bool ArgCount(Runtime& rt, absl::string_view fname, Args args, const KwArgs& kw,
              size_t min, size_t max) {
  if (!kw.empty()) {
    rt.Raise(rt.exc().type_error, absl::StrCat(fname, "() takes no keyword arguments"));
    return false;
  }
  if (args.size() >= min && args.size() <= max) return true;
  auto plural = [](size_t n) { return n == 1 ? " argument" : " arguments"; };
  std::string msg;
  if (min == max) {
    msg = absl::StrCat(fname, " expected ", min, plural(min), ", got ", args.size());
  } else if (args.size() < min) {
    msg = absl::StrCat(fname, " expected at least ", min, plural(min), ", got ", args.size());
  } else {
    msg = absl::StrCat(fname, " expected at most ", max, plural(max), ", got ", args.size());
  }
  rt.Raise(rt.exc().type_error, msg);
  return false;
}

bool CheckKwNames(Runtime& rt, absl::string_view fname, const KwArgs& kw,
                  std::initializer_list<absl::string_view> allowed) {
  for (size_t i = 0; i < kw.size(); ++i) {
    bool ok = false;
    for (absl::string_view a : allowed) ok = ok || a == kw.name(i);
    if (!ok) {
      rt.Raise(rt.exc().type_error, absl::StrCat("'", kw.name(i),
                                                 "' is an invalid keyword argument for ",
                                                 fname, "()"));
      return false;
    }
  }
  return true;
}

bool BindArgs(Runtime& rt, absl::string_view fname, Args args, const KwArgs& kw,
              std::initializer_list<absl::string_view> names, size_t required, Value* out) {
  if (args.size() > names.size()) {
    rt.Raise(rt.exc().type_error, absl::StrCat(fname, "() takes at most ", names.size(),
                                               " argument", names.size() == 1 ? "" : "s",
                                               " (", args.size(), " given)"));
    return false;
  }
  for (size_t i = 0; i < names.size(); ++i) out[i] = Value::Raised();
  for (size_t i = 0; i < args.size(); ++i) out[i] = args[i];
  for (size_t k = 0; k < kw.size(); ++k) {
    size_t i = 0;
    for (absl::string_view n : names) {
      if (n == kw.name(k)) break;
      ++i;
    }
    if (i == names.size()) {
      rt.Raise(rt.exc().type_error, absl::StrCat("'", kw.name(k),
                                                 "' is an invalid keyword argument for ",
                                                 fname, "()"));
      return false;
    }
    if (!out[i].is_raised()) {
      rt.Raise(rt.exc().type_error, absl::StrCat("argument for ", fname, "() given by name ('",
                                                 kw.name(k), "') and position (", i + 1, ")"));
      return false;
    }
    out[i] = kw.value(k);
  }
  size_t i = 0;
  for (absl::string_view n : names) {
    if (i < required && out[i].is_raised()) {
      rt.Raise(rt.exc().type_error, absl::StrCat(fname, "() missing required argument '", n,
                                                 "' (pos ", i + 1, ")"));
      return false;
    }
    ++i;
  }
  return true;
}

}  // namespace wick::vm::builtins
