// The report builder: walks the trace records in order the way tlparse's parsers do
// (numbering every output file), gathers the ReportModel, renders the pages, and writes
// the tree.
#include "report/report.h"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <system_error>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "report/html.h"
#include "base/md5.h"
#include "report/report_model.h"

namespace wick::report {

const char* StatusClass(const std::vector<Json>& metrics) {
  if (metrics.empty()) return "status-missing";
  auto any = [&](auto pred) { return std::any_of(metrics.begin(), metrics.end(), pred); };
  if (any([](const Json& m) {
        const Json* t = m.Find("fail_type");
        return t != nullptr && !t->is_null();
      })) {
    return "status-error";
  }
  if (any([](const Json& m) {
        const Json* n = m.Find("graph_op_count");
        return n == nullptr || !n->is_int() || n->as_int() == 0;
      })) {
    return "status-empty";
  }
  if (any([](const Json& m) {
        const Json* r = m.Find("restart_reasons");
        return r != nullptr && r->is_array() && !r->as_array().empty();
      })) {
    return "status-break";
  }
  return "status-ok";
}

std::string NumberedFileName(absl::string_view file, int number) {
  const size_t slash = file.rfind('/');
  const size_t dot = file.rfind('.');
  // A leading dot (".hidden") or a dot in a directory part is not an extension.
  if (dot == absl::string_view::npos || dot == 0 ||
      (slash != absl::string_view::npos && dot <= slash + 1)) {
    return absl::StrCat(file, "_", number);
  }
  return absl::StrCat(file.substr(0, dot), "_", number, file.substr(dot));
}

namespace internal {

void TrieNode::Insert(const std::vector<StackFrame>& stack, std::optional<CompileId> id) {
  TrieNode* node = this;
  for (const StackFrame& frame : stack) {
    TrieNode* next = nullptr;
    for (auto& [f, child] : node->children) {
      if (f.filename == frame.filename && f.line == frame.line && f.name == frame.name) {
        next = child.get();
        break;
      }
    }
    if (next == nullptr) {
      node->children.emplace_back(frame, std::make_unique<TrieNode>());
      next = node->children.back().second.get();
    }
    node = next;
  }
  if (id) node->terminals.push_back(id);
}

std::string FrameSummary::anchor() const {
  return compiled_autograd_id ? absl::StrCat("frame-ca", *compiled_autograd_id, "-", frame_id)
                              : absl::StrCat("frame-", frame_id);
}

std::string FrameSummary::svg_path() const {
  return compiled_autograd_id
             ? absl::StrCat("graphs/frame_ca", *compiled_autograd_id, "_", frame_id, ".svg")
             : absl::StrCat("graphs/frame_", frame_id, ".svg");
}

}  // namespace internal

namespace {

using internal::CompileEntry;
using internal::OutputFile;

// The graph dumps tlparse writes verbatim as {event}.txt.
bool IsSentinelGraph(absl::string_view event) {
  static constexpr const char* kEvents[] = {
      "optimize_ddp_split_graph", "compiled_autograd_graph", "aot_forward_graph",
      "aot_backward_graph",       "aot_joint_graph",         "aot_inference_graph",
      "inductor_pre_grad_graph",  "inductor_post_grad_graph", "dynamo_cpp_guards_str",
      "dynamo_output_graph"};
  return std::any_of(std::begin(kEvents), std::end(kEvents),
                     [&](const char* e) { return event == e; });
}

// A name from the trace made safe as one path component: letters, digits, '.', '-',
// '_' kept, anything else (a '/' in an artifact name) becomes '_'.
std::string SafeName(absl::string_view name) {
  std::string out;
  for (const char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '-' || c == '_';
    out.push_back(ok ? c : '_');
  }
  if (out.empty() || out == "." || out == "..") out = "_" + out;
  return out;
}

std::string CacheSuffix(absl::string_view file) {
  if (absl::StrContains(file, "fx_graph_cache_miss")) return "\u274c";
  if (absl::StrContains(file, "fx_graph_cache_hit")) return "\u2705";
  if (absl::StrContains(file, "fx_graph_cache_bypass")) return "\u2753";
  return "";
}

// upstream's convert_frame wrappers at the end of a dynamo_start stack (tlparse drops
// them); wick's own stacks never have them.
void DropConvertFrameSuffix(std::vector<StackFrame>* stack) {
  static const std::vector<std::vector<std::pair<const char*, const char*>>> kSuffixes = {
      {{"torch/_dynamo/convert_frame.py", "catch_errors"},
       {"torch/_dynamo/convert_frame.py", "_convert_frame"},
       {"torch/_dynamo/convert_frame.py", "_convert_frame_assert"}},
      {{"torch/_dynamo/convert_frame.py", "__call__"},
       {"torch/_dynamo/convert_frame.py", "__call__"},
       {"torch/_dynamo/convert_frame.py", "__call__"}}};
  for (const auto& suffix : kSuffixes) {
    if (stack->size() < suffix.size()) continue;
    const size_t start = stack->size() - suffix.size();
    bool match = true;
    for (size_t i = 0; i < suffix.size() && match; ++i) {
      const StackFrame& f = (*stack)[start + i];
      match = absl::EndsWith(f.filename, suffix[i].first) && f.name == suffix[i].second;
    }
    if (match) stack->resize(start);
  }
}

std::string InductorCodePage(absl::string_view code) {
  return HtmlPage("inductor output code", absl::StrCat("<pre>", EscapeHtml(code), "</pre>\n"));
}

// A source file with one anchored line per source line (dump_file/eval_with_key_N.html).
std::string AnchoredSourcePage(absl::string_view name, absl::string_view source) {
  std::string body = "<pre class=\"source\">";
  int n = 0;
  size_t start = 0;
  while (start <= source.size()) {
    size_t end = source.find('\n', start);
    if (end == absl::string_view::npos) end = source.size();
    if (end == source.size() && start == end && n > 0) break;
    absl::StrAppend(&body, "<span id=\"L", ++n, "\">", EscapeHtml(source.substr(start, end - start)),
                    "</span>\n");
    start = end + 1;
  }
  return HtmlPage(name, body + "</pre>\n");
}

std::string GuardsPage(const Json& guards) {
  std::string body = "<h1>Guards</h1>\n<ul id=\"guards\">\n";
  for (const Json& g : guards.as_array()) {
    absl::StrAppend(&body, "<li><code>", EscapeHtml(g.Find("code")->as_string()), "</code></li>\n");
  }
  return HtmlPage("Guards", body + "</ul>\n");
}

class Builder {
 public:
  Builder(const Trace& trace, absl::string_view raw_log, absl::string_view source_name)
      : trace_(trace), raw_log_(raw_log) {
    model_.source_name = std::string(source_name);
    model_.trace = &trace;
    year_ = absl::FormatTime("%Y", absl::Now(), absl::UTCTimeZone());
  }

