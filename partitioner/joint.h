// AOT autograd for compiled graphs (upstream: torch._functorch.aot_autograd with
// partitioners.py's min_cut_rematerialization_partition). When a Dynamo graph's inputs
// require grad, upstream does not run the forward graph under eager autograd: it traces
// the forward and the backward together into one *joint* graph over aten ops, then cuts
// it in two, a forward graph that returns the user's outputs plus what the backward
// needs, and a backward graph that takes those saved values and the output gradients
// (tangents). Both go through the backend; the runtime wraps them as one autograd node.
//
// TraceJoint does the same over wick's graphs. It runs the graph once on example inputs
// with autograd recording, then autograd.grad for the differentiable outputs, watching
// every registry op through an autograd::OpObserver: each op call becomes a node of the
// joint graph (the derivative formulas are registry ops, so the backward is traced
// through them). The partition is a minimum cut: every forward value the backward reads
// is either saved (costing its size in bytes) or recomputed in the backward from saved
// values, and the cut minimises the bytes saved. Compute-heavy ops (matmul, conv),
// random ops and ops with side effects are never recomputed; cheap pointwise and view ops
// may be, as upstream's partitioner allows.
//
//   ASSIGN_OR_RETURN(JointGraphs j, TraceJoint(graph, example_inputs));
//   forward(inputs)                 -> user outputs ++ saved      (j.num_user_outputs)
//   backward(saved ++ tangents)     -> grads of j.grad_inputs
//
// Unimplemented for graphs outside what this supports (dynamic shapes, in-place ops, a
// graph constant that requires grad, a formula that makes a tensor outside the registry,
// no differentiable output); the caller then runs the graph under eager autograd.
#ifndef WICK_PARTITIONER_JOINT_H_
#define WICK_PARTITIONER_JOINT_H_

#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "graph/graph.h"
#include "tensor/tensor.h"

namespace wick::partitioner {

struct JointGraphs {
  graph::Graph joint;     // primals, tangents -> user outputs, gradients (for logs)
  graph::Graph forward;   // primals -> user outputs, then the saved values
  graph::Graph backward;  // saved values, then tangents -> gradients
  int num_user_outputs = 0;
  int num_saved = 0;
  // Per user output: whether it is differentiable (it gets a tangent, in order).
  std::vector<bool> differentiable;
  // Per backward output: the forward input (placeholder number) whose gradient it is.
  std::vector<int> grad_inputs;
};

// Whether a call in `g` makes a new tensor that requires grad (a factory called with
// requires_grad=True): gradients then reach a leaf the graph owns, which a joint trace
// over the inputs does not cover.
bool CreatesGradLeaves(const graph::Graph& g);
// Whether a call in `g` writes into one of its arguments (an in-place op, batch_norm's
// running statistics).
bool WritesInPlace(const graph::Graph& g);

// `inputs` are example values of g's placeholders, in order (the first call's); they
// are not modified (inputs an op writes are copied first) and the default generator's
// state is restored afterwards. Grad mode is on while it runs.
absl::StatusOr<JointGraphs> TraceJoint(const graph::Graph& g,
                                       absl::Span<const tensor::Tensor> inputs);

}  // namespace wick::partitioner

#endif  // WICK_PARTITIONER_JOINT_H_
