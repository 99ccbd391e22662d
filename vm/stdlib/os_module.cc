// _wick_os: the system calls under os.py, posixpath.py and io.py. Each returns its
// result, or on failure the errno as a negative int (the Python side raises the
// matching OSError subclass with strerror(errno), as CPython's os module does).
//   getcwd() chdir(p) listdir(p) stat(p, follow) mkdir(p, mode) rmdir(p) unlink(p)
//   rename(a, b) realpath(p) environ() putenv(k, v) unsetenv(k) getpid() cpu_count()
//   strerror(n) pw_home() fd_open(p, flags, mode) fd_read(fd, binary) -> str|bytes fd_write(fd, text|bytes)
//   fd_close(fd)
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "vm/interpreter.h"
#include "vm/objects/bytes.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/stdlib/native_modules.h"

extern char** environ;

namespace wick::vm {
namespace {

Value Errno() { return Value::Int(-static_cast<int64_t>(errno)); }

bool StrArgs(Runtime& rt, Args args, const KwArgs& kw, size_t n, const char* what) {
  bool ok = kw.empty() && args.size() == n;
  for (size_t i = 0; ok && i < n; ++i) ok = rt.IsStr(args[i]);
  if (!ok) rt.Raise(rt.exc().type_error, std::string(what) + ": bad arguments");
  return ok;
}
std::string S(const Value& v) { return std::string(v.as<Str>()->view()); }

Value Getcwd(Runtime& rt, Args args, const KwArgs& kw) {
  char buf[PATH_MAX];
  if (::getcwd(buf, sizeof buf) == nullptr) return Errno();
  return rt.NewStr(buf);
}

Value Chdir(Runtime& rt, Args args, const KwArgs& kw) {
  if (!StrArgs(rt, args, kw, 1, "chdir")) return Value::Raised();
  return ::chdir(S(args[0]).c_str()) == 0 ? Value::None() : Errno();
}

Value Listdir(Runtime& rt, Args args, const KwArgs& kw) {
  if (!StrArgs(rt, args, kw, 1, "listdir")) return Value::Raised();
  DIR* d = ::opendir(S(args[0]).c_str());
  if (d == nullptr) return Errno();
  std::vector<Value> names;
  while (dirent* e = ::readdir(d)) {
    if (std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
    names.push_back(rt.NewStr(e->d_name));
  }
  ::closedir(d);
  return rt.NewList(std::move(names));
}

// stat(path, follow_symlinks) -> (mode, ino, dev, nlink, uid, gid, size, atime, mtime,
// ctime) as os.stat_result orders them.
Value Stat(Runtime& rt, Args args, const KwArgs& kw) {
  if (kw.empty() && args.size() == 2 && rt.IsStr(args[0])) {
    struct stat st;
    std::string p = S(args[0]);
    int r = args[1].is_bool() && !args[1].as_bool() ? ::lstat(p.c_str(), &st)
                                                     : ::stat(p.c_str(), &st);
    if (r != 0) return Errno();
    auto t = [](const timespec& ts) { return Value::Float(ts.tv_sec + ts.tv_nsec * 1e-9); };
    return rt.NewTuple({Value::Int(st.st_mode), Value::Int(static_cast<int64_t>(st.st_ino)),
                        Value::Int(static_cast<int64_t>(st.st_dev)), Value::Int(st.st_nlink),
                        Value::Int(st.st_uid), Value::Int(st.st_gid), Value::Int(st.st_size),
                        t(st.st_atim), t(st.st_mtim), t(st.st_ctim)});
  }
  return rt.Raise(rt.exc().type_error, "stat: bad arguments");
}

Value Mkdir(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 2 || !rt.IsStr(args[0]) || !args[1].is_int()) {
    return rt.Raise(rt.exc().type_error, "mkdir: bad arguments");
  }
  return ::mkdir(S(args[0]).c_str(), static_cast<mode_t>(args[1].as_int())) == 0 ? Value::None()
                                                                                 : Errno();
}

Value Rmdir(Runtime& rt, Args args, const KwArgs& kw) {
  if (!StrArgs(rt, args, kw, 1, "rmdir")) return Value::Raised();
  return ::rmdir(S(args[0]).c_str()) == 0 ? Value::None() : Errno();
}

Value Unlink(Runtime& rt, Args args, const KwArgs& kw) {
  if (!StrArgs(rt, args, kw, 1, "unlink")) return Value::Raised();
  return ::unlink(S(args[0]).c_str()) == 0 ? Value::None() : Errno();
}

Value Rename(Runtime& rt, Args args, const KwArgs& kw) {
  if (!StrArgs(rt, args, kw, 2, "rename")) return Value::Raised();
  return ::rename(S(args[0]).c_str(), S(args[1]).c_str()) == 0 ? Value::None() : Errno();
}

Value Realpath(Runtime& rt, Args args, const KwArgs& kw) {
  if (!StrArgs(rt, args, kw, 1, "realpath")) return Value::Raised();
  char buf[PATH_MAX];
  if (::realpath(S(args[0]).c_str(), buf) == nullptr) return Errno();
  return rt.NewStr(buf);
}

Value Environ(Runtime& rt, Args args, const KwArgs& kw) {
  std::vector<Value> pairs;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    const char* eq = std::strchr(*e, '=');
    if (eq == nullptr) continue;
    pairs.push_back(rt.NewTuple({rt.NewStr(std::string(*e, eq - *e)), rt.NewStr(eq + 1)}));
  }
  return rt.NewList(std::move(pairs));
}

Value Putenv(Runtime& rt, Args args, const KwArgs& kw) {
  if (!StrArgs(rt, args, kw, 2, "putenv")) return Value::Raised();
  return ::setenv(S(args[0]).c_str(), S(args[1]).c_str(), 1) == 0 ? Value::None() : Errno();
}

Value Unsetenv(Runtime& rt, Args args, const KwArgs& kw) {
  if (!StrArgs(rt, args, kw, 1, "unsetenv")) return Value::Raised();
  return ::unsetenv(S(args[0]).c_str()) == 0 ? Value::None() : Errno();
}

Value Getpid(Runtime& rt, Args args, const KwArgs& kw) { return Value::Int(::getpid()); }

Value CpuCount(Runtime& rt, Args args, const KwArgs& kw) {
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? Value::None() : Value::Int(n);
}

// The current user's home directory from the password database (expanduser without
// $HOME), or None.
Value PwHome(Runtime& rt, Args args, const KwArgs& kw) {
  const passwd* pw = ::getpwuid(::getuid());
  if (pw == nullptr || pw->pw_dir == nullptr) return Value::None();
  return rt.NewStr(pw->pw_dir);
}

Value Strerror(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 1 || !args[0].is_int()) {
    return rt.Raise(rt.exc().type_error, "strerror(int)");
  }
  return rt.NewStr(std::strerror(static_cast<int>(args[0].as_int())));
}

