// Global logging state, channel thresholds (the Python logger hierarchy, evaluated once
// per settings change instead of per record), sinks, and record emission.
#include "logging/internal/config.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/strip.h"
#include "absl/strings/str_cat.h"
#include "base/python_error.h"

namespace wick::logging::internal {
namespace {

constexpr int kWarning = static_cast<int>(Level::kWarning);
constexpr int kDebug = static_cast<int>(Level::kDebug);

// Python's StreamHandler on sys.stderr: the text plus a newline, written at once.
class StderrSink : public LogSink {
 public:
  void Write(const LogRecord&, absl::string_view text) override {
    std::string line = absl::StrCat(text, "\n");
    std::fwrite(line.data(), 1, line.size(), stderr);
    std::fflush(stderr);
  }
};

// TORCH_LOGS_OUT. A write that fails (a full disk, /dev/full) is reported once on stderr
// and ends writing to the file; the program and its stderr logs go on.
class FileSink : public LogSink {
 public:
  FileSink(std::FILE* f, std::string path) : f_(f), path_(std::move(path)) {}
  ~FileSink() override { std::fclose(f_); }
  void Write(const LogRecord&, absl::string_view text) override {
    if (failed_) return;
    std::string line = absl::StrCat(text, "\n");
    // FileHandler flushes every record.
    if (std::fwrite(line.data(), 1, line.size(), f_) == line.size() && std::fflush(f_) == 0) {
      return;
    }
    const int err = errno;
    failed_ = true;
    std::fprintf(stderr, "wick: TORCH_LOGS_OUT: cannot write to '%s': [Errno %d] %s; "
                 "no more logs go to this file\n", path_.c_str(), err, std::strerror(err));
    std::fflush(stderr);
  }

