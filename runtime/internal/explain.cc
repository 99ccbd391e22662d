// Explain: the runtime's record of what a run compiled (runtime.h ExplainEvent), the
// report `wick explain SCRIPT` prints, and the natives torch._dynamo.explain reads.
#include "runtime/internal/explain.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "runtime/internal/state.h"
#include "runtime/runtime.h"
#include "vm/torch/torch.h"

namespace wick::runtime {

void StartExplainRecording(vm::Interpreter& interp) {
  internal::RuntimeState& s = internal::State(interp.runtime());
  s.recorders.explain_events.clear();
  s.recorders.recording_explain = true;
}

std::vector<ExplainEvent> TakeExplainEvents(vm::Interpreter& interp) {
  internal::RuntimeState& s = internal::State(interp.runtime());
  s.recorders.recording_explain = false;
  return std::exchange(s.recorders.explain_events, {});
}

namespace {

std::string Indent(const std::string& text, const std::string& prefix) {
  std::string out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    absl::StrAppend(&out, end > start ? prefix : "", text.substr(start, end - start), "\n");
    start = end + 1;
  }
  return out;
}

}  // namespace

std::string FormatExplainReport(const std::vector<ExplainEvent>& events) {
  int graphs = 0, breaks = 0, skips = 0, recompiles = 0, ops = 0;
  for (const ExplainEvent& e : events) {
    switch (e.kind) {
      case ExplainEvent::Kind::kGraph: ++graphs; ops += static_cast<int>(e.ops.size()); break;
      case ExplainEvent::Kind::kBreak: ++breaks; break;
      case ExplainEvent::Kind::kSkip: ++skips; break;
      case ExplainEvent::Kind::kRecompile: ++recompiles; break;
    }
  }
  std::string out = absl::StrCat("==== wick explain ====\n", "Graphs: ", graphs, ", ops: ", ops,
                                 ", graph breaks: ", breaks, ", skipped frames: ", skips,
                                 ", recompiles: ", recompiles, "\n");
  std::string last_frame;
  for (const ExplainEvent& e : events) {
    const std::string frame = absl::StrCat("[", e.compile_id, "] ", e.frame, " (", e.location, ")");
    if (frame != last_frame) absl::StrAppend(&out, "\n", frame, "\n");
    last_frame = frame;
    switch (e.kind) {
      case ExplainEvent::Kind::kGraph:
        absl::StrAppend(&out, "  graph ", e.graph_name, ": ", e.ops.size(), " ops, compiled in ",
                        absl::StrFormat("%.3f", e.compile_seconds * 1e3), " ms\n",
                        Indent(e.text, "    "), "  guards:\n", Indent(e.guard_tree, "    "));
        break;
      case ExplainEvent::Kind::kBreak: {
        std::string at = "<unknown>";
        if (!e.user_stack.empty()) {
          at = absl::StrCat(e.user_stack.back().file, ":", e.user_stack.back().line);
        }
        absl::StrAppend(&out, "  graph break at ", at, "\n", Indent(e.text, "    "),
                        "    user stack:\n");
        for (const vm::TraceEntry& t : e.user_stack) {
          absl::StrAppend(&out, "      File \"", t.file, "\", line ", t.line, ", in ", t.function,
                          "\n");
          if (!t.source_line.empty()) absl::StrAppend(&out, "        ", t.source_line, "\n");
        }
        break;
      }
      case ExplainEvent::Kind::kSkip:
        absl::StrAppend(&out, "  skipped (runs eagerly): ", e.text, "\n");
        break;
      case ExplainEvent::Kind::kRecompile:
        absl::StrAppend(&out, "  recompile:\n", Indent(e.text, "    "));
        break;
    }
  }
  return out;
}

