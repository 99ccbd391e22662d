// Custom backends: torch.compile(backend=fn) calls fn(graph_module, example_inputs) and
// runs what it returns. The graph module is a Python object (GraphModule in the
// torch._dynamo.eval_frame prelude) over a native graph handle; the natives here give
// it its code, nodes, readable form and an eager run.
#include "runtime/internal/python_backend.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "codegen/backend.h"
#include "graph/graph.h"
#include "runtime/internal/state.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/torch/torch.h"

namespace wick::runtime::internal {
namespace {

// A graph as Python sees it, with its eager compilation made on first call.
class GraphHandle : public vm::Object {
 public:
  explicit GraphHandle(graph::Graph g) : graph(std::move(g)) {}
  graph::Graph graph;
  std::unique_ptr<codegen::CompiledGraph> eager;
};

vm::Type* HandleType(vm::Runtime& rt) {
  RuntimeState& s = State(rt);
  if (s.graph_handle_type.is_none()) {
    s.graph_handle_type = vm::Value::Borrow(
        rt.NewBuiltinType("GraphHandle", rt.types().object, vm::Layout::kOther));
  }
  return s.graph_handle_type.as<vm::Type>();
}

// The handle argument of a native, or null after raising TypeError.
GraphHandle* HandleArg(vm::Runtime& rt, vm::Args args) {
  if (args.empty() || !args[0].is_object() || args[0].object()->type() != HandleType(rt)) {
    rt.Raise(rt.exc().type_error, "expected a graph handle");
    return nullptr;
  }
  return args[0].as<GraphHandle>();
}

// The tensors of a backend's result: a tuple/list of tensors or a single tensor.
absl::StatusOr<std::vector<tensor::Tensor>> OutputsOf(vm::Runtime& rt, const vm::Value& r) {
  std::vector<tensor::Tensor> outs;
  if (vm::TensorOfObject(rt, r) != nullptr) {
    outs.push_back(vm::TensorOfTensorObject(r));
    return outs;
  }
  std::vector<vm::Value> items;
  if (!(rt.IsTuple(r) || rt.IsList(r)) || !vm::Unpack(rt, r, &items)) {
    rt.ClearException();
    rt.Raise(rt.exc().type_error, "compiled graph must return a tuple or list of tensors");
    return absl::UnknownError("python exception");
  }
  for (const vm::Value& v : items) {
    if (vm::TensorOfObject(rt, v) == nullptr) {
      rt.Raise(rt.exc().type_error, "compiled graph returned a non-tensor output");
      return absl::UnknownError("python exception");
    }
    outs.push_back(vm::TensorOfTensorObject(v));
  }
  return outs;
}

std::vector<vm::Value> Wrap(vm::Runtime& rt, absl::Span<const tensor::Tensor> ts) {
  std::vector<vm::Value> vs;
  vs.reserve(ts.size());
  for (const tensor::Tensor& t : ts) vs.push_back(vm::NewTensorObject(rt, t));
  return vs;
}

// What a Python backend returned: called with the input tensors, hook off (upstream
// wraps compiled functions in disable()).
class PythonCompiledGraph : public codegen::CompiledGraph {
 public:
  PythonCompiledGraph(vm::Runtime& rt, vm::Value fn) : rt_(rt), fn_(std::move(fn)) {}
  absl::StatusOr<std::vector<tensor::Tensor>> Run(
      absl::Span<const tensor::Tensor> inputs) override {
    RuntimeState& s = State(rt_);
    RuntimeState::Scope off(s, {nullptr, Mode::kDisabled});
    std::vector<vm::Value> args = Wrap(rt_, inputs);
    vm::Value r = vm::Call(rt_, fn_, args);
    if (r.is_raised()) return absl::UnknownError("python exception");
    return OutputsOf(rt_, r);
  }
  // The callable runs ops through the VM, which records them.
  bool records_autograd() const override { return true; }

 private:
  vm::Runtime& rt_;
  vm::Value fn_;
};

class PythonBackend : public codegen::Backend {
 public:
  PythonBackend(vm::Runtime& rt, vm::Value fn, std::vector<vm::Value> examples)
      : rt_(rt), fn_(std::move(fn)), examples_(std::move(examples)) {}
  absl::string_view name() const override { return "python"; }
  absl::StatusOr<std::unique_ptr<codegen::CompiledGraph>> Compile(
      const graph::Graph& g) override {
    vm::Value gm = NewGraphModule(rt_, g);
    if (gm.is_raised()) return absl::UnknownError("python exception");
    vm::Value args[] = {gm, rt_.NewList(examples_)};
    vm::Value compiled = vm::Call(rt_, fn_, args);
    if (compiled.is_raised()) return absl::UnknownError("python exception");
    return std::make_unique<PythonCompiledGraph>(rt_, std::move(compiled));
  }

