// Variable trackers: what the tracer knows about each value on its symbolic stack and
// in its symbolic locals (Dynamo's VariableTracker family, as one tagged struct). A
// tracker is shared by every slot that holds the same Python object, so mutating a
// traced list through one alias is seen through the others, as in Python.
#ifndef WICK_FRONTEND_INTERNAL_VARIABLE_H_
#define WICK_FRONTEND_INTERNAL_VARIABLE_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "graph/graph.h"
#include "guards/source.h"
#include "sym/expr.h"
#include "tensor/tensor.h"
#include "vm/value.h"

namespace wick::frontend::internal {

enum class VarKind : uint8_t {
  kNull,         // the NULL slot below a callable (PUSH_NULL)
  kTensor,       // a graph value: `ref`, `meta`, and `fake` (a meta tensor for binding)
  kConstant,     // None/bool/int/float/str/dtype/code, tuples of those, range: `value`
  kTuple,        // `items`; `tuple_type` when its class is not tuple (torch.return_types)
  kList,         // `items` (mutable; `mutated` once changed when it has a source)
  kDict,         // `keys` (constants) and `items` (values), insertion order
  kSize,         // torch.Size: `items` are int constants
  kSlice,        // slice(items[0], items[1], items[2])
  kIterator,     // iterator over `items` at `pos`
  kFunction,     // a Python function: `value` when it exists, else made in the trace
  kBoundMethod,  // `self` bound to `func`
  kObject,       // any other existing object (module, class, instance, builtin): `value`
  kCell,         // a closure cell: `contents` (null = empty)
  kGradMode,     // torch.no_grad()/enable_grad() instance: `grad_mode`
  kGradModeExit, // the __exit__ of a grad-mode `with`: restores `grad_mode`
  kException,    // an exception raised in the trace: `value` is its class, `items` args
  kNewObject,    // a user-class instance made in the trace: `value` is its class,
                 // `keys`/`items` its attributes
  kSuper,        // super(value, self): `value` is the class whose bases are searched
  kSymInt,       // a size-derived int under dynamic shapes (upstream's SymNodeVariable):
                 // `sym` over the trace's symbols, `value` its int value while tracing
  kPartial,      // functools.partial made in the trace: `value` the partial type, `func`
                 // the callable, `items` the stored arguments, `kwdefaults` a kDict of
                 // the stored keywords (upstream's FunctoolsPartialVariable)
};

struct Var;
using VarPtr = std::shared_ptr<Var>;

struct Var {
  VarKind kind = VarKind::kConstant;
  guards::SourcePtr source;  // where the object lives in the frame, if it existed before
  vm::Value value;

  // kSymInt.
  sym::ExprPtr sym;

  // kTensor.
  graph::ValueRef ref;
  graph::TensorMeta meta;
  tensor::Tensor fake;
  // kTensor: the value of `t.item()` under capture_scalar_outputs, held in the graph as
  // a 0-dim tensor; outside the graph it is the Python number (Rebuild::kItem).
  bool scalar_item = false;
  // kTensor scalar_item: a Python float input made symbolic by automatic dynamic (a
  // 0-dim float64 graph input). It stays symbolic in arithmetic with tensors; any other
  // use reads its value (SpecializeVar: an EQUALS_MATCH guard on `source`).
  bool float_input = false;
  bool is_input = false;  // a placeholder not changed in place since the trace began
  // kObject: a torch.nn layer without parameters or buffers constructed in the trace
  // (nn.Softmax(dim=-1)(w)); made once while tracing, so it may not escape the graph.
  bool fresh_module = false;
  // kBoundMethod: the __exit__ a `with` over a user-defined context manager pushed.
  bool user_ctx_exit = false;
  // kSuper: super(type, cls) with a class as the second argument (in __new__ and
  // classmethods): attributes are looked up in cls's MRO and bound as a class binds them.
  bool super_of_class = false;

  std::vector<VarPtr> items;
  std::vector<vm::Value> keys;
  // kTuple: the class of a tuple that is not exactly `tuple` (a torch.return_types
  // type: field reads by name, rebuilt as that type); None for a plain tuple. `value`
  // of a kTuple/kList/kDict is the object it was wrapped from, or None.
  vm::Value tuple_type;
  size_t pos = 0;
  bool mutated = false;
  // kConstant number passed where eager wraps it into a 0-dim tensor first (`2 ** t`).
  bool wrapped_number = false;

  // kBoundMethod.
  VarPtr self;
  VarPtr func;

  // kFunction made by MAKE_FUNCTION in the trace (value is None then).
  vm::Value code;       // CodeObject
  vm::Value globals;    // Dict
  VarPtr defaults;      // tuple or null
  VarPtr kwdefaults;    // dict or null
  std::vector<VarPtr> closure;  // kCell trackers

  // kNewObject: where the frame reads its class (G['Cls']), null when it cannot; reads
  // of class attributes through the object are guarded on it.
  guards::SourcePtr class_source;

  // kCell: `contents` (null = empty). A cell that existed before the trace
  // (external_cell) can be written back only when the runtime can find it again in the
  // frame: `source` is then the kCell source of the compiled frame's free variable.
  VarPtr contents;
  bool external_cell = false;
  bool grad_mode = true;
  // kGradMode/kGradModeExit: which mode the block switches. kErrorOnGraphBreak:
  // torch._dynamo.error_on_graph_break(flag), `grad_mode` is the flag; kNullContext:
  // contextlib.nullcontext(enter_result), no state, `items[0]` is what __enter__ returns;
  // kNestedOff: torch._dynamo.disable_nested_graph_breaks(), `grad_mode` (exits) is the
  // config value outside the block.
  enum class Mode : uint8_t { kGrad, kErrorOnGraphBreak, kNullContext, kNestedOff };
  Mode mode = Mode::kGrad;

  bool is_constant() const { return kind == VarKind::kConstant; }
  bool is_tensor() const { return kind == VarKind::kTensor; }
  bool is_symint() const { return kind == VarKind::kSymInt; }
};

VarPtr MakeVar(VarKind kind);
VarPtr MakeConstant(vm::Value v);

// Trackers can form reference cycles (closures made in the trace whose cells hold each
// other, containers holding themselves). While a VarScope is alive on this thread it
// records every Var made; when it ends it clears the links of those still alive, so a
// trace frees all of its trackers.
class VarScope {
 public:
  VarScope();
  ~VarScope();
  VarScope(const VarScope&) = delete;
  VarScope& operator=(const VarScope&) = delete;

 private:
  std::vector<std::weak_ptr<Var>> made_;
  VarScope* outer_;
};
VarPtr MakeSequence(VarKind kind, std::vector<VarPtr> items);
// "TensorVariable", "ConstantVariable(int: 3)"... for messages.
std::string DescribeVar(vm::Runtime& rt, const Var& v);

}  // namespace wick::frontend::internal

#endif  // WICK_FRONTEND_INTERNAL_VARIABLE_H_