  std::vector<std::pair<std::string, std::string>> Build() {
    for (const TraceRecord& r : trace_.records) Process(r);
    std::vector<std::pair<std::string, std::string>> out = std::move(files_);
    out.emplace_back("failures_and_restarts.html", internal::RenderFailures(model_));
    if (model_.has_chromium_events) {
      out.emplace_back("chromium_events.json", Json::MakeArray(chromium_).DumpPretty());
    }
    for (const internal::FrameSummary& f : model_.frames) {
      if (!f.graphs.empty()) {
        out.emplace_back(f.svg_path(), RenderGraphSvg(f.graphs, f.anchor()));
      }
    }
    out.emplace_back("index.html", internal::RenderIndex(model_));
    out.emplace_back("raw.log", std::string(raw_log_));
    out.emplace_back("raw.jsonl", RawJsonl());
    out.emplace_back("compile_directory.json", CompileDirectory());
    return out;
  }

 private:
  CompileEntry& Entry(const std::optional<CompileId>& id) {
    for (CompileEntry& e : model_.directory) {
      if (e.id == id) return e;
    }
    CompileEntry e;
    e.id = id;
    e.label = id ? id->ToString() : "(unknown)";
    e.anchor = id ? id->DirName() : "unknown";
    model_.directory.push_back(std::move(e));
    return model_.directory.back();
  }

  // A numbered file in the record's compile directory; returns its url.
  std::string AddFile(const TraceRecord& r, absl::string_view file, std::string contents) {
    const std::string dir =
        r.compile_id ? r.compile_id->DirName() : absl::StrCat("unknown_", r.line_number);
    const std::string url = absl::StrCat(dir, "/", NumberedFileName(file, count_));
    return AddOutput(r, url, std::move(contents));
  }

  std::string AddOutput(const TraceRecord& r, const std::string& url, std::string contents) {
    Entry(r.compile_id).files.push_back({url, url, count_, CacheSuffix(url), false});
    ++count_;
    files_.emplace_back(url, std::move(contents));
    record_file_ = url;
    return url;
  }

