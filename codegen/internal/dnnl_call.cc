// oneDNN error adapter and engine. See dnnl_call.h.
#include "codegen/internal/dnnl_call.h"

#include <exception>

#include "absl/strings/str_cat.h"

namespace wick::codegen::internal {

absl::Status DnnlStatus(dnnl_status_t status, absl::string_view what) {
  switch (status) {
    case dnnl_success:
      return absl::OkStatus();
    case dnnl_unimplemented:
      return absl::UnimplementedError(absl::StrCat("oneDNN: ", what));
    case dnnl_out_of_memory:
      return absl::ResourceExhaustedError(absl::StrCat("oneDNN: ", what));
    default:
      return absl::InternalError(
          absl::StrCat("oneDNN: ", what, " (status ", static_cast<int>(status), ")"));
  }
}

absl::Status DnnlCall(absl::FunctionRef<void()> fn) {
  try {
    fn();
    return absl::OkStatus();
  } catch (const dnnl::error& e) {
    return DnnlStatus(e.status, e.what());
  } catch (const std::exception& e) {
    return absl::InternalError(absl::StrCat("oneDNN call failed: ", e.what()));
  }
}

absl::StatusOr<const dnnl::engine*> CpuEngine() {
  // Created once; a failure is remembered rather than retried.
  static const absl::StatusOr<const dnnl::engine*>* engine = [] {
    auto* result = new absl::StatusOr<const dnnl::engine*>(nullptr);
    absl::Status s = DnnlCall([&] { *result = new dnnl::engine(dnnl::engine::kind::cpu, 0); });
    if (!s.ok()) *result = s;
    return result;
  }();
  return *engine;
}

}  // namespace wick::codegen::internal
