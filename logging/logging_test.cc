// End-to-end behaviour of the global logging state: which channels show what under
// TORCH_LOGS (components, artifacts at their parent's DEBUG, off-by-default ones, module
// loggers), set_logs equivalence and errors, the record format with compile ids,
// TORCH_LOGS_OUT / TORCH_LOGS_FORMAT / TORCH_LOGS_TRACE_ID_FILTER, and sinks.
#include <cstdio>
#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "base/python_error.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "logging/internal/config.h"
#include "logging/logging.h"

namespace wick::logging {
namespace {

using ::testing::HasSubstr;

// Records are stamped 2024-01-02 03:04:05.678901 UTC by pid 4242.
class LoggingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ResetForTesting();
    const absl::Time t = absl::FromCivil(absl::CivilSecond(2024, 1, 2, 3, 4, 5),
                                         absl::UTCTimeZone()) +
                         absl::Microseconds(678901);
    SetClockForTesting([t] { return t; }, absl::UTCTimeZone());
    SetPidForTesting(4242);
    capture_.emplace();  // after the reset, which restores the stderr console
  }
  void TearDown() override {
    capture_.reset();
    ResetForTesting();
  }

  void Apply(absl::string_view settings) {
    const absl::Status s = ApplyTorchLogs(settings);
    ASSERT_TRUE(s.ok()) << s;
  }

  std::optional<ScopedLogCapture> capture_;
};

// Upstream's module of an artifact decides its parent; these are extra module loggers.
WICK_LOG_DEFINE_CHANNEL(guards_module_log, "torch._dynamo.guards");
WICK_LOG_DEFINE_CHANNEL(convert_frame_graph_breaks, "torch._dynamo.convert_frame",
                        "graph_breaks");
WICK_LOG_DEFINE_CHANNEL(outside_torch_log, "somewhere.else");
WICK_LOG_DEFINE_CHANNEL(misspelled_artifact, "torch._dynamo", "graph_brakes");

bool On(const Channel& c, Level level) { return c.Enabled(level); }

TEST_F(LoggingTest, DefaultShowsWarningsOnly) {
  EXPECT_TRUE(On(channels::component_dynamo, Level::kWarning));
  EXPECT_FALSE(On(channels::component_dynamo, Level::kInfo));
  EXPECT_FALSE(On(channels::artifact_graph_breaks, Level::kDebug));
  EXPECT_TRUE(On(channels::component_torch, Level::kWarning));
  EXPECT_TRUE(On(guards_module_log, Level::kWarning));
  EXPECT_FALSE(On(guards_module_log, Level::kInfo));
}

TEST_F(LoggingTest, ComponentLevels) {
  Apply("dynamo");
  EXPECT_TRUE(On(channels::component_dynamo, Level::kInfo));
  EXPECT_FALSE(On(channels::component_dynamo, Level::kDebug));
  EXPECT_FALSE(On(channels::artifact_graph_breaks, Level::kDebug));
  EXPECT_FALSE(On(channels::component_aot, Level::kInfo));
  EXPECT_TRUE(On(guards_module_log, Level::kInfo));  // inherits torch._dynamo

  Apply("-dynamo");
  EXPECT_FALSE(On(channels::component_dynamo, Level::kWarning));
  EXPECT_TRUE(On(channels::component_dynamo, Level::kError));
  EXPECT_TRUE(On(channels::component_aot, Level::kWarning));
}

TEST_F(LoggingTest, ArtifactsShowUnderTheirComponentAtDebug) {
  Apply("+dynamo");
  EXPECT_TRUE(On(channels::component_dynamo, Level::kDebug));
  for (const Channel* c :
       {&channels::artifact_graph_breaks, &channels::artifact_guards,
        &channels::artifact_recompiles, &channels::artifact_graph_code,
        &channels::artifact_graph_sizes, &channels::artifact_side_effects,
        &channels::artifact_trace_source, &channels::artifact_compiled_autograd,
        &convert_frame_graph_breaks}) {
    EXPECT_TRUE(On(*c, Level::kDebug)) << c->module() << " " << c->artifact();
  }
  // Off by default: only their own name turns them on.
  for (const Channel* c : {&channels::artifact_bytecode, &channels::artifact_recompiles_verbose,
                           &channels::artifact_verbose_guards,
                           &channels::artifact_compiled_autograd_verbose}) {
    EXPECT_FALSE(On(*c, Level::kDebug)) << c->artifact();
  }
  // Other components' artifacts stay off.
  EXPECT_FALSE(On(channels::artifact_aot_graphs, Level::kDebug));
  EXPECT_FALSE(On(channels::artifact_cudagraphs, Level::kDebug));
}

