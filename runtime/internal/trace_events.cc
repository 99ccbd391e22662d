// TORCH_TRACE records of a compile attempt, in upstream's order and shapes (reference
// pytorch_observability.md §3.4): recompile_reasons, dynamo_start, the graph break
// artifact, dynamo_output_graph (+ wick_graph_json for `wick report`'s pictures),
// dynamo_cpp_guards_str, compilation_metrics.
#include <chrono>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "graph/graph.h"
#include "logging/trace.h"
#include "runtime/internal/compile_frame.h"

namespace wick::runtime::internal {
namespace {

using logging::JsonQuote;

logging::TraceContext Context(const Attempt& a) {
  logging::TraceContext c;
  if (const logging::TraceId* id = logging::CurrentTraceId()) {
    c.frame_id = id->compile_id.frame_id.value_or(0);
    c.frame_compile_id = id->compile_id.frame_compile_id.value_or(0);
  }
  c.attempt = a.trace.attempt;
  return c;
}

// A stack frame as upstream writes it: {"line", "name", "filename" (interned), "loc"}.
std::string FrameJson(const vm::TraceEntry& e) {
  std::string out = absl::StrCat("{\"line\": ", e.line, ", \"name\": ", JsonQuote(e.function),
                                 ", \"filename\": ", logging::TraceIntern(e.file));
  if (!e.source_line.empty()) absl::StrAppend(&out, ", \"loc\": ", JsonQuote(e.source_line));
  return out + "}";
}

std::string JsonList(const std::vector<std::string>& items) {
  return absl::StrCat("[", absl::StrJoin(items, ", "), "]");
}

// A list payload as upstream's trace_structured writes one: "[\n" + ",\n".join(...) + "\n]".
std::string ListPayload(const std::vector<std::string>& json_items) {
  return absl::StrCat("[\n", absl::StrJoin(json_items, ",\n"), "\n]");
}

std::string NullOr(const std::string& s) { return s.empty() ? "null" : JsonQuote(s); }

// The graph as `wick report` draws it: nodes with their inputs and metadata.
std::string GraphJson(const graph::Graph& g, int32_t break_line, const std::string& reason) {
  std::vector<std::string> nodes;
  for (const graph::Node& n : g.nodes()) {
    std::vector<std::string> args;
    auto add = [&](const graph::Arg& a) {
      for (const graph::ValueRef& r : a.refs()) {
        if (r.node >= 0) args.push_back(JsonQuote(g.node(r.node).name));
      }
    };
    for (const graph::Arg& a : n.args) add(a);
    for (const graph::ValueRef& r : n.outputs) args.push_back(JsonQuote(g.node(r.node).name));
    std::string target = n.kind == graph::NodeKind::kCall ? n.spelling.target : n.target;
    std::string meta = n.meta.size() == 1 ? n.meta[0].Annotation() : "";
    nodes.push_back(absl::StrCat("{\"name\": ", JsonQuote(n.name), ", \"op\": ",
                                 JsonQuote(graph::NodeKindName(n.kind)), ", \"target\": ",
                                 JsonQuote(target), ", \"args\": ", JsonList(args),
                                 ", \"meta\": ", JsonQuote(meta), "}"));
  }
  const std::string brk =
      break_line > 0 ? absl::StrCat("{\"line\": ", break_line, ", \"reason\": ", JsonQuote(reason), "}")
                     : "null";
  return absl::StrCat("{\"name\": ", JsonQuote(g.name()), ", \"nodes\": ", JsonList(nodes),
                      ", \"break\": ", brk, "}");
}

}  // namespace

void TraceCompileStart(Attempt& a) {
  a.trace.start_unix_seconds = absl::ToDoubleSeconds(absl::Now() - absl::UnixEpoch());
  a.trace.cache_size = static_cast<int64_t>(a.cache.entries.size());
  if (!logging::TraceEnabled()) return;
  if (!a.cache.entries.empty()) {
    std::vector<std::string> items;
    for (const std::string& r : RecompileReasons(a.cache, a.view, a.ctx.options->backend_id, false)) {
      items.push_back(JsonQuote(r));
    }
    WICK_TRACE("artifact", "{\"name\": \"recompile_reasons\", \"encoding\": \"json\"}",
               Context(a), ListPayload(items));
  }
  std::vector<vm::TraceEntry> stack = FramesAbove(a.frame);
  vm::TraceEntry self;
  self.file = a.file();
  self.line = a.first_line();
  self.function = a.name();
  stack.push_back(self);
  std::vector<std::string> frames;
  for (const vm::TraceEntry& e : stack) frames.push_back(FrameJson(e));
  WICK_TRACE("dynamo_start", absl::StrCat("{\"stack\": ", JsonList(frames), "}"), Context(a),
             std::nullopt);
}

void TraceBreak(Attempt& a, const std::string& record, const std::string& gb_type,
                int32_t line) {
  if (!logging::TraceEnabled()) return;
  WICK_TRACE("artifact",
             "{\"name\": \"dynamo_graph_break_reason\", \"encoding\": \"string\"}", Context(a),
             record);
  // The analysis restarts to compile up to the break: upstream's next attempt.
  a.trace.restart_reasons.push_back(gb_type);
  a.trace.attempt = 1;
  a.trace.break_line = line;
  a.trace.break_reason = gb_type;
}

void TraceGraph(Attempt& a, const frontend::TraceResult& tr, const guards::GuardTree& tree) {
  const graph::Graph& g = tr.graph;
  a.trace.graph_op_count = g.num_calls();
  a.trace.graph_node_count = static_cast<int64_t>(g.nodes().size());
  a.trace.graph_input_count = static_cast<int64_t>(g.placeholders().size());
  a.trace.guard_count = tree.size();
  a.trace.shape_env_guard_count = 0;
  for (const guards::GuardSpec& s : tr.guards) {
    a.trace.shape_env_guard_count += s.kind == guards::GuardKind::kShapeEnv;
  }
  a.trace.has_guarded_code = true;
  if (!logging::TraceEnabled()) return;
  if (g.num_calls() > 0) {
    std::vector<std::string> sizes;
    for (const graph::Node& n : g.nodes()) {
      if (n.kind == graph::NodeKind::kOutput || n.meta.size() != 1) continue;
      const graph::TensorMeta& m = n.meta[0];
      std::vector<std::string> dims;
      for (size_t i = 0; i < m.sizes.size(); ++i) {
        dims.push_back(m.is_dynamic() ? JsonQuote(sym::ToString(*m.sym_sizes[i]))
                                      : absl::StrCat(m.sizes[i]));
      }
      sizes.push_back(absl::StrCat(JsonQuote(n.name), ": ", JsonList(dims)));
    }
    WICK_TRACE("dynamo_output_graph",
               absl::StrCat("{\"sizes\": {", absl::StrJoin(sizes, ", "), "}}"), Context(a),
               graph::PrintReadable(g));
    WICK_TRACE("artifact", "{\"name\": \"wick_graph_json\", \"encoding\": \"json\"}",
               Context(a), GraphJson(g, a.trace.break_line, a.trace.break_reason));
  }
  WICK_TRACE("dynamo_cpp_guards_str", "{}", Context(a), tree.Print());
}

void TraceAotGraphs(Attempt& a, const graph::Graph& joint, const graph::Graph& forward,
                    const graph::Graph& backward) {
  if (!logging::TraceEnabled()) return;
  WICK_TRACE("aot_joint_graph", "{}", Context(a), graph::PrintReadable(joint));
  WICK_TRACE("aot_forward_graph", "{}", Context(a), graph::PrintReadable(forward));
  WICK_TRACE("aot_backward_graph", "{}", Context(a), graph::PrintReadable(backward));
}

void TraceCompileEnd(Attempt& a, const vm::Value& result) {
  if (!logging::TraceEnabled() || a.trace.metrics_written) return;
  a.trace.metrics_written = true;
  std::string fail_type, fail_reason;
  if (result.is_raised() && a.rt().HasPending()) {
    const vm::Value& exc = a.rt().pending();
    fail_type = a.rt().TypeOf(exc)->name();
  }
  // A compile failure, not an exception the compiled code raised when it ran.
  static const char* const kCompileErrors[] = {
      "Unsupported", "InternalTorchDynamoError", "BackendCompilerFailed", "RecompileError",
      "FailOnRecompileLimitHit", "TorchRuntimeError"};
  bool compile_error = false;
  for (const char* e : kCompileErrors) compile_error |= fail_type == e;
  if (!compile_error) {
    fail_type.clear();
  } else {
    // PendingMessage takes the exception: put it back for the caller to raise.
    const vm::Value exc = a.rt().pending();
    fail_reason = a.rt().PendingMessage();
    a.rt().RaiseValue(exc);
    WICK_TRACE("artifact", "{\"name\": \"dynamo_error\", \"encoding\": \"string\"}",
               Context(a), fail_reason);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - a.start).count();
  std::vector<std::string> restarts;
  for (const std::string& r : a.trace.restart_reasons) restarts.push_back(JsonQuote(r));
  const logging::TraceContext c = Context(a);
  const std::string metrics = absl::StrCat(
      "{\"frame_key\": ", JsonQuote(absl::StrCat(c.frame_id)),
      ", \"co_name\": ", JsonQuote(a.name()), ", \"co_filename\": ", JsonQuote(a.file()),
      ", \"co_firstlineno\": ", a.first_line(), ", \"cache_size\": ", a.trace.cache_size,
      ", \"accumulated_cache_size\": ", a.trace.cache_size,
      ", \"guard_count\": ", a.trace.guard_count,
      ", \"shape_env_guard_count\": ", a.trace.shape_env_guard_count,
      ", \"graph_op_count\": ", a.trace.graph_op_count,
      ", \"graph_node_count\": ", a.trace.graph_node_count,
      ", \"graph_input_count\": ", a.trace.graph_input_count,
      ", \"start_time\": ", logging::JsonFloat(a.trace.start_unix_seconds),
      ", \"entire_frame_compile_time_s\": ", logging::JsonFloat(seconds),
      ", \"backend_compile_time_s\": ", logging::JsonFloat(a.trace.backend_seconds),
      ", \"inductor_compile_time_s\": null, \"code_gen_time_s\": null",
      ", \"fail_type\": ", NullOr(fail_type), ", \"fail_reason\": ", NullOr(fail_reason),
      ", \"fail_user_frame_filename\": null, \"fail_user_frame_lineno\": null",
      ", \"non_compliant_ops\": [], \"compliant_custom_ops\": []",
      ", \"restart_reasons\": ", JsonList(restarts),
      ", \"dynamo_time_before_restart_s\": 0.0",
      ", \"has_guarded_code\": ", a.trace.has_guarded_code ? "true" : "false",
      ", \"compile_id\": ", JsonQuote(absl::StrCat(c.frame_id, "/", c.frame_compile_id)), "}");
  WICK_TRACE("compilation_metrics", metrics, c, std::nullopt);
}

}  // namespace wick::runtime::internal