// fd_open(path, flags, mode) with flags: 0 read, 1 write (truncate), 2 append,
// 3 exclusive create, 4 read+write.
Value FdOpen(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 3 || !rt.IsStr(args[0]) || !args[1].is_int() || !args[2].is_int()) {
    return rt.Raise(rt.exc().type_error, "fd_open: bad arguments");
  }
  static constexpr int kFlags[] = {O_RDONLY, O_WRONLY | O_CREAT | O_TRUNC,
                                   O_WRONLY | O_CREAT | O_APPEND, O_WRONLY | O_CREAT | O_EXCL,
                                   O_RDWR};
  int64_t f = args[1].as_int();
  if (f < 0 || f > 4) return rt.Raise(rt.exc().value_error, "fd_open: bad flags");
  int fd = ::open(S(args[0]).c_str(), kFlags[f] | O_CLOEXEC, static_cast<mode_t>(args[2].as_int()));
  if (fd < 0) return Errno();
  struct stat st;
  if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    ::close(fd);
    return Value::Int(-EISDIR);
  }
  return Value::Int(fd);
}

// fd_read(fd, binary=False) -> the rest of the file as a str (bytes decoded as UTF-8 by
// the caller's contract: wick's str is UTF-8), or as bytes when `binary`.
Value FdRead(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.empty() || args.size() > 2 || !args[0].is_int()) {
    return rt.Raise(rt.exc().type_error, "fd_read(fd, binary=False)");
  }
  int fd = static_cast<int>(args[0].as_int());
  std::string out;
  char buf[65536];
  while (true) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Errno();
    }
    if (n == 0) break;
    out.append(buf, static_cast<size_t>(n));
  }
  if (args.size() == 2 && args[1].is_bool() && args[1].as_bool()) return NewBytes(rt, std::move(out));
  return rt.NewStr(std::move(out));
}

Value FdWrite(Runtime& rt, Args args, const KwArgs& kw) {
  absl::string_view s;
  if (args.size() != 2 || !args[0].is_int() ||
      !(rt.IsStr(args[1]) || AsBytesLike(rt, args[1], &s))) {
    return rt.Raise(rt.exc().type_error, "fd_write(fd, str or bytes)");
  }
  int fd = static_cast<int>(args[0].as_int());
  if (rt.IsStr(args[1])) s = args[1].as<Str>()->view();
  while (!s.empty()) {
    ssize_t n = ::write(fd, s.data(), s.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return Errno();
    }
    s.remove_prefix(static_cast<size_t>(n));
  }
  return Value::None();
}

Value FdClose(Runtime& rt, Args args, const KwArgs& kw) {
  if (args.size() != 1 || !args[0].is_int()) return rt.Raise(rt.exc().type_error, "fd_close(fd)");
  return ::close(static_cast<int>(args[0].as_int())) == 0 ? Value::None() : Errno();
}

}  // namespace

bool InitOsModule(Interpreter& in, const Value& module) {
  Runtime& rt = in.runtime();
  Dict* d = module.as<Module>()->dict;
  struct Fn {
    const char* name;
    BuiltinFn fn;
  };
  for (const Fn& f : {Fn{"getcwd", &Getcwd}, Fn{"chdir", &Chdir}, Fn{"listdir", &Listdir},
                      Fn{"stat", &Stat}, Fn{"mkdir", &Mkdir}, Fn{"rmdir", &Rmdir},
                      Fn{"unlink", &Unlink}, Fn{"rename", &Rename}, Fn{"realpath", &Realpath},
                      Fn{"environ", &Environ}, Fn{"putenv", &Putenv}, Fn{"unsetenv", &Unsetenv},
                      Fn{"getpid", &Getpid}, Fn{"cpu_count", &CpuCount},
                      Fn{"strerror", &Strerror}, Fn{"pw_home", &PwHome}, Fn{"fd_open", &FdOpen}, Fn{"fd_read", &FdRead},
                      Fn{"fd_write", &FdWrite}, Fn{"fd_close", &FdClose}}) {
    d->SetStr(rt, rt.Intern(f.name), rt.NewBuiltinFunction(f.name, f.fn));
  }
  return true;
}

}  // namespace wick::vm
