// The HTML pieces every report page shares: text escaping, the page skeleton and the one
// small stylesheet (inline, so the report needs no network and no other file).
#ifndef WICK_REPORT_HTML_H_
#define WICK_REPORT_HTML_H_

#include <string>

#include "absl/strings/string_view.h"

namespace wick::report {

// Escapes & < > " ' so `text` is safe in element content and quoted attributes (HTML and
// SVG/XML alike).
std::string EscapeHtml(absl::string_view text);

// A complete HTML5 document: doctype, <html lang="en">, charset, <title>, the shared
// <style>, then `body_html` inside <body>. `body_html` must already be escaped. Pages
// reference nothing outside the report (no scripts, fonts or icons).
std::string HtmlPage(absl::string_view title, absl::string_view body_html);

}  // namespace wick::report

#endif  // WICK_REPORT_HTML_H_