 private:
  std::FILE* f_;
  std::string path_;
  bool failed_ = false;
};

LogSink* DefaultConsole() {
  static StderrSink* sink = new StderrSink;
  return sink;
}

// A logger's own level: what the settings say, else torch's WARNING, else NOTSET (0).
int OwnLevel(const LogState& state, absl::string_view qname) {
  auto it = state.levels.find(qname);
  if (it != state.levels.end()) return it->second;
  return qname == "torch" ? kWarning : 0;
}

}  // namespace

GlobalState& Global() {
  static GlobalState* g = [] {
    auto* state = new GlobalState;
    absl::MutexLock lock(&state->mu);
    ResetLocked(*state);
    return state;
  }();
  return *g;
}

int ComputeThreshold(const Registry& registry, const LogState& state, absl::string_view module,
                     int artifact, bool* bare) {
  // The artifact logger "<module>.__<name>": DEBUG when enabled by name, else NOTSET;
  // an off-by-default artifact does not propagate unless enabled.
  int effective = 0;
  bool propagate = true;
  if (artifact >= 0) {
    if (state.artifacts.contains(artifact)) {
      effective = kDebug;
    } else if (registry.artifacts()[artifact].off_by_default) {
      propagate = false;
    }
  }
  // Walk the module and its dotted prefixes (Python's parents). The first level set
  // decides getEffectiveLevel(); the first registered logger met while propagating has
  // the handlers (and does not propagate further).
  bool reaches_handler = false;
  absl::string_view qname = module;
  while (true) {
    if (effective == 0) effective = OwnLevel(state, qname);
    if (propagate && registry.IsRegisteredQname(qname)) {
      reaches_handler = true;
      propagate = false;
    }
    const size_t dot = qname.rfind('.');
    if (dot == absl::string_view::npos) break;
    qname = qname.substr(0, dot);
  }
  if (effective == 0) effective = kWarning;  // the root logger
  *bare = !reaches_handler;
  return reaches_handler ? effective : std::max(effective, kWarning);
}

void ChannelList::RecomputeAll(GlobalState& g) {
  for (const Channel* c = g.channels; c != nullptr; c = c->next_) {
    bool bare = false;
    const int threshold = c->artifact_ != nullptr && c->artifact_index_ < 0
                              ? std::numeric_limits<int>::max()  // unknown artifact
                              : ComputeThreshold(g.registry, g.state, c->module_,
                                                 c->artifact_index_, &bare);
    c->bare_ = bare;
    c->min_level_.store(threshold, std::memory_order_relaxed);
  }
}

bool ChannelList::Resolve(const Channel& channel, int level) {
  GlobalState& g = Global();
  absl::MutexLock lock(&g.mu);
  if (channel.min_level_.load(std::memory_order_relaxed) == Channel::kUnresolved) {
    if (channel.artifact_ != nullptr) {
      channel.artifact_index_ = g.registry.FindArtifact(channel.artifact_);
    }
    channel.next_ = g.channels;
    g.channels = &channel;
    // Computing just this one would do; recomputing all keeps one code path.
    RecomputeAll(g);
  }
  return level >= channel.min_level_.load(std::memory_order_relaxed);
}

int ChannelList::Threshold(const Channel& channel) {
  channel.Enabled(Level::kCritical);  // resolves it
  return channel.min_level_.load(std::memory_order_relaxed);
}

void ChannelList::Emit(const Channel& channel, Level level, absl::string_view file, int line,
                       absl::string_view message) {
  GlobalState& g = Global();
  absl::MutexLock lock(&g.mu);
  const bool is_artifact = channel.artifact_index_ >= 0;
  const std::string logger_name =
      is_artifact ? absl::StrCat(channel.module_, ".__", channel.artifact_)
                  : std::string(channel.module_);
  const LogRecord record{
      .level = level,
      .time = g.clock(),
      .pid = g.pid,
      .file = file,
      .line = line,
      .logger_name = logger_name,
      .artifact = is_artifact ? absl::string_view(channel.artifact_) : absl::string_view(),
      .trace_id = CurrentTraceIdText(),
      .message = message,
  };
  if (channel.bare_) {
    // lastResort: stderr only, "%(message)s".
    if (g.console != nullptr) g.console->Write(record, message);
    return;
  }
  const bool message_only =
      is_artifact && g.registry.artifacts()[channel.artifact_index_].message_only;
  const std::string text = g.format.Format(record, message_only, g.zone);
  if (g.console != nullptr) g.console->Write(record, text);
  if (g.file != nullptr) g.file->Write(record, text);
  for (LogSink* sink : g.extra_sinks) sink->Write(record, text);
}

void InstallSettings(GlobalState& g, Registry registry, LogState state) {
  g.registry = std::move(registry);
  g.state = std::move(state);
  ChannelList::RecomputeAll(g);
}

void ResetLocked(GlobalState& g) {
  g.format = FormatOptions();
  g.console = DefaultConsole();
  g.file.reset();
  g.extra_sinks.clear();
  g.clock = [] { return absl::Now(); };
  g.zone = absl::LocalTimeZone();
  g.pid = static_cast<int64_t>(getpid());
  g.torch_logs_env_set = false;
  InstallSettings(g, Registry::Builtin(), LogState());
}

absl::StatusOr<std::unique_ptr<LogSink>> OpenFileSink(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "a");
  if (f == nullptr) {
    const int err = errno;
    // Python's OSError text and the subclass open() raises for the common errnos.
    const absl::string_view type = err == ENOENT                  ? "FileNotFoundError"
                                   : err == EACCES || err == EPERM ? "PermissionError"
                                   : err == EISDIR                 ? "IsADirectoryError"
                                   : err == ENOTDIR                ? "NotADirectoryError"
                                                                   : "OSError";
    return PythonError(type,
                       absl::StrCat("[Errno ", err, "] ", std::strerror(err), ": '", path, "'"));
  }
  return std::unique_ptr<LogSink>(new FileSink(f, path));
}

bool ResolveChannel(const Channel& channel, int level) {
  return ChannelList::Resolve(channel, level);
}

absl::string_view CiteSourceFile(absl::string_view file) {
  if (absl::ConsumePrefix(&file, "external/")) {
    const size_t slash = file.find('/');
    if (slash != absl::string_view::npos) file.remove_prefix(slash + 1);
  }
  while (absl::ConsumePrefix(&file, "./")) {
  }
  return file;
}

}  // namespace wick::logging::internal
