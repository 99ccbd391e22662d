// Upstream's user-facing texts (torch/_dynamo/exc.py, guards.py, convert_frame.py),
// rebuilt from plain data. See messages.h for each format.
#include "runtime/internal/messages.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace wick::runtime::internal {
namespace {

constexpr absl::string_view kVerboseHint =
    "Set TORCHDYNAMO_VERBOSE=1 for the internal stack trace (please do this especially if "
    "you're reporting a bug to PyTorch). For even more developer context, set "
    "TORCH_LOGS=\"+dynamo\"\n";

constexpr absl::string_view kTroubleshootingUrl =
    "https://docs.pytorch.org/docs/main/user_guide/torch_compiler/compile/"
    "programming_model.recompilation.html";

// textwrap.indent(text, prefix): prefixes every non-blank line.
std::string Indent(absl::string_view text, absl::string_view prefix) {
  std::vector<std::string> lines;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    lines.push_back(line.empty() ? std::string() : absl::StrCat(prefix, line));
  }
  return absl::StrJoin(lines, "\n");
}

// strip_local_scope: L['x'] -> x (upstream shortens frame-local sources in reasons).
std::string StripLocalScope(absl::string_view text) {
  std::string out;
  size_t i = 0;
  while (i < text.size()) {
    if (text.substr(i, 3) == "L['") {
      const size_t end = text.find("']", i + 3);
      if (end != absl::string_view::npos) {
        absl::StrAppend(&out, text.substr(i + 3, end - i - 3));
        i = end + 2;
        continue;
      }
    }
    out.push_back(text[i++]);
  }
  return out;
}

}  // namespace

std::string FormatGraphBreakBlock(absl::string_view gb_type, absl::string_view context,
                                  absl::string_view explanation,
                                  const std::vector<std::string>& hints) {
  std::string out = absl::StrCat(gb_type, "\n  Explanation: ",
                                 absl::StripLeadingAsciiWhitespace(Indent(explanation, "  ")));
  for (const std::string& h : hints) absl::StrAppend(&out, "\n  Hint: ", h);
  absl::StrAppend(&out, "\n\n  Developer debug context: ",
                  absl::StripLeadingAsciiWhitespace(Indent(context, "  ")));
  return out;
}

std::string FormatStack(const std::vector<vm::TraceEntry>& stack) {
  std::string out;
  for (const vm::TraceEntry& e : stack) {
    absl::StrAppend(&out, "  File \"", e.file, "\", line ", e.line, ", in ", e.function, "\n");
    absl::string_view src = absl::StripAsciiWhitespace(e.source_line);
    if (!src.empty()) absl::StrAppend(&out, "    ", src, "\n");
  }
  return out;
}

std::string FormatUnsupported(absl::string_view block, const std::vector<vm::TraceEntry>& stack) {
  std::string out(block);
  if (!stack.empty()) absl::StrAppend(&out, "\n\nfrom user code:\n ", FormatStack(stack));
  else absl::StrAppend(&out, "\n");
  absl::StrAppend(&out, "\n", kVerboseHint);
  return out;
}

std::string FormatGraphBreakRecord(absl::string_view block,
                                   const std::vector<vm::TraceEntry>& stack, bool bare) {
  std::string where = "<unknown>";
  if (!stack.empty()) where = absl::StrCat(stack.back().file, ":", stack.back().line);
  // Upstream's reason text is the block plus a newline, hence the blank line; a bare
  // string reason has none.
  return absl::StrCat("Graph break in user code at ", where, "\nGraph Break Reason: ", block,
                      bare ? "\n" : "\n\n", "User code traceback:\n", FormatStack(stack));
}

std::string FormatEntryReason(absl::string_view compile_id,
                              const std::vector<std::string>& failures, bool verbose) {
  std::vector<std::string> shown;
  for (const std::string& f : failures) {
    shown.push_back(StripLocalScope(f));
    if (!verbose) break;
  }
  return absl::StrCat(compile_id, ": ", absl::StrJoin(shown, "; "));
}

std::string FormatRecompileMessage(absl::string_view function, absl::string_view file,
                                   int32_t first_line, const std::vector<std::string>& reasons,
                                   bool verbose) {
  std::string failures;
  if (verbose) {
    std::vector<std::string> blocks;
    for (size_t i = 0; i < reasons.size(); ++i) {
      blocks.push_back(absl::StrCat("guard ", i, " failures:\n", Indent(reasons[i], "- ")));
    }
    failures = absl::StrJoin(blocks, "\n\n");
  } else {
    failures = Indent(absl::StrJoin(reasons, "\n"), "- ");
  }
  return absl::StrCat("Recompiling function ", function, " in ", file, ":", first_line, "\n",
                      Indent(absl::StrCat("triggered by the following guard failure(s):\n",
                                          failures),
                             "    "));
}

std::string FormatFailOnRecompile(absl::string_view function, absl::string_view file,
                                  int32_t line, const std::vector<std::string>& reasons) {
  std::string out = absl::StrCat(
      "Detected recompile when torch.compile stance is 'fail_on_recompile'. filename: '", file,
      "', function name: '", function, "', line number: ", line);
  if (!reasons.empty()) {
    absl::StrAppend(&out, "\n",
                    Indent(absl::StrCat("triggered by the following guard failure(s):\n",
                                        Indent(absl::StrJoin(reasons, "\n"), "- ")),
                           "    "));
  }
  return out;
}

std::string FormatLimitWarning(absl::string_view limit_type, int64_t limit,
                               absl::string_view function, absl::string_view file,
                               int32_t first_line, absl::string_view last_reason) {
  return absl::StrCat("torch._dynamo hit config.", limit_type, " (", limit, ")\n",
                      "   function: '", function, "' (", file, ":", first_line, ")\n",
                      "   last reason: ", last_reason, "\n",
                      "To log all recompilation reasons, use TORCH_LOGS=\"recompiles\".\n",
                      "To diagnose recompilation issues, see ", kTroubleshootingUrl);
}

std::string FormatBackendFailed(absl::string_view backend, absl::string_view exc_type,
                                absl::string_view exc_message) {
  return absl::StrCat("backend='", backend, "' raised:\n", exc_type, ": ", exc_message);
}

std::string FormatWontConvert(absl::string_view function, absl::string_view file,
                              int32_t first_line, absl::string_view error) {
  return absl::StrCat("WON'T CONVERT ", function, " ", file, " line ", first_line,
                      " \ndue to: \n", error);
}

}  // namespace wick::runtime::internal
