// What the report builder gathers from a trace before rendering pages (report.cc fills
// it in trace order; pages.cc turns it into HTML). Internal to report/.
#ifndef WICK_REPORT_REPORT_MODEL_H_
#define WICK_REPORT_REPORT_MODEL_H_

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "report/graph_svg.h"
#include "report/json.h"
#include "report/trace_reader.h"

namespace wick::report::internal {

// One build product of a compile id, as tlparse's OutputFile.
struct OutputFile {
  std::string url;   // relative to the report root ("-_0_0_0/x_3.txt"), or external
  std::string name;  // what the index shows
  int number = 0;    // tlparse's global output number
  std::string suffix;  // cache hit/miss/bypass mark, or ""
  bool external = false;  // a `link` record's URL
};

// The build products of one compile id (or of records without one), in first-appearance
// order of the compile ids.
struct CompileEntry {
  std::optional<CompileId> id;
  std::string label;   // "[0/0]", "[0/0_1]" or "(unknown)"
  std::string anchor;  // element id in the index: the directory name, or "unknown"
  std::vector<OutputFile> files;
};

// tlparse's stack trie: children in insertion order, compile ids at the frame that was
// compiled.
struct TrieNode {
  std::vector<std::optional<CompileId>> terminals;
  std::vector<std::pair<StackFrame, std::unique_ptr<TrieNode>>> children;

  void Insert(const std::vector<StackFrame>& stack, std::optional<CompileId> id);
  bool empty() const { return terminals.empty() && children.empty(); }
};

// A compilation_metrics record and the page drawn for it.
struct MetricsRecord {
  std::optional<CompileId> id;
  Json metrics;
  std::string url;  // its compilation_metrics_N.html
};

// One row of failures_and_restarts.html.
struct FailureRow {
  std::string compile_id;  // "[0/0_1]" or "(unknown)"
  std::string href;        // its metrics page, or "" without a compile id
  bool restart = false;    // RestartAnalysis row (else a compilation failure)
  std::string type, description, source;
};

// A graph break reason or a recompile reason with where it came from.
struct Reason {
  CompileId id;
  std::string text;
  std::string url;  // the artifact file
};

// The graphs of one frame id (the resume entries of a frame are other frames).
struct FrameSummary {
  std::optional<uint32_t> compiled_autograd_id;
  uint32_t frame_id = 0;
  std::string title;  // "prog.py:5 in f" from dynamo_start, or co_name
  std::vector<CompileId> compile_ids;  // attempt 0 ids, in order
  std::vector<GraphPicture> graphs;
  std::string anchor() const;    // "frame-0", "frame-ca1-0"
  std::string svg_path() const;  // "graphs/frame_0.svg"
};

struct ReportModel {
  std::string source_name;
  const Trace* trace = nullptr;
  std::vector<CompileEntry> directory;
  TrieNode stack_trie;
  TrieNode unknown_stack_trie;
  // All metrics records of a compile id's attempts, keyed by the attempt-0 id.
  std::map<CompileId, std::vector<MetricsRecord>> metrics;
  std::map<CompileId, std::vector<StackFrame>> stacks;  // dynamo_start, by attempt-0 id
  std::map<CompileId, std::vector<GraphPicture>> graphs_by_compile;
  std::vector<FrameSummary> frames;  // in first-appearance order
  std::vector<FailureRow> failures;
  std::vector<Reason> graph_breaks;
  std::vector<Reason> recompiles;
  std::vector<std::string> warnings;  // report-level problems (bad wick_graph_json, ...)
  bool has_chromium_events = false;
};

// Page renderers (pages.cc).
std::string RenderIndex(const ReportModel& model);
std::string RenderFailures(const ReportModel& model);
// The compilation_metrics_N.html page of one record; `files` are the build products of
// its compile id so far (the page lives in that compile id's directory).
std::string RenderMetricsPage(const ReportModel& model, const MetricsRecord& record,
                              const std::vector<OutputFile>& files);
// A plain page for bwd_compilation_metrics and similar records: a title and key: value.
std::string RenderKeyValuePage(absl::string_view title, const Json& metadata);
// A trie as nested lists; `metrics` colours compile id links (null: plain trie).
std::string RenderTrie(const TrieNode& root, const ReportModel* model, absl::string_view base);

}  // namespace wick::report::internal

#endif  // WICK_REPORT_REPORT_MODEL_H_
