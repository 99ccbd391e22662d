// What compiles record as they go, apart from the cache: the counts of WICK_COMPILE_ALL's
// summary file, the events of `wick explain` / torch._dynamo.explain, and the graph-break
// sites already logged in full (recorders.cc). One Recorders per RuntimeState.
#ifndef WICK_RUNTIME_INTERNAL_RECORDERS_H_
#define WICK_RUNTIME_INTERNAL_RECORDERS_H_

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/string_view.h"
#include "runtime/runtime.h"

namespace wick::runtime::internal {

// Counts kept for WICK_COMPILE_ALL's summary (every compile attempt counts, whichever
// context started it).
struct CompileStats {
  int64_t frames_compiled = 0;  // compile attempts that produced an entry
  int64_t graphs = 0;           // entries stored
  int64_t breaks = 0;           // attempts that stopped at a graph break
  std::map<std::string, int64_t> breaks_by_type;  // gb_type -> count (ordered output)
};

struct Recorders {
  // Counts a stored entry / a break (and rewrites the stats file when one is set).
  void RecordGraph();
  void RecordBreak(absl::string_view gb_type);
  // Rewrites `stats_path` (when set) with the counts so far.
  void WriteStats() const;
  CompileStats stats;
  std::string stats_path;  // WICK_COMPILE_ALL_STATS; empty: no file

  // Explain events (runtime.h), recorded while `recording_explain`.
  bool recording_explain = false;
  std::vector<ExplainEvent> explain_events;
  void RecordExplain(ExplainEvent e) {
    if (recording_explain) explain_events.push_back(std::move(e));
  }

  // Graph-break sites (file:line) logged in full so far: later records of the same
  // site print upstream's "user stack suppressed" form. Cleared by Reset().
  absl::flat_hash_set<std::string> logged_breaks;
};

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_RECORDERS_H_
