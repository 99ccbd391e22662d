// The one place codegen/ catches oneDNN's C++ exceptions: DnnlCall runs a block of
// oneDNN C++ API calls (descriptor and primitive creation, reorders at compile time) and
// turns a thrown dnnl::error into an absl::Status. Execution on the hot path uses
// oneDNN's C API, which returns statuses, through DnnlStatus.
#ifndef WICK_CODEGEN_INTERNAL_DNNL_CALL_H_
#define WICK_CODEGEN_INTERNAL_DNNL_CALL_H_

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "oneapi/dnnl/dnnl.hpp"

namespace wick::codegen::internal {

// success -> OK, unimplemented -> Unimplemented (take the fallback), out_of_memory ->
// ResourceExhausted, anything else Internal. `what` names the call.
absl::Status DnnlStatus(dnnl_status_t status, absl::string_view what);

// Runs `fn`; a dnnl::error (or other std::exception) it throws becomes a Status.
absl::Status DnnlCall(absl::FunctionRef<void()> fn);

// The process-wide CPU engine, created on first use.
absl::StatusOr<const dnnl::engine*> CpuEngine();

}  // namespace wick::codegen::internal

#endif  // WICK_CODEGEN_INTERNAL_DNNL_CALL_H_