  internal::FrameSummary& Frame(const CompileId& id) {
    for (internal::FrameSummary& f : model_.frames) {
      if (f.frame_id == id.frame_id && f.compiled_autograd_id == id.compiled_autograd_id) return f;
    }
    internal::FrameSummary f;
    f.frame_id = id.frame_id;
    f.compiled_autograd_id = id.compiled_autograd_id;
    model_.frames.push_back(std::move(f));
    return model_.frames.back();
  }

  void Process(const TraceRecord& r) {
    record_file_.clear();
    Entry(r.compile_id);  // every record's compile id gets a build-products entry
    const std::string& event = r.event;
    const std::string payload = r.payload.value_or("");
    if (IsSentinelGraph(event)) {
      AddFile(r, absl::StrCat(event, ".txt"), payload);
    } else if (event == "graph_dump") {
      AddFile(r, SafeName(absl::StrCat(r.metadata.Find("name")->as_string(), ".txt")), payload);
    } else if (event == "optimize_ddp_split_child") {
      AddFile(r, SafeName(absl::StrCat("optimize_ddp_split_child_",
                                       r.metadata.Find("name")->as_string(), ".txt")),
              payload);
    } else if (event == "dynamo_guards") {
      absl::StatusOr<Json> guards = ParseJson(payload);
      if (guards.ok() && guards->is_array()) AddFile(r, "dynamo_guards.html", GuardsPage(*guards));
    } else if (event == "inductor_output_code") {
      std::string file = "inductor_output_code.html";
      if (const Json* f = r.metadata.Find("filename"); f != nullptr && f->is_string()) {
        std::string stem = std::filesystem::path(f->as_string()).stem().string();
        if (!stem.empty()) file = SafeName(absl::StrCat("inductor_output_code_", stem, ".html"));
      }
      AddFile(r, file, InductorCodePage(payload));
    } else if (event == "link") {
      Entry(r.compile_id).files.push_back({r.metadata.Find("url")->as_string(),
                                           r.metadata.Find("name")->as_string(), count_, "",
                                           true});
      ++count_;
    } else if (event == "dump_file") {
      const std::string& name = r.metadata.Find("name")->as_string();
      std::string file = absl::StrCat(SafeName(name), ".html");
      if (size_t k = name.find("<eval_with_key>."); k != std::string::npos) {
        file = absl::StrCat("eval_with_key_", SafeName(name.substr(k + 16)), ".html");
      }
      AddOutput(r, absl::StrCat("dump_file/", file), AnchoredSourcePage(name, payload));
    } else if (event == "artifact") {
      ProcessArtifact(r, payload);
    } else if (event == "bwd_compilation_metrics" ||
               event == "aot_autograd_backward_compilation_metrics") {
      AddFile(r, absl::StrCat(event, ".html"),
              internal::RenderKeyValuePage(
                  absl::StrCat(event, " ", r.compile_id ? r.compile_id->ToString() : "(unknown)"),
                  r.metadata));
    } else if (event == "compilation_metrics") {
      ProcessMetrics(r);
    } else if (event == "dynamo_start") {
      ProcessStart(r);
    } else if (event == "chromium_event") {
      if (absl::StatusOr<Json> e = ParseJson(payload); e.ok()) chromium_.push_back(*std::move(e));
      model_.has_chromium_events = true;
    }
    if (!r.compile_id && !r.stack.empty() && event != "dynamo_start") {
      model_.unknown_stack_trie.Insert(r.stack, std::nullopt);
    }
    if (r.payload && record_file_.empty() && event != "chromium_event") {
      // tlparse keeps payloads no parser claimed under payloads/.
      record_file_ = absl::StrCat("payloads/", Md5Hex(payload), ".txt");
      if (payload_files_.insert(record_file_).second) files_.emplace_back(record_file_, payload);
    }
    if (event != "chromium_event") jsonl_.push_back(JsonlLine(r));
  }

