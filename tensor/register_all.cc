// OpRegistry::Global(): the registry of every built-in op, built once on first use.
#include <cstdio>
#include <cstdlib>

#include "tensor/op_registry.h"
#include "tensor/ops/ops.h"

namespace wick::tensor {

const OpRegistry& OpRegistry::Global() {
  static const OpRegistry* registry = [] {
    auto* r = new OpRegistry();
    using Fn = absl::Status (*)(OpRegistry&);
    const Fn groups[] = {ops::RegisterCreationOps,  ops::RegisterShapeOps,
                         ops::RegisterIndexingOps,  ops::RegisterPointwiseOps,
                         ops::RegisterReductionOps, ops::RegisterLinalgOps,
                         ops::RegisterNNOps,        ops::RegisterRandomOps};
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