TEST_F(LoggingTest, ArtifactByNameAlone) {
  Apply("graph_breaks,bytecode");
  EXPECT_TRUE(On(channels::artifact_graph_breaks, Level::kDebug));
  EXPECT_TRUE(On(convert_frame_graph_breaks, Level::kDebug));  // any module's logger
  EXPECT_TRUE(On(channels::artifact_bytecode, Level::kDebug));
  EXPECT_FALSE(On(channels::artifact_guards, Level::kDebug));
  EXPECT_FALSE(On(channels::component_dynamo, Level::kInfo));
  // The sign means nothing for an artifact.
  Apply("-graph_breaks");
  EXPECT_TRUE(On(channels::artifact_graph_breaks, Level::kDebug));
}

TEST_F(LoggingTest, ArtifactsFollowTheirModulesComponent) {
  Apply("+aot");
  EXPECT_TRUE(On(channels::artifact_aot_graphs, Level::kDebug));
  EXPECT_TRUE(On(channels::artifact_aot_joint_graph, Level::kDebug));
  EXPECT_FALSE(On(channels::artifact_graph_breaks, Level::kDebug));
  Apply("+inductor");
  EXPECT_TRUE(On(channels::artifact_cudagraphs, Level::kDebug));
  EXPECT_TRUE(On(channels::artifact_post_grad_graphs, Level::kDebug));
  EXPECT_FALSE(On(channels::artifact_output_code, Level::kDebug));  // off by default
  Apply("+all");
  EXPECT_TRUE(On(channels::artifact_graph_breaks, Level::kDebug));
  EXPECT_TRUE(On(channels::artifact_aot_graphs, Level::kDebug));
  EXPECT_TRUE(On(channels::artifact_graph_code_verbose, Level::kDebug));
  EXPECT_FALSE(On(channels::artifact_output_code, Level::kDebug));
  EXPECT_FALSE(On(channels::artifact_sym_node, Level::kDebug));
  Apply("all");
  EXPECT_TRUE(On(channels::component_inductor, Level::kInfo));
  EXPECT_TRUE(On(channels::component_dynamo, Level::kInfo));
  EXPECT_FALSE(On(channels::artifact_graph_breaks, Level::kDebug));
}

TEST_F(LoggingTest, ExplicitComponentOverridesAll) {
  Apply("+all,-dynamo");
  EXPECT_FALSE(On(channels::component_dynamo, Level::kWarning));
  EXPECT_FALSE(On(channels::artifact_graph_breaks, Level::kDebug));
  EXPECT_TRUE(On(channels::component_aot, Level::kDebug));
}

TEST_F(LoggingTest, ModuleLoggers) {
  Apply("-dynamo,+torch._dynamo.guards");
  EXPECT_TRUE(On(guards_module_log, Level::kDebug));
  EXPECT_TRUE(On(channels::artifact_guards, Level::kDebug));      // emitted from .guards
  EXPECT_TRUE(On(channels::artifact_recompiles, Level::kDebug));  // likewise
  EXPECT_FALSE(On(channels::artifact_recompiles_verbose, Level::kDebug));
  EXPECT_FALSE(On(channels::artifact_graph_breaks, Level::kDebug));
  EXPECT_FALSE(On(channels::component_dynamo, Level::kWarning));
}

TEST_F(LoggingTest, UnknownArtifactChannelNeverShows) {
  Apply("+all");
  EXPECT_FALSE(On(misspelled_artifact, Level::kCritical));
}

TEST_F(LoggingTest, LoggerOutsideTorchReachesNoHandler) {
  // Python's lastResort prints WARNING and above as the bare message.
  Apply("+all");
  EXPECT_FALSE(On(outside_torch_log, Level::kInfo));
  Log(outside_torch_log, Level::kWarning, "bare\ntext", "x.cc", 1);
  EXPECT_EQ(capture_->text(), "bare\ntext\n");
}

