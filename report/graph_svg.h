// Pictures of captured graphs: the `wick_graph_json` artifact (one per graph) read into a
// GraphPicture, and one or more pictures drawn as a self-contained SVG. Nodes are boxes
// in topological rows (a node sits one row below its deepest input), edges are lines
// from an input's box to its user's box, placeholders and outputs are styled apart from
// calls, and a graph that ended at a graph break gets a red dashed line after its last
// row with the break's line and reason.
//
//   ASSIGN_OR_RETURN(GraphPicture g, GraphPictureFromJson(payload_json));
//   g.title = "[0/0] __compiled_fn_1";
//   std::string svg = RenderGraphSvg({g}, "frame-0");
#ifndef WICK_REPORT_GRAPH_SVG_H_
#define WICK_REPORT_GRAPH_SVG_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "report/json.h"

namespace wick::report {

struct GraphPictureNode {
  std::string name;    // "l_x_"
  std::string op;      // "placeholder", "call_function", "get_attr", "output", ...
  std::string target;  // "torch.sin"; may be empty
  std::vector<std::string> args;  // names of input nodes; unknown names draw no edge
  std::string meta;    // "f32[3][1]cpu"; may be empty
};

struct GraphPictureBreak {
  int64_t line = 0;
  std::string reason;
};

struct GraphPicture {
  std::string title;  // drawn above the graph, e.g. "[0/0] __compiled_fn_1"
  std::vector<GraphPictureNode> nodes;
  std::optional<GraphPictureBreak> graph_break;
};

// Reads {"name": ..., "nodes": [{"name", "op", "target", "args", "meta"}...],
// "break": null | {"line", "reason"}}. The title is the graph's "name". InvalidArgument
// if the shape is wrong (nodes without a string name or op, args not a list).
absl::StatusOr<GraphPicture> GraphPictureFromJson(const Json& graph);

// One <svg> drawing `graphs` top to bottom, each under its title, with break marks.
// `id_prefix` makes the element ids inside unique when several SVGs share a page; it
// must be a valid id fragment (letters, digits, '-', '_'). No scripts, no external
// references; all styling is presentation attributes, so the file also stands alone.
std::string RenderGraphSvg(absl::Span<const GraphPicture> graphs, absl::string_view id_prefix);

}  // namespace wick::report

#endif  // WICK_REPORT_GRAPH_SVG_H_
