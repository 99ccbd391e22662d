// The texts the runtime shows users, in upstream's exact words: the fullgraph=True
// Unsupported error, the graph-break record, "Recompiling function ..." (plain and
// verbose), the recompile-limit warning and errors, the fail_on_recompile error, and
// BackendCompilerFailed. Pure functions of plain data, so they are tested as text.
#ifndef WICK_RUNTIME_INTERNAL_MESSAGES_H_
#define WICK_RUNTIME_INTERNAL_MESSAGES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "vm/objects/objects.h"

namespace wick::runtime::internal {

// A graph break as upstream's format_graph_break_message prints it (no trailing newline):
//   {gb_type}
//     Explanation: {explanation}
//     Hint: {hint}            (one per hint)
//
//     Developer debug context: {context}
std::string FormatGraphBreakBlock(absl::string_view gb_type, absl::string_view context,
                                  absl::string_view explanation,
                                  const std::vector<std::string>& hints);

// traceback.format_list: '  File "{file}", line {n}, in {fn}\n    {source}\n' per frame.
std::string FormatStack(const std::vector<vm::TraceEntry>& stack);

// str(torch._dynamo.exc.Unsupported) under fullgraph=True (reference §16.2): the block,
// a blank line, "from user code:", the frames (first one indented 3 spaces), a blank
// line and the TORCHDYNAMO_VERBOSE line.
std::string FormatUnsupported(absl::string_view block, const std::vector<vm::TraceEntry>& stack);

// The graph_breaks artifact record (§16.1).
std::string FormatGraphBreakRecord(absl::string_view block,
                                   const std::vector<vm::TraceEntry>& stack, bool bare = false);

// One cache entry's failure: "{compile_id}: {reason}" ("0/0: tensor 'x' size mismatch
// ..."); verbose joins every failing guard with "; ". Sources are shortened as upstream's
// strip_local_scope does: L['x'] -> x.
std::string FormatEntryReason(absl::string_view compile_id,
                              const std::vector<std::string>& failures, bool verbose);

// "Recompiling function fn in f.py:3\n    triggered by the following guard failure(s):\n
//     - 0/0: ..." (verbose: "guard {i} failures:\n- ..." blocks joined by blank lines).
std::string FormatRecompileMessage(absl::string_view function, absl::string_view file,
                                   int32_t first_line, const std::vector<std::string>& reasons,
                                   bool verbose);

// The RuntimeError of set_stance("fail_on_recompile").
std::string FormatFailOnRecompile(absl::string_view function, absl::string_view file,
                                  int32_t line, const std::vector<std::string>& reasons);

// The WARNING on the dynamo logger when a code object hits a recompile limit.
// `limit_type` is "recompile_limit" or "accumulated_recompile_limit".
std::string FormatLimitWarning(absl::string_view limit_type, int64_t limit,
                               absl::string_view function, absl::string_view file,
                               int32_t first_line, absl::string_view last_reason);

// FailOnRecompileLimitHit texts.
inline constexpr absl::string_view kFailOnLimitHitMessage =
    "recompile_limit reached, because fail_on_recompile_limit_hit = True this is a HARD "
    "failure";
inline constexpr absl::string_view kFullgraphLimitHitMessage =
    "recompile_limit reached with fullgraph=True. Excessive recompilations can degrade "
    "performance due to the compilation overhead of each recompilation. To monitor "
    "recompilations, enable TORCH_LOGS=recompiles. If recompilations are expected, consider "
    "increasing torch._dynamo.config.cache_size_limit to an appropriate value.";
inline constexpr absl::string_view kSkipGuardEvalMessage =
    "Recompilation triggered with skip_guard_eval_unsafe stance. This usually means that you "
    "have not warmed up your model with enough inputs such that you can guarantee no more "
    "recompilations.";

// BackendCompilerFailed: "backend='{name}' raised:\n{ExcType}: {message}".
std::string FormatBackendFailed(absl::string_view backend, absl::string_view exc_type,
                                absl::string_view exc_message);

// "WON'T CONVERT fn f.py line 3 \ndue to: \n{traceback}" (suppress_errors).
std::string FormatWontConvert(absl::string_view function, absl::string_view file,
                              int32_t first_line, absl::string_view error);

}  // namespace wick::runtime::internal

#endif  // WICK_RUNTIME_INTERNAL_MESSAGES_H_
