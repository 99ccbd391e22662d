// Reads a TORCH_TRACE structured trace (docs: pytorch_observability.md §3) into records,
// checking it the way `tlparse --strict` does: every line matches the glog regex, every
// envelope is JSON of the expected types, every payload matches its `has_payload` MD5,
// one rank per file, artifact encodings are "string" or "json", `dynamo_guards` payloads
// are JSON lists of {"code": ...}. wick also checks that an interned filename's `str`
// record comes before its first use (rule 2 of the reference's checklist).
//
//   Trace trace = ParseTrace(text);
//   RETURN_IF_ERROR(CheckStrict(trace));   // what --strict would refuse
//   for (const TraceRecord& r : trace.records) { if (r.event == "dynamo_start") ... }
#ifndef WICK_REPORT_TRACE_READER_H_
#define WICK_REPORT_TRACE_READER_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "report/json.h"

namespace wick::report {

// A compile id as the envelope carries it: [!ca/frame/compile_attempt]. The three ids
// are either all present (attempt defaults to 0 when absent, as tlparse normalizes it)
// or the record has no compile id at all.
struct CompileId {
  std::optional<uint32_t> compiled_autograd_id;
  uint32_t frame_id = 0;
  uint32_t frame_compile_id = 0;
  uint32_t attempt = 0;

  // tlparse's display form: "[0/0]", "[0/0_1]" (attempt 1), "[!2/0/0]".
  std::string ToString() const;
  // The per-compile-id output directory: "-_0_0_0", "2_0_0_1".
  std::string DirName() const;
  // The same compile id with attempt 0: restarts and their first attempt share it.
  CompileId WithoutAttempt() const;

  friend bool operator==(const CompileId& a, const CompileId& b) = default;
  friend auto operator<=>(const CompileId& a, const CompileId& b) = default;
};

// One frame of an interned stack, with the filename resolved through the string table.
struct StackFrame {
  std::string filename;  // "(unknown)" if the index was never interned
  int32_t line = 0;
  std::string name;
  std::string loc;  // the source line, when the emitter gave one

  // "file.py:12 in f", as tlparse prints a frame.
  std::string ToString() const;
};

// The parsed glog prefix of an envelope line: V1203 12:00:00.123456 1234 path.cc:12]
struct GlogPrefix {
  char level = 'V';
  int month = 0, day = 0, hour = 0, minute = 0, second = 0, microsecond = 0;
  uint64_t thread = 0;
  std::string pathname;  // with tlparse's regex the leading space belongs here; trimmed
  uint32_t lineno = 0;
};

// One envelope (a `str` record is consumed into the string table and not kept).
struct TraceRecord {
  int line_number = 0;  // 1-based line of the envelope in the file
  GlogPrefix prefix;
  Json envelope;      // the whole JSON object, key order kept
  std::string event;  // the first non-context key: "dynamo_start", "artifact", ...
  Json metadata;      // the value under `event`
  std::optional<CompileId> compile_id;
  std::optional<uint32_t> rank;
  std::optional<std::string> payload;  // present iff the envelope had has_payload
  // The resolved stack: dynamo_start's metadata.stack, or the envelope-level "stack" of
  // a record made without a compile id. Empty otherwise.
  std::vector<StackFrame> stack;
};

// Counters named as tlparse's Stats, plus fail_intern (wick's check of rule 2).
struct ParseStats {
  int ok = 0;
  int other_rank = 0;
  int fail_glog = 0;
  int fail_json = 0;
  int fail_payload_md5 = 0;
  int fail_dynamo_guards_json = 0;
  int fail_parser = 0;
  int fail_intern = 0;
  int unknown = 0;  // envelope keys wick does not know; not a failure

  // The sum `tlparse --strict` refuses (plus fail_intern).
  int StrictFailures() const {
    return fail_glog + fail_json + fail_payload_md5 + other_rank + fail_dynamo_guards_json +
           fail_parser + fail_intern;
  }
};

struct Trace {
  std::vector<TraceRecord> records;  // in file order; records that failed are dropped
  std::map<uint32_t, std::string> strings;  // the `str` intern table
  ParseStats stats;
  std::vector<std::string> problems;  // one "line N: what" per failure, in file order
};

// Parses a whole trace file. Never fails: bad lines are counted in `stats`, described in
// `problems` and skipped, as tlparse does without --strict. Differences from tlparse:
// after an envelope that is not valid JSON its TAB-prefixed payload lines are skipped
// with it (tlparse would count each as a glog failure too); a payload whose MD5 does not
// match is still kept.
Trace ParseTrace(absl::string_view text);

// OK if `trace` would pass `tlparse --strict` (and wick's interning check); otherwise
// InvalidArgument listing the counts and the first problems.
absl::Status CheckStrict(const Trace& trace);

// The trace file to read: `path` itself if it is a file, otherwise the newest
// `dedicated_log_torch_trace_*.log` in the directory `path` (by modification time, ties
// broken by the larger name), as `tlparse --latest` picks it. NotFound if there is none.
absl::StatusOr<std::string> FindTraceFile(const std::string& path);

}  // namespace wick::report

#endif  // WICK_REPORT_TRACE_READER_H_
