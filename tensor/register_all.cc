// OpRegistry::Global(): the registry of every built-in op, built once on first use.
#include <cstdio>
#include <cstdlib>

#include "tensor/op_registry.h"
#include "tensor/ops/ops.h"

namespace wick::tensor {
namespace {

// torch._C._set_grad_enabled as a graph op: where a captured graph switches grad mode,
// as upstream's graphs record it (`with torch.no_grad():` in compiled code). Tensors
// here carry no autograd state of their own: the interpreter's grad mode is what the
// mode means, and the runtime sets it around every graph and graph break, so the
// kernel has nothing to do. Not a torch.* function (torch._C's binding sets the mode).
absl::Status RegisterGradModeOps(OpRegistry& r) {
  OpFlags flags;
  flags.function = false;
  auto none = [](const OpArgs&) -> absl::StatusOr<Value> { return Value(); };
  return r.Register("_set_grad_enabled(bool enabled) -> ()", none, none, flags);
}

}  // namespace

const OpRegistry& OpRegistry::Global() {
  static const OpRegistry* registry = [] {
    auto* r = new OpRegistry();
    using Fn = absl::Status (*)(OpRegistry&);
    const Fn groups[] = {ops::RegisterCreationOps,  ops::RegisterShapeOps,
                         ops::RegisterIndexingOps,  ops::RegisterPointwiseOps,
                         ops::RegisterReductionOps, ops::RegisterLinalgOps,
                         ops::RegisterNNOps,        ops::RegisterRandomOps,
                         RegisterGradModeOps};
    for (Fn group : groups) {
      absl::Status s = group(*r);
      if (!s.ok()) {
        // A malformed built-in schema is a bug in wick itself, caught by every test.
        std::fprintf(stderr, "wick: built-in op registration failed: %s\n",
                     s.ToString().c_str());
        std::abort();
      }
    }
    return r;
  }();
  return *registry;
}

}  // namespace wick::tensor
