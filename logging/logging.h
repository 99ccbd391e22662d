// wick's TORCH_LOGS: components, artifacts and log records, as torch._logging.
//
// Owns the TORCH_LOGS / TORCH_LOGS_OUT / TORCH_LOGS_FORMAT settings (upstream's grammar,
// error and help texts), `set_logs`, the glog-style record format with compile ids, the
// sinks records go to. The registry of names is data
// (logging/internal/registrations.inc). Checking whether a channel is on costs one load
// and one branch:
//
//   WICK_LOG(dynamo, INFO) << "Step 1: torchdynamo start tracing " << name;
//   WICK_ARTIFACT(graph_breaks) << "Graph break in user code at " << loc;
//   if (WICK_ARTIFACT_IS_ON(guards)) { ...build the expensive text once... }
//
//   wick::logging::CompileIdScope scope({.compile_id = {.frame_id = 0,
//                                                       .frame_compile_id = 1}});
//   // records logged on this thread now carry " [0/1]".
//
// Thread-safety: every function here may be called from any thread; records are written
// whole, one at a time.
#ifndef WICK_LOGGING_LOGGING_H_
#define WICK_LOGGING_LOGGING_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/base/optimization.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "absl/types/span.h"

namespace wick::logging {

// Python's logging levels (the values set_logs accepts).
enum class Level : int {
  kNotSet = 0,
  kDebug = 10,
  kInfo = 20,
  kWarning = 30,
  kError = 40,
  kCritical = 50,
};

class Channel;
namespace internal {
bool ResolveChannel(const Channel& channel, int level);
class ChannelList;
}  // namespace internal

// A logger that code emits to: a module logger ("torch._dynamo.convert_frame") or an
// artifact logger (that module plus an artifact name, "<module>.__graph_breaks"), as
// getLogger(__name__) / getArtifactLogger(__name__, name) upstream. Whether records at a
// level are shown is cached in the channel and recomputed whenever the settings change.
//
// A channel must have static storage duration (it is registered on first use and never
// unregistered); it is constant-initialized, so it is usable during static init. Every
// component and artifact has a predefined channel (`channels::component_dynamo`,
// `channels::artifact_graph_breaks`); define more with WICK_LOG_DEFINE_CHANNEL. Both
// strings must outlive the program (string literals). An unknown artifact name is our
// bug: such a channel never shows records.
class Channel {
 public:
  constexpr explicit Channel(const char* module, const char* artifact = nullptr)
      : module_(module), artifact_(artifact) {}
  Channel(const Channel&) = delete;
  Channel& operator=(const Channel&) = delete;

  // Whether a record at `level` would be written anywhere: one relaxed load and a compare
  // (the first call resolves the channel under the settings lock).
  bool Enabled(Level level) const {
    const int min_level = min_level_.load(std::memory_order_relaxed);
    if (ABSL_PREDICT_TRUE(static_cast<int>(level) < min_level)) return false;
    return min_level != kUnresolved ||
           internal::ResolveChannel(*this, static_cast<int>(level));
  }

  const char* module() const { return module_; }
  const char* artifact() const { return artifact_; }  // nullptr for a module logger

 private:
  friend class internal::ChannelList;
  // No resolved threshold is 0: a logger level of 0 is NOTSET, which defers to the
  // parent, and the root is WARNING.
  static constexpr int kUnresolved = 0;

