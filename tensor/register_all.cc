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

// torch._assert_async(cond, msg): what `assert tensor_cond, "msg"` becomes in a captured
// graph (upstream's graph op): fails with the message when the one-element condition is
// zero. Upstream's kernel raises RuntimeError there, not eager Python's AssertionError.
absl::Status RegisterAssertOps(OpRegistry& r) {
  OpFlags flags;
  flags.function = false;
  auto meta = [](const OpArgs&) -> absl::StatusOr<Value> { return Value(); };
  auto kernel = [](const OpArgs& a) -> absl::StatusOr<Value> {
    const Tensor& t = a.tensor(0);
    if (t.numel() != 1) {
      return absl::InvalidArgumentError(
          "Boolean value of Tensor with more than one value is ambiguous");
    }
    absl::StatusOr<Scalar> v = t.Item();
    if (!v.ok()) return v.status();
    if (!v->to_bool()) return absl::FailedPreconditionError(a.string(1));
    return Value();
  };
  return r.Register("_assert_async.msg(Tensor self, str assert_msg) -> ()", meta, kernel, flags);
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
                         RegisterGradModeOps,       RegisterAssertOps};
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
