// OpRegistry::Global(): the registry of every built-in op, built once on first use, and
// the custom ops host applications add to it (tensor/custom_ops.h).
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/synchronization/mutex.h"
#include "base/python_error.h"
#include "tensor/custom_ops.h"
#include "tensor/op_registry.h"
#include "tensor/ops/ops.h"

namespace wick::tensor {
namespace {

// torch._C._set_grad_enabled as a graph op: where a captured graph switches grad mode,
// as upstream's graphs record it (`with torch.no_grad():` in compiled code). The eager
// backend switches tensor/autograd's grad mode at these nodes (so what follows records
// or not), and the runtime sets the mode around every graph and graph break; the kernel
// itself has nothing to do. Not a torch.* function (torch._C's binding sets the mode).
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

// The one registry. Built-in ops are added when it is created; custom ops later,
// through RegisterCustomOp (under registration_mutex).
OpRegistry* MutableGlobal() {
  static OpRegistry* registry = [] {
    auto* r = new OpRegistry();
    using Fn = absl::Status (*)(OpRegistry&);
    const Fn groups[] = {ops::RegisterCreationOps,  ops::RegisterShapeOps,
                         ops::RegisterIndexingOps,  ops::RegisterPointwiseOps,
                         ops::RegisterReductionOps, ops::RegisterLinalgOps,
                         ops::RegisterNNOps,        ops::RegisterLayerOps,
                         ops::RegisterRandomOps,
                         ops::RegisterConvOps,
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
  return registry;
}

absl::Mutex registration_mutex(absl::kConstInit);

// "[2, 3] float32", for the kernel/meta agreement check.
std::string Describe(const Tensor& t) {
  return absl::StrCat("[", absl::StrJoin(t.sizes(), ", "), "] ", DTypeName(t.dtype()));
}

// The tensors of a kernel or meta result (one for Tensor returns, several for tuples).
std::vector<Tensor> ResultTensors(const Value& v) {
  if (v.is_tensor()) return {v.to_tensor()};
  if (v.is_tensor_list()) return v.to_tensor_list();
  return {};
}

// `kernel`, checking on every call that its results have the sizes and dtypes `meta`
// gives (otherwise a RuntimeError "<name>: the kernel returned ... but the meta
// function says ..."). The meta function reads only metadata, so this costs little
// next to the kernel.
OpFn CheckAgainstMeta(std::string name, OpFn meta, OpFn kernel) {
  return [name = std::move(name), meta = std::move(meta),
          kernel = std::move(kernel)](const OpArgs& args) -> absl::StatusOr<Value> {
    absl::StatusOr<Value> out = kernel(args);
    if (!out.ok()) return out;
    absl::StatusOr<Value> expected = meta(args);
    if (!expected.ok()) return expected;
    const std::vector<Tensor> got = ResultTensors(*out), want = ResultTensors(*expected);
    bool same = got.size() == want.size();
    for (size_t i = 0; same && i < got.size(); ++i) {
      same = got[i].defined() && want[i].defined() && got[i].dtype() == want[i].dtype() &&
             got[i].sizes() == want[i].sizes();
    }
    if (!same) {
      auto list = [](const std::vector<Tensor>& ts) {
        std::vector<std::string> parts;
        for (const Tensor& t : ts) parts.push_back(t.defined() ? Describe(t) : "undefined");
        return absl::StrJoin(parts, ", ");
      };
      return RuntimeError(absl::StrCat(name, ": the kernel returned ",
                                       list(got), " but the meta function says ",
                                       list(want)));
    }
    return out;
  };
}

}  // namespace

const OpRegistry& OpRegistry::Global() { return *MutableGlobal(); }

absl::Status RegisterCustomOp(absl::string_view schema_text, OpFn meta, OpFn kernel) {
  absl::StatusOr<OpSchema> schema = ParseSchema(schema_text);
  if (!schema.ok()) return schema.status();
  const size_t sep = schema->name.find("::");
  auto bad = [&](absl::string_view why) {
    return absl::InvalidArgumentError(
        absl::StrCat("custom op \"", schema_text, "\": ", why));
  };
  if (sep == std::string::npos) return bad("the name needs a namespace (\"mylib::name\")");
  const std::string ns = schema->name.substr(0, sep);
  if (ns == "aten" || ns == "prim" || ns == "torch") {
    return bad(absl::StrCat("namespace '", ns, "' is reserved for built-in ops"));
  }
  for (const Argument& a : schema->arguments) {
    if (a.alias_set != 0 || a.is_write) {
      return bad(absl::StrCat("argument '", a.name,
                              "' aliases or mutates; custom ops must be functional"));
    }
  }
  if (schema->returns.empty()) return bad("a custom op must return at least one Tensor");
  for (const Return& r : schema->returns) {
    if (r.type.base != ArgType::Base::kTensor || r.type.list || r.type.optional ||
        r.alias_set != 0) {
      return bad("custom ops return Tensors only (no lists, optionals or aliases)");
    }
  }
  if (!meta || !kernel) return bad("both a meta function and a kernel are required");
  OpFn checked =
      CheckAgainstMeta(absl::StrCat("custom op ", schema->full_name()), meta, std::move(kernel));
  OpFlags flags;
  flags.function = false;  // torch.ops.<ns>.<name>, not torch.<name>
  absl::MutexLock lock(&registration_mutex);
  return MutableGlobal()->Register(schema_text, std::move(meta), std::move(checked), flags);
}

}  // namespace wick::tensor
