// codegen/'s view of wick's one oneDNN adapter (tensor/ops/linalg/internal/
// dnnl_adapter.h): DnnlCall runs a block of oneDNN C++ API calls (descriptor and
// primitive creation, reorders at compile time) and turns a thrown dnnl::error into an
// absl::Status; execution on the hot path uses oneDNN's C API, whose statuses go
// through DnnlStatus. Compiled graphs and eager kernels share the same CPU engine.
#ifndef WICK_CODEGEN_INTERNAL_DNNL_CALL_H_
#define WICK_CODEGEN_INTERNAL_DNNL_CALL_H_

#include "absl/status/statusor.h"
#include "oneapi/dnnl/dnnl.hpp"
#include "tensor/kernels/dnnl_adapter.h"

namespace wick::codegen::internal {

using ::wick::tensor::kernels::DnnlCall;
using ::wick::tensor::kernels::DnnlStatus;

// The process-wide CPU engine, created on first use.
inline absl::StatusOr<const dnnl::engine*> CpuEngine() {
  absl::StatusOr<dnnl::engine*> e = ::wick::tensor::kernels::DnnlEngine();
  if (!e.ok()) return e.status();
  return *e;
}

}  // namespace wick::codegen::internal

#endif  // WICK_CODEGEN_INTERNAL_DNNL_CALL_H_
