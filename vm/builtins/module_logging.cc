// The logging module, reduced to what programs use: getLogger (a dotted-name registry
// under one root logger), Logger.debug/info/warning/error/critical/log/setLevel,
// basicConfig(level=, format=, stream=), the module-level logging functions, and the
// level constants. Output follows CPython: with no handler configured a record at
// WARNING or above goes to stderr through the "last resort" handler as the bare
// message; after basicConfig (which the module-level functions call implicitly) it is
// formatted with "%(levelname)s:%(name)s:%(message)s" or the given format.
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "vm/builtins/args.h"
#include "vm/builtins/internal/builtins_internal.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"

namespace wick::vm::builtins {
namespace {

constexpr int64_t kWarning = 30;

// The module's state; module functions are methods bound to it (no globals).
struct Manager : public Object {
  void ClearRefs() override { loggers = root = format = stream = logger_type = Value(); }
  Value loggers;      // dict: name -> Logger
  Value root;         // the RootLogger
  Value format;       // None until basicConfig installs the handler
  Value stream;       // None = stderr, else an object with write()
  Value logger_type;  // the Logger class
};

struct Logger : public Object {
  void ClearRefs() override { name = manager = Value(); }
  Value name;     // str
  Value manager;  // Manager (borrowed conceptually; cleared at teardown)
  int64_t level = 0;
};

std::string LevelName(int64_t level) {
  switch (level) {
    case 50: return "CRITICAL";
    case 40: return "ERROR";
    case 30: return "WARNING";
    case 20: return "INFO";
    case 10: return "DEBUG";
    case 0: return "NOTSET";
    default: return absl::StrCat("Level ", level);
  }
}

// The level that applies to `lg`: its own, else the nearest configured ancestor's
// (by dotted name), else the root's.
int64_t EffectiveLevel(Logger* lg) {
  if (lg->level != 0) return lg->level;
  Manager* m = lg->manager.as<Manager>();
  std::string name(StrOf(lg->name));
  for (size_t dot = name.rfind('.'); dot != std::string::npos; dot = name.rfind('.')) {
    name.resize(dot);
    const Value* parent = m->loggers.as<Dict>()->GetStr(name);
    if (parent != nullptr && parent->as<Logger>()->level != 0) return parent->as<Logger>()->level;
  }
  return m->root.as<Logger>()->level;
}

// A level argument: an int, or a registered name ("INFO").
bool ParseLevel(Runtime& rt, const Value& v, int64_t* out) {
  if (v.is_int_like()) {
    *out = v.as_int();
    return true;
  }
  if (rt.IsInstance(v, rt.types().str)) {
    for (int64_t l : {0, 10, 20, 30, 40, 50}) {
      if (LevelName(l) == StrOf(v)) {
        *out = l;
        return true;
      }
    }
    std::string r;
    ReprString(rt, v, &r);
    rt.Raise(rt.exc().value_error, absl::StrCat("Unknown level: ", r));
    return false;
  }
  std::string r;
  ReprString(rt, v, &r);
  rt.Raise(rt.exc().type_error, absl::StrCat("Level not an integer or a valid string: ", r));
  return false;
}

// str(msg) % args, with CPython's rule that a single mapping argument is the mapping.
bool FormatMessage(Runtime& rt, const Value& msg, Args args, std::string* out) {
  Value s = ToStr(rt, msg);
  if (s.is_raised()) return false;
  if (args.empty()) {
    *out = std::string(StrOf(s));
    return true;
  }
  Value a = args.size() == 1 && rt.IsDict(args[0]) && args[0].as<Dict>()->size() > 0
                ? args[0]
                : rt.NewTuple({args.begin(), args.end()});
  Value r = BinaryOp(rt, BinOp::kMod, s, a);
  if (r.is_raised()) return false;
  *out = std::string(StrOf(r));
  return true;
}

bool Emit(Runtime& rt, Manager* m, const std::string& text) {
  if (m->stream.is_none()) {
    WriteOut(rt, true, text);
    return true;
  }
  return !CallMethod(rt, m->stream, "write", {rt.NewStr(text)}).is_raised();
}

// Logs one record on `lg` if its level is enabled.
Value LogRecord(Runtime& rt, Logger* lg, int64_t level, const Value& msg, Args args) {
  if (level < EffectiveLevel(lg)) return Value::None();
  std::string message;
  if (!FormatMessage(rt, msg, args, &message)) return Value::Raised();
  Manager* m = lg->manager.as<Manager>();
  if (m->format.is_none()) {
    // The last-resort handler: WARNING and above, bare message.
    if (level < kWarning) return Value::None();
    return Emit(rt, m, message + "\n") ? Value::None() : Value::Raised();
  }
  Value fields = rt.NewDict();
  Dict* d = fields.as<Dict>();
  d->SetStr(rt, rt.Intern("levelname"), rt.NewStr(LevelName(level)));
  d->SetStr(rt, rt.Intern("levelno"), Value::Int(level));
  d->SetStr(rt, rt.Intern("name"), lg->name);
  d->SetStr(rt, rt.Intern("message"), rt.NewStr(message));
  d->SetStr(rt, rt.Intern("msg"), msg);
  Value line = BinaryOp(rt, BinOp::kMod, m->format, fields);
  if (line.is_raised()) return line;
  return Emit(rt, m, absl::StrCat(StrOf(line), "\n")) ? Value::None() : Value::Raised();
}

// Logger.<level>(msg, *args, exc_info=..., stack_info=..., extra=...): keywords are
// accepted and ignored.
template <int64_t kLevel>
Value LoggerLog(Runtime& rt, Args args, const KwArgs& kw) {
  if (!CheckKwNames(rt, "_log", kw, {"exc_info", "stack_info", "stacklevel", "extra"})) {
    return Value::Raised();
  }
  if (args.size() < 2) {
    std::string method = absl::AsciiStrToLower(LevelName(kLevel));
    return rt.Raise(rt.exc().type_error, absl::StrCat("Logger.", method,
                                                      "() missing 1 required positional "
                                                      "argument: 'msg'"));
  }
  return LogRecord(rt, args[0].as<Logger>(), kLevel, args[1], args.subspan(2));
}

// Logger.log(level, msg, *args)
Value LoggerLogLevel(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() < 3) {
    return rt.Raise(rt.exc().type_error, "Logger.log() missing required positional arguments");
  }
  int64_t level;
  if (!args[1].is_int_like()) return rt.Raise(rt.exc().type_error, "level must be an integer");
  level = args[1].as_int();
  (void)kw;
  return LogRecord(rt, args[0].as<Logger>(), level, args[2], args.subspan(3));
}

Value LoggerSetLevel(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "setLevel", args, kw, 2, 2)) return Value::Raised();
  int64_t level;
  if (!ParseLevel(rt, args[1], &level)) return Value::Raised();
  args[0].as<Logger>()->level = level;
  return Value::None();
}

