// The process-wide logging state behind one lock: registry, settings, formatter, sinks,
// test seams, and the list of channels whose cached thresholds follow the settings.
// This is where Python's logger hierarchy is evaluated (levels, propagation, handlers).
#ifndef WICK_LOGGING_INTERNAL_CONFIG_H_
#define WICK_LOGGING_INTERNAL_CONFIG_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "logging/internal/format.h"
#include "logging/internal/registry.h"
#include "logging/internal/settings.h"
#include "logging/logging.h"

namespace wick::logging::internal {

struct GlobalState {
  absl::Mutex mu;
  Registry registry ABSL_GUARDED_BY(mu);
  LogState state ABSL_GUARDED_BY(mu);
  FormatOptions format ABSL_GUARDED_BY(mu);
  LogSink* console ABSL_GUARDED_BY(mu) = nullptr;
  std::unique_ptr<LogSink> file ABSL_GUARDED_BY(mu);  // TORCH_LOGS_OUT
  std::vector<LogSink*> extra_sinks ABSL_GUARDED_BY(mu);
  std::function<absl::Time()> clock ABSL_GUARDED_BY(mu);
  absl::TimeZone zone ABSL_GUARDED_BY(mu);
  int64_t pid ABSL_GUARDED_BY(mu) = 0;
  // TORCH_LOGS was present when the environment was read: set_logs is then ignored.
  bool torch_logs_env_set ABSL_GUARDED_BY(mu) = false;
  // Resolved channels (intrusive list through Channel::next_).
  const Channel* channels ABSL_GUARDED_BY(mu) = nullptr;
};

// The one instance (never destroyed, so logging from static destructors is safe).
GlobalState& Global();

// Friend of Channel: everything that reads or writes its cached state.
class ChannelList {
 public:
  // Recomputes every resolved channel from the current registry and settings.
  static void RecomputeAll(GlobalState& g) ABSL_EXCLUSIVE_LOCKS_REQUIRED(g.mu);
  // First use of a channel: registers and computes it; then answers Enabled(level).
  static bool Resolve(const Channel& channel, int level);
  // Formats one record and writes it to the sinks the logger hierarchy reaches.
  static void Emit(const Channel& channel, Level level, absl::string_view file, int line,
                   absl::string_view message);
  // The lowest level `channel` shows (for tests comparing whole configurations).
  static int Threshold(const Channel& channel);
};

// The lowest level a logger shows under `state`, following Python's rules: the first
// level set on it or an ancestor (root: WARNING); records reach a handler only through
// propagating loggers up to a registered one, else Python's lastResort handler prints
// WARNING and above as the bare message (`*bare` = true).
int ComputeThreshold(const Registry& registry, const LogState& state, absl::string_view module,
                     int artifact, bool* bare);

// Replaces registry and settings, and recomputes every channel.
void InstallSettings(GlobalState& g, Registry registry, LogState state)
    ABSL_EXCLUSIVE_LOCKS_REQUIRED(g.mu);

// Defaults: builtin registry, empty settings, stderr console, no file, real clock/pid.
void ResetLocked(GlobalState& g) ABSL_EXCLUSIVE_LOCKS_REQUIRED(g.mu);

// A sink appending to `path` (Python's FileHandler, mode 'a'). Errors carry the
// OSError subclass and text Python would raise.
absl::StatusOr<std::unique_ptr<LogSink>> OpenFileSink(const std::string& path);

// "external/<repo>/pkg/file.cc" and "./pkg/file.cc" as "pkg/file.cc": the path relative
// to the source root, as upstream cites paths relative to sys.path.
absl::string_view CiteSourceFile(absl::string_view file);

}  // namespace wick::logging::internal

#endif  // WICK_LOGGING_INTERNAL_CONFIG_H_
