// Graph pictures: reading wick_graph_json, a layered layout (row = longest path from an
// input), and SVG text. Sizes come from character counts of a 12px monospace font, so
// the output is deterministic and needs no font metrics.
#include "report/graph_svg.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "absl/strings/str_cat.h"
#include "report/html.h"

namespace wick::report {

absl::StatusOr<GraphPicture> GraphPictureFromJson(const Json& graph) {
  if (!graph.is_object()) return absl::InvalidArgumentError("graph is not a JSON object");
  GraphPicture picture;
  if (const Json* name = graph.Find("name"); name != nullptr && name->is_string()) {
    picture.title = name->as_string();
  }
  const Json* nodes = graph.Find("nodes");
  if (nodes == nullptr || !nodes->is_array()) {
    return absl::InvalidArgumentError("graph has no \"nodes\" list");
  }
  for (const Json& n : nodes->as_array()) {
    const Json* name = n.Find("name");
    const Json* op = n.Find("op");
    if (name == nullptr || !name->is_string() || op == nullptr || !op->is_string()) {
      return absl::InvalidArgumentError("graph node without a string \"name\" and \"op\"");
    }
    GraphPictureNode node;
    node.name = name->as_string();
    node.op = op->as_string();
    if (const Json* t = n.Find("target"); t != nullptr && t->is_string()) node.target = t->as_string();
    if (const Json* m = n.Find("meta"); m != nullptr && m->is_string()) node.meta = m->as_string();
    if (const Json* args = n.Find("args"); args != nullptr && !args->is_null()) {
      if (!args->is_array()) return absl::InvalidArgumentError("node \"args\" is not a list");
      for (const Json& a : args->as_array()) {
        if (a.is_string()) node.args.push_back(a.as_string());
      }
    }
    picture.nodes.push_back(std::move(node));
  }
  if (const Json* b = graph.Find("break"); b != nullptr && !b->is_null()) {
    if (!b->is_object()) return absl::InvalidArgumentError("\"break\" is not an object");
    GraphPictureBreak brk;
    if (const Json* line = b->Find("line"); line != nullptr && line->is_int()) {
      brk.line = line->as_int();
    }
    if (const Json* reason = b->Find("reason"); reason != nullptr && reason->is_string()) {
      brk.reason = reason->as_string();
    }
    picture.graph_break = std::move(brk);
  }
  return picture;
}

namespace {

constexpr double kCharWidth = 7.2;  // 12px monospace
constexpr int kLineHeight = 15;
constexpr int kBoxPad = 6;
constexpr int kMinBoxWidth = 60;
constexpr int kRowGap = 36;
constexpr int kColumnGap = 16;
constexpr int kMargin = 12;
constexpr int kTitleHeight = 26;
constexpr int kBreakHeight = 40;
constexpr int kSkipLane = 60;  // room beside the rows for edges that skip a row
constexpr size_t kMaxLabel = 36;  // characters per label line before "…"
constexpr size_t kMaxBreakText = 120;

struct Style {
  const char* fill;
  const char* stroke;
};

Style StyleFor(absl::string_view op) {
  if (op == "placeholder") return {"#e8f0fe", "#4a6fa5"};
  if (op == "output") return {"#e6f4ea", "#3b7d4f"};
  if (op == "get_attr") return {"#fef7e0", "#a6842b"};
  return {"#ffffff", "#555555"};
}

std::string Clip(absl::string_view s, size_t max = kMaxLabel) {
  if (s.size() <= max) return std::string(s);
  // Cut on a UTF-8 boundary so the label stays valid text.
  size_t cut = max - 1;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
  return absl::StrCat(s.substr(0, cut), "\u2026");
}

std::string Num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  std::string s(buf);
  if (s.size() > 2 && s.substr(s.size() - 2) == ".0") s.resize(s.size() - 2);
  return s;
}

struct Box {
  std::vector<std::string> lines;  // name, then target or op (unless it repeats the name), meta
  bool has_meta = false;           // the last line is the meta, drawn grey
  double width = 0;
  double height = 0;
  double x = 0, y = 0;  // top left
  int row = 0;
};

// One graph laid out in its own coordinates (y from 0).
struct Layout {
  std::vector<Box> boxes;
  std::vector<std::vector<int>> rows;  // node indices per row, in graph order
  std::vector<double> row_width;
  double width = 0;
  double height = 0;
  bool skips_rows = false;  // some edge spans more than one row
};

// The one line drawn under a broken graph (the full reason is its tooltip).
std::string BreakText(const GraphPictureBreak& b) {
  const std::string text = absl::StrCat("graph break at line ", b.line, ": ", b.reason);
  return Clip(text.substr(0, text.find('\n')), kMaxBreakText);
}

Layout LayoutGraph(const GraphPicture& g) {
  Layout layout;
  std::map<std::string, int> index;
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const GraphPictureNode& n = g.nodes[i];
    Box box;
    box.lines.push_back(Clip(n.name));
    const bool calls = n.op.rfind("call_", 0) == 0 || n.op == "get_attr";
    const std::string second = calls && !n.target.empty() ? n.target : n.op;
    if (second != n.name) box.lines.push_back(Clip(second));
    if (!n.meta.empty()) {
      box.lines.push_back(Clip(n.meta));
      box.has_meta = true;
    }
    size_t chars = 0;
    for (const std::string& l : box.lines) chars = std::max(chars, l.size());
    box.width = std::max<double>(kMinBoxWidth, chars * kCharWidth + 2 * kBoxPad);
    box.height = box.lines.size() * kLineHeight + 2 * kBoxPad;
    // Longest path from an input; only earlier nodes count, so a malformed graph that
    // names a later node cannot make a cycle.
    for (const std::string& a : n.args) {
      if (auto it = index.find(a); it != index.end()) {
        box.row = std::max(box.row, layout.boxes[it->second].row + 1);
      }
    }
    for (const std::string& a : n.args) {
      if (auto it = index.find(a); it != index.end() && layout.boxes[it->second].row + 1 < box.row) {
        layout.skips_rows = true;
      }
    }
    index.emplace(n.name, static_cast<int>(i));
    if (static_cast<size_t>(box.row) >= layout.rows.size()) layout.rows.resize(box.row + 1);
    layout.rows[box.row].push_back(static_cast<int>(i));
    layout.boxes.push_back(std::move(box));
  }
  double y = 0;
  for (const std::vector<int>& row : layout.rows) {
    double w = 0, h = 0;
    for (int i : row) {
      w += layout.boxes[i].width + (w > 0 ? kColumnGap : 0);
      h = std::max(h, layout.boxes[i].height);
    }
    for (int i : row) layout.boxes[i].y = y + (h - layout.boxes[i].height) / 2;
    layout.row_width.push_back(w);
    layout.width = std::max(layout.width, w);
    y += h + kRowGap;
  }
  layout.height = layout.rows.empty() ? 0 : y - kRowGap;
  return layout;
}

}  // namespace

