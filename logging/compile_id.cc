// Compile ids and trace ids (torch._guards.CompileId / TraceId) and the thread's current
// one, which every record logged during a compile cites as " [0/1]".
#include <cstdint>
#include <string>
#include <utility>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "logging/logging.h"
#include "re2/re2.h"

namespace wick::logging {
namespace {

// The innermost active scope. A plain pointer: constant-initialized, so reading it in
// the record path costs no TLS guard.
thread_local const CompileIdScope* current_scope = nullptr;

}  // namespace

std::string CompileId::ToString() const {
  if (compiled_autograd_id.has_value()) {
    if (frame_id.has_value()) {
      return absl::StrCat("!", *compiled_autograd_id, "/", *frame_id, "/",
                          frame_compile_id.value_or(0));
    }
    return absl::StrCat("!", *compiled_autograd_id);
  }
  return absl::StrCat(frame_id.value_or(0), "/", frame_compile_id.value_or(0));
}

absl::StatusOr<CompileId> CompileId::FromString(absl::string_view text) {
  // COMPILE_ID_PATTERN and CA_COMPILE_ID_PATTERN, matched from the start.
  static const RE2* frame_re = new RE2(R"((\d+)/(\d+))");
  static const RE2* ca_re = new RE2(R"(!(\d+)(?:/(\d+)/(\d+))?)");
  const absl::Status invalid = ValueError(absl::StrCat("Invalid compile_id '", text, "'"));
  int64_t a = 0;
  int64_t b = 0;
  int64_t c = 0;
  std::string s2;
  std::string s3;
  const re2::StringPiece piece(text.data(), text.size());  // absl's view is its own type
  if (RE2::FullMatch(piece, *frame_re, &a, &b)) {
    return CompileId{.frame_id = a, .frame_compile_id = b};
  }
  if (RE2::FullMatch(piece, *ca_re, &a, &s2, &s3)) {
    CompileId id{.compiled_autograd_id = a};
    if (!s2.empty()) {
      if (!absl::SimpleAtoi(s2, &b) || !absl::SimpleAtoi(s3, &c)) return invalid;
      id.frame_id = b;
      id.frame_compile_id = c;
    }
    return id;
  }
  return invalid;
}

std::string TraceId::ToString() const {
  if (attempt == 0) return compile_id.ToString();
  return absl::StrCat(compile_id.ToString(), "_", attempt);
}

CompileIdScope::CompileIdScope(TraceId id)
    : id_(std::move(id)), text_(id_.ToString()), previous_(current_scope) {
  current_scope = this;
}

CompileIdScope::~CompileIdScope() { current_scope = previous_; }

const TraceId* CurrentTraceId() {
  return current_scope == nullptr ? nullptr : &current_scope->id_;
}

absl::string_view CurrentTraceIdText() {
  return current_scope == nullptr ? absl::string_view() : current_scope->text_;
}

}  // namespace wick::logging