  const char* module_;
  const char* artifact_;
  // The lowest level shown, or kUnresolved before first use.
  mutable std::atomic<int> min_level_{kUnresolved};
  // Below is guarded by the settings lock.
  mutable bool bare_ = false;  // no handler reached: Python's lastResort (message only)
  mutable int artifact_index_ = -1;
  mutable const Channel* next_ = nullptr;
};

// The predefined channels: one per component (its first qualified name) and one per
// artifact (its emitting module in registrations.inc).
namespace channels {
#define WICK_LOG_COMPONENT(alias, qnames) extern Channel component_##alias;
#define WICK_LOG_ARTIFACT(name, visible, off, plain, module, text) \
  extern Channel artifact_##name;
#include "logging/internal/registrations.inc"
}  // namespace channels

// Defines a channel variable for a module (and optionally an artifact) of one's own, at
// namespace scope or as a function-local `static`:
//   WICK_LOG_DEFINE_CHANNEL(guards_log, "torch._dynamo.guards", "guards");
//   WICK_LOG_TO(guards_log, ::wick::logging::Level::kDebug) << "GUARDS:";
#define WICK_LOG_DEFINE_CHANNEL(var, ...) constinit ::wick::logging::Channel var(__VA_ARGS__)

// One record. The text streamed into it becomes the message; it is emitted when the
// statement ends. Use through the macros below.
namespace internal {
class LogMessage {
 public:
  LogMessage(const Channel& channel, Level level, const char* file, int line)
      : channel_(channel), level_(level), file_(file), line_(line) {}
  LogMessage(const LogMessage&) = delete;
  LogMessage& operator=(const LogMessage&) = delete;
  ~LogMessage();
  std::ostream& stream() { return stream_; }

