// Node naming the way FX does it (torch/fx/graph.py: `_Namespace.create_name`,
// `Graph._target_to_str`), so printed graphs read like upstream's: `add`, `add_1`,
// `sum_1` (builtins are never shadowed), `l_x_` for target `L_x_`.
#ifndef WICK_GRAPH_INTERNAL_NAMES_H_
#define WICK_GRAPH_INTERNAL_NAMES_H_

#include <cstdint>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"

namespace wick::graph::internal {

// FX's `_snake_case`: an underscore before each uppercase letter that follows a
// lowercase one, then lowercase ("L_x_" -> "l_x_", "pascalCase" -> "pascal_case").
std::string SnakeCase(absl::string_view s);

// The name candidate for a call target: the last dotted component ("operator.add" ->
// "add", "torch.nn.functional.relu" -> "relu"), magic `__x__` stripped, snake_cased.
std::string CandidateForTarget(absl::string_view target);

// True for Python keywords, builtins and FX's registered globals (`torch`, `inf`, ...).
bool IsIllegalName(absl::string_view name);

// `_Namespace.create_name(candidate, None)`: sanitises `candidate`, then appends `_N`
// until it is unused. Updates both tables.
std::string CreateName(absl::string_view candidate,
                       absl::flat_hash_set<std::string>& used,
                       absl::flat_hash_map<std::string, int64_t>& base_count);

}  // namespace wick::graph::internal

#endif  // WICK_GRAPH_INTERNAL_NAMES_H_