  void ProcessArtifact(const TraceRecord& r, const std::string& payload) {
    const std::string& name = r.metadata.Find("name")->as_string();
    const std::string& encoding = r.metadata.Find("encoding")->as_string();
    std::string url;
    if (encoding == "string") {
      url = AddFile(r, SafeName(name + ".txt"), payload);
    } else if (encoding == "json") {
      absl::StatusOr<Json> j = ParseJson(payload);
      url = AddFile(r, SafeName(name + ".json"), j.ok() ? j->DumpPretty() : payload);
    } else {
      return;  // counted by the reader as a parser failure
    }
    if (!r.compile_id) return;
    const CompileId& id = *r.compile_id;
    if (name == "dynamo_graph_break_reason") {
      model_.graph_breaks.push_back({id, payload, url});
    } else if (name == "recompile_reasons") {
      // A JSON list of strings; one revision of upstream emits a bare string.
      std::string text = payload;
      if (absl::StatusOr<Json> j = ParseJson(payload); j.ok()) {
        if (j->is_string()) text = j->as_string();
        if (j->is_array()) {
          text.clear();
          for (const Json& s : j->as_array()) {
            absl::StrAppend(&text, text.empty() ? "" : "\n", s.is_string() ? s.as_string() : s.Dump());
          }
        }
      }
      model_.recompiles.push_back({id, text, url});
    } else if (name == "wick_graph_json") {
      absl::StatusOr<Json> j = ParseJson(payload);
      absl::StatusOr<GraphPicture> g =
          j.ok() ? GraphPictureFromJson(*j) : absl::StatusOr<GraphPicture>(j.status());
      if (!g.ok()) {
        model_.warnings.push_back(absl::StrCat("line ", r.line_number, ": wick_graph_json: ",
                                               g.status().message()));
        return;
      }
      g->title = absl::StrCat(id.ToString(), " ", g->title);
      Frame(id).graphs.push_back(*g);
      model_.graphs_by_compile[id].push_back(*std::move(g));
    }
  }

  void ProcessStart(const TraceRecord& r) {
    std::vector<StackFrame> stack = r.stack;
    DropConvertFrameSuffix(&stack);
    model_.stack_trie.Insert(stack, r.compile_id);
    if (!r.compile_id) return;
    const CompileId key = r.compile_id->WithoutAttempt();
    model_.stacks[key] = stack;
    internal::FrameSummary& frame = Frame(key);
    if (frame.title.empty() && !stack.empty()) frame.title = stack.back().ToString();
    if (std::find(frame.compile_ids.begin(), frame.compile_ids.end(), key) ==
        frame.compile_ids.end()) {
      frame.compile_ids.push_back(key);
    }
  }

  void ProcessMetrics(const TraceRecord& r) {
    const std::vector<OutputFile> files_so_far = Entry(r.compile_id).files;
    internal::MetricsRecord record{r.compile_id, r.metadata, ""};
    // The page's number is the current count; its url is known before it is rendered.
    const std::string dir =
        r.compile_id ? r.compile_id->DirName() : absl::StrCat("unknown_", r.line_number);
    record.url = absl::StrCat(dir, "/", NumberedFileName("compilation_metrics.html", count_));
    if (r.compile_id) {
      const CompileId key = r.compile_id->WithoutAttempt();
      model_.metrics[key].push_back(record);
      internal::FrameSummary& frame = Frame(key);
      if (frame.title.empty()) {
        if (const Json* n = r.metadata.Find("co_name"); n != nullptr && n->is_string()) {
          frame.title = n->as_string();
        }
      }
    }
    AddFile(r, "compilation_metrics.html",
            internal::RenderMetricsPage(model_, record, files_so_far));

    const std::string label = r.compile_id ? r.compile_id->ToString() : "(unknown)";
    const std::string href = r.compile_id ? record.url : "";
    if (const Json* rr = r.metadata.Find("restart_reasons"); rr != nullptr && rr->is_array()) {
      for (const Json& reason : rr->as_array()) {
        model_.failures.push_back({label, href, true, "RestartAnalysis", reason.as_string(),
                                   "Not availble for restarts(yet)!"});
      }
    }
    if (const Json* t = r.metadata.Find("fail_type"); t != nullptr && t->is_string()) {
      const Json* reason = r.metadata.Find("fail_reason");
      const Json* file = r.metadata.Find("fail_user_frame_filename");
      const Json* line = r.metadata.Find("fail_user_frame_lineno");
      if (reason == nullptr || !reason->is_string()) {
        model_.warnings.push_back(absl::StrCat("line ", r.line_number,
                                               ": fail_type without fail_reason"));
      }
      model_.failures.push_back(
          {label, href, false, t->as_string(),
           reason != nullptr && reason->is_string() ? reason->as_string() : "",
           absl::StrCat(file != nullptr && file->is_string() ? file->as_string() : "N/A", ":",
                        line != nullptr && line->is_int() ? line->as_int() : 0)});
    }
  }

  // The envelope with the glog fields and the payload's file merged in (raw.jsonl).
  std::string JsonlLine(const TraceRecord& r) {
    Json line = r.envelope;
    const GlogPrefix& p = r.prefix;
    line.Set("timestamp", Json::String(absl::StrFormat("%s-%02d-%02dT%02d:%02d:%02d.%06dZ", year_,
                                                       p.month, p.day, p.hour, p.minute,
                                                       p.second, p.microsecond)));
    line.Set("thread", Json::Int(static_cast<int64_t>(p.thread)));
    line.Set("pathname", Json::String(p.pathname));
    line.Set("lineno", Json::Int(p.lineno));
    line.Set("payload_filename", record_file_.empty() ? Json() : Json::String(record_file_));
    return line.Dump();
  }