TEST_F(LoggingTest, OffByDefaultArtifactWarningIsBare) {
  // A non-propagating logger with no handler of its own: lastResort again.
  EXPECT_TRUE(On(channels::artifact_bytecode, Level::kWarning));
  Log(channels::artifact_bytecode, Level::kWarning, "careful", "x.cc", 1);
  EXPECT_EQ(capture_->text(), "careful\n");
  Apply("bytecode");
  capture_->Clear();
  Log(channels::artifact_bytecode, Level::kWarning, "careful", "x.cc", 1);
  EXPECT_EQ(capture_->text(),
            "W0102 03:04:05.678901 4242 x.cc:1] [__bytecode] careful\n");
}

TEST_F(LoggingTest, RecordPrefix) {
  Log(channels::component_dynamo, Level::kWarning, "hello", "torch/_dynamo/convert_frame.py",
      1011);
  EXPECT_EQ(capture_->text(),
            "W0102 03:04:05.678901 4242 torch/_dynamo/convert_frame.py:1011] hello\n");
  EXPECT_EQ(capture_->messages(), std::vector<std::string>{"hello"});
}

TEST_F(LoggingTest, LevelLetters) {
  Apply("+dynamo");
  const std::pair<Level, char> cases[] = {{Level::kDebug, 'V'},   {Level::kInfo, 'I'},
                                          {Level::kWarning, 'W'}, {Level::kError, 'E'},
                                          {Level::kCritical, 'C'}};
  for (const auto& [level, letter] : cases) {
    capture_->Clear();
    Log(channels::component_dynamo, level, "m", "f.cc", 7);
    EXPECT_EQ(capture_->text(), absl::StrCat(std::string(1, letter),
                                            "0102 03:04:05.678901 4242 f.cc:7] m\n"));
  }
}

TEST_F(LoggingTest, EveryLineGetsThePrefix) {
  Log(channels::component_dynamo, Level::kError, "one\n  two\n", "f.cc", 3);
  EXPECT_EQ(capture_->text(),
            "E0102 03:04:05.678901 4242 f.cc:3] one\n"
            "E0102 03:04:05.678901 4242 f.cc:3]   two\n"
            "E0102 03:04:05.678901 4242 f.cc:3] \n");
}

TEST_F(LoggingTest, ArtifactAndCompileIdPrefixes) {
  Apply("+dynamo");
  {
    CompileIdScope scope({.compile_id = {.frame_id = 0, .frame_compile_id = 1}});
    Log(channels::artifact_graph_breaks, Level::kDebug, "Graph break in user code at x.py:3",
        "torch/_dynamo/symbolic_convert.py", 556);
    {
      CompileIdScope inner({.compile_id = {.frame_id = 2, .frame_compile_id = 0}, .attempt = 1});
      Log(channels::component_dynamo, Level::kInfo, "restart", "f.cc", 9);
    }
    Log(channels::component_dynamo, Level::kInfo, "back", "f.cc", 10);
  }
  Log(channels::component_dynamo, Level::kInfo, "outside", "f.cc", 11);
  EXPECT_EQ(capture_->text(),
            "V0102 03:04:05.678901 4242 torch/_dynamo/symbolic_convert.py:556] [0/1] "
            "[__graph_breaks] Graph break in user code at x.py:3\n"
            "I0102 03:04:05.678901 4242 f.cc:9] [2/0_1] restart\n"
            "I0102 03:04:05.678901 4242 f.cc:10] [0/1] back\n"
            "I0102 03:04:05.678901 4242 f.cc:11] outside\n");
}

TEST_F(LoggingTest, CompileIdIsPerThread) {
  CompileIdScope scope({.compile_id = {.frame_id = 4, .frame_compile_id = 0}});
  ASSERT_NE(CurrentTraceId(), nullptr);
  EXPECT_EQ(CurrentTraceId()->compile_id.frame_id, 4);
  std::string seen = "unset";
  std::thread([&] { seen = std::string(CurrentTraceIdText()); }).join();
  EXPECT_EQ(seen, "");
  EXPECT_EQ(CurrentTraceIdText(), "4/0");
}

