// Tests for report/: the JSON helpers, the MD5 the reader relies on, the trace reader's
// strict checks, the status colouring and file naming rules, the graph SVG, and
// WriteReport end to end over testdata/dedicated_log_torch_trace_test.log (written by
// testdata/make_test_trace.py: a graph break with restart, its resume frame, a recompile,
// a skipped frame, a failure and a frame without metrics).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "report/graph_svg.h"
#include "report/json.h"
#include "base/md5.h"
#include "report/report.h"
#include "report/trace_reader.h"

namespace wick::report {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kTestTrace[] = "report/testdata/dedicated_log_torch_trace_test.log";

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path FreshDir(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  fs::path dir = fs::path(tmp != nullptr ? tmp : "/tmp") / name;
  fs::remove_all(dir);
  return dir;
}

// An envelope line with a valid glog prefix.
std::string Line(const std::string& envelope) {
  return "V1203 12:00:00.123456 1234 logging/trace.cc:12] " + envelope;
}

// A record with a payload: the envelope gets has_payload appended, lines get TABs.
std::string WithPayload(const std::string& envelope_without_brace, const std::string& payload) {
  std::string out = Line(absl::StrCat(envelope_without_brace, ", \"has_payload\": \"",
                                      Md5Hex(payload), "\"}"));
  for (absl::string_view l : absl::StrSplit(payload, '\n')) absl::StrAppend(&out, "\n\t", l);
  return out;
}

// ---- JSON ----------------------------------------------------------------------------

TEST(JsonTest, ParsesAndDumpsWithPythonSeparators) {
  absl::StatusOr<Json> j =
      ParseJson(R"( {"a": [1, -2, 3.5, 1e3, true, null], "b": {"c": "x\"\u00e9\ud83d\ude00"}} )");
  ASSERT_TRUE(j.ok()) << j.status();
  EXPECT_EQ(j->Dump(), "{\"a\": [1, -2, 3.5, 1000.0, true, null], \"b\": {\"c\": \"x\\\"\u00e9\U0001F600\"}}");
  EXPECT_TRUE(j->Find("a")->as_array()[0].is_int());
  EXPECT_FALSE(j->Find("a")->as_array()[2].is_int());
  EXPECT_EQ(j->Find("missing"), nullptr);
}

TEST(JsonTest, FloatsPrintAsPythonRepr) {
  const std::pair<double, const char*> cases[] = {
      {0.0004, "0.0004"}, {0.0125, "0.0125"}, {1e-05, "1e-05"},     {3.0, "3.0"},
      {-2.5, "-2.5"},     {1733227200.5, "1733227200.5"},           {1e16, "1e+16"},
      {1.5e300, "1.5e+300"}, {123456789012345.0, "123456789012345.0"}, {0.0, "0.0"},
      {0.1, "0.1"}};
  for (const auto& [value, text] : cases) EXPECT_EQ(Json::Double(value).Dump(), text) << text;
}

TEST(JsonTest, PrettyPrintsLikeSerde) {
  absl::StatusOr<Json> j = ParseJson(R"({"a": [1, 2], "b": {}, "c": []})");
  ASSERT_TRUE(j.ok());
  EXPECT_EQ(j->DumpPretty(), "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {},\n  \"c\": []\n}");
}

TEST(JsonTest, RejectsMalformedInput) {
  for (const char* bad : {"", "{", "[1,]", "{\"a\" 1}", "01", "NaN", "\"\\ud800\"", "1 2",
                          "\"a\nb\"", "{'a': 1}"}) {
    EXPECT_FALSE(ParseJson(bad).ok()) << bad;
  }
}

TEST(JsonTest, KeepsKeyOrderAndSetReplaces) {
  absl::StatusOr<Json> j = ParseJson(R"({"z": 1, "a": 2})");
  ASSERT_TRUE(j.ok());
  j->Set("z", Json::String("x"));
  j->Set("m", Json::Int(3));
  EXPECT_EQ(j->Dump(), R"({"z": "x", "a": 2, "m": 3})");
}

// ---- MD5 (base/md5.h, as the reader checks has_payload) ----------------------------

