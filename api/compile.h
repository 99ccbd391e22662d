// wick::Compile: torch.compile from C++.
//
//   absl::StatusOr<wick::Object> fast = wick::Compile(*fn, {.backend = "inductor"});
//   absl::StatusOr<wick::Object> y = fast->Call({interp->FromTensor(x)});
//
// The result is what `torch.compile(fn, fullgraph=..., backend=..., dynamic=...)` returns
// in a script: calling it traces, guards, caches and recompiles exactly as there, and a
// graph break with fullgraph=true raises (as an error status) instead of breaking.
#ifndef WICK_API_COMPILE_H_
#define WICK_API_COMPILE_H_

#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "api/object.h"

namespace wick {

struct CompileOptions {
  bool fullgraph = false;
  // "inductor" (the default oneDNN backend; "onednn" is the same) or "eager".
  std::string backend = "inductor";
  // nullopt: automatic dynamic shapes; true / false as torch.compile's `dynamic`.
  std::optional<bool> dynamic;
};

// InvalidArgument for an unknown backend or a `fn` that is not callable.
absl::StatusOr<Object> Compile(const Object& fn, const CompileOptions& options = {});

}  // namespace wick

#endif  // WICK_API_COMPILE_H_