namespace {

// `s` as a JSON string literal.
std::string Json(absl::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          absl::StrAppend(&out, absl::StrFormat("\\u%04x", c));
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

}  // namespace

std::string FormatExplainJson(const std::vector<ExplainEvent>& events) {
  static const char* const kKinds[] = {"graph", "break", "skip", "recompile"};
  int counts[4] = {0, 0, 0, 0};
  int ops = 0;
  std::string items;
  for (const ExplainEvent& e : events) {
    const int k = static_cast<int>(e.kind);
    ++counts[k];
    std::string item = absl::StrCat(
        "{\"kind\": ", Json(kKinds[k]), ", \"compile_id\": ", Json(e.compile_id),
        ", \"frame\": ", Json(e.frame), ", \"location\": ", Json(e.location),
        ", \"text\": ", Json(e.text));
    if (e.kind == ExplainEvent::Kind::kGraph) {
      ops += static_cast<int>(e.ops.size());
      std::string list;
      for (const std::string& o : e.ops) absl::StrAppend(&list, list.empty() ? "" : ", ", Json(o));
      absl::StrAppend(&item, ", \"graph_name\": ", Json(e.graph_name), ", \"ops\": [", list,
                      "], \"guards\": ", Json(e.guard_tree), ", \"compile_ms\": ",
                      absl::StrFormat("%.3f", e.compile_seconds * 1e3));
    }
    if (e.kind == ExplainEvent::Kind::kBreak) {
      std::string stack;
      for (const vm::TraceEntry& t : e.user_stack) {
        absl::StrAppend(&stack, stack.empty() ? "" : ", ", "{\"file\": ", Json(t.file),
                        ", \"line\": ", t.line, ", \"function\": ", Json(t.function),
                        ", \"code\": ", Json(t.source_line), "}");
      }
      absl::StrAppend(&item, ", \"user_stack\": [", stack, "]");
    }
    absl::StrAppend(&items, items.empty() ? "" : ",\n    ", item, "}");
  }
  return absl::StrCat("{\"summary\": {\"graphs\": ", counts[0], ", \"ops\": ", ops,
                      ", \"graph_breaks\": ", counts[1], ", \"skipped_frames\": ", counts[2],
                      ", \"recompiles\": ", counts[3], "},\n  \"events\": [\n    ", items,
                      "]}\n");
}

namespace internal {
namespace {

// explain_begin(): starts recording (torch._dynamo.explain).
vm::Value ExplainBeginNative(vm::Runtime& rt, vm::Args, const vm::KwArgs&) {
  State(rt).recorders.explain_events.clear();
  State(rt).recorders.recording_explain = true;
  return vm::Value::None();
}

// explain_end() -> [(kind, text, user_stack, ops, guards, compile_seconds), ...] where
// user_stack is [(file, line, function)] and guards [(name, source, create_function)].
vm::Value ExplainEndNative(vm::Runtime& rt, vm::Args, const vm::KwArgs&) {
  RuntimeState& s = State(rt);
  s.recorders.recording_explain = false;
  std::vector<ExplainEvent> events = std::exchange(s.recorders.explain_events, {});
  std::vector<vm::Value> items;
  static const char* const kKinds[] = {"graph", "break", "skip", "recompile"};
  for (const ExplainEvent& e : events) {
    std::vector<vm::Value> stack, ops, guards;
    for (const vm::TraceEntry& t : e.user_stack) {
      stack.push_back(rt.NewTuple({rt.NewStr(t.file), vm::Value::Int(t.line),
                                   rt.NewStr(t.function)}));
    }
    for (const std::string& o : e.ops) ops.push_back(rt.NewStr(o));
    for (const ExplainGuard& g : e.guards) {
      guards.push_back(rt.NewTuple({rt.NewStr(g.name), rt.NewStr(g.source),
                                    rt.NewStr(g.create_function)}));
    }
    items.push_back(rt.NewTuple({rt.NewStr(kKinds[static_cast<int>(e.kind)]), rt.NewStr(e.text),
                                 rt.NewList(std::move(stack)), rt.NewList(std::move(ops)),
                                 rt.NewList(std::move(guards)),
                                 vm::Value::Float(e.compile_seconds)}));
  }
  return rt.NewList(std::move(items));
}

}  // namespace

void AddExplainNatives(vm::Runtime& rt, vm::Dict* module_dict) {
  rt.AddFunction(module_dict, "explain_begin", &ExplainBeginNative);
  rt.AddFunction(module_dict, "explain_end", &ExplainEndNative);
}

}  // namespace internal
}  // namespace wick::runtime