TEST(CompileIdText, UpstreamForms) {
  EXPECT_EQ((CompileId{.frame_id = 0, .frame_compile_id = 0}).ToString(), "0/0");
  EXPECT_EQ((CompileId{.frame_id = 5, .frame_compile_id = 0, .compiled_autograd_id = 0})
                .ToString(),
            "!0/5/0");
  EXPECT_EQ((CompileId{.compiled_autograd_id = 3}).ToString(), "!3");
  EXPECT_EQ((TraceId{.compile_id = {.frame_id = 0, .frame_compile_id = 0}, .attempt = 1})
                .ToString(),
            "0/0_1");
  for (absl::string_view text : {"0/0", "12/3", "!0/5/0", "!3"}) {
    absl::StatusOr<CompileId> id = CompileId::FromString(text);
    ASSERT_TRUE(id.ok()) << text;
    EXPECT_EQ(id->ToString(), text);
  }
  EXPECT_EQ(*CompileId::FromString("!7"), (CompileId{.compiled_autograd_id = 7}));
  for (absl::string_view bad : {"", "0", "0/", "/0", "0/0/0", "!", "!1/2", "a/b", " 0/0"}) {
    const absl::StatusOr<CompileId> id = CompileId::FromString(bad);
    EXPECT_EQ(id.status().message(), absl::StrCat("Invalid compile_id '", bad, "'")) << bad;
    EXPECT_EQ(PythonErrorType(id.status()), "ValueError");
  }
}

TEST_F(LoggingTest, MacrosCiteTheirSourceAndSkipWorkWhenOff) {
  int evaluated = 0;
  auto count = [&] { return ++evaluated; };
  WICK_LOG(dynamo, INFO) << "hidden " << count();
  WICK_ARTIFACT(graph_breaks) << "hidden " << count();
  EXPECT_EQ(evaluated, 0);
  EXPECT_EQ(capture_->text(), "");
  EXPECT_FALSE(WICK_ARTIFACT_IS_ON(graph_breaks));

  Apply("+dynamo");
  EXPECT_TRUE(WICK_ARTIFACT_IS_ON(graph_breaks));
  EXPECT_TRUE(WICK_LOG_IS_ON(dynamo, DEBUG));
  const int line = __LINE__ + 1;
  WICK_ARTIFACT(graph_breaks) << "shown " << count();
  if (evaluated > 0) WICK_LOG(dynamo, WARNING) << "no dangling else";
  else FAIL();
  EXPECT_EQ(evaluated, 1);
  EXPECT_EQ(capture_->text(),
            absl::StrCat("V0102 03:04:05.678901 4242 logging/logging_test.cc:", line,
                         "] [__graph_breaks] shown 1\n",
                         "W0102 03:04:05.678901 4242 logging/logging_test.cc:", line + 1,
                         "] no dangling else\n"));
}

TEST_F(LoggingTest, MessageOnlyArtifact) {
  Apply("custom_format_test_artifact");
  Log(channels::artifact_custom_format_test_artifact, Level::kDebug, "just\nthis", "f.cc", 1);
  EXPECT_EQ(capture_->text(), "just\nthis\n");
}

TEST_F(LoggingTest, ApplyErrorsChangeNothing) {
  Apply("+dynamo");
  const absl::Status bad = ApplyTorchLogs("+dynamo,nope");
  EXPECT_EQ(PythonErrorType(bad), "ValueError");
  EXPECT_THAT(bad.message(), HasSubstr("Invalid log settings: +dynamo,nope, must be"));
  EXPECT_TRUE(On(channels::artifact_graph_breaks, Level::kDebug));
  EXPECT_TRUE(IsHelpRequest(ApplyTorchLogs("help")));
  EXPECT_TRUE(On(channels::artifact_graph_breaks, Level::kDebug));
  EXPECT_EQ(HelpText(false), ApplyTorchLogs("help").message());
}

// --- set_logs ------------------------------------------------------------------------

using Args = std::vector<std::pair<std::string, LogsArg>>;

