// `wick report`: a self-contained static HTML report of a TORCH_TRACE structured trace,
// laid out like upstream's tlparse (reference: pytorch_observability.md §3.6) plus
// pictures of each frame's graphs with their graph breaks marked.
//
//   RETURN_IF_ERROR(WriteReport("/tmp/trace", "/tmp/report", {.overwrite = true}));
//   // /tmp/report/index.html, failures_and_restarts.html, -_0_0_0/..., raw.log, ...
//
// Output tree (N is tlparse's global output number, counted from 0 in trace order over
// every file the parsers produce, compilation_metrics pages included):
//   index.html                  stack trie (div#stack-trie), failures count
//                               (a#failures-link), graph breaks, recompiles, per-frame
//                               graph SVGs (div#graphs > section.frame-graphs#frame-F),
//                               build products (div#build-products), trace checks
//   failures_and_restarts.html  table#failures: Compile Id | Failure Type | Failure
//                               Description | Failure Source (compilation failures only)
//   {ca|-}_{frame}_{compile}_{attempt}/   per compile id (unknown_{line}/ without one):
//       dynamo_output_graph_N.txt, dynamo_cpp_guards_str_N.txt, dynamo_guards_N.html,
//       {artifact}_N.txt | {artifact}_N.json, compilation_metrics_N.html, ...
//   graphs/frame_{F}.svg        the per-frame pictures as standalone files
//   raw.log, raw.jsonl, compile_directory.json, chromium_events.json (if any events),
//   payloads/{md5}.txt (payloads no page shows), dump_file/*.html
#ifndef WICK_REPORT_REPORT_H_
#define WICK_REPORT_REPORT_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "report/json.h"
#include "report/trace_reader.h"

namespace wick::report {

struct ReportOptions {
  bool overwrite = false;  // replace a non-empty out_dir (tlparse --overwrite)
  bool strict = false;     // refuse what tlparse --strict refuses (see CheckStrict)
};

// Reads the trace (FindTraceFile: `trace_path` itself if it is a file, else the newest
// dedicated_log_torch_trace_*.log in that directory) and writes the report into
// `out_dir`, creating it. Errors: NotFound if there is no readable trace; AlreadyExists
// if `out_dir` exists, is not empty and `overwrite` is off; InvalidArgument if `strict`
// and the trace fails the checks (nothing is written then); FailedPrecondition if
// `out_dir` cannot be written or would contain the trace itself.
absl::Status WriteReport(const std::string& trace_path, const std::string& out_dir,
                         const ReportOptions& options = {});

// The report as (relative path, contents) pairs, in the order WriteReport writes them.
// `raw_log` is the trace file's text (copied to raw.log), `source_name` its path as
// shown on the index page. Pure: no file system access.
std::vector<std::pair<std::string, std::string>> BuildReport(const Trace& trace,
                                                             absl::string_view raw_log,
                                                             absl::string_view source_name);

// tlparse's colouring of a compile id from all compilation_metrics records of its
// attempts: "status-missing" (none), "status-error" (a fail_type), "status-empty" (a
// graph_op_count of 0 or absent), "status-break" (a non-empty restart_reasons),
// otherwise "status-ok". First match wins, in that order. (tlparse's code also counts an
// absent restart_reasons as a break, contrary to its documentation; wick follows the
// documentation, and wick's emitter always writes the field.)
const char* StatusClass(const std::vector<Json>& metrics);

// tlparse's numbered file name: ("dynamo_output_graph.txt", 3) ->
// "dynamo_output_graph_3.txt"; a name without an extension gets "_3" appended.
std::string NumberedFileName(absl::string_view file, int number);

}  // namespace wick::report

#endif  // WICK_REPORT_REPORT_H_