  std::string RawJsonl() const {
    Json::Array table;
    for (const auto& [index, s] : trace_.strings) {
      while (table.size() < index) table.emplace_back();  // never interned: null
      table.push_back(Json::String(s));
    }
    std::string out = Json::MakeObject({{"string_table", Json::MakeArray(std::move(table))}}).Dump();
    out.push_back('\n');
    for (const std::string& l : jsonl_) absl::StrAppend(&out, l, "\n");
    return out;
  }

  std::string CompileDirectory() const {
    Json::Object dir;
    for (const CompileEntry& e : model_.directory) {
      Json::Array artifacts;
      for (const OutputFile& f : e.files) {
        artifacts.push_back(Json::MakeObject({{"url", Json::String(f.url)},
                                              {"name", Json::String(f.name)},
                                              {"number", Json::Int(f.number)},
                                              {"suffix", Json::String(f.suffix)},
                                              {"readable_url", Json()}}));
      }
      dir.emplace_back(e.label, Json::MakeObject({{"artifacts", Json::MakeArray(artifacts)}}));
    }
    return Json::MakeObject(std::move(dir)).DumpPretty() + "\n";
  }

  const Trace& trace_;
  absl::string_view raw_log_;
  std::string year_;
  internal::ReportModel model_;
  int count_ = 0;  // tlparse's output_count
  std::string record_file_;  // the file the current record produced, for raw.jsonl
  std::vector<std::pair<std::string, std::string>> files_;
  std::set<std::string> payload_files_;
  std::vector<std::string> jsonl_;
  Json::Array chromium_;
};

absl::Status PrepareOutDir(const std::filesystem::path& out, const std::filesystem::path& trace,
                           bool overwrite) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(out, ec)) {
    if (!fs::is_directory(out, ec)) {
      return absl::FailedPreconditionError(absl::StrCat(out.string(), " is not a directory"));
    }
    const fs::path canon_out = fs::weakly_canonical(out, ec);
    const fs::path canon_trace = fs::weakly_canonical(trace, ec);
    const std::string rel = canon_trace.lexically_relative(canon_out).string();
    if (!rel.empty() && rel != ".." && !absl::StartsWith(rel, "../")) {
      return absl::FailedPreconditionError(
          absl::StrCat(out.string(), " contains the trace ", trace.string()));
    }
    if (!fs::is_empty(out, ec)) {
      if (!overwrite) {
        return absl::AlreadyExistsError(absl::StrCat(
            out.string(), " exists and is not empty; pass --overwrite to replace it"));
      }
      for (const fs::directory_entry& entry : fs::directory_iterator(out, ec)) {
        fs::remove_all(entry.path(), ec);
        if (ec) break;
      }
    }
  } else {
    fs::create_directories(out, ec);
  }
  if (ec) return absl::FailedPreconditionError(absl::StrCat(out.string(), ": ", ec.message()));
  return absl::OkStatus();
}

}  // namespace

std::vector<std::pair<std::string, std::string>> BuildReport(const Trace& trace,
                                                             absl::string_view raw_log,
                                                             absl::string_view source_name) {
  return Builder(trace, raw_log, source_name).Build();
}

absl::Status WriteReport(const std::string& trace_path, const std::string& out_dir,
                         const ReportOptions& options) {
  namespace fs = std::filesystem;
  absl::StatusOr<std::string> file = FindTraceFile(trace_path);
  if (!file.ok()) return file.status();
  std::ifstream in(*file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) return absl::NotFoundError(absl::StrCat(*file, ": cannot read"));
  const std::string raw = text.str();
  const Trace trace = ParseTrace(raw);
  if (options.strict) {
    if (absl::Status s = CheckStrict(trace); !s.ok()) return s;
  }
  if (absl::Status s = PrepareOutDir(out_dir, *file, options.overwrite); !s.ok()) return s;
  for (const auto& [path, contents] : BuildReport(trace, raw, *file)) {
    const fs::path target = fs::path(out_dir) / path;
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    std::ofstream out(target, std::ios::binary);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.close();
    if (!out) {
      return absl::FailedPreconditionError(absl::StrCat("cannot write ", target.string()));
    }
  }
  return absl::OkStatus();
}

}  // namespace wick::report