// The shown-from level of every predefined channel plus a few module channels.
std::vector<int> Thresholds() {
  std::vector<int> out;
#define WICK_LOG_COMPONENT(alias, qnames) \
  out.push_back(internal::ChannelList::Threshold(channels::component_##alias));
#define WICK_LOG_ARTIFACT(name, visible, off, plain, module, text) \
  out.push_back(internal::ChannelList::Threshold(channels::artifact_##name));
#include "logging/internal/registrations.inc"
  out.push_back(internal::ChannelList::Threshold(guards_module_log));
  out.push_back(internal::ChannelList::Threshold(convert_frame_graph_breaks));
  return out;
}

TEST_F(LoggingTest, SetLogsEquivalentToTorchLogs) {
  const std::vector<int> defaults = Thresholds();
  struct Case {
    absl::string_view torch_logs;
    Args keywords;
    Args modules;
  };
  const Case cases[] = {
      {"+dynamo,graph_code", {{"dynamo", LogsArg::Int(10)}, {"graph_code", LogsArg::Bool(true)}}},
      {"all", {{"all", LogsArg::Int(20)}}},
      {"-all,+aot,bytecode",
       {{"aot", LogsArg::Int(10)}, {"all", LogsArg::Int(40)}, {"bytecode", LogsArg::Bool(true)}}},
      {"-inductor,aot_graphs,+torch._dynamo.guards",
       {{"inductor", LogsArg::Int(40)}, {"aot_graphs", LogsArg::Bool(true)}},
       {{"torch._dynamo.guards", LogsArg::Int(10)}}},
      {"+dynamo,-dynamic", {{"dynamic", LogsArg::Int(40)}, {"dynamo", LogsArg::Int(10)}}},
      {"recompiles,guards", {}, {{"recompiles", LogsArg::Bool(true)}, {"guards", LogsArg::Bool(true)}}},
  };
  for (const Case& c : cases) {
    Apply(c.torch_logs);
    const std::vector<int> from_env = Thresholds();
    ResetForTesting();
    ASSERT_TRUE(SetLogs(c.keywords, c.modules).ok()) << c.torch_logs;
    EXPECT_EQ(Thresholds(), from_env) << c.torch_logs;
    EXPECT_NE(from_env, defaults) << c.torch_logs;
  }
}

TEST_F(LoggingTest, SetLogsReplacesEarlierSettings) {
  ASSERT_TRUE(SetLogs({{"dynamo", LogsArg::Int(10)}}).ok());
  EXPECT_TRUE(On(channels::artifact_graph_breaks, Level::kDebug));
  ASSERT_TRUE(SetLogs({{"aot", LogsArg::Int(10)}}).ok());
  EXPECT_FALSE(On(channels::artifact_graph_breaks, Level::kDebug));
  EXPECT_TRUE(On(channels::artifact_aot_graphs, Level::kDebug));
  // torch._logging.DEFAULT_LOGGING.
  ASSERT_TRUE(SetLogs({{"dynamo", LogsArg::Int(20)}, {"aot", LogsArg::Int(20)},
                       {"inductor", LogsArg::Int(20)}, {"fsdp", LogsArg::Int(20)},
                       {"ddp_graphs", LogsArg::Bool(true)}, {"graph_breaks", LogsArg::Bool(true)},
                       {"guards", LogsArg::Bool(true)}, {"recompiles", LogsArg::Bool(true)},
                       {"dynamic", LogsArg::Int(20)}})
                  .ok());
  EXPECT_TRUE(On(channels::artifact_graph_breaks, Level::kDebug));
  EXPECT_FALSE(On(channels::artifact_graph_code, Level::kDebug));
  EXPECT_TRUE(On(channels::component_dynamo, Level::kInfo));
}

TEST_F(LoggingTest, SetLogsErrors) {
  ASSERT_TRUE(SetLogs({{"dynamo", LogsArg::Int(10)}}).ok());
  const absl::Status unexpected = SetLogs({{"dynamo", LogsArg::Int(10)}, {"nope", LogsArg::Int(1)}});
  EXPECT_EQ(PythonErrorType(unexpected), "TypeError");
  EXPECT_EQ(unexpected.message(), "set_logs() got an unexpected keyword argument 'nope'");
  const absl::Status bad_level = SetLogs({{"all", LogsArg::Int(5)}});
  EXPECT_EQ(bad_level.message(),
            "Unrecognized log level for log torch: 5, valid level values are: 50,40,30,20,10,0");
  EXPECT_EQ(SetLogs({}, {{"not.a.module", LogsArg::Int(10)}}).message(),
            "Unrecognized log or artifact name passed to set_logs: not.a.module");
  // Failed calls leave the earlier settings in place.
  EXPECT_TRUE(On(channels::artifact_graph_breaks, Level::kDebug));
  EXPECT_EQ(SetLogsKeywords().front(), "all");
  EXPECT_EQ(SetLogsKeywords().size(), 54u);
}

TEST_F(LoggingTest, TorchLogsEnvironmentWinsOverSetLogs) {
  ASSERT_TRUE(ConfigureFromEnvironment({.torch_logs = "graph_breaks"}).ok());
  ASSERT_TRUE(SetLogs({{"dynamo", LogsArg::Int(10)}}).ok());
  EXPECT_FALSE(On(channels::component_dynamo, Level::kDebug));
  EXPECT_TRUE(On(channels::artifact_graph_breaks, Level::kDebug));
  EXPECT_THAT(capture_->text(),
              ::testing::MatchesRegex(
                  "W0102 03:04:05\\.678901 4242 logging/logging\\.cc:[0-9]+\\] Using TORCH_LOGS "
                  "environment variable for log settings, ignoring call to set_logs\n"));
  // Even an empty TORCH_LOGS counts as set.
  ASSERT_TRUE(ConfigureFromEnvironment({.torch_logs = ""}).ok());
  ASSERT_TRUE(SetLogs({{"dynamo", LogsArg::Int(10)}}).ok());
  EXPECT_FALSE(On(channels::component_dynamo, Level::kDebug));
}

// --- The environment -----------------------------------------------------------------

std::string TempPath(absl::string_view name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return absl::StrCat(dir != nullptr ? dir : "/tmp", "/", name);
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST_F(LoggingTest, TorchLogsOutAppendsToAFile) {
  const std::string path = TempPath("torch_logs_out.txt");
  { std::ofstream(path) << "earlier\n"; }
  ASSERT_TRUE(ConfigureFromEnvironment({.torch_logs = "dynamo", .torch_logs_out = path}).ok());
  Log(channels::component_dynamo, Level::kInfo, "to both", "f.cc", 2);
  Log(channels::component_dynamo, Level::kDebug, "to neither", "f.cc", 3);
  const std::string record = "I0102 03:04:05.678901 4242 f.cc:2] to both\n";
  EXPECT_EQ(ReadFile(path), "earlier\n" + record);
  EXPECT_EQ(capture_->text(), record);
  ResetForTesting();  // closes the file
  Log(channels::component_dynamo, Level::kWarning, "after", "f.cc", 4);
  EXPECT_EQ(ReadFile(path), "earlier\n" + record);
}

TEST_F(LoggingTest, EnvironmentErrors) {
  // A log file that cannot be opened warns on stderr and does not stop the program.
  EXPECT_TRUE(ConfigureFromEnvironment({.torch_logs_out = "/nonexistent-wick-dir/x.log"}).ok());
  const absl::StatusOr<std::unique_ptr<LogSink>> no_dir =
      internal::OpenFileSink("/nonexistent-wick-dir/x.log");
  EXPECT_EQ(PythonErrorType(no_dir.status()), "FileNotFoundError");
  EXPECT_EQ(no_dir.status().message(),
            "[Errno 2] No such file or directory: '/nonexistent-wick-dir/x.log'");
  const absl::Status bad = ConfigureFromEnvironment({.torch_logs = "dynamo,"});
  EXPECT_EQ(PythonErrorType(bad), "ValueError");
  EXPECT_THAT(std::string(bad.message()), ::testing::StartsWith("\nInvalid log settings: dynamo,, must"));
  EXPECT_TRUE(IsHelpRequest(ConfigureFromEnvironment({.torch_logs = "+help"})));
  // The environment is read once per process.
  EXPECT_EQ(InitFromEnvironment(), InitFromEnvironment());
}

TEST_F(LoggingTest, TorchLogsFormat) {
  ASSERT_TRUE(ConfigureFromEnvironment(
                  {.torch_logs = "+dynamo", .torch_logs_format = "%(levelname)s: %(message)s"})
                  .ok());
  Log(channels::component_dynamo, Level::kWarning, "hi\nthere", "pkg/f.cc", 5);
  Log(channels::artifact_graph_breaks, Level::kDebug, "gb", "pkg/f.cc", 6);
  EXPECT_EQ(capture_->text(), "WARNING: hi\nthere\nDEBUG: gb\n");

  capture_->Clear();
  ASSERT_TRUE(ConfigureFromEnvironment({.torch_logs_format = "short"}).ok());
  Log(channels::component_dynamo, Level::kWarning, "m", "pkg/f.cc", 5);
  EXPECT_EQ(capture_->text(), "WARNING:torch._dynamo:m\n");

  capture_->Clear();
  ASSERT_TRUE(ConfigureFromEnvironment(
                  {.torch_logs = "graph_breaks",
                   .torch_logs_format = "[%(lineno)4d|%(levelno)-3d|%(filename)s|%(module)s|"
                                        "%(pathname).5s|%(name)r|%(process)06d|%(asctime)s] "
                                        "100%% %(message)s"})
                  .ok());
  Log(channels::artifact_graph_breaks, Level::kDebug, "m", "pkg/f.cc", 5);
  EXPECT_EQ(capture_->text(),
            "[   5|10 |f.cc|f|pkg/f|'torch._dynamo.symbolic_convert.__graph_breaks'|004242|"
            "2024-01-02 03:04:05,678] 100% m\n");

  EXPECT_EQ(ConfigureFromEnvironment({.torch_logs_format = "plain"}).message(),
            "Invalid format 'plain' for '%' style");
  EXPECT_EQ(PythonErrorType(ConfigureFromEnvironment({.torch_logs_format = "%(funcName)s"})),
            "ValueError");
}

TEST_F(LoggingTest, TraceIdFilter) {
  ASSERT_TRUE(ConfigureFromEnvironment({.torch_logs = "dynamo",
                                        .torch_logs_trace_id_filter = " [0/1] ,[2/0]"})
                  .ok());
  Log(channels::component_dynamo, Level::kInfo, "no compile", "f.cc", 1);
  {
    CompileIdScope scope({.compile_id = {.frame_id = 0, .frame_compile_id = 1}});
    Log(channels::component_dynamo, Level::kInfo, "kept", "f.cc", 2);
  }
  {
    CompileIdScope scope({.compile_id = {.frame_id = 0, .frame_compile_id = 0}});
    Log(channels::component_dynamo, Level::kInfo, "dropped", "f.cc", 3);
  }
  // A filtered record formats to "", and the handler still writes its newline.
  EXPECT_EQ(capture_->text(), "\nI0102 03:04:05.678901 4242 f.cc:2] [0/1] kept\n\n");
}

TEST_F(LoggingTest, ExtraSinksAndConsole) {
  CapturingLogSink extra;
  AddLogSink(&extra);
  Log(channels::component_dynamo, Level::kError, "x", "f.cc", 1);
  RemoveLogSink(&extra);
  Log(channels::component_dynamo, Level::kError, "y", "f.cc", 2);
  EXPECT_EQ(extra.messages(), std::vector<std::string>{"x"});
  EXPECT_EQ(capture_->messages(), (std::vector<std::string>{"x", "y"}));

  LogSink* console = SetConsoleSink(nullptr);
  Log(channels::component_dynamo, Level::kError, "silent", "f.cc", 3);
  SetConsoleSink(console);
  EXPECT_EQ(capture_->messages(), (std::vector<std::string>{"x", "y"}));
}

TEST_F(LoggingTest, ConcurrentRecordsStayWhole) {
  Apply("dynamo");
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([t] {
      for (int i = 0; i < 100; ++i) {
        WICK_LOG(dynamo, INFO) << "thread " << t << "\nline two";
      }
    });
  }
  for (std::thread& th : threads) th.join();
  const std::vector<std::string> messages = capture_->messages();
  EXPECT_EQ(messages.size(), 400u);
  const std::string text = capture_->text();
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 800);
}

}  // namespace
}  // namespace wick::logging
