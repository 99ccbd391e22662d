// The registry of log names (torch._logging's LogRegistry): components with their
// qualified logger names, artifacts with their flags, and the modules that count as
// importable. Built from registrations.inc; grows when settings name a module. Also
// renders the two user-facing texts that list the names: `help` and the invalid-settings
// error.
#ifndef WICK_LOGGING_INTERNAL_REGISTRY_H_
#define WICK_LOGGING_INTERNAL_REGISTRY_H_

#include <string>
#include <vector>

#include "absl/container/btree_set.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"

namespace wick::logging::internal {

struct ComponentInfo {
  std::string alias;
  std::vector<std::string> qnames;
};

struct ArtifactInfo {
  std::string name;
  std::string description;
  bool visible = false;
  bool off_by_default = false;
  bool message_only = false;  // log_format="": the record is just the message
  std::string module;         // where wick's predefined channel emits it from
};

class Registry {
 public:
  // The registrations in registrations.inc.
  static Registry Builtin();

  // register_log: `alias` now sets the levels of `qnames` (replacing an earlier alias).
  void RegisterLog(absl::string_view alias, std::vector<std::string> qnames);
  // register_child_log: a module named in the settings below a registered logger.
  void RegisterChildLog(absl::string_view qname) { child_logs_.insert(std::string(qname)); }

  const ComponentInfo* FindComponent(absl::string_view alias) const;
  // Index into artifacts(), or -1.
  int FindArtifact(absl::string_view name) const;
  const std::vector<ArtifactInfo>& artifacts() const { return artifacts_; }
  const std::vector<ComponentInfo>& components() const { return components_; }
  bool IsChildLog(absl::string_view qname) const { return child_logs_.contains(qname); }
  // A logger that carries handlers: one of the registered components' qualified names.
  bool IsRegisteredQname(absl::string_view qname) const {
    return registered_qnames_.contains(qname);
  }
  // _has_registered_parent: `qname` or one of its dotted prefixes is registered.
  bool HasRegisteredParent(absl::string_view qname) const;

  // importlib.util.find_spec(qname) is not None: a known module or a package of one.
  bool IsModule(absl::string_view qname) const { return modules_.contains(qname); }
  // _get_module_and_submodules: the module, then (for a package) every module under it.
  std::vector<std::string> ModuleAndSubmodules(absl::string_view qname) const;

  // help_message(verbose): the text TORCH_LOGS="help" / "+help" raises.
  std::string HelpText(bool verbose) const;
  // _invalid_settings_err_msg(settings).
  std::string InvalidSettingsText(absl::string_view settings) const;

 private:
  void AddModule(absl::string_view qname);

  std::vector<ComponentInfo> components_;
  absl::flat_hash_map<std::string, size_t> component_index_;
  std::vector<ArtifactInfo> artifacts_;
  absl::flat_hash_map<std::string, int> artifact_index_;
  absl::flat_hash_set<std::string> registered_qnames_;
  absl::flat_hash_set<std::string> child_logs_;
  // Sorted, so a package's submodules are the contiguous range after "pkg.".
  absl::btree_set<std::string> modules_;
};

}  // namespace wick::logging::internal

#endif  // WICK_LOGGING_INTERNAL_REGISTRY_H_
