// Turning a LogRecord into text: upstream's glog-style TorchLogsFormatter (the default),
// the plain `%(key)s` formatter TORCH_LOGS_FORMAT selects, and the
// TORCH_LOGS_TRACE_ID_FILTER check.
#ifndef WICK_LOGGING_INTERNAL_FORMAT_H_
#define WICK_LOGGING_INTERNAL_FORMAT_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/time/time.h"
#include "logging/logging.h"

namespace wick::logging::internal {

// "V0123 10:01:52.787000 4242 frontend/trace.cc:12] [0/0] [__graph_code] line", the
// prefix repeated on every line of the message.
std::string FormatGlog(const LogRecord& record, absl::TimeZone zone);

// A logging.Formatter(fmt) with '%' style, for the record fields wick has: name,
// levelno, levelname, pathname, filename, module, lineno, process, message, asctime.
class PercentFormat {
 public:
  // Upstream's validation ("Invalid format '{fmt}' for '%' style" when no `%(key)X` field
  // is present); wick also rejects fields it cannot fill, at once rather than per record.
  // "short" and "basic" mean logging.BASIC_FORMAT.
  static absl::StatusOr<PercentFormat> Parse(absl::string_view fmt);
  std::string Format(const LogRecord& record, absl::TimeZone zone) const;

 private:
  struct Piece {
    std::string literal;  // text before the field (with %% already unescaped)
    std::string key;      // empty for the trailing literal
    bool left = false;    // '-' flag
    bool zero = false;    // '0' flag
    int width = 0;
    int precision = -1;
    char conversion = 's';
  };
  std::vector<Piece> pieces_;
};

// How records become text; fixed when the environment is read.
struct FormatOptions {
  std::optional<PercentFormat> custom;                // TORCH_LOGS_FORMAT
  absl::flat_hash_set<std::string> trace_id_filter;  // e.g. "[0/0]", brackets included

  // The text a handler writes for `record` ("" when the trace-id filter drops it).
  // `message_only` is an artifact with log_format="".
  std::string Format(const LogRecord& record, bool message_only, absl::TimeZone zone) const;
};

// TORCH_LOGS_TRACE_ID_FILTER's set: comma-separated, each item stripped, empties dropped.
absl::flat_hash_set<std::string> ParseTraceIdFilter(absl::string_view text);

}  // namespace wick::logging::internal

#endif  // WICK_LOGGING_INTERNAL_FORMAT_H_
