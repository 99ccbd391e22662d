// The report's HTML pages, rendered from a ReportModel: the index, the failures and
// restarts table, and the per-record compilation metrics pages. Text follows tlparse's
// templates; markup is plain HTML5 without scripts (collapsing uses <details>).
#include "absl/strings/str_cat.h"
#include "report/html.h"
#include "report/report.h"
#include "report/report_model.h"

namespace wick::report::internal {
namespace {

// The metrics of a compile id's attempts (keyed by its attempt-0 id).
std::vector<Json> MetricsOf(const ReportModel& model, const CompileId& id) {
  std::vector<Json> out;
  if (auto it = model.metrics.find(id.WithoutAttempt()); it != model.metrics.end()) {
    for (const MetricsRecord& m : it->second) out.push_back(m.metrics);
  }
  return out;
}

// A compile id link coloured by status: to the last metrics page of the id's attempts,
// or to its build products when it has none. `base` is the path from the page to the
// report root ("" or "../").
std::string CompileLink(const ReportModel& model, const CompileId& id, absl::string_view base) {
  const char* status = StatusClass(MetricsOf(model, id));
  std::string href = absl::StrCat(base, "index.html#", id.DirName());
  if (auto it = model.metrics.find(id.WithoutAttempt());
      it != model.metrics.end() && !it->second.empty()) {
    href = absl::StrCat(base, it->second.back().url);
  } else if (base.empty()) {
    href = absl::StrCat("#", id.DirName());
  }
  return absl::StrCat("<a class=\"", status, "\" href=\"", EscapeHtml(href), "\">",
                      EscapeHtml(id.ToString()), "</a>");
}

void TrieChildren(const TrieNode& node, const ReportModel* model, absl::string_view base,
                  std::string* out) {
  for (const auto& [frame, child] : node.children) {
    std::string star;
    for (const std::optional<CompileId>& t : child->terminals) {
      if (!t) {
        star += "(unknown) ";
      } else if (model != nullptr) {
        absl::StrAppend(&star, CompileLink(*model, *t, base), " ");
      } else {
        absl::StrAppend(&star, EscapeHtml(t->ToString()), " ");
      }
    }
    const std::string text = absl::StrCat(star, "<span class=\"frame\">",
                                          EscapeHtml(frame.ToString()), "</span>");
    if (node.children.size() > 1) {
      // Where stacks diverge, each subtree is its own indented, collapsible list.
      absl::StrAppend(out, "<li><details open><summary>", text, "</summary><ul>\n");
      TrieChildren(*child, model, base, out);
      absl::StrAppend(out, "</ul></details></li>\n");
    } else {
      absl::StrAppend(out, "<li>", text, "</li>\n");
      TrieChildren(*child, model, base, out);
    }
  }
}

std::string Value(const Json& metrics, const char* key) {
  const Json* v = metrics.Find(key);
  if (v == nullptr || v->is_null()) return "";
  return EscapeHtml(v->is_string() ? v->as_string() : v->Dump());
}

std::string StringList(const Json& metrics, const char* key, const char* id) {
  std::string out = absl::StrCat("<ul id=\"", id, "\">");
  if (const Json* v = metrics.Find(key); v != nullptr && v->is_array()) {
    for (const Json& s : v->as_array()) {
      absl::StrAppend(&out, "<li><code>", EscapeHtml(s.is_string() ? s.as_string() : s.Dump()),
                      "</code></li>");
    }
  }
  return out + "</ul>\n";
}

std::string FrameSection(const ReportModel& model, const FrameSummary& frame) {
  std::string links;
  for (const CompileId& id : frame.compile_ids) absl::StrAppend(&links, " ", CompileLink(model, id, ""));
  std::string out = absl::StrCat(
      "<section class=\"frame-graphs\" id=\"", frame.anchor(), "\">\n<h3>Frame ",
      frame.compiled_autograd_id ? absl::StrCat("!", *frame.compiled_autograd_id, "/") : "",
      frame.frame_id, frame.title.empty() ? "" : ": ", EscapeHtml(frame.title), links, "</h3>\n");
  if (frame.graphs.empty()) {
    return out + "<p class=\"muted\">No graph captured.</p>\n</section>\n";
  }
  int breaks = 0;
  for (const GraphPicture& g : frame.graphs) breaks += g.graph_break ? 1 : 0;
  absl::StrAppend(&out, "<p>", frame.graphs.size(), " graph(s), ", breaks,
                  " ending in a graph break (<a href=\"", frame.svg_path(), "\">SVG</a>)</p>\n",
                  "<div class=\"frame-graph\">", RenderGraphSvg(frame.graphs, frame.anchor()),
                  "</div>\n</section>\n");
  return out;
}

std::string ReasonList(const std::vector<Reason>& reasons, const char* id) {
  std::string out = absl::StrCat("<ul id=\"", id, "\">\n");
  for (const Reason& r : reasons) {
    absl::StrAppend(&out, "<li><a href=\"", EscapeHtml(r.url), "\">", EscapeHtml(r.id.ToString()),
                    "</a><pre>", EscapeHtml(r.text), "</pre></li>\n");
  }
  return out + "</ul>\n";
}

constexpr char kCompileIdHelp[] =
    "<p>A <strong>compile id</strong> <code>[x/y]</code> names one compilation: the frame "
    "id <code>x</code> identifies the frame being compiled (a resume entry after a graph "
    "break is a new frame), <code>y</code> counts its recompilations. <code>[x/y_z]</code> "
    "is attempt <code>z</code> of that compilation (analysis restarted, e.g. at a graph "
    "break); <code>[!a/x/y]</code> belongs to compiled autograd graph <code>a</code>. "
    "Each file below is followed by its output number.</p>\n";

}  // namespace

std::string RenderTrie(const TrieNode& root, const ReportModel* model, absl::string_view base) {
  std::string out = "<ul class=\"stack-trie\">\n";
  TrieChildren(root, model, base, &out);
  return out + "</ul>\n";
}

std::string RenderIndex(const ReportModel& model) {
  const ParseStats& stats = model.trace->stats;
  size_t compiles = 0;
  for (const CompileEntry& e : model.directory) compiles += e.id && e.id->attempt == 0 ? 1 : 0;
  std::string body = absl::StrCat(
      "<h1>wick report</h1>\n<p id=\"summary\">Trace <code>", EscapeHtml(model.source_name),
      "</code>: ", stats.ok, " records, ", model.frames.size(), " frames, ", compiles,
      " compilations, ", model.graph_breaks.size(), " graph breaks, ", model.recompiles.size(),
      " recompiles.</p>\n");

  absl::StrAppend(
      &body, "<div id=\"stack-trie\">\n<h2>Stack trie</h2>\n",
      "<p>Every stack that started a compilation, as a tree of frames (most recent call "
      "last); where stacks diverge the list indents. Compile ids are coloured by status: "
      "<span class=\"status-ok\">[Success]</span>, "
      "<span class=\"status-break\">[Success with restart (e.g., graph break)]</span>, "
      "<span class=\"status-empty\">[Empty graph]</span>, "
      "<span class=\"status-error\">[Error]</span>, "
      "<span class=\"status-missing\">[Metrics were missing]</span>.</p>\n",
      RenderTrie(model.stack_trie, &model, ""), "</div>\n");

  absl::StrAppend(&body, "<div id=\"failures-and-restarts\">\n<h2>Failures and Restarts</h2>\n",
                  "<p>This run had <a id=\"failures-link\" href=\"failures_and_restarts.html\">",
                  "<strong id=\"failure-count\">", model.failures.size(),
                  "</strong> restart(s) and/or compilation failure(s)</a>.</p>\n</div>\n");

  if (!model.graph_breaks.empty()) {
    absl::StrAppend(&body, "<div id=\"graph-breaks\">\n<h2>Graph breaks</h2>\n",
                    ReasonList(model.graph_breaks, "graph-break-list"), "</div>\n");
  }
  if (!model.recompiles.empty()) {
    absl::StrAppend(&body, "<div id=\"recompiles\">\n<h2>Recompiles</h2>\n",
                    ReasonList(model.recompiles, "recompile-list"), "</div>\n");
  }

  absl::StrAppend(&body, "<div id=\"graphs\">\n<h2>Graphs</h2>\n",
                  "<p>Each frame's captured graphs in order; a red dashed line marks where a "
                  "graph ended at a graph break.</p>\n");
  for (const FrameSummary& f : model.frames) absl::StrAppend(&body, FrameSection(model, f));
  absl::StrAppend(&body, "</div>\n");

  if (model.has_chromium_events) {
    absl::StrAppend(&body, "<div id=\"chromium-events\">\n<h2>Chromium Events</h2>\n",
                    "<p><a href=\"chromium_events.json\">Chromium trace events</a> (open in a "
                    "trace viewer such as Perfetto).</p>\n</div>\n");
  }

  absl::StrAppend(&body, "<div id=\"build-products\">\n<h2>Build products</h2>\n",
                  kCompileIdHelp, "<ul>\n");
  for (const CompileEntry& e : model.directory) {
    absl::StrAppend(&body, "<li><a class=\"compile-id\" id=\"", EscapeHtml(e.anchor), "\">",
                    EscapeHtml(e.label), "</a>\n<ul>\n");
    for (const OutputFile& f : e.files) {
      absl::StrAppend(&body, "<li><a href=\"", EscapeHtml(f.url), "\">", EscapeHtml(f.name),
                      "</a> ", f.suffix, f.suffix.empty() ? "" : " ", "(", f.number, ")</li>\n");
    }
    absl::StrAppend(&body, "</ul>\n</li>\n");
  }
  absl::StrAppend(&body, "</ul>\n</div>\n");

  if (!model.unknown_stack_trie.empty()) {
    absl::StrAppend(&body, "<div id=\"unknown-stacks\">\n<h2>Unknown stacks</h2>\n",
                    "<p>Where records were made without a compile id.</p>\n",
                    RenderTrie(model.unknown_stack_trie, nullptr, ""), "</div>\n");
  }

  absl::StrAppend(&body, "<div id=\"trace-checks\">\n<h2>Trace checks</h2>\n",
                  "<table class=\"data\" id=\"parse-stats\">\n");
  const std::pair<const char*, int> rows[] = {
      {"ok", stats.ok},
      {"fail_glog", stats.fail_glog},
      {"fail_json", stats.fail_json},
      {"fail_payload_md5", stats.fail_payload_md5},
      {"other_rank", stats.other_rank},
      {"fail_dynamo_guards_json", stats.fail_dynamo_guards_json},
      {"fail_parser", stats.fail_parser},
      {"fail_intern", stats.fail_intern},
      {"unknown", stats.unknown}};
  for (const auto& [name, count] : rows) {
    absl::StrAppend(&body, "<tr><th>", name, "</th><td>", count, "</td></tr>\n");
  }
  absl::StrAppend(&body, "</table>\n");
  std::vector<std::string> problems = model.trace->problems;
  problems.insert(problems.end(), model.warnings.begin(), model.warnings.end());
  if (problems.empty()) {
    absl::StrAppend(&body, "<p id=\"problems\">The trace passes tlparse's --strict checks.</p>\n");
  } else {
    absl::StrAppend(&body, "<ul id=\"problems\">\n");
    for (const std::string& p : problems) absl::StrAppend(&body, "<li>", EscapeHtml(p), "</li>\n");
    absl::StrAppend(&body, "</ul>\n");
  }
  absl::StrAppend(&body, "</div>\n");
  return HtmlPage("wick report", body);
}

std::string RenderFailures(const ReportModel& model) {
  std::string body = absl::StrCat(
      "<h1>Failures and Restarts</h1>\n<p><a href=\"index.html\">Back to the index</a></p>\n",
      "<table class=\"data\" id=\"failures\">\n<thead><tr><th>Compile Id</th><th>Failure "
      "Type</th><th>Failure Description</th><th>Failure Source (compilation failures "
      "only)</th></tr></thead>\n<tbody>\n");
  for (const FailureRow& f : model.failures) {
    const std::string id = f.href.empty()
                               ? EscapeHtml(f.compile_id)
                               : absl::StrCat("<a href=\"", EscapeHtml(f.href), "\">",
                                              EscapeHtml(f.compile_id), "</a>");
    if (f.restart) {
      absl::StrAppend(&body, "<tr class=\"restart\"><td>", id, "</td><td>", EscapeHtml(f.type),
                      "</td><td><pre>", EscapeHtml(f.description), "</pre></td><td>",
                      EscapeHtml(f.source), "</td></tr>\n");
    } else {
      absl::StrAppend(&body, "<tr class=\"failure\"><td>", id, "</td><td><pre>",
                      EscapeHtml(f.type), "</pre></td><td><pre>", EscapeHtml(f.description),
                      "</pre></td><td><pre>", EscapeHtml(f.source), "</pre></td></tr>\n");
    }
  }
  absl::StrAppend(&body, "</tbody>\n</table>\n");
  return HtmlPage("Failures and Restarts", body);
}

std::string RenderMetricsPage(const ReportModel& model, const MetricsRecord& record,
                              const std::vector<OutputFile>& files) {
  const Json& m = record.metrics;
  const std::string label = record.id ? record.id->ToString() : "(unknown)";
  std::string body = absl::StrCat("<h1>Compilation Info for ", EscapeHtml(label), "</h1>\n",
                                  "<p><a href=\"../index.html\">Back to the index</a></p>\n");
  if (!Value(m, "co_name").empty() && !Value(m, "co_filename").empty()) {
    absl::StrAppend(&body, "<p id=\"mini-stack\"><code>", Value(m, "co_filename"), ":",
                    Value(m, "co_firstlineno"), " in ", Value(m, "co_name"), "</code></p>\n");
  }
  absl::StrAppend(&body, "<h2>Output files</h2>\n<ul id=\"output-files\">\n");
  const std::string dir_prefix = record.url.substr(0, record.url.find('/') + 1);
  for (const OutputFile& f : files) {
    std::string href = f.url;
    std::string name = f.name;
    if (!f.external) {
      const bool here = href.compare(0, dir_prefix.size(), dir_prefix) == 0;
      href = here ? href.substr(dir_prefix.size()) : "../" + href;
      if (here) name = name.substr(dir_prefix.size());
    }
    absl::StrAppend(&body, "<li><a href=\"", EscapeHtml(href), "\">", EscapeHtml(name), "</a> (",
                    f.number, ")</li>\n");
  }
  absl::StrAppend(&body, "</ul>\n<h2>Stack</h2>\n");
  if (record.id) {
    if (auto it = model.stacks.find(record.id->WithoutAttempt()); it != model.stacks.end()) {
      TrieNode stack;
      stack.Insert(it->second, std::nullopt);
      absl::StrAppend(&body, RenderTrie(stack, nullptr, "../"));
    }
    if (auto it = model.graphs_by_compile.find(*record.id); it != model.graphs_by_compile.end()) {
      absl::StrAppend(&body, "<h2>Graphs</h2>\n<div class=\"frame-graph\">",
                      RenderGraphSvg(it->second, "metrics-graph"), "</div>\n");
    }
  }
  absl::StrAppend(
      &body, "<h2>Compile Time (seconds)</h2>\n<p>Entire Frame: ",
      Value(m, "entire_frame_compile_time_s"), "</p>\n<p>Backend: ",
      Value(m, "backend_compile_time_s"), "</p>\n");
  if (!Value(m, "inductor_compile_time_s").empty()) {
    absl::StrAppend(&body, "<p>Inductor: ", Value(m, "inductor_compile_time_s"), "</p>\n");
  }
  if (!Value(m, "code_gen_time_s").empty()) {
    absl::StrAppend(&body, "<p>Code Gen Time: ", Value(m, "code_gen_time_s"), "</p>\n");
  }
  absl::StrAppend(&body, "<p>Dynamo Time Before Restart: ",
                  Value(m, "dynamo_time_before_restart_s"), "</p>\n",
                  "<h2>Restarts and Failures</h2>\n<div id=\"failures\">\n");
  if (!Value(m, "fail_type").empty()) {
    absl::StrAppend(&body, "<p>Failure Exception:</p><pre>", Value(m, "fail_type"),
                    "</pre>\n<p>Failure Reason:</p><pre>", Value(m, "fail_reason"), "</pre>\n");
    if (!Value(m, "fail_user_frame_filename").empty()) {
      absl::StrAppend(&body, "<p>In file <code>", Value(m, "fail_user_frame_filename"),
                      "</code>, line ", Value(m, "fail_user_frame_lineno"), "</p>\n");
    }
  } else {
    absl::StrAppend(&body, "<p>No failures!</p>\n");
  }
  absl::StrAppend(&body, "</div>\n<div id=\"restarts\">\n");
  const Json* restarts = m.Find("restart_reasons");
  if (restarts != nullptr && restarts->is_array() && !restarts->as_array().empty()) {
    absl::StrAppend(&body, "<p>Restart Reasons:</p>\n", StringList(m, "restart_reasons", "restart-reasons"));
  } else {
    absl::StrAppend(&body, "<p>No restarts!</p>\n");
  }
  absl::StrAppend(&body, "</div>\n<h2>Cache Metrics</h2>\n<p>Cache Size: ", Value(m, "cache_size"),
                  "</p>\n<p>Accumulated Cache Size: ", Value(m, "accumulated_cache_size"),
                  "</p>\n<h2>Graph Metrics</h2>\n<table class=\"data\" id=\"graph-metrics\">\n");
  const std::pair<const char*, const char*> rows[] = {{"Guard Count", "guard_count"},
                                                      {"Shape Env Guards", "shape_env_guard_count"},
                                                      {"Graph Ops", "graph_op_count"},
                                                      {"Graph Nodes", "graph_node_count"},
                                                      {"Graph Inputs", "graph_input_count"}};
  for (const auto& [title, key] : rows) {
    absl::StrAppend(&body, "<tr><th>", title, "</th><td>", Value(m, key), "</td></tr>\n");
  }
  absl::StrAppend(&body, "</table>\n<h2>Custom Ops</h2>\n<p>Compliant Custom Ops:</p>\n",
                  StringList(m, "compliant_custom_ops", "compliant-ops"),
                  "<p>Non-Compliant Custom Ops:</p>\n",
                  StringList(m, "non_compliant_ops", "non-compliant-ops"));
  return HtmlPage(absl::StrCat("Compilation Metrics ", label), body);
}

std::string RenderKeyValuePage(absl::string_view title, const Json& metadata) {
  std::string body = absl::StrCat("<h1>", EscapeHtml(title), "</h1>\n",
                                  "<p><a href=\"../index.html\">Back to the index</a></p>\n",
                                  "<table class=\"data\">\n");
  if (metadata.is_object()) {
    for (const auto& [k, v] : metadata.as_object()) {
      absl::StrAppend(&body, "<tr><th>", EscapeHtml(k), "</th><td>",
                      EscapeHtml(v.is_string() ? v.as_string() : v.Dump()), "</td></tr>\n");
    }
  }
  return HtmlPage(title, body + "</table>\n");
}

}  // namespace wick::report::internal