TEST(Md5Test, MatchesReferenceDigests) {
  EXPECT_EQ(Md5Hex(""), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(Md5Hex("abc"), "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(Md5Hex("message digest"), "f96b697d7cb7938d525a2f31aaf161d0");
  EXPECT_EQ(Md5Hex("12345678901234567890123456789012345678901234567890123456789012345678901234567890"),
            "57edf4a22be3c955ac49da2e2107b67a");
  // 55, 56 and 64 bytes: the padding edge cases.
  EXPECT_EQ(Md5Hex(std::string(55, 'a')), "ef1772b6dff9a122358552954ad0df65");
  EXPECT_EQ(Md5Hex(std::string(56, 'a')), "3b0c8ac703f828b04c6c197006d17218");
  EXPECT_EQ(Md5Hex(std::string(64, 'a')), "014842d480b571495a4a0363793f7367");
  // The recompile_reasons payload from tlparse's test log (reference §3.2).
  EXPECT_EQ(Md5Hex("[\n\"0/0: tensor 'x' size mismatch at index 0. expected 2, actual 3\"\n]"),
            "93c35e33b81fa4643daba54259316e15");
}

// ---- Trace reader --------------------------------------------------------------------

TEST(TraceReaderTest, ReadsEnvelopesPayloadsAndInternedStacks) {
  const std::string text = absl::StrCat(
      Line(R"({"str": ["/tmp/prog.py", 0]})"), "\n",
      Line(R"({"dynamo_start": {"stack": [{"line": 20, "name": "<module>", "filename": 0}, )"
           R"({"line": 6, "name": "f", "filename": 0, "loc": "def f(x):"}]}, "frame_id": 0, )"
           R"("frame_compile_id": 0, "attempt": 0})"),
      "\n\n",  // blank lines are dropped
      WithPayload(R"({"dynamo_cpp_guards_str": {}, "frame_id": 0, "frame_compile_id": 0)",
                  "TREE_GUARD_MANAGER:\n+- RootGuardManager\n"),
      "\n");
  Trace trace = ParseTrace(text);
  EXPECT_TRUE(CheckStrict(trace).ok()) << CheckStrict(trace);
  ASSERT_EQ(trace.records.size(), 2u);
  EXPECT_EQ(trace.strings.at(0), "/tmp/prog.py");

  const TraceRecord& start = trace.records[0];
  EXPECT_EQ(start.event, "dynamo_start");
  EXPECT_EQ(start.line_number, 2);
  EXPECT_EQ(start.prefix.thread, 1234u);
  EXPECT_EQ(start.prefix.pathname, "logging/trace.cc");
  EXPECT_EQ(start.prefix.lineno, 12u);
  EXPECT_EQ(start.prefix.microsecond, 123456);
  ASSERT_TRUE(start.compile_id.has_value());
  EXPECT_EQ(start.compile_id->ToString(), "[0/0]");
  ASSERT_EQ(start.stack.size(), 2u);
  EXPECT_EQ(start.stack[1].ToString(), "/tmp/prog.py:6 in f");
  EXPECT_EQ(start.stack[1].loc, "def f(x):");
  EXPECT_FALSE(start.payload.has_value());

  const TraceRecord& guards = trace.records[1];
  EXPECT_EQ(guards.line_number, 4);
  EXPECT_EQ(guards.compile_id->attempt, 0u);  // absent attempt reads as 0
  // The trailing newline is a final TAB-only line, and comes back.
  EXPECT_EQ(guards.payload, "TREE_GUARD_MANAGER:\n+- RootGuardManager\n");
}

TEST(TraceReaderTest, CountsPayloadMd5Mismatch) {
  const std::string text =
      Line(R"({"dynamo_output_graph": {}, "frame_id": 0, "frame_compile_id": 0, "attempt": 0, )"
           R"("has_payload": "00000000000000000000000000000000"})") +
      "\n\tgraph\n";
  Trace trace = ParseTrace(text);
  EXPECT_EQ(trace.stats.fail_payload_md5, 1);
  ASSERT_EQ(trace.records.size(), 1u);  // kept, as tlparse keeps it
  EXPECT_EQ(trace.records[0].payload, "graph");
  absl::Status strict = CheckStrict(trace);
  EXPECT_EQ(strict.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(strict.message(), HasSubstr("fail_payload_md5=1"));
  EXPECT_THAT(strict.message(), HasSubstr("line 1: payload MD5 is"));
}

TEST(TraceReaderTest, UppercaseMd5IsAMismatch) {
  const std::string payload = "x";
  std::string upper = Md5Hex(payload);
  for (char& c : upper) c = static_cast<char>(std::toupper(c));
  Trace trace = ParseTrace(Line(absl::StrCat(R"({"dynamo_output_graph": {}, "has_payload": ")",
                                             upper, "\"}")) +
                           "\n\tx\n");
  EXPECT_EQ(trace.stats.fail_payload_md5, 1);
}

TEST(TraceReaderTest, CountsBadGlogLines) {
  const std::string text = absl::StrCat(
      "I1203 12:00:00.123 1234 logging/trace.cc:12] {\"dynamo_start\": {}}\n",  // 3-digit usec
      "not a log line\n",
      "\tstray payload line\n",
      Line(R"({"dynamo_start": {"stack": []}, "frame_id": 1, "frame_compile_id": 0})"), "\n");
  Trace trace = ParseTrace(text);
  EXPECT_EQ(trace.stats.fail_glog, 3);
  EXPECT_EQ(trace.records.size(), 1u);
  EXPECT_THAT(trace.problems, ElementsAre("line 1: does not match the glog prefix",
                                          "line 2: does not match the glog prefix",
                                          "line 3: does not match the glog prefix"));
}

TEST(TraceReaderTest, GlogRegexIsUnanchoredLikeTlparse) {
  // Text before the prefix is ignored; the envelope is what follows "] ".
  Trace trace = ParseTrace("junk V1203 12:00:00.123456 99 a.py:1] {\"link\": {\"name\": \"n\", "
                           "\"url\": \"u\"}}\n");
  EXPECT_EQ(trace.stats.StrictFailures(), 0);
  ASSERT_EQ(trace.records.size(), 1u);
  EXPECT_EQ(trace.records[0].event, "link");
}

TEST(TraceReaderTest, InterningMustPrecedeUse) {
  const std::string text = absl::StrCat(
      Line(R"({"dynamo_start": {"stack": [{"line": 1, "name": "f", "filename": 7}]}, )"
           R"("frame_id": 0, "frame_compile_id": 0, "attempt": 0})"),
      "\n", Line(R"({"str": ["/late.py", 7]})"), "\n",
      Line(R"({"dynamo_start": {"stack": [{"line": 1, "name": "f", "filename": 7}]}, )"
           R"("frame_id": 1, "frame_compile_id": 0, "attempt": 0})"),
      "\n");
  Trace trace = ParseTrace(text);
  EXPECT_EQ(trace.stats.fail_intern, 1);
  ASSERT_EQ(trace.records.size(), 2u);
  EXPECT_EQ(trace.records[0].stack[0].filename, "(unknown)");
  EXPECT_EQ(trace.records[1].stack[0].filename, "/late.py");
  EXPECT_FALSE(CheckStrict(trace).ok());
}

TEST(TraceReaderTest, ChecksTypesLikeTlparsesSerdeStructs) {
  const std::vector<std::string> bad = {
      Line(R"({"dynamo_start": {}, "frame_id": "0", "frame_compile_id": 0})"),
      Line(R"({"dynamo_start": {}, "frame_id": -1, "frame_compile_id": 0})"),
      Line(R"({"dynamo_start": {"stack": [{"line": 1, "name": "f", "filename": "a.py"}]}})"),
      Line(R"({"compilation_metrics": {"co_firstlineno": 3000000000}})"),
      Line(R"({"compilation_metrics": {"graph_op_count": -1}})"),
      Line(R"({"compilation_metrics": {"restart_reasons": "one"}})"),
      Line(R"({"artifact": {"name": "x"}})"),
      Line(R"({"str": ["a.py"]})"),
      Line(R"(not json)"),
  };
  for (const std::string& line : bad) {
    Trace trace = ParseTrace(line + "\n");
    EXPECT_EQ(trace.stats.fail_json, 1) << line;
    EXPECT_TRUE(trace.records.empty()) << line;
  }
}

TEST(TraceReaderTest, ParserLevelFailures) {
  Trace encoding = ParseTrace(
      WithPayload(R"({"artifact": {"name": "x", "encoding": "base64"})", "eA==") + "\n");
  EXPECT_EQ(encoding.stats.fail_parser, 1);
  Trace guards = ParseTrace(WithPayload(R"({"dynamo_guards": {})", "[{\"no_code\": 1}]") + "\n");
  EXPECT_EQ(guards.stats.fail_dynamo_guards_json, 1);
  Trace good_guards =
      ParseTrace(WithPayload(R"({"dynamo_guards": {})", "[{\"code\": \"x\", \"stack\": null}]") + "\n");
  EXPECT_EQ(good_guards.stats.StrictFailures(), 0);
}

TEST(TraceReaderTest, OneRankPerFile) {
  Trace trace = ParseTrace(Line(R"({"link": {"name": "a", "url": "b"}, "rank": 0})") + "\n" +
                           Line(R"({"link": {"name": "a", "url": "b"}, "rank": 1})") + "\n");
  EXPECT_EQ(trace.stats.other_rank, 1);
  EXPECT_EQ(trace.records.size(), 1u);
}

TEST(TraceReaderTest, UnknownKeysAreCountedNotFatal) {
  Trace trace = ParseTrace(Line(R"({"wick_something": {}, "frame_id": 0, "frame_compile_id": 0})") + "\n");
  EXPECT_EQ(trace.stats.unknown, 1);
  EXPECT_EQ(trace.stats.StrictFailures(), 0);
  ASSERT_EQ(trace.records.size(), 1u);
  EXPECT_EQ(trace.records[0].event, "wick_something");
}

TEST(TraceReaderTest, TheTestTracePassesStrict) {
  Trace trace = ParseTrace(ReadFile(kTestTrace));
  EXPECT_TRUE(CheckStrict(trace).ok()) << CheckStrict(trace);
  EXPECT_EQ(trace.stats.unknown, 0);
  EXPECT_EQ(trace.strings.size(), 2u);
}

// ---- Naming and colouring ------------------------------------------------------------

TEST(NamingTest, CompileIdsAndDirectories) {
  CompileId id{std::nullopt, 0, 0, 0};
  EXPECT_EQ(id.ToString(), "[0/0]");
  EXPECT_EQ(id.DirName(), "-_0_0_0");
  id.attempt = 1;
  id.frame_compile_id = 2;
  EXPECT_EQ(id.ToString(), "[0/2_1]");
  EXPECT_EQ(id.DirName(), "-_0_2_1");
  id.compiled_autograd_id = 3;
  EXPECT_EQ(id.ToString(), "[!3/0/2_1]");
  EXPECT_EQ(id.DirName(), "3_0_2_1");
  EXPECT_EQ(id.WithoutAttempt().ToString(), "[!3/0/2]");
}

TEST(NamingTest, NumberedFileNames) {
  EXPECT_EQ(NumberedFileName("dynamo_output_graph.txt", 0), "dynamo_output_graph_0.txt");
  EXPECT_EQ(NumberedFileName("compilation_metrics.html", 12), "compilation_metrics_12.html");
  EXPECT_EQ(NumberedFileName("torch._functorch.config.json", 3), "torch._functorch.config_3.json");
  EXPECT_EQ(NumberedFileName("noext", 4), "noext_4");
}

Json Metrics(const std::string& json) {
  absl::StatusOr<Json> j = ParseJson(json);
  EXPECT_TRUE(j.ok()) << json;
  return *j;
}

TEST(StatusTest, ColoursAsTlparse) {
  EXPECT_STREQ(StatusClass({}), "status-missing");
  EXPECT_STREQ(StatusClass({Metrics(R"({"graph_op_count": 2, "restart_reasons": []})")}),
               "status-ok");
  EXPECT_STREQ(StatusClass({Metrics(R"({"graph_op_count": 2, "restart_reasons": ["r"]})")}),
               "status-break");
  EXPECT_STREQ(StatusClass({Metrics(R"({"graph_op_count": 0, "restart_reasons": ["r"]})")}),
               "status-empty");
  EXPECT_STREQ(StatusClass({Metrics(R"({"restart_reasons": []})")}), "status-empty");
  EXPECT_STREQ(StatusClass({Metrics(R"({"graph_op_count": 0, "fail_type": "Unsupported"})")}),
               "status-error");
  EXPECT_STREQ(StatusClass({Metrics(R"({"graph_op_count": 2, "fail_type": null})")}),
               "status-ok");
  // Any attempt decides: an error in one attempt colours the whole compile id.
  EXPECT_STREQ(StatusClass({Metrics(R"({"graph_op_count": 2})"),
                            Metrics(R"({"graph_op_count": 2, "fail_type": "X"})")}),
               "status-error");
}

// ---- Graph SVG -----------------------------------------------------------------------

GraphPicture SinGraph(bool with_break) {
  const std::string json = absl::StrCat(
      R"({"name": "__compiled_fn_1", "nodes": [)",
      R"({"name": "l_x_", "op": "placeholder", "target": "L_x_", "args": [], "meta": "f32[3][1]cpu"},)",
      R"({"name": "sin", "op": "call_function", "target": "torch.sin", "args": ["l_x_"], "meta": "f32[3][1]cpu"},)",
      R"({"name": "output", "op": "output", "target": "output", "args": ["sin"], "meta": ""}], )",
      with_break ? R"("break": {"line": 12, "reason": "Call to `torch._dynamo.graph_break()` <&>"}})"
                 : R"("break": null})");
  absl::StatusOr<GraphPicture> g = GraphPictureFromJson(Metrics(json));
  EXPECT_TRUE(g.ok()) << g.status();
  return *g;
}

TEST(GraphSvgTest, DrawsNodesRowsAndEdges) {
  GraphPicture g = SinGraph(false);
  EXPECT_EQ(g.title, "__compiled_fn_1");
  EXPECT_FALSE(g.graph_break.has_value());
  const std::string svg = RenderGraphSvg({g}, "t");
  EXPECT_TRUE(absl::StartsWith(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
  EXPECT_TRUE(absl::EndsWith(svg, "</svg>\n"));
  EXPECT_THAT(svg, HasSubstr("class=\"node node-placeholder\""));
  EXPECT_THAT(svg, HasSubstr("class=\"node node-call_function\""));
  EXPECT_THAT(svg, HasSubstr("class=\"node node-output\""));
  EXPECT_THAT(svg, HasSubstr(">torch.sin</text>"));
  EXPECT_THAT(svg, HasSubstr(">f32[3][1]cpu</text>"));
  EXPECT_THAT(svg, HasSubstr("marker id=\"t-arrow\""));
  EXPECT_THAT(svg, Not(HasSubstr("graph-break")));
  // Two edges (l_x_ -> sin -> output), each going down one row.
  size_t edges = 0;
  for (size_t p = svg.find("class=\"edge\""); p != std::string::npos;
       p = svg.find("class=\"edge\"", p + 1)) {
    ++edges;
  }
  EXPECT_EQ(edges, 2u);
  // Deterministic: the same graph draws the same text.
  EXPECT_EQ(svg, RenderGraphSvg({g}, "t"));
}

TEST(GraphSvgTest, MarksAGraphBreakAfterTheLastNode) {
  GraphPicture g = SinGraph(true);
  ASSERT_TRUE(g.graph_break.has_value());
  EXPECT_EQ(g.graph_break->line, 12);
  const std::string svg = RenderGraphSvg({g}, "t");
  const size_t mark = svg.find("<g class=\"graph-break\">");
  ASSERT_NE(mark, std::string::npos);
  EXPECT_GT(mark, svg.rfind("class=\"node "));  // drawn after the last node
  EXPECT_THAT(svg, HasSubstr("stroke=\"#d00000\""));
  EXPECT_THAT(svg, HasSubstr("stroke-dasharray=\"6 4\""));
  EXPECT_THAT(svg, HasSubstr(
                       "graph break at line 12: Call to `torch._dynamo.graph_break()` &lt;&amp;&gt;"));
}

TEST(GraphSvgTest, SeveralGraphsInOrderWithBreaksBetween) {
  GraphPicture first = SinGraph(true);
  first.title = "[0/0] first";
  GraphPicture second = SinGraph(false);
  second.title = "[1/0] second";
  const std::string svg = RenderGraphSvg({first, second}, "f");
  const size_t a = svg.find("[0/0] first");
  const size_t brk = svg.find("graph-break");
  const size_t b = svg.find("[1/0] second");
  ASSERT_NE(a, std::string::npos);
  ASSERT_NE(b, std::string::npos);
  EXPECT_LT(a, brk);
  EXPECT_LT(brk, b);
}

TEST(GraphSvgTest, RejectsBadShapes) {
  EXPECT_FALSE(GraphPictureFromJson(Metrics("[]")).ok());
  EXPECT_FALSE(GraphPictureFromJson(Metrics(R"({"nodes": [{"name": "a"}]})")).ok());
  EXPECT_FALSE(GraphPictureFromJson(Metrics(R"({"nodes": [{"name": "a", "op": "x", "args": 1}]})")).ok());
}

// ---- End to end ----------------------------------------------------------------------

// Start/end tags balance (void elements and self-closing SVG tags aside), the document
// is a doctype'd HTML5 page, and <style> contents are skipped.
void ExpectWellFormedHtml(const std::string& html, const std::string& name) {
  EXPECT_TRUE(absl::StartsWith(html, "<!DOCTYPE html>\n<html lang=\"en\">")) << name;
  static const std::set<std::string> kVoid = {"meta", "link", "br", "hr", "img", "input"};
  std::vector<std::string> open;
  size_t pos = 0;
  while ((pos = html.find('<', pos)) != std::string::npos) {
    const size_t end = html.find('>', pos);
    ASSERT_NE(end, std::string::npos) << name;
    std::string tag = html.substr(pos + 1, end - pos - 1);
    pos = end + 1;
    if (tag.empty() || tag[0] == '!') continue;
    const bool closing = tag[0] == '/';
    const bool self_closing = tag.back() == '/';
    std::string tag_name = tag.substr(closing ? 1 : 0, tag.find_first_of(" /", closing ? 1 : 0) - (closing ? 1 : 0));
    if (closing) {
      ASSERT_FALSE(open.empty()) << name << ": stray </" << tag_name << ">";
      ASSERT_EQ(open.back(), tag_name) << name << ": </" << tag_name << "> closes <" << open.back() << ">";
      open.pop_back();
    } else if (!self_closing && !kVoid.count(tag_name)) {
      open.push_back(tag_name);
      if (tag_name == "style") {
        pos = html.find("</style>", pos);
        ASSERT_NE(pos, std::string::npos) << name;
      }
    }
  }
  EXPECT_TRUE(open.empty()) << name << ": unclosed <" << (open.empty() ? "" : open.back()) << ">";
  EXPECT_THAT(html, Not(HasSubstr("<script"))) << name;
  EXPECT_THAT(html, Not(HasSubstr("src=\"http"))) << name;
}

// Every href/src in `html` (a page at `page`) that is relative must name an existing file.
void ExpectLinksResolve(const fs::path& root, const fs::path& page, const std::string& html) {
  for (const char* attr : {"href=\"", "src=\""}) {
    for (size_t p = html.find(attr); p != std::string::npos; p = html.find(attr, p + 1)) {
      const size_t start = p + std::string(attr).size();
      std::string target = html.substr(start, html.find('"', start) - start);
      if (target.empty() || target[0] == '#' || absl::StartsWith(target, "data:") ||
          absl::StrContains(target, "://")) {
        continue;
      }
      target = target.substr(0, target.find('#'));
      const fs::path file = (root / page).parent_path() / target;
      EXPECT_TRUE(fs::is_regular_file(file)) << page << " links to missing " << target;
    }
  }
}

class WriteReportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    trace_dir_ = FreshDir("trace");
    out_ = FreshDir("out");
    fs::create_directories(trace_dir_);
    fs::copy_file(kTestTrace, trace_dir_ / "dedicated_log_torch_trace_abc.log");
  }
  fs::path trace_dir_;
  fs::path out_;
};

TEST_F(WriteReportTest, WritesTheTlparseTree) {
  ASSERT_TRUE(WriteReport(trace_dir_.string(), out_.string()).ok());
  for (const char* f :
       {"index.html", "failures_and_restarts.html", "raw.log", "raw.jsonl", "compile_directory.json",
        "chromium_events.json", "unknown_1/torch_version_0.json",
        "-_0_0_0/dynamo_graph_break_reason_1.txt", "-_0_0_1/dynamo_output_graph_2.txt",
        "-_0_0_1/wick_graph_json_3.json", "-_0_0_1/dynamo_cpp_guards_str_4.txt",
        "-_0_0_1/compilation_metrics_5.html", "-_1_0_0/compilation_metrics_9.html",
        "-_0_1_0/recompile_reasons_10.json", "-_0_1_1/compilation_metrics_13.html",
        "-_2_0_0/compilation_metrics_14.html", "-_3_0_0/dynamo_error_15.txt",
        "-_3_0_0/compilation_metrics_16.html", "graphs/frame_0.svg", "graphs/frame_1.svg"}) {
    EXPECT_TRUE(fs::is_regular_file(out_ / f)) << f;
  }
  EXPECT_EQ(ReadFile(out_ / "raw.log"), ReadFile(kTestTrace));
  // Payloads are written as they were logged; JSON artifacts pretty-printed.
  EXPECT_EQ(ReadFile(out_ / "-_0_0_0/dynamo_graph_break_reason_1.txt"),
            "Graph break in user code at /tmp/prog.py:8\nGraph Break Reason: Call to "
            "`torch._dynamo.graph_break()`\nUser code traceback:\n  File \"/tmp/prog.py\", line 8, "
            "in f\n    torch._dynamo.graph_break()\n");
  EXPECT_EQ(ReadFile(out_ / "-_0_1_0/recompile_reasons_10.json"),
            "[\n  \"0/0: tensor 'x' size mismatch at index 0. expected 3, actual 4\"\n]");
}

TEST_F(WriteReportTest, IndexShowsFramesStatusesAndLinks) {
  ASSERT_TRUE(WriteReport(trace_dir_.string(), out_.string()).ok());
  const std::string index = ReadFile(out_ / "index.html");
  EXPECT_THAT(index, HasSubstr("<div id=\"stack-trie\">"));
  EXPECT_THAT(index, HasSubstr("/tmp/prog.py:20 in &lt;module&gt;"));
  EXPECT_THAT(index, HasSubstr("/tmp/prog.py:6 in f"));
  EXPECT_THAT(index, HasSubstr("/tmp/prog.py:8 in torch_dynamo_resume_in_f_at_8"));
  EXPECT_THAT(index, HasSubstr("/tmp/helper.py:3 in g"));
  EXPECT_THAT(index, HasSubstr(
      "<a class=\"status-break\" href=\"-_0_0_1/compilation_metrics_5.html\">[0/0]</a>"));
  EXPECT_THAT(index, HasSubstr(
      "<a class=\"status-ok\" href=\"-_1_0_0/compilation_metrics_9.html\">[1/0]</a>"));
  EXPECT_THAT(index, HasSubstr(
      "<a class=\"status-break\" href=\"-_0_1_1/compilation_metrics_13.html\">[0/1]</a>"));
  EXPECT_THAT(index, HasSubstr(
      "<a class=\"status-empty\" href=\"-_2_0_0/compilation_metrics_14.html\">[2/0]</a>"));
  EXPECT_THAT(index, HasSubstr(
      "<a class=\"status-error\" href=\"-_3_0_0/compilation_metrics_16.html\">[3/0]</a>"));
  EXPECT_THAT(index, HasSubstr("<a class=\"status-missing\" href=\"#-_4_0_0\">[4/0]</a>"));
  EXPECT_THAT(index, HasSubstr("<a class=\"compile-id\" id=\"-_4_0_0\">[4/0]</a>"));
  // Failures and restarts: two restarts and one failure.
  EXPECT_THAT(index, HasSubstr("href=\"failures_and_restarts.html\"><strong id=\"failure-count\">3</strong>"));
  // Build products with global numbers.
  EXPECT_THAT(index, HasSubstr(
      "<a href=\"-_0_0_1/dynamo_output_graph_2.txt\">-_0_0_1/dynamo_output_graph_2.txt</a> (2)"));
  EXPECT_THAT(index, HasSubstr("<a class=\"compile-id\" id=\"unknown\">(unknown)</a>"));
  // Per-frame graphs: frame 0 has two graphs, both ending at a break; frame 1 one graph.
  EXPECT_THAT(index, HasSubstr("<section class=\"frame-graphs\" id=\"frame-0\">"));
  EXPECT_THAT(index, HasSubstr("<section class=\"frame-graphs\" id=\"frame-1\">"));
  EXPECT_THAT(index, HasSubstr("2 graph(s), 2 ending in a graph break"));
  EXPECT_THAT(index, HasSubstr("1 graph(s), 0 ending in a graph break"));
  EXPECT_THAT(index, HasSubstr("[0/0_1] __compiled_fn_1"));
  EXPECT_THAT(index, HasSubstr("[0/1_1] __compiled_fn_3"));
  EXPECT_THAT(index, HasSubstr("graph break at line 8: Call to `torch._dynamo.graph_break()`"));
  EXPECT_THAT(index, HasSubstr("No graph captured."));  // frames 2, 3, 4
  EXPECT_THAT(index, HasSubstr("<p id=\"problems\">The trace passes tlparse's --strict checks.</p>"));
}

TEST_F(WriteReportTest, FailuresAndMetricsPages) {
  ASSERT_TRUE(WriteReport(trace_dir_.string(), out_.string()).ok());
  const std::string failures = ReadFile(out_ / "failures_and_restarts.html");
  EXPECT_THAT(failures, HasSubstr("<table class=\"data\" id=\"failures\">"));
  EXPECT_THAT(failures, HasSubstr("<th>Compile Id</th><th>Failure Type</th><th>Failure Description</th>"));
  EXPECT_THAT(failures, HasSubstr(
      "<tr class=\"restart\"><td><a href=\"-_0_0_1/compilation_metrics_5.html\">[0/0_1]</a></td>"
      "<td>RestartAnalysis</td><td><pre>Call to `torch._dynamo.graph_break()`</pre></td>"
      "<td>Not availble for restarts(yet)!</td></tr>"));
  EXPECT_THAT(failures, HasSubstr(
      "<tr class=\"failure\"><td><a href=\"-_3_0_0/compilation_metrics_16.html\">[3/0]</a></td>"
      "<td><pre>Unsupported</pre></td><td><pre>call to an unsupported &lt;builtin&gt; &amp; "
      "friends</pre></td><td><pre>/tmp/helper.py:12</pre></td></tr>"));

  const std::string ok = ReadFile(out_ / "-_1_0_0/compilation_metrics_9.html");
  EXPECT_THAT(ok, HasSubstr("<h1>Compilation Info for [1/0]</h1>"));
  EXPECT_THAT(ok, HasSubstr("<p>No failures!</p>"));
  EXPECT_THAT(ok, HasSubstr("<p>No restarts!</p>"));
  EXPECT_THAT(ok, HasSubstr("<tr><th>Graph Ops</th><td>2</td></tr>"));
  EXPECT_THAT(ok, HasSubstr("<a href=\"dynamo_output_graph_6.txt\">dynamo_output_graph_6.txt</a> (6)"));
  EXPECT_THAT(ok, HasSubstr("<p>Entire Frame: 0.0125</p>"));
  const std::string restarted = ReadFile(out_ / "-_0_0_1/compilation_metrics_5.html");
  EXPECT_THAT(restarted, HasSubstr("<ul id=\"restart-reasons\"><li><code>Call to "));
  EXPECT_THAT(restarted, HasSubstr("/tmp/prog.py:6 in f"));  // the stack of [0/0]
  EXPECT_THAT(restarted, HasSubstr("class=\"graph-break\""));
  const std::string failed = ReadFile(out_ / "-_3_0_0/compilation_metrics_16.html");
  EXPECT_THAT(failed, HasSubstr("<p>Failure Exception:</p><pre>Unsupported</pre>"));
  EXPECT_THAT(failed, HasSubstr("<p>In file <code>/tmp/helper.py</code>, line 12</p>"));
}

TEST_F(WriteReportTest, EveryPageIsWellFormedAndEveryLinkResolves) {
  ASSERT_TRUE(WriteReport(trace_dir_.string(), out_.string()).ok());
  int pages = 0;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(out_)) {
    if (e.path().extension() != ".html") continue;
    ++pages;
    const std::string html = ReadFile(e.path());
    const fs::path rel = fs::relative(e.path(), out_);
    ExpectWellFormedHtml(html, rel.string());
    ExpectLinksResolve(out_, rel, html);
  }
  EXPECT_EQ(pages, 7);  // index, failures, five compilation_metrics pages
}

TEST_F(WriteReportTest, RawJsonlAndCompileDirectory) {
  ASSERT_TRUE(WriteReport(trace_dir_.string(), out_.string()).ok());
  std::vector<std::string> lines = absl::StrSplit(ReadFile(out_ / "raw.jsonl"), '\n',
                                                  absl::SkipEmpty());
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0], R"({"string_table": ["/tmp/prog.py", "/tmp/helper.py"]})");
  for (const std::string& l : lines) {
    absl::StatusOr<Json> j = ParseJson(l);
    ASSERT_TRUE(j.ok()) << l;
    EXPECT_EQ(j->Find("chromium_event"), nullptr);
  }
  absl::StatusOr<Json> first = ParseJson(lines[1]);
  EXPECT_EQ(first->Find("payload_filename")->as_string(), "unknown_1/torch_version_0.json");
  EXPECT_EQ(first->Find("pathname")->as_string(), "logging/trace.cc");
  EXPECT_EQ(first->Find("lineno")->as_int(), 88);

  absl::StatusOr<Json> dir = ParseJson(ReadFile(out_ / "compile_directory.json"));
  ASSERT_TRUE(dir.ok());
  const Json* c00 = dir->Find("[0/0_1]");
  ASSERT_NE(c00, nullptr);
  const Json& artifact = c00->Find("artifacts")->as_array()[0];
  EXPECT_EQ(artifact.Find("url")->as_string(), "-_0_0_1/dynamo_output_graph_2.txt");
  EXPECT_EQ(artifact.Find("number")->as_int(), 2);
  EXPECT_EQ(dir->as_object().front().first, "(unknown)");  // first appearance order
}

