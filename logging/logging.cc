// The public logging API over internal/config: predefined channels, records, sinks, and
// the three ways settings arrive (TORCH_LOGS, set_logs, the environment at startup).
#include "logging/logging.h"

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "logging/internal/config.h"
#include "logging/internal/format.h"
#include "logging/internal/registry.h"
#include "logging/internal/settings.h"

namespace wick::logging {
namespace {

// The first space-separated word of a string literal, as a constant array: a component's
// channel logs as its first qualified name (dynamo -> "torch._dynamo").
template <size_t N>
struct FirstWord {
  char text[N] = {};
  constexpr explicit FirstWord(const char (&s)[N]) {
    for (size_t i = 0; i < N && s[i] != '\0' && s[i] != ' '; ++i) text[i] = s[i];
  }
};

#define WICK_LOG_COMPONENT(alias, qnames) constexpr FirstWord kModuleOf_##alias(qnames);
#include "logging/internal/registrations.inc"

// set_logs's keywords in its signature order, and the order its body applies them in
// (`all` is applied as `torch`, first); the latter decides which of two settings of the
// same logger wins and which bad value is reported.
constexpr absl::string_view kSignature[] = {
    "all", "dynamo", "aot", "autograd", "dynamic", "inductor", "distributed", "c10d", "ddp",
    "fsdp", "dtensor", "bytecode", "aot_graphs", "aot_joint_graph", "ddp_graphs", "graph",
    "graph_code", "graph_code_verbose", "graph_breaks", "side_effects", "graph_sizes",
    "guards", "recompiles", "recompiles_verbose", "trace_source", "trace_call",
    "trace_bytecode", "output_code", "kernel_code", "schedule", "perf_hints",
    "pre_grad_graphs", "post_grad_graphs", "ir_pre_fusion", "ir_post_fusion", "fusion",
    "overlap", "export", "modules", "cudagraphs", "sym_node", "compiled_autograd",
    "compiled_autograd_verbose", "cudagraph_static_inputs", "benchmarking", "autotuning",
    "autotuning_inputs", "incremental", "graph_region_expansion", "inductor_metrics",
    "hierarchical_compile", "compute_dependencies", "caching", "partitioned_scatter"};
constexpr absl::string_view kApplyOrder[] = {
    "all", "dynamo", "aot", "autograd", "inductor", "dynamic", "bytecode", "aot_graphs",
    "aot_joint_graph", "ddp_graphs", "distributed", "c10d", "ddp", "fsdp", "dtensor",
    "graph", "graph_code", "graph_code_verbose", "graph_breaks", "side_effects",
    "graph_sizes", "guards", "recompiles", "recompiles_verbose", "trace_source",
    "trace_call", "trace_bytecode", "output_code", "kernel_code", "schedule", "perf_hints",
    "pre_grad_graphs", "post_grad_graphs", "ir_pre_fusion", "ir_post_fusion", "fusion",
    "overlap", "sym_node", "export", "cudagraphs", "compiled_autograd",
    "compiled_autograd_verbose", "cudagraph_static_inputs", "benchmarking", "autotuning",
    "autotuning_inputs", "incremental", "graph_region_expansion", "inductor_metrics",
    "hierarchical_compile", "compute_dependencies", "caching", "partitioned_scatter"};

// Where set_logs's warning comes from upstream.
WICK_LOG_DEFINE_CHANNEL(internal_log, "torch._logging._internal");

}  // namespace

namespace channels {
#define WICK_LOG_COMPONENT(alias, qnames) constinit Channel component_##alias(kModuleOf_##alias.text);
#define WICK_LOG_ARTIFACT(name, visible, off, plain, module, text) \
  constinit Channel artifact_##name(module, #name);
#include "logging/internal/registrations.inc"
}  // namespace channels

// --- Records -------------------------------------------------------------------------

internal::LogMessage::~LogMessage() {
  internal::ChannelList::Emit(channel_, level_, internal::CiteSourceFile(file_), line_,
                              stream_.str());
}

void Log(const Channel& channel, Level level, absl::string_view message,
         absl::string_view file, int line) {
  if (!channel.Enabled(level)) return;
  internal::ChannelList::Emit(channel, level, file, line, message);
}

// --- Sinks ---------------------------------------------------------------------------

LogSink* SetConsoleSink(LogSink* sink) {
  internal::GlobalState& g = internal::Global();
  absl::MutexLock lock(&g.mu);
  return std::exchange(g.console, sink);
}

void AddLogSink(LogSink* sink) {
  internal::GlobalState& g = internal::Global();
  absl::MutexLock lock(&g.mu);
  g.extra_sinks.push_back(sink);
}

void RemoveLogSink(LogSink* sink) {
  internal::GlobalState& g = internal::Global();
  absl::MutexLock lock(&g.mu);
  auto& sinks = g.extra_sinks;
  sinks.erase(std::remove(sinks.begin(), sinks.end(), sink), sinks.end());
}

void CapturingLogSink::Write(const LogRecord& record, absl::string_view text) {
  absl::MutexLock lock(&mu_);
  absl::StrAppend(&text_, text, "\n");
  messages_.emplace_back(record.message);
}

std::string CapturingLogSink::text() const {
  absl::MutexLock lock(&mu_);
  return text_;
}

std::vector<std::string> CapturingLogSink::messages() const {
  absl::MutexLock lock(&mu_);
  return messages_;
}

void CapturingLogSink::Clear() {
  absl::MutexLock lock(&mu_);
  text_.clear();
  messages_.clear();
}

ScopedLogCapture::ScopedLogCapture() : previous_(SetConsoleSink(&sink_)) {}
ScopedLogCapture::~ScopedLogCapture() { SetConsoleSink(previous_); }

// --- Settings ------------------------------------------------------------------------

absl::Status ApplyTorchLogs(absl::string_view settings) {
  internal::GlobalState& g = internal::Global();
  absl::MutexLock lock(&g.mu);
  // Parse against a copy: upstream registers named modules as it goes, but an invalid
  // setting must leave everything as it was.
  internal::Registry registry = g.registry;
  absl::StatusOr<internal::LogState> state = internal::ParseTorchLogs(settings, registry);
  if (!state.ok()) return state.status();
  internal::InstallSettings(g, std::move(registry), *std::move(state));
  return absl::OkStatus();
}

std::string HelpText(bool verbose) {
  internal::GlobalState& g = internal::Global();
  absl::MutexLock lock(&g.mu);
  return g.registry.HelpText(verbose);
}

bool IsHelpRequest(const absl::Status& status) { return internal::IsHelpPayload(status); }

absl::Span<const absl::string_view> SetLogsKeywords() { return kSignature; }

absl::Status SetLogs(absl::Span<const std::pair<std::string, LogsArg>> keywords,
                     absl::Span<const std::pair<std::string, LogsArg>> modules) {
  // Python checks the keywords at the call, before set_logs's body runs.
  absl::flat_hash_map<absl::string_view, const LogsArg*> given;
  for (const auto& [name, value] : keywords) {
    if (name == "modules") {
      return absl::FailedPreconditionError("SetLogs: pass modules= as `modules`");
    }
    if (std::find(std::begin(kSignature), std::end(kSignature), name) ==
        std::end(kSignature)) {
      return TypeError(absl::StrCat("set_logs() got an unexpected keyword argument '", name,
                                    "'"));
    }
    given[name] = &value;
  }
  internal::GlobalState& g = internal::Global();
  {
    absl::MutexLock lock(&g.mu);
    if (!g.torch_logs_env_set) {
      std::vector<std::pair<std::string, LogsArg>> ordered;
      for (absl::string_view name : kApplyOrder) {
        auto it = given.find(name);
        if (it == given.end()) continue;
        ordered.emplace_back(name == "all" ? "torch" : std::string(name), *it->second);
      }
      internal::Registry registry = g.registry;
      absl::StatusOr<internal::LogState> state =
          internal::SetLogsState(ordered, modules, registry);
      if (!state.ok()) return state.status();
      internal::InstallSettings(g, std::move(registry), *std::move(state));
      return absl::OkStatus();
    }
  }
  WICK_LOG_TO(internal_log, Level::kWarning)
      << "Using TORCH_LOGS environment variable for log settings, ignoring call to set_logs";
  return absl::OkStatus();
}

EnvironmentVariables EnvironmentVariables::FromProcess() {
  auto read = [](const char* name) -> std::optional<std::string> {
    const char* value = std::getenv(name);
    if (value == nullptr) return std::nullopt;
    return std::string(value);
  };
  return EnvironmentVariables{
      .torch_logs = read("TORCH_LOGS"),
      .torch_logs_out = read("TORCH_LOGS_OUT"),
      .torch_logs_format = read("TORCH_LOGS_FORMAT"),
      .torch_logs_trace_id_filter = read("TORCH_LOGS_TRACE_ID_FILTER"),
  };
}

absl::Status ConfigureFromEnvironment(const EnvironmentVariables& env) {
  internal::GlobalState& g = internal::Global();
  absl::MutexLock lock(&g.mu);
  // Upstream's order: the formatter is built when torch._logging is imported, then
  // _init_logs parses TORCH_LOGS, then opens TORCH_LOGS_OUT.
  internal::FormatOptions format;
  if (env.torch_logs_format.has_value()) {
    absl::StatusOr<internal::PercentFormat> custom =
        internal::PercentFormat::Parse(*env.torch_logs_format);
    if (!custom.ok()) return custom.status();
    format.custom = *std::move(custom);
  }
  if (env.torch_logs_trace_id_filter.has_value()) {
    format.trace_id_filter = internal::ParseTraceIdFilter(*env.torch_logs_trace_id_filter);
  }
  internal::Registry registry = g.registry;
  internal::LogState state;
  if (env.torch_logs.has_value()) {
    absl::StatusOr<internal::LogState> parsed =
        internal::ParseTorchLogs(*env.torch_logs, registry);
    if (!parsed.ok()) return parsed.status();
    state = *std::move(parsed);
  }
  std::unique_ptr<LogSink> file;
  if (env.torch_logs_out.has_value()) {
    absl::StatusOr<std::unique_ptr<LogSink>> opened =
        internal::OpenFileSink(*env.torch_logs_out);
    if (opened.ok()) {
      file = *std::move(opened);
    } else {
      // Upstream's `import torch` raises here; a log file that cannot be opened should
      // not stop the program (issue M13): one warning, and the logs go to stderr only.
      const std::string type = PythonErrorType(opened.status());
      std::fprintf(stderr, "wick: TORCH_LOGS_OUT: %s: %.*s; logs go to stderr only\n",
                   type.c_str(), static_cast<int>(opened.status().message().size()),
                   opened.status().message().data());
    }
  }
  g.format = std::move(format);
  g.file = std::move(file);
  g.torch_logs_env_set = env.torch_logs.has_value();
  internal::InstallSettings(g, std::move(registry), std::move(state));
  return absl::OkStatus();
}

absl::Status InitFromEnvironment() {
  static const absl::Status* const result =
      new absl::Status(ConfigureFromEnvironment(EnvironmentVariables::FromProcess()));
  return *result;
}

// --- Test seams ----------------------------------------------------------------------

void SetClockForTesting(std::function<absl::Time()> now, absl::TimeZone zone) {
  internal::GlobalState& g = internal::Global();
  absl::MutexLock lock(&g.mu);
  g.clock = std::move(now);
  g.zone = zone;
}

void SetPidForTesting(int64_t pid) {
  internal::GlobalState& g = internal::Global();
  absl::MutexLock lock(&g.mu);
  g.pid = pid;
}

void ResetForTesting() {
  internal::GlobalState& g = internal::Global();
  absl::MutexLock lock(&g.mu);
  internal::ResetLocked(g);
}

}  // namespace wick::logging
