// Pieces of the Dump text form shared by the writer (dump.cc) and the parser
// (parse.cc); the grammar is documented at Dump() in graph/graph.h.
#ifndef WICK_GRAPH_INTERNAL_DUMP_FORMAT_H_
#define WICK_GRAPH_INTERNAL_DUMP_FORMAT_H_

#include <string>

#include "absl/strings/string_view.h"
#include "graph/graph.h"

namespace wick::graph::internal {

// "..." with \" \\ \n \t \r escapes.
std::string QuoteDumpString(absl::string_view s);
// The style keywords after `~`: "op", "fn", "method".
absl::string_view StyleKeyword(CallStyle s);

}  // namespace wick::graph::internal

#endif  // WICK_GRAPH_INTERNAL_DUMP_FORMAT_H_
