// Log settings as data (torch._logging's LogState) and the two ways to produce them: the
// TORCH_LOGS grammar (_parse_log_settings, validated with upstream's regex in RE2) and
// the keyword arguments of set_logs (_set_logs).
#ifndef WICK_LOGGING_INTERNAL_SETTINGS_H_
#define WICK_LOGGING_INTERNAL_SETTINGS_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "logging/internal/registry.h"
#include "logging/logging.h"

namespace wick::logging::internal {

// What the user asked for: explicit logger levels and explicitly enabled artifacts.
// Everything not named keeps its default (torch: WARNING, the rest: NOTSET).
struct LogState {
  absl::flat_hash_map<std::string, int> levels;  // qualified logger name -> level
  absl::flat_hash_set<int> artifacts;            // Registry::artifacts() indices

  void EnableLog(absl::Span<const std::string> qnames, int level) {
    for (const std::string& q : qnames) levels[q] = level;
  }
  // Sorted "qname=level" then "+artifact" lines: a deterministic form for tests.
  std::string DebugString(const Registry& registry) const;
};

// _parse_log_settings: TORCH_LOGS text to a LogState. Registers the modules it names in
// `registry` (as upstream does). Errors: ValueError with upstream's invalid-settings text;
// for "help"/"+help" a ValueError carrying the help text and the help payload
// (IsHelpRequest).
absl::StatusOr<LogState> ParseTorchLogs(absl::string_view settings, Registry& registry);

// _set_logs after the keyword defaults: `keywords` already in upstream's call order with
// `all` renamed `torch`, then the `modules` items.
absl::StatusOr<LogState> SetLogsState(
    absl::Span<const std::pair<std::string, LogsArg>> keywords,
    absl::Span<const std::pair<std::string, LogsArg>> modules, Registry& registry);

// The help-request status: a ValueError (as upstream raises) marked with a payload.
absl::Status HelpRequest(std::string text);
bool IsHelpPayload(const absl::Status& status);

}  // namespace wick::logging::internal

#endif  // WICK_LOGGING_INTERNAL_SETTINGS_H_
