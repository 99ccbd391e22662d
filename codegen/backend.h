// Backends: turn a traced graph into something callable. `eager` runs the graph node by
// node through the registry's kernels (debugging, as upstream's backend="eager");
// `onednn` (M6) lowers to fused oneDNN primitives. User callables passed as
// torch.compile(backend=fn) are wrapped by runtime/ into a Backend.
//
//   std::unique_ptr<Backend> b = MakeEagerBackend();
//   ASSIGN_OR_RETURN(std::unique_ptr<CompiledGraph> c, b->Compile(graph));
//   ASSIGN_OR_RETURN(std::vector<tensor::Tensor> outs, c->Run(inputs));
#ifndef WICK_CODEGEN_BACKEND_H_
#define WICK_CODEGEN_BACKEND_H_

#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "graph/graph.h"
#include "tensor/tensor.h"

namespace wick::codegen {

class CompiledGraph {
 public:
  virtual ~CompiledGraph() = default;
  // `inputs` in placeholder order; returns the output node's values in order. Errors
  // are the kernels' (InvalidArgument with the Python exception payload of
  // base/python_error.h), so a failing compiled call raises what eager would.
  virtual absl::StatusOr<std::vector<tensor::Tensor>> Run(
      absl::Span<const tensor::Tensor> inputs) = 0;
  // Whether Run records autograd itself, op by op, as eager code does (the eager backend:
  // upstream's backend="eager" runs the FX graph without AOTAutograd). Otherwise the
  // runtime gives the outputs a CompiledFunctionBackward node when gradients are needed.
  virtual bool records_autograd() const { return false; }
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual absl::string_view name() const = 0;
  virtual absl::StatusOr<std::unique_ptr<CompiledGraph>> Compile(const graph::Graph& g) = 0;
};

// Runs each call node's eager kernel; frees intermediates after their last use.
std::unique_ptr<Backend> MakeEagerBackend();
// The same, as upstream's "aot_eager": graphs needing gradients are first split into a
// forward and a backward (AOT autograd, by the runtime), each run op by op.
std::unique_ptr<Backend> MakeAotEagerBackend();

// Lowers each graph to oneDNN primitives with fused post-op chains, fused pointwise
// loops and a liveness-planned buffer arena (codegen/onednn_backend.cc); nodes it cannot
// lower run their registry kernels. Float32 only; other dtypes run as kernels.
std::unique_ptr<Backend> MakeOneDnnBackend();

// Lowering failures on demand, for tests of the fallback paths: every partition's
// lowering fails (its nodes run as kernels), or the whole graph's (it runs on the eager
// backend). Results must not change either way.
enum class OneDnnFault { kNone, kEveryPartition, kWholeGraph };
std::unique_ptr<Backend> MakeOneDnnBackendForTesting(OneDnnFault fault);

// The readable lowered program of `g` under the oneDNN backend (what the `output_code`
// artifact prints): partitions, primitives with their oneDNN implementation and post-op
// chains, fused pointwise programs, kernel fallbacks and the buffer plan.
absl::StatusOr<std::string> DescribeLowering(const graph::Graph& g);

// The built-in backend for a torch.compile(backend="...") string: "eager", "aot_eager";
// "onednn"
// (the default) and its alias "inductor". NotFound with upstream's message otherwise.
absl::StatusOr<std::unique_ptr<Backend>> MakeBackend(absl::string_view name);

}  // namespace wick::codegen

#endif  // WICK_CODEGEN_BACKEND_H_