 private:
  vm::Runtime& rt_;
  vm::Value fn_;
  std::vector<vm::Value> examples_;
};

vm::Value GraphCode(vm::Runtime& rt, vm::Args args, const vm::KwArgs&) {
  GraphHandle* h = HandleArg(rt, args);
  return h == nullptr ? vm::Value::Raised() : rt.NewStr(graph::PythonCode(h->graph));
}

vm::Value GraphReadable(vm::Runtime& rt, vm::Args args, const vm::KwArgs&) {
  GraphHandle* h = HandleArg(rt, args);
  return h == nullptr ? vm::Value::Raised() : rt.NewStr(graph::PrintReadable(h->graph));
}

vm::Value GraphName(vm::Runtime& rt, vm::Args args, const vm::KwArgs&) {
  GraphHandle* h = HandleArg(rt, args);
  return h == nullptr ? vm::Value::Raised() : rt.NewStr(h->graph.name());
}

// [(op, name, target), ...]: FX's node.op, node.name and a printable target.
vm::Value GraphNodes(vm::Runtime& rt, vm::Args args, const vm::KwArgs&) {
  GraphHandle* h = HandleArg(rt, args);
  if (h == nullptr) return vm::Value::Raised();
  std::vector<vm::Value> nodes;
  for (const graph::Node& n : h->graph.nodes()) {
    // As FX has them: a placeholder's target is forward()'s parameter name ("L_x_"), a
    // call's its qualified callable ("operator.add", resolved to the object in Python) or,
    // for call_method, the method name.
    std::string target = n.name;
    std::string op(graph::NodeKindName(n.kind));
    if (n.kind == graph::NodeKind::kPlaceholder) target = n.target;
    if (n.kind == graph::NodeKind::kCall) {
      target = n.spelling.target;
      if (n.spelling.style == graph::CallStyle::kMethod) op = "call_method";
    }
    if (n.kind == graph::NodeKind::kOutput) target = "output";
    nodes.push_back(rt.NewTuple({rt.NewStr(op), rt.NewStr(n.name), rt.NewStr(target)}));
  }
  return rt.NewList(std::move(nodes));
}

// _graph_run(handle, inputs): runs the graph eagerly; returns a tuple of tensors.
vm::Value GraphRun(vm::Runtime& rt, vm::Args args, const vm::KwArgs&) {
  GraphHandle* h = HandleArg(rt, args);
  if (h == nullptr) return vm::Value::Raised();
  std::vector<vm::Value> items;
  if (args.size() < 2 || !vm::Unpack(rt, args[1], &items)) {
    if (!rt.HasPending()) rt.Raise(rt.exc().type_error, "_graph_run(handle, inputs)");
    return vm::Value::Raised();
  }
  std::vector<tensor::Tensor> inputs;
  for (const vm::Value& v : items) {
    // Symbolic ints and floats (dynamic shapes) are graph inputs as 0-dim tensors.
    if (v.is_int() && !v.is_bool()) {
      inputs.push_back(tensor::Tensor::FromScalar(tensor::Scalar(v.as_int()), tensor::DType::kInt64));
      continue;
    }
    if (v.is_float()) {
      inputs.push_back(tensor::Tensor::FromScalar(tensor::Scalar(v.as_float()),
                                                  tensor::DType::kFloat64, true));
      continue;
    }
    if (vm::TensorOfObject(rt, v) == nullptr) {
      return rt.Raise(rt.exc().type_error, "graph inputs must be tensors or numbers");
    }
    inputs.push_back(vm::TensorOfTensorObject(v));
  }
  if (h->eager == nullptr) {
    absl::StatusOr<std::unique_ptr<codegen::CompiledGraph>> c =
        codegen::MakeEagerBackend()->Compile(h->graph);
    if (!c.ok()) return rt.RaiseStatus(c.status());
    h->eager = *std::move(c);
  }
  absl::StatusOr<std::vector<tensor::Tensor>> outs = h->eager->Run(inputs);
  if (!outs.ok()) return rt.RaiseStatus(outs.status());
  return rt.NewTuple(Wrap(rt, *outs));
}

}  // namespace

std::unique_ptr<codegen::Backend> MakePythonBackend(vm::Runtime& rt, vm::Value fn,
                                                    std::vector<vm::Value> example_inputs) {
  return std::make_unique<PythonBackend>(rt, std::move(fn), std::move(example_inputs));
}

vm::Value NewGraphModule(vm::Runtime& rt, const graph::Graph& g) {
  vm::Value handle = vm::Value::Steal(rt.Alloc<GraphHandle>(HandleType(rt), g));
  vm::Value module = rt.interpreter()->ImportModule("torch._dynamo.eval_frame");
  if (module.is_raised()) return module;
  vm::Value cls = vm::GetAttr(rt, module, "GraphModule");
  if (cls.is_raised()) return cls;
  vm::Value args[] = {handle};
  return vm::Call(rt, cls, args);
}

void AddGraphNatives(vm::Runtime& rt, vm::Dict* d) {
  rt.AddFunction(d, "_graph_code", &GraphCode);
  rt.AddFunction(d, "_graph_readable", &GraphReadable);
  rt.AddFunction(d, "_graph_name", &GraphName);
  rt.AddFunction(d, "_graph_nodes", &GraphNodes);
  rt.AddFunction(d, "_graph_run", &GraphRun);
}

}  // namespace wick::runtime::internal
