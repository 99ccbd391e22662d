// The eager backend under another name: what MakeBackend returns for "onednn" and
// "inductor" until M6 lands the oneDNN lowering.
#ifndef WICK_CODEGEN_INTERNAL_EAGER_BACKEND_H_
#define WICK_CODEGEN_INTERNAL_EAGER_BACKEND_H_

#include <memory>

#include "absl/strings/string_view.h"
#include "codegen/backend.h"

namespace wick::codegen::internal {

// An eager backend whose name() is `name`.
std::unique_ptr<Backend> MakeEagerBackendNamed(absl::string_view name);

}  // namespace wick::codegen::internal

#endif  // WICK_CODEGEN_INTERNAL_EAGER_BACKEND_H_
