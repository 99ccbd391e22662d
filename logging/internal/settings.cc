// TORCH_LOGS parsing and set_logs argument handling, following _parse_log_settings and
// set_logs in torch/_logging/_internal.py step by step (the order of checks decides which
// error a bad setting gets, and later items override earlier ones).
#include "logging/internal/settings.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "base/python_error.h"
#include "re2/re2.h"

namespace wick::logging::internal {
namespace {

constexpr absl::string_view kHelpPayload = "wick/torch_logs_help";

// Python's str patterns are Unicode-aware. `\s` is every character str.isspace() accepts;
// spelling the class out keeps "dynamo,\u3000aot" valid as upstream. `\w` is letters,
// digits and '_' in any script.
#define WICK_PY_SPACE                                                               \
  "[\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x{85}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}"      \
  "\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}]"
#define WICK_PY_NAME "[\\pL\\pN_\\.]"

// _gen_settings_regex: r"((\+|-)?[\w\.]+,\s*)*(\+|-)?[\w\.]+?", used with fullmatch.
const RE2& SettingsRegex() {
  static const RE2* re = new RE2("((\\+|-)?" WICK_PY_NAME "+," WICK_PY_SPACE
                                 "*)*(\\+|-)?" WICK_PY_NAME "+?");
  return *re;
}

const RE2& SpaceRunRegex() {
  static const RE2* re = new RE2(WICK_PY_SPACE "+");
  return *re;
}

#undef WICK_PY_SPACE
#undef WICK_PY_NAME

constexpr int kDebug = 10;
constexpr int kInfo = 20;
constexpr int kError = 40;

// logging._levelToName's keys, in its order (the error text lists them so).
constexpr int kValidLevels[] = {50, 40, 30, 20, 10, 0};

bool IsValidLevel(const LogsArg& value) {
  // `val not in logging._levelToName`: a bool is an int there (False == 0 is NOTSET).
  if (value.kind() != LogsArg::Kind::kInt && value.kind() != LogsArg::Kind::kBool) {
    return false;
  }
  return std::find(std::begin(kValidLevels), std::end(kValidLevels), value.value()) !=
         std::end(kValidLevels);
}

absl::Status BadLevel(absl::string_view alias, const LogsArg& value) {
  return ValueError(absl::StrCat("Unrecognized log level for log ", alias, ": ", value.str(),
                                 ", valid level values are: ",
                                 absl::StrJoin(kValidLevels, ",")));
}

// Registers `name` (a module) and, for a package, everything under it, the way
// TORCH_LOGS and set_logs do, and sets their level.
void EnableModule(absl::string_view name, int level, Registry& registry, LogState& state) {
  for (const std::string& module : registry.ModuleAndSubmodules(name)) {
    if (!registry.HasRegisteredParent(module)) {
      registry.RegisterLog(module, {module});
    } else {
      registry.RegisterChildLog(module);
    }
    // log_alias_to_log_qnames.get(m, m) is m itself for either kind of registration.
    state.levels[module] = level;
  }
}

}  // namespace

std::string LogState::DebugString(const Registry& registry) const {
  std::vector<std::pair<std::string, int>> sorted(levels.begin(), levels.end());
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::string> lines;
  for (const auto& [qname, level] : sorted) lines.push_back(absl::StrCat(qname, "=", level));
  std::vector<std::string> names;
  for (int i : artifacts) names.push_back(absl::StrCat("+", registry.artifacts()[i].name));
  std::sort(names.begin(), names.end());
  lines.insert(lines.end(), names.begin(), names.end());
  return absl::StrJoin(lines, "\n");
}

absl::Status HelpRequest(std::string text) {
  absl::Status s = ValueError(text);
  s.SetPayload(kHelpPayload, absl::Cord("1"));
  return s;
}

absl::StatusOr<LogState> ParseTorchLogs(absl::string_view settings, Registry& registry) {
  // (On Windows upstream first strips one pair of outer quotes; wick runs on Linux.)
  if (settings.empty()) return LogState{};
  if (settings == "help") return HelpRequest(registry.HelpText(/*verbose=*/false));
  if (settings == "+help") return HelpRequest(registry.HelpText(/*verbose=*/true));
  const absl::Status invalid = ValueError(registry.InvalidSettingsText(settings));
  // absl::string_view is its own type in this Abseil build, not re2's StringPiece.
  if (!RE2::FullMatch(re2::StringPiece(settings.data(), settings.size()), SettingsRegex())) return invalid;

  std::string compact(settings);
  RE2::GlobalReplace(&compact, SpaceRunRegex(), "");
  LogState state;
  for (absl::string_view item : absl::StrSplit(compact, ',')) {
    // The regex guarantees a non-empty item whose only sign, if any, is its first char.
    const int level = item[0] == '+' ? kDebug : item[0] == '-' ? kError : kInfo;
    std::string name(item);
    name.erase(std::remove_if(name.begin(), name.end(),
                              [](char c) { return c == '+' || c == '-'; }),
               name.end());
    if (name == "all") name = "torch";

    if (const ComponentInfo* component = registry.FindComponent(name)) {
      state.EnableLog(component->qnames, level);
    } else if (const int artifact = registry.FindArtifact(name); artifact >= 0) {
      state.artifacts.insert(artifact);  // '+' and '-' mean nothing for an artifact
    } else if (registry.IsModule(name)) {
      EnableModule(name, level, registry, state);
    } else {
      return invalid;
    }
  }
  return state;
}

absl::StatusOr<LogState> SetLogsState(
    absl::Span<const std::pair<std::string, LogsArg>> keywords,
    absl::Span<const std::pair<std::string, LogsArg>> modules, Registry& registry) {
  LogState state;
  auto apply = [&](const std::string& alias, const LogsArg& value) -> absl::Status {
    if (value.kind() == LogsArg::Kind::kNone) return absl::OkStatus();
    if (const int artifact = registry.FindArtifact(alias); artifact >= 0) {
      if (value.kind() != LogsArg::Kind::kBool) {
        return ValueError(absl::StrCat("Expected bool to enable artifact ", alias,
                                       ", received ", value.str()));
      }
      if (value.value() != 0) state.artifacts.insert(artifact);
      return absl::OkStatus();
    }
    const ComponentInfo* component = registry.FindComponent(alias);
    if (component != nullptr || registry.IsChildLog(alias)) {
      if (!IsValidLevel(value)) return BadLevel(alias, value);
      if (component != nullptr) {
        state.EnableLog(component->qnames, static_cast<int>(value.value()));
      } else {
        state.levels[alias] = static_cast<int>(value.value());
      }
      return absl::OkStatus();
    }
    if (registry.IsModule(alias)) {
      // Upstream hands the value to Logger.setLevel unchecked here (which takes any int
      // or a level name); wick takes ints and bools and rejects the rest like a
      // registered log would.
      if (value.kind() != LogsArg::Kind::kInt && value.kind() != LogsArg::Kind::kBool) {
        return BadLevel(alias, value);
      }
      EnableModule(alias, static_cast<int>(std::clamp<int64_t>(value.value(), -1, 1 << 20)),
                   registry, state);
      return absl::OkStatus();
    }
    return ValueError(
        absl::StrCat("Unrecognized log or artifact name passed to set_logs: ", alias));
  };
  for (const auto& [alias, value] : keywords) {
    if (absl::Status s = apply(alias, value); !s.ok()) return s;
  }
  for (const auto& [alias, value] : modules) {
    if (absl::Status s = apply(alias, value); !s.ok()) return s;
  }
  return state;
}

bool IsHelpPayload(const absl::Status& status) {
  return status.GetPayload(kHelpPayload).has_value();
}

}  // namespace wick::logging::internal