Value LoggerGetEffectiveLevel(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "getEffectiveLevel", args, kw, 1, 1)) return Value::Raised();
  return Value::Int(EffectiveLevel(args[0].as<Logger>()));
}

Value LoggerIsEnabledFor(Runtime& rt, Args args, const KwArgs& kw) {
  if (!ArgCount(rt, "isEnabledFor", args, kw, 2, 2)) return Value::Raised();
  if (!args[1].is_int_like()) return rt.Raise(rt.exc().type_error, "level must be an integer");
  return Value::Bool(args[1].as_int() >= EffectiveLevel(args[0].as<Logger>()));
}

Value LoggerGetAttr(Runtime& rt, const Value& v, Str* name) {
  Logger* lg = v.as<Logger>();
  if (name->view() == "name") return lg->name;
  if (name->view() == "level") return Value::Int(lg->level);
  return GenericGetAttr(rt, v, name);
}

Value LoggerRepr(Runtime& rt, const Value& v) {
  Logger* lg = v.as<Logger>();
  return rt.NewStr(absl::StrCat("<", rt.TypeOf(v)->name(), " ", StrOf(lg->name), " (",
                                LevelName(EffectiveLevel(lg)), ")>"));
}

// ---- module functions (bound to the Manager) -------------------------------------

Value GetLogger(Runtime& rt, Args args, const KwArgs& kw) {
  Manager* m = args[0].as<Manager>();
  Value a[1];
  if (!BindArgs(rt, "getLogger", args.subspan(1), kw, {"name"}, 0, a)) return Value::Raised();
  if (a[0].is_raised() || a[0].is_none() ||
      (rt.IsStr(a[0]) && (StrOf(a[0]).empty() || StrOf(a[0]) == "root"))) {
    return m->root;
  }
  if (!rt.IsInstance(a[0], rt.types().str)) {
    return rt.Raise(rt.exc().type_error, "A logger name must be a string");
  }
  Dict* loggers = m->loggers.as<Dict>();
  if (const Value* found = loggers->GetStr(StrOf(a[0]))) return *found;
  Logger* lg = rt.Alloc<Logger>(m->logger_type.as<Type>());
  Value logger = Value::Steal(lg);
  lg->name = a[0];
  lg->manager = args[0];
  if (!loggers->Set(rt, a[0], logger)) return Value::Raised();
  return logger;
}

