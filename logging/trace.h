// TORCH_TRACE: upstream's structured trace (reference pytorch_observability.md §3), the
// input of tlparse and of `wick report`. When the environment variable TORCH_TRACE names
// a directory, the first record opens `dedicated_log_torch_trace_XXXXXXXX.log` in it
// (creating the directory) and writes the torch_version artifact; every record is one
// glog-prefixed JSON envelope line, followed by its payload lines, each starting with a
// TAB, when it has one:
//
//   V1203 12:00:00.123456 4242 runtime/internal/compile_frame.cc:88] {"dynamo_start": {...}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0}
//   V1203 12:00:00.124000 4242 runtime/internal/compile_frame.cc:161] {"dynamo_output_graph": {...}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0, "has_payload": "43df19c7545f412eca248f900fce6ce5"}
//   \tclass GraphModule(torch.nn.Module):
//
// `has_payload` is the MD5 of the payload; strings in stacks are interned through
// `{"str": [text, index]}` records, emitted before their first use. Everything here is
// a no-op (one branch) when tracing is off.
#ifndef WICK_LOGGING_TRACE_H_
#define WICK_LOGGING_TRACE_H_

#include <cstdint>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "base/text.h"

namespace wick::logging {

// The compile id a record belongs to (upstream's frame_id / frame_compile_id / attempt).
struct TraceContext {
  int64_t frame_id = 0;
  int64_t frame_compile_id = 0;
  int64_t attempt = 0;
};

// Whether TORCH_TRACE is set (read once, by InitFromEnvironment or the first call).
bool TraceEnabled();
// Points the trace at `dir` (empty: off), for tests and embedders; closes any open file.
void SetTraceDir(const std::string& dir);
// The file records go to ("" before the first record or when off).
std::string TraceFilePath();

// Writes one record. `metadata_json` is the event's metadata as JSON ("{}",
// "{\"name\": \"recompile_reasons\", \"encoding\": \"json\"}"); `context` adds the compile
// id keys; `payload` (when given) follows as TAB-prefixed lines. `file`/`line` go in the
// glog prefix (the emitting source, as upstream cites its Python file).
void TraceStructured(absl::string_view name, absl::string_view metadata_json,
                     const std::optional<TraceContext>& context,
                     const std::optional<std::string>& payload, const char* file, int line);

// The index of `s` in the trace's string table, emitting its `str` record first.
int64_t TraceIntern(absl::string_view s);

// JSON text as json.dumps writes it (base/text.h), for the payloads callers build.
using ::wick::base::JsonFloat;
using ::wick::base::JsonQuote;

}  // namespace wick::logging

#define WICK_TRACE(name, metadata, context, payload) \
  ::wick::logging::TraceStructured(name, metadata, context, payload, __FILE__, __LINE__)

#endif  // WICK_LOGGING_TRACE_H_