TEST_F(WriteReportTest, RefusesANonEmptyOutputUnlessOverwrite) {
  fs::create_directories(out_);
  std::ofstream(out_ / "keep.txt") << "x";
  absl::Status s = WriteReport(trace_dir_.string(), out_.string());
  EXPECT_EQ(s.code(), absl::StatusCode::kAlreadyExists);
  EXPECT_TRUE(fs::exists(out_ / "keep.txt"));
  ASSERT_TRUE(WriteReport(trace_dir_.string(), out_.string(), {.overwrite = true}).ok());
  EXPECT_FALSE(fs::exists(out_ / "keep.txt"));
  EXPECT_TRUE(fs::exists(out_ / "index.html"));
}

TEST_F(WriteReportTest, MissingOrBadTraces) {
  EXPECT_EQ(WriteReport((trace_dir_ / "nope").string(), out_.string()).code(),
            absl::StatusCode::kNotFound);
  const fs::path empty = FreshDir("empty_trace");
  fs::create_directories(empty);
  EXPECT_EQ(WriteReport(empty.string(), out_.string()).code(), absl::StatusCode::kNotFound);

  const fs::path bad = FreshDir("bad_trace");
  fs::create_directories(bad);
  std::ofstream(bad / "dedicated_log_torch_trace_x.log") << "garbage\n";
  EXPECT_EQ(WriteReport(bad.string(), out_.string(), {.strict = true}).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_FALSE(fs::exists(out_));  // nothing written under --strict
  ASSERT_TRUE(WriteReport(bad.string(), out_.string()).ok());  // lenient by default
  EXPECT_THAT(ReadFile(out_ / "index.html"),
              HasSubstr("<li>line 1: does not match the glog prefix</li>"));
}

TEST_F(WriteReportTest, PicksTheNewestTraceFile) {
  const fs::path older = trace_dir_ / "dedicated_log_torch_trace_old.log";
  std::ofstream(older) << Line(R"({"link": {"name": "old", "url": "x"}})") << "\n";
  fs::last_write_time(older, fs::last_write_time(trace_dir_ / "dedicated_log_torch_trace_abc.log") -
                                 std::chrono::hours(1));
  std::ofstream(trace_dir_ / "unrelated.log") << "x\n";
  absl::StatusOr<std::string> f = FindTraceFile(trace_dir_.string());
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(fs::path(*f).filename(), "dedicated_log_torch_trace_abc.log");
  // A file path is taken as is.
  EXPECT_EQ(*FindTraceFile(older.string()), older.string());
}

TEST_F(WriteReportTest, RefusesToOverwriteTheTrace) {
  absl::Status s = WriteReport(trace_dir_.string(), trace_dir_.string(), {.overwrite = true});
  EXPECT_EQ(s.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_TRUE(fs::exists(trace_dir_ / "dedicated_log_torch_trace_abc.log"));
}

}  // namespace
}  // namespace wick::report