std::string RenderGraphSvg(absl::Span<const GraphPicture> graphs, absl::string_view id_prefix) {
  std::vector<Layout> layouts;
  double width = 260;  // room for a title and a break reason's first words
  double height = kMargin;
  for (const GraphPicture& g : graphs) {
    layouts.push_back(LayoutGraph(g));
    width = std::max(width, layouts.back().width + 2 * kMargin +
                                (layouts.back().skips_rows ? 2 * kSkipLane : 0));
    width = std::max(width, g.title.size() * kCharWidth + 2 * kMargin);
    if (g.graph_break) {
      width = std::max(width, BreakText(*g.graph_break).size() * kCharWidth + 2 * kMargin);
    }
    height += kTitleHeight + layouts.back().height + (g.graph_break ? kBreakHeight : 0) + kMargin;
  }
  if (graphs.empty()) height += kTitleHeight;
  const std::string arrow = absl::StrCat(id_prefix, "-arrow");

  std::string svg = absl::StrCat(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"graph-svg\" width=\"", Num(width),
      "\" height=\"", Num(height), "\" viewBox=\"0 0 ", Num(width), " ", Num(height),
      "\" style=\"font-family: monospace; font-size: 12px\">\n",
      "<defs><marker id=\"", arrow, "\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" ",
      "markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\">",
      "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#555555\"/></marker></defs>\n");
  if (graphs.empty()) {
    absl::StrAppend(&svg, "<text x=\"", kMargin, "\" y=\"", kMargin + 14,
                    "\" fill=\"#666666\">no graphs</text>\n");
  }
  double top = kMargin;
  for (size_t gi = 0; gi < graphs.size(); ++gi) {
    const GraphPicture& g = graphs[gi];
    Layout& layout = layouts[gi];
    absl::StrAppend(&svg, "<g class=\"graph\">\n<text class=\"graph-title\" x=\"", kMargin,
                    "\" y=\"", Num(top + 16), "\" font-weight=\"bold\">", EscapeHtml(g.title),
                    "</text>\n");
    const double body_top = top + kTitleHeight;
    // Each row is centred in the picture.
    for (size_t r = 0; r < layout.rows.size(); ++r) {
      double x = (width - layout.row_width[r]) / 2;
      for (int i : layout.rows[r]) {
        layout.boxes[i].x = x;
        layout.boxes[i].y += body_top;
        x += layout.boxes[i].width + kColumnGap;
      }
    }
    std::map<std::string, int> index;
    for (size_t i = 0; i < g.nodes.size(); ++i) index.emplace(g.nodes[i].name, static_cast<int>(i));
    // Edges first, so boxes are drawn over their ends.
    for (size_t i = 0; i < g.nodes.size(); ++i) {
      const Box& to = layout.boxes[i];
      for (const std::string& a : g.nodes[i].args) {
        auto it = index.find(a);
        if (it == index.end() || it->second >= static_cast<int>(i)) continue;
        const Box& from = layout.boxes[it->second];
        const double x1 = from.x + from.width / 2, y1 = from.y + from.height;
        const double x2 = to.x + to.width / 2, y2 = to.y;
        if (to.row - from.row <= 1) {
          absl::StrAppend(&svg, "<line class=\"edge\" x1=\"", Num(x1), "\" y1=\"", Num(y1),
                          "\" x2=\"", Num(x2), "\" y2=\"", Num(y2), "\"");
        } else {
          // Around the rows in between: a curve whose midpoint (at 3/4 of the way from
          // the ends' centre to the control points' x) clears the boxes it passes.
          double clear = std::max(from.x + from.width, to.x + to.width);
          for (int r = from.row + 1; r < to.row; ++r) {
            for (int k : layout.rows[r]) clear = std::max(clear, layout.boxes[k].x + layout.boxes[k].width);
          }
          clear += 12;
          const double lane =
              std::min((clear - 0.25 * (x1 + x2) / 2) / 0.75, width - kMargin / 2.0);
          absl::StrAppend(&svg, "<path class=\"edge\" d=\"M", Num(x1), ",", Num(y1), " C",
                          Num(lane), ",", Num(y1 + kRowGap), " ", Num(lane), ",",
                          Num(y2 - kRowGap), " ", Num(x2), ",", Num(y2), "\" fill=\"none\"");
        }
        absl::StrAppend(&svg, " stroke=\"#555555\" stroke-width=\"1.2\" marker-end=\"url(#",
                        arrow, ")\"/>\n");
      }
    }
    for (size_t i = 0; i < g.nodes.size(); ++i) {
      const GraphPictureNode& n = g.nodes[i];
      const Box& b = layout.boxes[i];
      const Style style = StyleFor(n.op);
      const bool io = n.op == "placeholder" || n.op == "output";
      absl::StrAppend(&svg, "<g class=\"node node-", EscapeHtml(n.op), "\"><title>",
                      EscapeHtml(n.name), " = ", EscapeHtml(n.op),
                      n.target.empty() ? "" : " ", EscapeHtml(n.target),
                      n.meta.empty() ? "" : " : ", EscapeHtml(n.meta), "</title>");
      absl::StrAppend(&svg, "<rect x=\"", Num(b.x), "\" y=\"", Num(b.y), "\" width=\"",
                      Num(b.width), "\" height=\"", Num(b.height), "\" rx=\"", io ? 10 : 3,
                      "\" fill=\"", style.fill, "\" stroke=\"", style.stroke, "\"/>");
      for (size_t l = 0; l < b.lines.size(); ++l) {
        absl::StrAppend(&svg, "<text x=\"", Num(b.x + b.width / 2), "\" y=\"",
                        Num(b.y + kBoxPad + (l + 1) * kLineHeight - 3),
                        "\" text-anchor=\"middle\"", l == 0 ? " font-weight=\"bold\"" : "",
                        b.has_meta && l + 1 == b.lines.size() ? " fill=\"#666666\"" : "", ">",
                        EscapeHtml(b.lines[l]),
                        "</text>");
      }
      absl::StrAppend(&svg, "</g>\n");
    }
    double bottom = body_top + layout.height;
    if (g.graph_break) {
      const double y = bottom + 14;
      absl::StrAppend(&svg, "<g class=\"graph-break\"><title>",
                      EscapeHtml(g.graph_break->reason), "</title><line x1=\"", kMargin,
                      "\" y1=\"", Num(y),
                      "\" x2=\"", Num(width - kMargin), "\" y2=\"", Num(y),
                      "\" stroke=\"#d00000\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>",
                      "<text x=\"", kMargin, "\" y=\"", Num(y + 18), "\" fill=\"#d00000\">",
                      EscapeHtml(BreakText(*g.graph_break)),
                      "</text></g>\n");
      bottom += kBreakHeight;
    }
    absl::StrAppend(&svg, "</g>\n");
    top = bottom + kMargin;
  }
  absl::StrAppend(&svg, "</svg>\n");
  return svg;
}

}  // namespace wick::report
