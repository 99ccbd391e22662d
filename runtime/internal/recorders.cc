#include "runtime/internal/recorders.h"

#include <fstream>
#include <string>

namespace wick::runtime::internal {

void Recorders::RecordGraph() {
  ++stats.frames_compiled;
  ++stats.graphs;
  WriteStats();
}

void Recorders::RecordBreak(absl::string_view gb_type) {
  ++stats.breaks;
  ++stats.breaks_by_type[std::string(gb_type)];
  WriteStats();
}

// Rewritten whole on every change: the process may end without tearing the runtime
// down, and the counts are small.
void Recorders::WriteStats() const {
  if (stats_path.empty()) return;
  std::ofstream out(stats_path, std::ios::trunc);
  out << "compile-all: " << stats.frames_compiled << " frames compiled, " << stats.graphs
      << " graphs, " << stats.breaks << " breaks\n";
  for (const auto& [type, count] : stats.breaks_by_type) {
    out << "break " << type << ": " << count << "\n";
  }
}

}  // namespace wick::runtime::internal
