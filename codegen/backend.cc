// MakeBackend: the built-in backends by their torch.compile(backend="...") names.
#include "absl/strings/str_cat.h"
#include "codegen/backend.h"

namespace wick::codegen {
namespace {

// Python's repr() of a str, enough for backend names: single quotes unless the name
// holds a ' and no ".
std::string PyRepr(absl::string_view s) {
  const bool dq = s.find('\'') != absl::string_view::npos && s.find('"') == absl::string_view::npos;
  const char quote = dq ? '"' : '\'';
  std::string out(1, quote);
  for (char c : s) {
    if (c == quote || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  out.push_back(quote);
  return out;
}

}  // namespace

absl::StatusOr<std::unique_ptr<Backend>> MakeBackend(absl::string_view name) {
  if (name == "eager") return MakeEagerBackend();
  if (name == "aot_eager") return MakeAotEagerBackend();
  // "onednn" is wick's default backend; "inductor" (upstream's default name) is its
  // alias so PyTorch scripts run unchanged.
  if (name == "onednn" || name == "inductor") return MakeOneDnnBackend();
  // torch/_dynamo/exc.py InvalidBackend, raised by backends/registry.py lookup_backend.
  return absl::NotFoundError(absl::StrCat("Invalid backend: ", PyRepr(name),
                                          ", see `torch._dynamo.list_backends()` for available "
                                          "backends."));
}

}  // namespace wick::codegen
