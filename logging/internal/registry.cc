// The log-name registry built from registrations.inc, and the texts that list its names
// (help_message and _invalid_settings_err_msg in torch/_logging/_internal.py).
#include "logging/internal/registry.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/string_view.h"

namespace wick::logging::internal {
namespace {

struct ComponentRow {
  const char* alias;
  const char* qnames;  // space-separated
};

struct ArtifactRow {
  const char* name;
  bool visible;
  bool off_by_default;
  bool message_only;
  const char* module;
  const char* description;
};

// The tables are only what registrations.inc says, in its order.
constexpr ComponentRow kComponentRows[] = {
#define WICK_LOG_COMPONENT(alias, qnames) {#alias, qnames},
#include "logging/internal/registrations.inc"
};

constexpr ArtifactRow kArtifactRows[] = {
#define WICK_LOG_ARTIFACT(name, visible, off, plain, module, text) \
  {#name, visible != 0, off != 0, plain != 0, module, text},
#include "logging/internal/registrations.inc"
};

constexpr const char* kModuleRows[] = {
#define WICK_LOG_MODULE(qname) qname,
#include "logging/internal/registrations.inc"
};

// help_message's pad_to: names longer than 30 would fail upstream's assertion; the table
// has none (checked by a test).
std::string PadTo30(absl::string_view name) {
  std::string out(name);
  if (out.size() < 30) out.append(30 - out.size(), ' ');
  return out;
}

}  // namespace

Registry Registry::Builtin() {
  Registry r;
  for (const ComponentRow& row : kComponentRows) {
    r.RegisterLog(row.alias, absl::StrSplit(row.qnames, ' ', absl::SkipEmpty()));
  }
  for (const ArtifactRow& row : kArtifactRows) {
    r.artifact_index_[row.name] = static_cast<int>(r.artifacts_.size());
    r.artifacts_.push_back(ArtifactInfo{row.name, row.description, row.visible,
                                        row.off_by_default, row.message_only, row.module});
    r.AddModule(row.module);
  }
  for (const char* qname : kModuleRows) r.AddModule(qname);
  return r;
}

void Registry::RegisterLog(absl::string_view alias, std::vector<std::string> qnames) {
  auto [it, inserted] = component_index_.try_emplace(alias, components_.size());
  if (inserted) {
    components_.push_back(ComponentInfo{std::string(alias), std::move(qnames)});
  } else {
    components_[it->second].qnames = std::move(qnames);
  }
  // get_log_qnames() is the union over every alias; rebuild it so a replaced alias's
  // names that no other alias claims stop carrying handlers.
  registered_qnames_.clear();
  for (const ComponentInfo& c : components_) {
    registered_qnames_.insert(c.qnames.begin(), c.qnames.end());
  }
}

const ComponentInfo* Registry::FindComponent(absl::string_view alias) const {
  auto it = component_index_.find(alias);
  return it == component_index_.end() ? nullptr : &components_[it->second];
}

int Registry::FindArtifact(absl::string_view name) const {
  auto it = artifact_index_.find(name);
  return it == artifact_index_.end() ? -1 : it->second;
}

bool Registry::HasRegisteredParent(absl::string_view qname) const {
  // Python walks the logger and its parents; a logger's parent is its nearest dotted
  // prefix, so checking every prefix is the same walk.
  while (true) {
    if (registered_qnames_.contains(qname)) return true;
    const size_t dot = qname.rfind('.');
    if (dot == absl::string_view::npos) return false;
    qname = qname.substr(0, dot);
  }
}

void Registry::AddModule(absl::string_view qname) {
  // A module implies its packages: find_spec("torch._dynamo") succeeds because
  // torch._dynamo.guards exists.
  while (!qname.empty()) {
    modules_.insert(std::string(qname));
    const size_t dot = qname.rfind('.');
    if (dot == absl::string_view::npos) break;
    qname = qname.substr(0, dot);
  }
}

std::vector<std::string> Registry::ModuleAndSubmodules(absl::string_view qname) const {
  std::vector<std::string> out = {std::string(qname)};
  const std::string prefix = absl::StrCat(qname, ".");
  for (auto it = modules_.lower_bound(prefix);
       it != modules_.end() && absl::StartsWith(*it, prefix); ++it) {
    out.push_back(*it);
  }
  return out;
}

std::string Registry::HelpText(bool verbose) const {
  std::vector<std::string> lines = {"all"};
  std::vector<std::string> aliases;
  for (const ComponentInfo& c : components_) aliases.push_back(c.alias);
  std::sort(aliases.begin(), aliases.end());
  lines.insert(lines.end(), aliases.begin(), aliases.end());
  std::vector<std::string> artifact_lines;
  for (const ArtifactInfo& a : artifacts_) {
    if (verbose || a.visible) {
      artifact_lines.push_back(absl::StrCat(PadTo30(a.name), "\t", a.description));
    }
  }
  // Upstream sorts the padded lines, not the names; same order, but keep its recipe.
  std::sort(artifact_lines.begin(), artifact_lines.end());
  lines.insert(lines.end(), artifact_lines.begin(), artifact_lines.end());

  const absl::string_view heading =
      verbose ? "All registered names"
              : "Visible registered names (use TORCH_LOGS='+help' for full list)";
  constexpr absl::string_view kExamples = R"(
Examples:
  TORCH_LOGS="+dynamo,aot" will set the log level of TorchDynamo to
  logging.DEBUG and AOT to logging.INFO

  TORCH_LOGS="-dynamo,+inductor" will set the log level of TorchDynamo to
  logging.ERROR and TorchInductor to logging.DEBUG

  TORCH_LOGS="aot_graphs" will enable the aot_graphs artifact

  TORCH_LOGS="+dynamo,schedule" will enable set the log level of TorchDynamo
  to logging.DEBUG and enable the schedule artifact

  TORCH_LOGS="+some.random.module,schedule" will set the log level of
  some.random.module to logging.DEBUG and enable the schedule artifact

  TORCH_LOGS="+torch._functorch._aot_autograd" will set the log level of
  torch._functorch._aot_autograd and all its submodules to logging.DEBUG
  (directory-based logging)

  TORCH_LOGS_FORMAT="%(levelname)s: %(message)s" or any provided format
  string will set the output format
  Valid keys are "levelname", "message", "pathname", "levelno", "lineno",
  "filename" and "name".

  TORCH_LOGS_OUT=/tmp/output.txt will output the logs to /tmp/output.txt as
  well. This is useful when the output is long.
)";
  return absl::StrCat("\nTORCH_LOGS Info\n", kExamples, "\n\n", heading, "\n  ",
                      absl::StrJoin(lines, "\n  "), "\n");
}

std::string Registry::InvalidSettingsText(absl::string_view settings) const {
  std::vector<std::string> names = {"all"};
  for (const ComponentInfo& c : components_) names.push_back(c.alias);
  for (const ArtifactInfo& a : artifacts_) names.push_back(a.name);
  std::sort(names.begin(), names.end());
  return absl::StrCat("\nInvalid log settings: ", settings,
                      ", must be a comma separated list of fully\n"
                      "qualified module names, registered log names or registered "
                      "artifact names.\n"
                      "For more info on various settings, try TORCH_LOGS=\"help\"\n"
                      "Valid settings:\n",
                      absl::StrJoin(names, ", "), "\n");
}

}  // namespace wick::logging::internal
