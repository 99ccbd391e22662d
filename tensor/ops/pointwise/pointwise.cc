// RegisterPointwiseOps (tensor/ops/ops.h) and the registration helpers the op tables in
// register_unary.cc and register_binary.cc share.
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "base/python_error.h"
#include "base/status_macros.h"
#include "tensor/kernels/register.h"
#include "tensor/ops/ops.h"
#include "tensor/ops/pointwise/internal/registrar.h"

namespace wick::tensor {
namespace internal {

void Registrar::Add(absl::string_view schema, OpFlags flags, OpImpl impl) {
  if (!status_.ok()) return;
  // The schema says whether the op writes into its first argument.
  const bool inplace = absl::StrContains(schema, "(a!) self");
  auto meta = [impl, inplace](const OpArgs& args) {
    return impl(args, OpMode{.inplace = inplace, .meta = true});
  };
  auto kernel = [impl, inplace](const OpArgs& args) {
    return impl(args, OpMode{.inplace = inplace, .meta = false});
  };
  // Pointwise ops take Python numbers for tensors (Scalar overloads); those whose
  // PyTorch signature does not reject them in the kernel (RejectNumbers).
  flags.numbers_as_tensors = true;
  status_ = kernels::RegisterOp(registry_, schema, std::move(meta), std::move(kernel), flags);
}

absl::Status RejectNumbers(const OpArgs& args, absl::string_view op,
                           std::initializer_list<int> positions,
                           std::initializer_list<absl::string_view> names) {
  auto name = names.begin();
  for (int i : positions) {
    const absl::string_view arg = *name++;
    if (args.is_none(i)) continue;
    const Tensor& t = args.tensor(i);
    if (!t.is_wrapped_number()) continue;
    const absl::string_view type = t.dtype() == DType::kBool    ? "bool"
                                   : IsFloating(t.dtype()) ? "float"
                                                           : "int";
    return TypeError(absl::StrCat(op, "(): argument '", arg, "' (position ", i + 1,
                                  ") must be Tensor, not ", type));
  }
  return absl::OkStatus();
}

}  // namespace internal

namespace ops {

absl::Status RegisterPointwiseOps(OpRegistry& r) {
  internal::Registrar registrar(r);
  RETURN_IF_ERROR(internal::RegisterUnaryOps(registrar));
  RETURN_IF_ERROR(internal::RegisterBinaryOps(registrar));
  return registrar.status();
}

}  // namespace ops
}  // namespace wick::tensor