 private:
  const Channel& channel_;
  Level level_;
  const char* file_;
  int line_;
  std::ostringstream stream_;
};

inline constexpr Level kLevel_DEBUG = Level::kDebug;
inline constexpr Level kLevel_INFO = Level::kInfo;
inline constexpr Level kLevel_WARNING = Level::kWarning;
inline constexpr Level kLevel_ERROR = Level::kError;
inline constexpr Level kLevel_CRITICAL = Level::kCritical;
}  // namespace internal

// WICK_LOG_TO(channel, level) << ...: a record on any channel. The operands of << are
// evaluated only when the channel is on. `switch` keeps a dangling `else` safe.
#define WICK_LOG_TO(channel, level)                                               \
  switch (0)                                                                      \
  case 0:                                                                         \
  default:                                                                        \
    if (!(channel).Enabled(level)) {                                              \
    } else                                                                        \
      ::wick::logging::internal::LogMessage((channel), (level), __FILE__, __LINE__) \
          .stream()

// WICK_LOG(dynamo, INFO) << ...: a record on a component's logger. Severity is one of
// DEBUG, INFO, WARNING, ERROR, CRITICAL.
#define WICK_LOG(component, severity)                          \
  WICK_LOG_TO(::wick::logging::channels::component_##component, \
              ::wick::logging::internal::kLevel_##severity)
// WICK_ARTIFACT(graph_breaks) << ...: an artifact record (DEBUG, as upstream emits them).
#define WICK_ARTIFACT(name) \
  WICK_LOG_TO(::wick::logging::channels::artifact_##name, ::wick::logging::Level::kDebug)
// The same checks without a record, to guard expensive work.
#define WICK_LOG_IS_ON(component, severity)                  \
  (::wick::logging::channels::component_##component.Enabled( \
      ::wick::logging::internal::kLevel_##severity))
#define WICK_ARTIFACT_IS_ON(name) \
  (::wick::logging::channels::artifact_##name.Enabled(::wick::logging::Level::kDebug))

// Writes one record (no-op when the channel is off). `message` may have several lines;
// each gets the full prefix. For callers that know the location to cite (the VM's
// `torch._logging` binding); C++ code uses the macros.
void Log(const Channel& channel, Level level, absl::string_view message,
         absl::string_view file, int line);

// ---------------------------------------------------------------------------------------
// Compile ids: " [0/1]" in every record logged while a compile is active on the thread.

// torch._guards.CompileId: "{frame_id}/{frame_compile_id}", or with compiled autograd
// "!{ca_id}/{frame_id}/{frame_compile_id}" or "!{ca_id}". Either both frame fields are set
// or neither (then compiled_autograd_id must be set).
struct CompileId {
  std::optional<int64_t> frame_id;
  std::optional<int64_t> frame_compile_id;
  std::optional<int64_t> compiled_autograd_id;

  std::string ToString() const;
  // Inverse of ToString; ValueError "Invalid compile_id '{text}'" otherwise.
  static absl::StatusOr<CompileId> FromString(absl::string_view text);
  friend bool operator==(const CompileId&, const CompileId&) = default;
};

// torch._guards.TraceId: the compile id, plus "_{attempt}" once analysis restarted.
struct TraceId {
  CompileId compile_id;
  int64_t attempt = 0;
  std::string ToString() const;
  friend bool operator==(const TraceId&, const TraceId&) = default;
};

// Makes `id` the calling thread's current trace id until destroyed, then restores the
// previous one (scopes nest). The runtime opens one per compile attempt.
class CompileIdScope {
 public:
  explicit CompileIdScope(TraceId id);
  CompileIdScope(const CompileIdScope&) = delete;
  CompileIdScope& operator=(const CompileIdScope&) = delete;
  ~CompileIdScope();

 private:
  TraceId id_;
  std::string text_;
  const CompileIdScope* previous_;
  friend const TraceId* CurrentTraceId();
  friend absl::string_view CurrentTraceIdText();
};

// The calling thread's current trace id, or nullptr outside any CompileIdScope.
const TraceId* CurrentTraceId();
// Its text ("0/1"), or "" outside any scope.
absl::string_view CurrentTraceIdText();

// ---------------------------------------------------------------------------------------
// Records and sinks.

// What a sink receives. Views are valid only during the Write call.
struct LogRecord {
  Level level;
  absl::Time time;
  int64_t pid;
  absl::string_view file;         // as cited in the prefix, e.g. "frontend/trace.cc"
  int line;
  absl::string_view logger_name;  // "torch._dynamo.symbolic_convert.__graph_breaks"
  absl::string_view artifact;     // "graph_breaks", or "" for a module logger
  absl::string_view trace_id;     // "0/1", or "" outside a compile
  absl::string_view message;
};

// Where records go (a Python logging handler). `text` is the formatted record without a
// trailing newline (possibly several lines, or empty when TORCH_LOGS_TRACE_ID_FILTER
// drops it: Python still writes the newline then). Write is called with the logging lock
// held, so it must not log.
class LogSink {
 public:
  virtual ~LogSink() = default;
  virtual void Write(const LogRecord& record, absl::string_view text) = 0;
};

// The console sink: the process's stderr unless replaced (an embedding host's
// InterpreterOptions::write_stderr does not receive records). Returns the previous one;
// nullptr silences the console. The sink must outlive its installation.
LogSink* SetConsoleSink(LogSink* sink);
// Extra sinks that receive every formatted record (not owned; remove before destroying).
void AddLogSink(LogSink* sink);
void RemoveLogSink(LogSink* sink);

// Keeps every record written to it; for tests and tools.
class CapturingLogSink : public LogSink {
 public:
  void Write(const LogRecord& record, absl::string_view text) override;
  // The formatted records, each followed by "\n" as the console would show them.
  std::string text() const;
  std::vector<std::string> messages() const;  // just the message of each record
  void Clear();

 private:
  mutable absl::Mutex mu_;
  std::string text_ ABSL_GUARDED_BY(mu_);
  std::vector<std::string> messages_ ABSL_GUARDED_BY(mu_);
};

// Replaces the console with a CapturingLogSink for its lifetime.
class ScopedLogCapture {
 public:
  ScopedLogCapture();
  ScopedLogCapture(const ScopedLogCapture&) = delete;
  ScopedLogCapture& operator=(const ScopedLogCapture&) = delete;
  ~ScopedLogCapture();
  std::string text() const { return sink_.text(); }
  std::vector<std::string> messages() const { return sink_.messages(); }
  void Clear() { sink_.Clear(); }

 private:
  CapturingLogSink sink_;
  LogSink* previous_;
};

// ---------------------------------------------------------------------------------------
// Settings: TORCH_LOGS, set_logs, the environment.

// Applies a TORCH_LOGS value, replacing the current settings (as a process started with
// it, except that set_logs stays effective; ConfigureFromEnvironment is the whole thing).
// Errors are ValueErrors (base/python_error.h) whose message is upstream's text: the
// multi-line "Invalid log settings: ..." for an invalid value, the help text for
// "help" / "+help" (IsHelpRequest is true for those). On error nothing changes.
absl::Status ApplyTorchLogs(absl::string_view settings);

// TORCH_LOGS="help" ("+help" when verbose): "\nTORCH_LOGS Info\n..." as upstream.
std::string HelpText(bool verbose);
// True for the status ApplyTorchLogs / InitFromEnvironment return for "help"/"+help";
// its message is the help text.
bool IsHelpRequest(const absl::Status& status);

// A value passed to set_logs: Python None, a bool, an int, or anything else (carried as
// its str(), for messages).
class LogsArg {
 public:
  static LogsArg None() { return LogsArg(Kind::kNone, 0, "None"); }
  static LogsArg Bool(bool b) { return LogsArg(Kind::kBool, b, b ? "True" : "False"); }
  static LogsArg Int(int64_t v) { return LogsArg(Kind::kInt, v, std::to_string(v)); }
  static LogsArg Other(std::string str) { return LogsArg(Kind::kOther, 0, std::move(str)); }

  enum class Kind { kNone, kBool, kInt, kOther };
  Kind kind() const { return kind_; }
  int64_t value() const { return value_; }  // the bool as 0/1, or the int
  const std::string& str() const { return str_; }

 private:
  LogsArg(Kind kind, int64_t value, std::string str)
      : kind_(kind), value_(value), str_(std::move(str)) {}
  Kind kind_;
  int64_t value_;
  std::string str_;
};

// torch._logging.set_logs(**keywords, modules=dict(modules)). `keywords` are the keyword
// arguments as passed (any order; `all` included, `modules` not); `modules` the dict's
// items in order. Like upstream it clears all previous settings, then applies: a
// component takes a level (50,40,30,20,10,0), an artifact a bool, `modules` also takes
// module names. Errors: TypeError "set_logs() got an unexpected keyword argument 'x'";
// ValueErrors with upstream's texts for a bad value or unknown name (nothing changes).
// If TORCH_LOGS was set when the environment was read (InitFromEnvironment /
// ConfigureFromEnvironment), it logs upstream's warning and changes nothing, as upstream
// does.
absl::Status SetLogs(absl::Span<const std::pair<std::string, LogsArg>> keywords,
                     absl::Span<const std::pair<std::string, LogsArg>> modules = {});
// set_logs's keyword names in upstream's signature order (for the VM binding).
absl::Span<const absl::string_view> SetLogsKeywords();

// The environment variables InitFromEnvironment reads; nullopt = unset.
struct EnvironmentVariables {
  std::optional<std::string> torch_logs;                  // TORCH_LOGS
  std::optional<std::string> torch_logs_out;              // TORCH_LOGS_OUT
  std::optional<std::string> torch_logs_format;           // TORCH_LOGS_FORMAT
  std::optional<std::string> torch_logs_trace_id_filter;  // TORCH_LOGS_TRACE_ID_FILTER
  static EnvironmentVariables FromProcess();
};

// Configures logging from the process environment, once per process (later calls return
// the first call's status). Contract for the `wick` CLI, which calls it at startup:
//   - OK: settings applied (TORCH_LOGS, plus a file sink appending to TORCH_LOGS_OUT).
//   - IsHelpRequest(status): TORCH_LOGS was help/+help; print status.message() and
//     exit 0.
//   - any other error (an InvalidArgument carrying a Python exception type): print
//     status.message() (upstream's exact multi-line text) and exit 1. That covers an
//     invalid TORCH_LOGS (ValueError), an unopenable TORCH_LOGS_OUT (FileNotFoundError
//     etc., "[Errno 2] No such file or directory: 'path'") and an invalid
//     TORCH_LOGS_FORMAT (ValueError).
absl::Status InitFromEnvironment();
// The same from given values, every time it is called (for tests and embedders). On
// error nothing changes.
absl::Status ConfigureFromEnvironment(const EnvironmentVariables& env);

// Test seams: the clock, time zone and pid stamped on records (defaults: the real clock,
// the local time zone, getpid()). ResetForTesting restores the defaults, the default
// settings (as if TORCH_LOGS were unset), the stderr console, and drops extra sinks and
// the TORCH_LOGS_OUT file. Neither touches counters or compile-id scopes.
void SetClockForTesting(std::function<absl::Time()> now, absl::TimeZone zone);
void SetPidForTesting(int64_t pid);
void ResetForTesting();

}  // namespace wick::logging

#endif  // WICK_LOGGING_LOGGING_H_
