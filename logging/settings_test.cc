// The TORCH_LOGS grammar (every rule of _parse_log_settings), the registry's help and
// error texts against goldens, and set_logs argument handling, on fresh registries.
//
// testdata/*.txt were produced by upstream's help_message and _invalid_settings_err_msg
// (torch/_logging/_internal.py @ 0011014f) run over upstream's _registrations.py
// (@ 5246fbde), not by wick.
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "base/python_error.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "logging/internal/registry.h"
#include "logging/internal/settings.h"
#include "logging/logging.h"

namespace wick::logging::internal {
namespace {

using ::testing::HasSubstr;

std::string ReadTestData(const std::string& name) {
  std::ifstream in("logging/testdata/" + name, std::ios::binary);
  EXPECT_TRUE(in.good()) << name;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The parsed state of `settings` on a fresh builtin registry, as text.
std::string Parse(absl::string_view settings) {
  Registry registry = Registry::Builtin();
  absl::StatusOr<LogState> state = ParseTorchLogs(settings, registry);
  if (!state.ok()) return "error: " + std::string(state.status().message());
  return state->DebugString(registry);
}

absl::Status ParseStatus(absl::string_view settings) {
  Registry registry = Registry::Builtin();
  return ParseTorchLogs(settings, registry).status();
}

constexpr absl::string_view kDynamoAt10 =
    "torch._dynamo=10\n"
    "torch.fx.experimental.recording=10\n"
    "torch.fx.experimental.sym_node=10\n"
    "torch.fx.experimental.symbolic_shapes=10";

TEST(TorchLogsGrammar, EmptyIsTheDefaultState) { EXPECT_EQ(Parse(""), ""); }

TEST(TorchLogsGrammar, ComponentLevelsFromTheSign) {
  EXPECT_EQ(Parse("+dynamo"), kDynamoAt10);
  EXPECT_EQ(Parse("dynamo"),
            "torch._dynamo=20\ntorch.fx.experimental.recording=20\n"
            "torch.fx.experimental.sym_node=20\ntorch.fx.experimental.symbolic_shapes=20");
  EXPECT_EQ(Parse("-aot"), "torch._functorch._aot_autograd=40\ntorch._functorch.aot_autograd=40");
  EXPECT_EQ(Parse("torch"), "torch=20");
}

TEST(TorchLogsGrammar, AllIsTheTorchLogger) {
  EXPECT_EQ(Parse("all"), "torch=20");
  EXPECT_EQ(Parse("+all"), "torch=10");
  EXPECT_EQ(Parse("-all"), "torch=40");
}

TEST(TorchLogsGrammar, ArtifactsIgnoreTheSign) {
  EXPECT_EQ(Parse("graph_breaks"), "+graph_breaks");
  EXPECT_EQ(Parse("+graph_breaks"), "+graph_breaks");
  EXPECT_EQ(Parse("-graph_breaks"), "+graph_breaks");
  EXPECT_EQ(Parse("bytecode"), "+bytecode");  // off by default, but named
}

TEST(TorchLogsGrammar, MixedComponentsAndArtifacts) {
  EXPECT_EQ(Parse("+inductor,aot_graphs,-aot,recompiles"),
            "torch._functorch._aot_autograd=40\n"
            "torch._functorch.aot_autograd=40\n"
            "torch._inductor=10\n"
            "torch._inductor.cudagraph_trees=10\n"
            "+aot_graphs\n"
            "+recompiles");
}

TEST(TorchLogsGrammar, LaterItemsWin) {
  EXPECT_EQ(Parse("+dynamo,dynamo"),
            "torch._dynamo=20\ntorch.fx.experimental.recording=20\n"
            "torch.fx.experimental.sym_node=20\ntorch.fx.experimental.symbolic_shapes=20");
  EXPECT_EQ(Parse("dynamo,+dynamo"), kDynamoAt10);
  EXPECT_EQ(Parse("graph_breaks,graph_breaks"), "+graph_breaks");
  // dynamo and dynamic share the shape-env loggers: the last one named sets them.
  EXPECT_EQ(Parse("+dynamo,-dynamic"),
            "torch._dynamo=10\ntorch.fx.experimental.recording=40\n"
            "torch.fx.experimental.sym_node=40\ntorch.fx.experimental.symbolic_shapes=40");
  EXPECT_EQ(Parse("-dynamic,+dynamo"), kDynamoAt10);
}

TEST(TorchLogsGrammar, WhitespaceOnlyAfterCommas) {
  EXPECT_EQ(Parse("+dynamo, graph_breaks"), std::string(kDynamoAt10) + "\n+graph_breaks");
  EXPECT_EQ(Parse("+dynamo,\t\n\v\f\r graph_breaks"),
            std::string(kDynamoAt10) + "\n+graph_breaks");
  // Python's \s is Unicode: U+3000 IDEOGRAPHIC SPACE and U+00A0 count.
  EXPECT_EQ(Parse("+dynamo,\u3000\u00a0graph_breaks"),
            std::string(kDynamoAt10) + "\n+graph_breaks");
  for (absl::string_view bad : {" dynamo", "dynamo ", "dynamo ,aot", "dyn amo", "dynamo,aot\n"}) {
    EXPECT_THAT(Parse(bad), HasSubstr("error: \nInvalid log settings: ")) << bad;
  }
}

TEST(TorchLogsGrammar, MalformedSettingsAreInvalid) {
  for (absl::string_view bad :
       {"dynamo,", ",dynamo", "dynamo,,aot", "++dynamo", "+-dynamo", "dyn+amo", "dynamo-",
        "dynamo;aot", "+", "-", ",", "dynamo/aot", "\"dynamo\""}) {
    const absl::Status s = ParseStatus(bad);
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << bad;
    EXPECT_EQ(PythonErrorType(s), "ValueError") << bad;
    EXPECT_FALSE(IsHelpRequest(s)) << bad;
    EXPECT_THAT(s.message(), HasSubstr("Invalid log settings: " + std::string(bad) + ", must"))
        << bad;
  }
}

TEST(TorchLogsGrammar, UnknownNameGetsUpstreamsExactText) {
  const absl::Status s = ParseStatus("foo");
  EXPECT_EQ(s.message(), ReadTestData("invalid_settings_foo.txt"));
  EXPECT_EQ(PythonErrorType(s), "ValueError");
  // The raw setting, whitespace and all, is quoted; one bad item fails the whole setting.
  EXPECT_THAT(ParseStatus("+dynamo,  nope").message(),
              HasSubstr("\nInvalid log settings: +dynamo,  nope, must be a comma separated"));
  EXPECT_THAT(ParseStatus("dynamö").message(), HasSubstr("Invalid log settings: dynamö,"));
  EXPECT_THAT(ParseStatus("Dynamo").message(), HasSubstr("Invalid log settings: Dynamo,"));
}

TEST(TorchLogsGrammar, ModuleQualifiedNames) {
  Registry registry = Registry::Builtin();
  absl::StatusOr<LogState> state = ParseTorchLogs("+torch._dynamo.guards", registry);
  ASSERT_TRUE(state.ok()) << state.status();
  EXPECT_EQ(state->DebugString(registry), "torch._dynamo.guards=10");
  // Below a registered logger it becomes a child log, which set_logs then accepts.
  EXPECT_TRUE(registry.IsChildLog("torch._dynamo.guards"));
  EXPECT_FALSE(Registry::Builtin().IsChildLog("torch._dynamo.guards"));

  // A package sets itself and every module under it (directory-based logging).
  const std::string aot = Parse("-torch._functorch");
  EXPECT_THAT(aot, HasSubstr("torch._functorch=40\n"));
  EXPECT_THAT(aot, HasSubstr("torch._functorch._aot_autograd=40\n"));
  EXPECT_THAT(aot, HasSubstr("torch._functorch._aot_autograd.graph_capture=40\n"));
  EXPECT_THAT(aot, HasSubstr("torch._functorch.aot_autograd=40"));
  EXPECT_THAT(Parse("torch._dynamo"), HasSubstr("torch._dynamo.symbolic_convert=20"));
  EXPECT_EQ(Parse("torch.fx.experimental.sym_node"), "torch.fx.experimental.sym_node=20");

  // Not a module wick knows: the same error as any unknown name.
  for (absl::string_view bad :
       {"torch._dynamo.nonexistent", "some.random.module", "torch.", "torch..x", ".torch"}) {
    EXPECT_THAT(Parse(bad), HasSubstr("error: \nInvalid log settings: ")) << bad;
  }
}

TEST(TorchLogsGrammar, HelpRequests) {
  const absl::Status help = ParseStatus("help");
  EXPECT_TRUE(IsHelpRequest(help));
  EXPECT_EQ(PythonErrorType(help), "ValueError");
  EXPECT_EQ(help.message(), ReadTestData("help.txt"));
  const absl::Status verbose = ParseStatus("+help");
  EXPECT_TRUE(IsHelpRequest(verbose));
  EXPECT_EQ(verbose.message(), ReadTestData("help_verbose.txt"));
  // Only the exact words: anything else is an ordinary (invalid) name.
  for (absl::string_view s : {"-help", "help,dynamo", " help", "HELP"}) {
    const absl::Status st = ParseStatus(s);
    EXPECT_FALSE(IsHelpRequest(st)) << s;
    EXPECT_THAT(st.message(), HasSubstr("Invalid log settings")) << s;
  }
}

TEST(Registry, TableMatchesUpstreamFlags) {
  const Registry registry = Registry::Builtin();
  std::vector<std::string> visible;
  std::vector<std::string> off;
  for (const ArtifactInfo& a : registry.artifacts()) {
    EXPECT_LE(a.name.size(), 30u) << a.name;  // help pads names to 30
    if (a.visible) visible.push_back(a.name);
    if (a.off_by_default) off.push_back(a.name);
    EXPECT_EQ(a.message_only, a.name == "custom_format_test_artifact") << a.name;
    EXPECT_TRUE(registry.IsModule(a.module)) << a.module;
  }
  EXPECT_EQ(registry.artifacts().size(), 53u);
  EXPECT_EQ(registry.components().size(), 18u);
  EXPECT_THAT(visible, ::testing::ElementsAre("guards", "aot_graphs", "aot_graphs_effects",
                                              "compiled_autograd", "recompiles",
                                              "recompiles_verbose", "graph_breaks",
                                              "side_effects", "output_code", "kernel_code"));
  EXPECT_EQ(absl::StrJoin(off, " "),
            "native_dsl_compile verbose_guards bytecode ir_pre_fusion ir_post_fusion "
            "compiled_autograd_verbose recompiles_verbose output_code kernel_code schedule "
            "perf_hints compute_dependencies fusion loop_ordering loop_tiling auto_chunker "
            "overlap overlap_scheduling partitioned_scatter sym_node trace_shape_events "
            "cudagraph_static_inputs benchmarking incremental node_runtime_estimation "
            "autotuning autotuning_inputs graph_region_expansion inductor_metrics "
            "hierarchical_compile annotation caching");
  const ComponentInfo* exp = registry.FindComponent("export");
  ASSERT_NE(exp, nullptr);
  EXPECT_EQ(absl::StrJoin(exp->qnames, " "),
            "torch._dynamo torch.export torch.export.dynamic_shapes "
            "torch.fx.experimental.symbolic_shapes torch.fx.experimental.sym_node "
            "torch.fx.experimental.recording torch._export.non_strict_utils "
            "torch._export.serde.serialize torch.fx.experimental.proxy_tensor");
  EXPECT_TRUE(registry.IsRegisteredQname("torch._inductor.fb.remote_cache"));
  EXPECT_FALSE(registry.IsModule("torch._inductor.fb.remote_cache"));
}

TEST(Registry, VerboseHelpListsEveryArtifact) {
  const Registry registry = Registry::Builtin();
  const std::string text = registry.HelpText(/*verbose=*/true);
  for (const ArtifactInfo& a : registry.artifacts()) {
    EXPECT_THAT(text, HasSubstr("\n  " + a.name + std::string(30 - a.name.size(), ' ') +
                                "\t" + a.description + "\n"));
  }
  EXPECT_THAT(text, HasSubstr("\n\nAll registered names\n  all\n  aot\n"));
}

// --- set_logs arguments -------------------------------------------------------------

absl::StatusOr<std::string> SetLogsText(std::vector<std::pair<std::string, LogsArg>> kw,
                                        std::vector<std::pair<std::string, LogsArg>> mods = {}) {
  Registry registry = Registry::Builtin();
  absl::StatusOr<LogState> state = SetLogsState(kw, mods, registry);
  if (!state.ok()) return state.status();
  return state->DebugString(registry);
}

TEST(SetLogsState, ComponentsArtifactsAndModules) {
  absl::StatusOr<std::string> text =
      SetLogsText({{"dynamo", LogsArg::Int(10)},
                   {"graph_code", LogsArg::Bool(true)},
                   {"guards", LogsArg::Bool(false)},
                   {"aot", LogsArg::None()}},
                  {{"torch._inductor.scheduler", LogsArg::Int(40)},
                   {"schedule", LogsArg::Bool(true)}});
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(*text,
            "torch._dynamo=10\ntorch._inductor.scheduler=40\n"
            "torch.fx.experimental.recording=10\ntorch.fx.experimental.sym_node=10\n"
            "torch.fx.experimental.symbolic_shapes=10\n+graph_code\n+schedule");
  // False is 0 in logging._levelToName: NOTSET, accepted.
  EXPECT_EQ(*SetLogsText({{"torch", LogsArg::Bool(false)}}), "torch=0");
}

TEST(SetLogsState, UpstreamErrorTexts) {
  auto error = [](absl::StatusOr<std::string> r) {
    EXPECT_EQ(PythonErrorType(r.status()), "ValueError");
    return std::string(r.status().message());
  };
  EXPECT_EQ(error(SetLogsText({{"graph_breaks", LogsArg::Int(1)}})),
            "Expected bool to enable artifact graph_breaks, received 1");
  EXPECT_EQ(error(SetLogsText({{"dynamo", LogsArg::Int(15)}})),
            "Unrecognized log level for log dynamo: 15, valid level values are: "
            "50,40,30,20,10,0");
  EXPECT_EQ(error(SetLogsText({{"torch", LogsArg::Bool(true)}})),
            "Unrecognized log level for log torch: True, valid level values are: "
            "50,40,30,20,10,0");
  EXPECT_EQ(error(SetLogsText({{"aot", LogsArg::Other("DEBUG")}})),
            "Unrecognized log level for log aot: DEBUG, valid level values are: "
            "50,40,30,20,10,0");
  EXPECT_EQ(error(SetLogsText({}, {{"nope.module", LogsArg::Int(10)}})),
            "Unrecognized log or artifact name passed to set_logs: nope.module");
  // The first bad item in order is the one reported.
  EXPECT_EQ(error(SetLogsText({{"inductor", LogsArg::Int(3)}, {"dynamo", LogsArg::Int(4)}})),
            "Unrecognized log level for log inductor: 3, valid level values are: "
            "50,40,30,20,10,0");
}

}  // namespace
}  // namespace wick::logging::internal