// basicConfig(level=None, format=None, stream=None, force=False): installs the root
// handler once (again with force=True).
Value BasicConfig(Runtime& rt, Args args, const KwArgs& kw) {
  Manager* m = args[0].as<Manager>();
  if (args.size() > 1) {
    return rt.Raise(rt.exc().type_error, "basicConfig() takes 0 positional arguments");
  }
  if (!CheckKwNames(rt, "basicConfig", kw, {"level", "format", "stream", "force", "datefmt",
                                            "style", "filename", "filemode", "handlers"})) {
    return Value::Raised();
  }
  const Value* force = kw.Find("force");
  bool forced = force != nullptr && Truthy(rt, *force) > 0;
  if (!m->format.is_none() && !forced) return Value::None();
  const Value* fmt = kw.Find("format");
  m->format = fmt != nullptr ? *fmt : rt.NewStr("%(levelname)s:%(name)s:%(message)s");
  const Value* stream = kw.Find("stream");
  m->stream = stream != nullptr ? *stream : Value::None();
  if (const Value* level = kw.Find("level")) {
    int64_t l;
    if (!ParseLevel(rt, *level, &l)) return Value::Raised();
    m->root.as<Logger>()->level = l;
  }
  return Value::None();
}

// logging.warning(msg, *args) & co.: configure the root handler if needed, then log.
template <int64_t kLevel>
Value ModuleLog(Runtime& rt, Args args, const KwArgs& kw) {
  Manager* m = args[0].as<Manager>();
  if (m->format.is_none()) {
    Value r = BasicConfig(rt, args.subspan(0, 1), {});
    if (r.is_raised()) return r;
  }
  std::vector<Value> full{m->root};
  full.insert(full.end(), args.begin() + 1, args.end());
  return LoggerLog<kLevel>(rt, full, kw);
}

Type* NewLoggerType(Runtime& rt, absl::string_view name, Type* base) {
  Type* t = rt.NewBuiltinType(name, base, Layout::kOther);
  t->dict()->SetStr(rt, rt.names().module, rt.NewStr("logging"));
  TypeSlots& s = t->slots();
  s.repr = &LoggerRepr;
  s.getattr = &LoggerGetAttr;
  return t;
}

}  // namespace

bool InitLoggingModule(Runtime& rt, const Value& module) {
  Type* logger_t = NewLoggerType(rt, "Logger", rt.types().object);
  Value logger_type = Value::Steal(logger_t);
  rt.AddMethod(logger_t, "debug", &LoggerLog<10>);
  rt.AddMethod(logger_t, "info", &LoggerLog<20>);
  rt.AddMethod(logger_t, "warning", &LoggerLog<30>);
  rt.AddMethod(logger_t, "warn", &LoggerLog<30>);
  rt.AddMethod(logger_t, "error", &LoggerLog<40>);
  rt.AddMethod(logger_t, "exception", &LoggerLog<40>);
  rt.AddMethod(logger_t, "critical", &LoggerLog<50>);
  rt.AddMethod(logger_t, "fatal", &LoggerLog<50>);
  rt.AddMethod(logger_t, "log", &LoggerLogLevel);
  rt.AddMethod(logger_t, "setLevel", &LoggerSetLevel);
  rt.AddMethod(logger_t, "getEffectiveLevel", &LoggerGetEffectiveLevel);
  rt.AddMethod(logger_t, "isEnabledFor", &LoggerIsEnabledFor);
  Type* root_t = NewLoggerType(rt, "RootLogger", logger_t);
  Value root_type = Value::Steal(root_t);

  Type* manager_t = rt.NewBuiltinType("Manager", rt.types().object, Layout::kOther);
  Value manager_type = Value::Steal(manager_t);
  Manager* m = rt.Alloc<Manager>(manager_t);
  Value manager = Value::Steal(m);
  m->loggers = rt.NewDict();
  m->logger_type = logger_type;
  Logger* root = rt.Alloc<Logger>(root_t);
  m->root = Value::Steal(root);
  root->name = rt.NewStr("root");
  root->manager = manager;
  root->level = kWarning;

  auto bind = [&](absl::string_view name, BuiltinFn fn) {
    SetModuleAttr(rt, module, name, rt.NewBoundMethod(manager, rt.NewBuiltinFunction(name, fn)));
  };
  bind("getLogger", &GetLogger);
  bind("basicConfig", &BasicConfig);
  bind("debug", &ModuleLog<10>);
  bind("info", &ModuleLog<20>);
  bind("warning", &ModuleLog<30>);
  bind("error", &ModuleLog<40>);
  bind("critical", &ModuleLog<50>);
  SetModuleAttr(rt, module, "Logger", logger_type);
  SetModuleAttr(rt, module, "RootLogger", root_type);
  SetModuleAttr(rt, module, "root", m->root);
  for (int64_t l : {0, 10, 20, 30, 40, 50}) SetModuleAttr(rt, module, LevelName(l), Value::Int(l));
  SetModuleAttr(rt, module, "WARN", Value::Int(30));
  SetModuleAttr(rt, module, "FATAL", Value::Int(50));
  return true;
}

}  // namespace wick::vm::builtins
