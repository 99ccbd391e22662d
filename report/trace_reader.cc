// The trace reader: line splitting, the glog prefix, envelope and payload checks, string
// interning, and the per-event type checks that stand in for tlparse's serde structs.
#include "report/trace_reader.h"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <system_error>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "re2/re2.h"
#include "base/md5.h"

namespace wick::report {

std::string CompileId::ToString() const {
  std::string s = "[";
  if (compiled_autograd_id) absl::StrAppend(&s, "!", *compiled_autograd_id, "/");
  absl::StrAppend(&s, frame_id, "/", frame_compile_id);
  if (attempt != 0) absl::StrAppend(&s, "_", attempt);
  return s + "]";
}

std::string CompileId::DirName() const {
  return absl::StrCat(compiled_autograd_id ? absl::StrCat(*compiled_autograd_id) : "-", "_",
                      frame_id, "_", frame_compile_id, "_", attempt);
}

CompileId CompileId::WithoutAttempt() const {
  CompileId c = *this;
  c.attempt = 0;
  return c;
}

std::string StackFrame::ToString() const { return absl::StrCat(filename, ":", line, " in ", name); }

namespace {

// tlparse's glog regex, unanchored; the last group marks where the envelope starts.
const RE2& GlogRegex() {
  static const RE2* re = new RE2(
      R"(([VIWEC])(\d{2})(\d{2}) (\d{2}):(\d{2}):(\d{2}).(\d{6}) (\d+)([^:]+):(\d+)\] (.))");
  return *re;
}

// Keys an envelope may carry besides its event (reference §3.3).
bool IsContextKey(absl::string_view key) {
  static constexpr const char* kKeys[] = {"rank",   "compiled_autograd_id", "frame_id",
                                          "frame_compile_id", "attempt", "stack",
                                          "subgraph_name", "has_payload"};
  return std::any_of(std::begin(kKeys), std::end(kKeys),
                     [&](const char* k) { return key == k; });
}

// Event names tlparse deserializes; any other key counts as "unknown" (not a failure).
bool IsKnownEvent(absl::string_view key) {
  static constexpr const char* kEvents[] = {
      "dynamo_start", "str", "dynamo_output_graph", "optimize_ddp_split_graph",
      "optimize_ddp_split_child", "compiled_autograd_graph", "dynamo_guards",
      "aot_forward_graph", "aot_backward_graph", "aot_joint_graph", "aot_inference_graph",
      "inductor_pre_grad_graph", "inductor_post_grad_graph", "dynamo_cpp_guards_str",
      "inductor_output_code", "compilation_metrics", "bwd_compilation_metrics",
      "aot_autograd_backward_compilation_metrics", "graph_dump", "link",
      "symbolic_shape_specialization", "guard_added_fast", "artifact", "describe_storage",
      "describe_tensor", "describe_source", "dump_file", "chromium_event"};
  return std::any_of(std::begin(kEvents), std::end(kEvents),
                     [&](const char* k) { return key == k; });
}

bool IsIntIn(const Json& j, int64_t lo, int64_t hi) {
  return j.is_int() && j.as_int() >= lo && j.as_int() <= hi;
}
bool IsU32(const Json& j) { return IsIntIn(j, 0, std::numeric_limits<uint32_t>::max()); }
bool IsI32(const Json& j) {
  return IsIntIn(j, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max());
}
bool IsU64(const Json& j) { return IsIntIn(j, 0, std::numeric_limits<int64_t>::max()); }
bool IsStringList(const Json& j) {
  return j.is_array() && std::all_of(j.as_array().begin(), j.as_array().end(),
                                     [](const Json& e) { return e.is_string(); });
}

// Checks an optional field of `object` (absent or null is fine); returns an error text.
template <typename Pred>
std::string CheckOptional(const Json& object, const char* key, Pred ok, const char* type) {
  const Json* v = object.Find(key);
  if (v == nullptr || v->is_null() || ok(*v)) return "";
  return absl::StrCat("'", key, "' is not ", type, ": ", v->Dump());
}

// A stack frame: {"line": i32, "name": str, "filename": u32, "loc": str?}.
std::string CheckFrame(const Json& f) {
  if (!f.is_object()) return "stack frame is not an object";
  const Json* line = f.Find("line");
  const Json* name = f.Find("name");
  const Json* filename = f.Find("filename");
  if (line == nullptr || !IsI32(*line)) return "stack frame 'line' is not an i32";
  if (name == nullptr || !name->is_string()) return "stack frame 'name' is not a string";
  if (filename == nullptr || !IsU32(*filename)) return "stack frame 'filename' is not a u32";
  return CheckOptional(f, "loc", [](const Json& j) { return j.is_string(); }, "a string");
}

std::string CheckStack(const Json& stack) {
  if (!stack.is_array()) return "stack is not a list";
  for (const Json& f : stack.as_array()) {
    if (std::string e = CheckFrame(f); !e.empty()) return e;
  }
  return "";
}

// compilation_metrics: the subset tlparse deserializes (reference §3.5), all optional.
std::string CheckMetrics(const Json& m) {
  if (!m.is_object()) return "compilation_metrics is not an object";
  auto is_string = [](const Json& j) { return j.is_string(); };
  auto is_number = [](const Json& j) { return j.is_number(); };
  for (const char* k : {"co_name", "co_filename", "fail_type", "fail_reason",
                        "fail_user_frame_filename"}) {
    if (std::string e = CheckOptional(m, k, is_string, "a string"); !e.empty()) return e;
  }
  if (std::string e = CheckOptional(m, "co_firstlineno", IsI32, "an i32"); !e.empty()) return e;
  for (const char* k : {"cache_size", "accumulated_cache_size", "guard_count",
                        "shape_env_guard_count", "graph_op_count", "graph_node_count",
                        "graph_input_count"}) {
    if (std::string e = CheckOptional(m, k, IsU64, "a u64"); !e.empty()) return e;
  }
  for (const char* k : {"start_time", "entire_frame_compile_time_s", "backend_compile_time_s",
                        "inductor_compile_time_s", "code_gen_time_s",
                        "dynamo_time_before_restart_s"}) {
    if (std::string e = CheckOptional(m, k, is_number, "a number"); !e.empty()) return e;
  }
  if (std::string e = CheckOptional(m, "fail_user_frame_lineno", IsU32, "a u32"); !e.empty()) {
    return e;
  }
  for (const char* k : {"non_compliant_ops", "compliant_custom_ops", "restart_reasons"}) {
    if (std::string e = CheckOptional(m, k, IsStringList, "a list of strings"); !e.empty()) {
      return e;
    }
  }
  return "";
}

// Metadata that must be an object with these string fields.
std::string CheckStringFields(const Json& m, std::initializer_list<const char*> keys) {
  if (!m.is_object()) return "metadata is not an object";
  for (const char* k : keys) {
    const Json* v = m.Find(k);
    if (v == nullptr || !v->is_string()) return absl::StrCat("'", k, "' is not a string");
  }
  return "";
}

// The type check of one event's metadata (what serde would reject), or "".
std::string CheckMetadata(absl::string_view event, const Json& m) {
  if (event == "dynamo_start") {
    if (!m.is_object()) return "dynamo_start is not an object";
    const Json* stack = m.Find("stack");
    return stack == nullptr || stack->is_null() ? "" : CheckStack(*stack);
  }
  if (event == "compilation_metrics") return CheckMetrics(m);
  if (event == "artifact") return CheckStringFields(m, {"name", "encoding"});
  if (event == "link") return CheckStringFields(m, {"name", "url"});
  if (event == "dump_file" || event == "graph_dump" || event == "optimize_ddp_split_child") {
    return CheckStringFields(m, {"name"});
  }
  if (IsKnownEvent(event) && event != "str" && !m.is_object()) {
    return absl::StrCat(event, " metadata is not an object");
  }
  return "";
}

// The context keys' types: ids u32 (or null), has_payload a string, stack a stack.
std::string CheckContext(const Json& env) {
  for (const char* k : {"rank", "compiled_autograd_id", "frame_id", "frame_compile_id",
                        "attempt"}) {
    if (std::string e = CheckOptional(env, k, IsU32, "a u32"); !e.empty()) return e;
  }
  if (std::string e = CheckOptional(env, "has_payload",
                                    [](const Json& j) { return j.is_string(); }, "a string");
      !e.empty()) {
    return e;
  }
  if (const Json* stack = env.Find("stack"); stack != nullptr && !stack->is_null()) {
    return CheckStack(*stack);
  }
  return "";
}

std::optional<uint32_t> OptionalU32(const Json& env, const char* key) {
  const Json* v = env.Find(key);
  if (v == nullptr || v->is_null()) return std::nullopt;
  return static_cast<uint32_t>(v->as_int());
}

// A dynamo_guards payload: a JSON list of objects with a string "code".
bool IsGuardList(absl::string_view payload) {
  absl::StatusOr<Json> j = ParseJson(payload);
  if (!j.ok() || !j->is_array()) return false;
  return std::all_of(j->as_array().begin(), j->as_array().end(), [](const Json& g) {
    const Json* code = g.is_object() ? g.Find("code") : nullptr;
    return code != nullptr && code->is_string();
  });
}

bool IsLowerHexMd5(absl::string_view s) {
  return s.size() == 32 && std::all_of(s.begin(), s.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

class Reader {
 public:
  explicit Reader(absl::string_view text) {
    // tlparse reads with lines() (which drops a trailing \r) and filters out empty lines
    // everywhere, payloads included (an empty payload line is still "\t").
    for (absl::string_view line : absl::StrSplit(text, '\n')) {
      const int number = static_cast<int>(lines_.size() + skipped_) + 1;
      if (absl::EndsWith(line, "\r")) line.remove_suffix(1);
      if (line.empty()) {
        ++skipped_;
        continue;
      }
      lines_.push_back({number, line});
    }
  }

  Trace Read() {
    while (next_ < lines_.size()) ReadRecord();
    return std::move(trace_);
  }

 private:
  struct Line {
    int number;
    absl::string_view text;
  };

  void Problem(int line, absl::string_view what) {
    trace_.problems.push_back(absl::StrCat("line ", line, ": ", what));
  }

  // Consumes the TAB-prefixed lines after an envelope: the payload joined by "\n".
  std::string TakePayload() {
    std::string payload;
    bool first = true;
    while (next_ < lines_.size() && absl::StartsWith(lines_[next_].text, "\t")) {
      if (!first) payload.push_back('\n');
      first = false;
      absl::StrAppend(&payload, lines_[next_].text.substr(1));
      ++next_;
    }
    return payload;
  }

  bool ParsePrefix(const Line& line, GlogPrefix* prefix, absl::string_view* envelope) {
    re2::StringPiece level, month, day, hour, minute, second, usec, thread, path, lineno, start;
    if (!RE2::PartialMatch(re2::StringPiece(line.text.data(), line.text.size()), GlogRegex(),
                           &level, &month, &day, &hour, &minute, &second, &usec, &thread, &path,
                           &lineno, &start)) {
      return false;
    }
    auto num = [](re2::StringPiece p, auto* out) {
      return absl::SimpleAtoi(absl::string_view(p.data(), p.size()), out);
    };
    prefix->level = level[0];
    if (!num(month, &prefix->month) || !num(day, &prefix->day) || !num(hour, &prefix->hour) ||
        !num(minute, &prefix->minute) || !num(second, &prefix->second) ||
        !num(usec, &prefix->microsecond) || !num(thread, &prefix->thread) ||
        !num(lineno, &prefix->lineno)) {
      return false;  // a number too large for its field
    }
    prefix->pathname = std::string(absl::StripAsciiWhitespace(absl::string_view(path.data(), path.size())));
    *envelope = line.text.substr(static_cast<size_t>(start.data() - line.text.data()));
    return true;
  }

  // Resolves a checked stack through the intern table as it stands at this line.
  std::vector<StackFrame> Resolve(const Json& stack, int line) {
    std::vector<StackFrame> frames;
    for (const Json& f : stack.as_array()) {
      StackFrame frame;
      const auto index = static_cast<uint32_t>(f.Find("filename")->as_int());
      if (auto it = trace_.strings.find(index); it != trace_.strings.end()) {
        frame.filename = it->second;
      } else {
        frame.filename = "(unknown)";
        ++trace_.stats.fail_intern;
        Problem(line, absl::StrCat("filename ", index, " used before its str record"));
      }
      frame.line = static_cast<int32_t>(f.Find("line")->as_int());
      frame.name = f.Find("name")->as_string();
      if (const Json* loc = f.Find("loc"); loc != nullptr && loc->is_string()) {
        frame.loc = loc->as_string();
      }
      frames.push_back(std::move(frame));
    }
    return frames;
  }

  void ReadRecord() {
    const Line line = lines_[next_++];
    TraceRecord record;
    record.line_number = line.number;
    absl::string_view text;
    if (!ParsePrefix(line, &record.prefix, &text)) {
      ++trace_.stats.fail_glog;
      Problem(line.number, "does not match the glog prefix");
      return;
    }
    absl::StatusOr<Json> env = ParseJson(text);
    std::string error;
    if (!env.ok()) {
      error = std::string(env.status().message());
    } else if (!env->is_object() || env->as_object().empty()) {
      error = "envelope is not a non-empty JSON object";
    } else {
      error = CheckContext(*env);
    }
    if (!error.empty()) {
      ++trace_.stats.fail_json;
      Problem(line.number, error);
      TakePayload();  // belongs to the broken record
      return;
    }
    record.envelope = *std::move(env);

    // The event is the first key that is not context.
    for (const auto& [key, value] : record.envelope.as_object()) {
      if (IsContextKey(key)) continue;
      if (record.event.empty()) {
        record.event = key;
        record.metadata = value;
      }
      if (!IsKnownEvent(key)) ++trace_.stats.unknown;
    }

    if (record.event == "str") {
      const Json& m = record.metadata;
      if (!m.is_array() || m.as_array().size() != 2 || !m.as_array()[0].is_string() ||
          !IsU32(m.as_array()[1])) {
        ++trace_.stats.fail_json;
        Problem(line.number, "str is not [string, u32]");
        return;
      }
      trace_.strings[static_cast<uint32_t>(m.as_array()[1].as_int())] = m.as_array()[0].as_string();
      return;
    }

    if (const Json* expect = record.envelope.Find("has_payload");
        expect != nullptr && expect->is_string()) {
      record.payload = TakePayload();
      if (!IsLowerHexMd5(expect->as_string()) || Md5Hex(*record.payload) != expect->as_string()) {
        ++trace_.stats.fail_payload_md5;
        Problem(line.number, absl::StrCat("payload MD5 is ", Md5Hex(*record.payload),
                                          ", has_payload says ", expect->as_string()));
      }
    }

    record.rank = OptionalU32(record.envelope, "rank");
    if (!rank_seen_) {
      rank_seen_ = true;
      expected_rank_ = record.rank;
    } else if (record.rank != expected_rank_) {
      ++trace_.stats.other_rank;
      Problem(line.number, "record from another rank");
      return;
    }

    if (std::string e = CheckMetadata(record.event, record.metadata); !e.empty()) {
      ++trace_.stats.fail_json;
      Problem(line.number, e);
      return;
    }
    if (record.event == "artifact") {
      const std::string& encoding = record.metadata.Find("encoding")->as_string();
      if (encoding != "string" && encoding != "json") {
        ++trace_.stats.fail_parser;
        Problem(line.number, absl::StrCat("artifact encoding '", encoding,
                                          "' is neither string nor json"));
      }
    }
    if (record.event == "dynamo_guards" && !IsGuardList(record.payload.value_or(""))) {
      ++trace_.stats.fail_dynamo_guards_json;
      Problem(line.number, "dynamo_guards payload is not a JSON list of {\"code\": ...}");
    }
    if (record.event == "chromium_event" && !ParseJson(record.payload.value_or("")).ok()) {
      ++trace_.stats.fail_json;  // tlparse gives up on the whole file here
      Problem(line.number, "chromium_event payload is not JSON");
      return;
    }

    const std::optional<uint32_t> frame_id = OptionalU32(record.envelope, "frame_id");
    const std::optional<uint32_t> frame_compile_id =
        OptionalU32(record.envelope, "frame_compile_id");
    if (frame_id && frame_compile_id) {
      CompileId id;
      id.compiled_autograd_id = OptionalU32(record.envelope, "compiled_autograd_id");
      id.frame_id = *frame_id;
      id.frame_compile_id = *frame_compile_id;
      id.attempt = OptionalU32(record.envelope, "attempt").value_or(0);
      record.compile_id = id;
    }

    const Json* stack = nullptr;
    if (record.event == "dynamo_start") stack = record.metadata.Find("stack");
    if (stack == nullptr || stack->is_null()) stack = record.envelope.Find("stack");
    if (stack != nullptr && !stack->is_null()) record.stack = Resolve(*stack, line.number);

    ++trace_.stats.ok;
    trace_.records.push_back(std::move(record));
  }

  std::vector<Line> lines_;
  size_t skipped_ = 0;
  size_t next_ = 0;
  bool rank_seen_ = false;
  std::optional<uint32_t> expected_rank_;
  Trace trace_;
};

}  // namespace

Trace ParseTrace(absl::string_view text) { return Reader(text).Read(); }

absl::Status CheckStrict(const Trace& trace) {
  const ParseStats& s = trace.stats;
  if (s.StrictFailures() == 0) return absl::OkStatus();
  constexpr size_t kShown = 10;
  std::vector<std::string> shown(trace.problems.begin(),
                                 trace.problems.begin() +
                                     std::min(kShown, trace.problems.size()));
  if (trace.problems.size() > kShown) {
    shown.push_back(absl::StrCat("... and ", trace.problems.size() - kShown, " more"));
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "trace fails --strict: fail_glog=", s.fail_glog, " fail_json=", s.fail_json,
      " fail_payload_md5=", s.fail_payload_md5, " other_rank=", s.other_rank,
      " fail_dynamo_guards_json=", s.fail_dynamo_guards_json, " fail_parser=", s.fail_parser,
      " fail_intern=", s.fail_intern, "\n", absl::StrJoin(shown, "\n")));
}

absl::StatusOr<std::string> FindTraceFile(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_regular_file(path, ec)) return path;
  if (!fs::is_directory(path, ec)) {
    return absl::NotFoundError(absl::StrCat(path, ": no such file or directory"));
  }
  fs::directory_iterator entries(path, ec);
  if (ec) return absl::NotFoundError(absl::StrCat(path, ": ", ec.message()));
  std::string best;
  fs::file_time_type best_time;
  for (const fs::directory_entry& entry : entries) {
    const std::string name = entry.path().filename().string();
    if (!absl::StartsWith(name, "dedicated_log_torch_trace_") || !absl::EndsWith(name, ".log") ||
        !entry.is_regular_file(ec)) {
      continue;
    }
    const fs::file_time_type time = entry.last_write_time(ec);
    if (best.empty() || time > best_time || (time == best_time && entry.path().string() > best)) {
      best = entry.path().string();
      best_time = time;
    }
  }
  if (best.empty()) {
    return absl::NotFoundError(
        absl::StrCat(path, ": no dedicated_log_torch_trace_*.log file in this directory"));
  }
  return best;
}

}  // namespace wick::report
