// The shared page skeleton and stylesheet. The status colours are tlparse's.
#include "report/html.h"

#include "absl/strings/str_cat.h"

namespace wick::report {
namespace {

constexpr char kCss[] = R"css(
body { font-family: sans-serif; margin: 1em 2em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.5em; }
pre { background: #f6f6f6; padding: 0.5em; overflow-x: auto; }
table td { vertical-align: top; }
table.data { border-collapse: collapse; margin: 1em 0; }
table.data th, table.data td { border: 1px solid #999; padding: 0.4em 0.6em; text-align: left; }
table.data th { background-color: #d3d3d3; }
.stack-trie { white-space: nowrap; font-family: monospace; }
.stack-trie ul { padding-left: 1ch; margin: 0; }
.stack-trie li { margin-left: 1ch; list-style-type: none; }
.stack-trie summary { cursor: pointer; }
.stack-trie a { text-decoration: none; }
.stack-trie a:hover { text-decoration: underline; }
.status-missing { background-color: purple; color: white; }
.status-error { background-color: red; color: white; }
.status-empty { background-color: white; color: black; }
.status-ok { background-color: green; color: white; }
.status-break { background-color: lime; color: black; }
.frame-graph { overflow-x: auto; margin: 0.5em 0 1.5em 0; }
.muted { color: #666; }
)css";

}  // namespace

std::string EscapeHtml(absl::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&': out.append("&amp;"); break;
      case '<': out.append("&lt;"); break;
      case '>': out.append("&gt;"); break;
      case '"': out.append("&quot;"); break;
      case '\'': out.append("&#39;"); break;
      default: out.push_back(c);
    }
  }
  return out;
}

std::string HtmlPage(absl::string_view title, absl::string_view body_html) {
  return absl::StrCat(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
      "<title>", EscapeHtml(title), "</title>\n<style>",
      kCss, "</style>\n</head>\n<body>\n", body_html, "</body>\n</html>\n");
}

}  // namespace wick::report
