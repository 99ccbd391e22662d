// Custom ops: native ops a host application adds to the op registry, upstream's
// `torch.library.custom_op` idea. A custom op has a namespaced schema, a meta function
// (output sizes and dtypes from input metadata, never element data) and a kernel:
//
//   RegisterCustomOp("mylib::scale(Tensor x, float alpha) -> Tensor", MetaScale, Scale);
//
// Scripts call it as `torch.ops.mylib.scale(x, 2.0)`; the tracer puts it into graphs as
// one node (its meta function gives the node's metadata) and every backend runs its
// kernel. The kernel's results are checked against the meta function's on every call,
// so a kernel that disagrees with its meta function is an error, never a corrupt graph.
//
// Registration is process-wide and must happen before any interpreter runs a script
// that could look the op up (the registry is read without locks); registrations from
// several threads at once are serialised.
#ifndef WICK_TENSOR_CUSTOM_OPS_H_
#define WICK_TENSOR_CUSTOM_OPS_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "tensor/op_registry.h"

namespace wick::tensor {

// InvalidArgument for a malformed schema, a schema without a namespace ("ns::name"),
// the reserved namespaces aten, prim and torch, in-place or aliasing annotations
// (`Tensor(a!)`: not supported), non-tensor returns, or an empty function;
// AlreadyExists for a second registration of the same name.
absl::Status RegisterCustomOp(absl::string_view schema, OpFn meta, OpFn kernel);

}  // namespace wick::tensor

#endif  // WICK_TENSOR_CUSTOM_OPS_H_
