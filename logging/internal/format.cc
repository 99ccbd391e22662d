// Record formatting: TorchLogsFormatter.format's glog prefix, logging.Formatter's
// %-style fields for TORCH_LOGS_FORMAT, and the trace-id filter.
#include "logging/internal/format.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "absl/time/civil_time.h"
#include "base/python_error.h"

namespace wick::logging::internal {
namespace {

// glog's letters (V is "verbose") for Python's level names.
char LevelLetter(Level level) {
  switch (level) {
    case Level::kDebug: return 'V';
    case Level::kInfo: return 'I';
    case Level::kWarning: return 'W';
    case Level::kError: return 'E';
    case Level::kCritical: return 'C';
    case Level::kNotSet: break;
  }
  return '?';
}

absl::string_view LevelName(Level level) {
  switch (level) {
    case Level::kDebug: return "DEBUG";
    case Level::kInfo: return "INFO";
    case Level::kWarning: return "WARNING";
    case Level::kError: return "ERROR";
    case Level::kCritical: return "CRITICAL";
    case Level::kNotSet: break;
  }
  return "NOTSET";
}

// Microseconds within the second, also for times before the epoch.
int64_t SubsecondMicros(absl::Time t) {
  const int64_t us = absl::ToUnixMicros(t);
  return ((us % 1000000) + 1000000) % 1000000;
}

absl::string_view Basename(absl::string_view path) {
  const size_t slash = path.rfind('/');
  return slash == absl::string_view::npos ? path : path.substr(slash + 1);
}

constexpr absl::string_view kBasicFormat = "%(levelname)s:%(name)s:%(message)s";

enum class FieldType { kNone, kString, kInt };

FieldType TypeOfKey(absl::string_view key) {
  if (key == "name" || key == "levelname" || key == "pathname" || key == "filename" ||
      key == "module" || key == "message" || key == "asctime") {
    return FieldType::kString;
  }
  if (key == "levelno" || key == "lineno" || key == "process") return FieldType::kInt;
  return FieldType::kNone;
}

// Python's repr() of a str, enough for the field values records have.
std::string PyRepr(absl::string_view s) {
  const bool use_double = s.find('\'') != absl::string_view::npos &&
                          s.find('"') == absl::string_view::npos;
  const char quote = use_double ? '"' : '\'';
  std::string out(1, quote);
  for (const char c : s) {
    if (c == quote || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
      absl::StrAppendFormat(&out, "\\x%02x", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  out += quote;
  return out;
}

}  // namespace

std::string FormatGlog(const LogRecord& record, absl::TimeZone zone) {
  const absl::CivilSecond cs = absl::ToCivilSecond(record.time, zone);
  std::string prefix = absl::StrFormat(
      "%c%02d%02d %02d:%02d:%02d.%06d %d %s:%d]", LevelLetter(record.level), cs.month(),
      cs.day(), cs.hour(), cs.minute(), cs.second(), SubsecondMicros(record.time),
      record.pid, record.file, record.line);
  if (!record.trace_id.empty()) absl::StrAppend(&prefix, " [", record.trace_id, "]");
  if (!record.artifact.empty()) absl::StrAppend(&prefix, " [__", record.artifact, "]");
  std::string out;
  bool first = true;
  for (absl::string_view line : absl::StrSplit(record.message, '\n')) {
    absl::StrAppend(&out, first ? "" : "\n", prefix, " ", line);
    first = false;
  }
  return out;
}

absl::StatusOr<PercentFormat> PercentFormat::Parse(absl::string_view fmt) {
  if (fmt == "short" || fmt == "basic") fmt = kBasicFormat;
  // logging.Formatter("") falls back to its default, "%(message)s".
  if (fmt.empty()) fmt = "%(message)s";
  const absl::Status invalid =
      ValueError(absl::StrCat("Invalid format '", fmt, "' for '%' style"));
  PercentFormat out;
  Piece piece;
  size_t i = 0;
  bool any_field = false;
  while (i < fmt.size()) {
    if (fmt[i] != '%') {
      piece.literal += fmt[i++];
      continue;
    }
    if (i + 1 < fmt.size() && fmt[i + 1] == '%') {
      piece.literal += '%';
      i += 2;
      continue;
    }
    // %(key)[flags][width][.precision]conversion
    if (i + 1 >= fmt.size() || fmt[i + 1] != '(') return invalid;
    const size_t close = fmt.find(')', i + 2);
    if (close == absl::string_view::npos) return invalid;
    piece.key = std::string(fmt.substr(i + 2, close - i - 2));
    i = close + 1;
    for (; i < fmt.size() && absl::string_view("#0+ -").find(fmt[i]) != absl::string_view::npos;
         ++i) {
      if (fmt[i] == '-') piece.left = true;
      if (fmt[i] == '0') piece.zero = true;
    }
    for (; i < fmt.size() && absl::ascii_isdigit(fmt[i]); ++i) {
      piece.width = std::min(piece.width * 10 + (fmt[i] - '0'), 1 << 16);
    }
    if (i < fmt.size() && fmt[i] == '.') {
      piece.precision = 0;
      for (++i; i < fmt.size() && absl::ascii_isdigit(fmt[i]); ++i) {
        piece.precision = std::min(piece.precision * 10 + (fmt[i] - '0'), 1 << 16);
      }
    }
    if (i >= fmt.size()) return invalid;
    piece.conversion = fmt[i++];
    const FieldType type = TypeOfKey(piece.key);
    const bool string_conv = piece.conversion == 's' || piece.conversion == 'r' ||
                             piece.conversion == 'a';
    const bool int_conv =
        piece.conversion == 'd' || piece.conversion == 'i' || piece.conversion == 'u';
    if (type == FieldType::kNone || !(string_conv || (int_conv && type == FieldType::kInt))) {
      // Python would fail on every record instead (KeyError / TypeError).
      return ValueError(absl::StrCat("TORCH_LOGS_FORMAT field '%(", piece.key, ")",
                                     std::string(1, piece.conversion),
                                     "' is not supported by wick"));
    }
    any_field = true;
    out.pieces_.push_back(std::move(piece));
    piece = Piece();
  }
  if (!any_field) return invalid;
  out.pieces_.push_back(std::move(piece));  // trailing literal, empty key
  return out;
}

std::string PercentFormat::Format(const LogRecord& record, absl::TimeZone zone) const {
  std::string out;
  for (const Piece& p : pieces_) {
    out += p.literal;
    if (p.key.empty()) continue;
    std::string value;
    bool numeric = false;
    if (p.key == "name") {
      value = std::string(record.logger_name);
    } else if (p.key == "levelname") {
      value = std::string(LevelName(record.level));
    } else if (p.key == "pathname") {
      value = std::string(record.file);
    } else if (p.key == "filename") {
      value = std::string(Basename(record.file));
    } else if (p.key == "module") {
      absl::string_view base = Basename(record.file);
      value = std::string(base.substr(0, base.rfind('.')));
    } else if (p.key == "message") {
      value = std::string(record.message);
    } else if (p.key == "asctime") {
      // Formatter.formatTime's default: "%Y-%m-%d %H:%M:%S" then ",msecs".
      value = absl::StrCat(absl::FormatTime("%Y-%m-%d %H:%M:%S", record.time, zone), ",",
                           absl::StrFormat("%03d", SubsecondMicros(record.time) / 1000));
    } else {
      numeric = true;
      const int64_t n = p.key == "levelno"  ? static_cast<int64_t>(record.level)
                        : p.key == "lineno" ? record.line
                                            : record.pid;
      value = absl::StrCat(n);
    }
    if (p.conversion == 'r' || p.conversion == 'a') {
      if (!numeric) value = PyRepr(value);
    }
    if (!numeric && p.precision >= 0 && value.size() > static_cast<size_t>(p.precision)) {
      value.resize(p.precision);
    }
    if (value.size() < static_cast<size_t>(p.width)) {
      const size_t pad = p.width - value.size();
      if (p.left) {
        value.append(pad, ' ');
      } else if (p.zero && numeric) {
        const size_t sign = (!value.empty() && value[0] == '-') ? 1 : 0;
        value.insert(sign, pad, '0');
      } else {
        value.insert(0, pad, ' ');
      }
    }
    out += value;
  }
  return out;
}

std::string FormatOptions::Format(const LogRecord& record, bool message_only,
                                  absl::TimeZone zone) const {
  if (custom.has_value()) return custom->Format(record, zone);
  if (message_only) return std::string(record.message);
  if (!trace_id_filter.empty() &&
      !trace_id_filter.contains(record.trace_id.empty()
                                    ? std::string()
                                    : absl::StrCat("[", record.trace_id, "]"))) {
    return "";
  }
  return FormatGlog(record, zone);
}

absl::flat_hash_set<std::string> ParseTraceIdFilter(absl::string_view text) {
  absl::flat_hash_set<std::string> out;
  for (absl::string_view item : absl::StrSplit(text, ',')) {
    item = absl::StripAsciiWhitespace(item);
    if (!item.empty()) out.insert(std::string(item));
  }
  return out;
}

}  // namespace wick::logging::internal
