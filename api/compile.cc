// wick::Compile: runtime::Compile with the options a host can set.
#include "api/compile.h"

#include <memory>

#include "absl/strings/str_cat.h"
#include "api/internal/world.h"
#include "codegen/backend.h"
#include "runtime/runtime.h"
#include "vm/protocol.h"

namespace wick {

absl::StatusOr<Object> Compile(const Object& fn, const CompileOptions& options) {
  if (!fn.valid()) return absl::FailedPreconditionError("the wick::Object refers to no value");
  // The backend names are codegen's: an unknown one fails there, with upstream's text.
  absl::StatusOr<std::unique_ptr<codegen::Backend>> backend =
      codegen::MakeBackend(options.backend);
  if (!backend.ok()) return absl::InvalidArgumentError(backend.status().message());
  api_internal::World& w = api_internal::World::Of(fn);
  const vm::Value& callable = api_internal::World::ValueOf(fn);
  if (w.rt.TypeOf(callable)->slots().call == nullptr) {
    return absl::InvalidArgumentError(
        absl::StrCat("Compile: a ", fn.type_name(), " object is not callable"));
  }
  runtime::CompileOptions o;
  o.fullgraph = options.fullgraph;
  o.dynamic = options.dynamic;
  o.backend = options.backend;
  return w.Result(runtime::Compile(w.rt, callable, std::move(o)));
}

}  // namespace wick
