// Graph capture: symbolic execution of a frame's bytecode from an entry offset, turning
// tensor work into a graph::Graph and every assumption into a guards::GuardSpec.
//
//   TraceOptions opts; opts.graph_name = "__compiled_fn_1";
//   ASSIGN_OR_RETURN(TraceResult r, Trace(interp, frame, /*entry=*/0, opts));
//   if (r.stop.kind == Stop::kBreak) ...   // compile the graph so far, run the break
//                                          // eagerly, resume after it (runtime/)
//
// The tracer never runs tensor kernels (metadata comes from the registry's meta
// functions) and never mutates user-visible state: list/dict mutations, attribute and
// global stores are buffered as SideEffects the runtime replays after the graph runs.
// Tracing is pure and deterministic: tracing the same frame twice gives equal results
// (ARCHITECTURE.md decision 4), which is what restart-at-break relies on.
//
// Decisions (the implementation is under internal/; translator.h is the map):
//  - Graph inputs are every tensor the trace reads from the frame, in first-use order:
//    arguments (L['x']), globals (G['w']), closure cells, items of input containers
//    (L['xs'][0]) and module parameters and buffers, named by where they really live:
//    L['self']._modules['fc1']._parameters['weight'] (upstream's inline_inbuilt_nn_modules
//    shape), each with a TENSOR_MATCH guard; NO_TENSOR_ALIASING covers them when there
//    are two or more. Tensors the frame cannot name (another module's globals, closures
//    of existing callees) become get_attr constants.
//  - nn.Module instances get ID_MATCH, other user instances TYPE_MATCH, functions,
//    modules and classes ID_MATCH, ints/floats/bools/str EQUALS_MATCH (ints and floats
//    specialise until automatic dynamic makes them graph inputs: docs/m5.md),
//    None NONE_MATCH, lists/tuples TYPE_MATCH + LENGTH_CHECK, dicts TYPE_MATCH +
//    DICT_KEYS. Attributes of torch's own modules and math, and builtins, are unguarded.
//  - Class attributes (data and methods) are guarded where the frame reaches the class
//    (G['Cls'].tag for an instance made in the trace, L['obj'].tag for an existing one,
//    which resolves through the type); a Python class the frame cannot name breaks.
//  - `nonlocal` writes to the compiled function's free variables are SideEffect
//    kStoreCell on the running frame's cell; writes to closures of called functions
//    break.
//  - Grad mode: one GLOBAL_STATE guard records the mode at entry; `with torch.no_grad()`
//    is tracked while tracing (is_grad_enabled() folds), and each switch is a
//    torch._C._set_grad_enabled node in the graph, which ends in the mode it began in.
//  - torch._dynamo.graph_break / is_compiling and torch.compiler.is_compiling are
//    recognised by identity with the objects in the already-imported modules (so the
//    prelude must keep graph_break a function of its own).
//  - try/except/finally, raise, and exceptions from dict/list lookups or constant folds
//    are traced when a traced frame handles them; an exception no traced frame handles
//    is an "Observed exception" break.
//  - Dynamic shapes (docs/m5.md): dimensions that get symbols (TraceOptions::dynamic,
//    mark_dynamic, automatic dynamic through TraceOptions::seen) are skipped by
//    TENSOR_MATCH and covered by LAMBDA_GUARD shape guards; ops carry symbolic sizes.
//  - Stop::instruction is the top frame's instruction being traced when the break
//    happened (for a break inside an inlined call: the top frame's CALL).
#ifndef WICK_FRONTEND_FRONTEND_H_
#define WICK_FRONTEND_FRONTEND_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "graph/graph.h"
#include "guards/guards.h"
#include "guards/source.h"
#include "vm/interpreter.h"
#include "vm/objects/objects.h"
#include "vm/value.h"

namespace wick::frontend {

// Dynamic shapes (docs/m5.md): what the compiles of one code object have seen at one
// input source, so a later compile makes the parts that changed symbolic (upstream's
// frame_state / automatic dynamic).
struct SeenInput {
  bool is_tensor = false;
  // Tensors: the sizes seen, nullopt where two compiles saw different sizes.
  std::vector<std::optional<int64_t>> sizes;
  // Python ints and floats: the value first seen, and whether another was seen since.
  double number = 0;
  bool changed = false;
};
using SeenInputs = std::map<std::string, SeenInput>;
// Folds what one trace saw into what earlier ones did: a size or value that differs
// becomes dynamic (nullopt / changed); a rank change makes every dimension dynamic.
void MergeSeen(const SeenInputs& trace, SeenInputs* code);

// torch.compile(dynamic=None / True / False).
enum class DynamicMode : uint8_t { kAutomatic, kAll, kNone };

struct TraceOptions {
  std::string graph_name = "__compiled_fn_0";
  bool fullgraph = false;
  bool capture_scalar_outputs = false;  // torch._dynamo.config.capture_scalar_outputs
  // Stop just before the top frame's instruction `stop_at` on its `stop_visit`-th run
  // (0-based), with the frame's values in TraceResult::frame: the second trace of a
  // break plan (ARCHITECTURE.md decision 4). -1: trace until a return or a break.
  int32_t stop_at = -1;
  int32_t stop_visit = 0;
  // Or stop before the `stop_at_count`-th instruction of the whole trace (1-based,
  // inlined frames included), capturing every frame of the inline stack: the second
  // trace of a nested graph break (nested_graph_breaks=True).
  int32_t stop_at_count = -1;
  // The top frame's name in graph node origins ("torch_dynamo_resume_in_f_at_3" for a
  // resume entry); empty: the code's own name. User stacks keep the code's name.
  std::string top_name;
  // torch._dynamo.config.reorderable_logging_functions: calls to these are deferred
  // until after the graph (SideEffect::kCall) instead of breaking.
  std::vector<vm::Value> reorderable_logging_functions;
  // torch._dynamo.error_on_graph_break's value when the frame starts; `with
  // error_on_graph_break(...)` blocks in the trace change it (Stop::error_on_graph_break).
  bool error_on_graph_break = false;
  // torch._dynamo.config.nested_graph_breaks when the frame starts.
  bool nested_graph_breaks = false;
  // Dynamic shapes: torch.compile's `dynamic`, the torch._dynamo.config switches, and
  // what earlier compiles of this (code, entry) saw (null: nothing yet).
  DynamicMode dynamic = DynamicMode::kAutomatic;
  bool automatic_dynamic_shapes = true;
  bool assume_static_by_default = true;
  bool allow_unspec_int_on_nn_module = false;
  bool specialize_float = false;
  const SeenInputs* seen = nullptr;
};

// How to produce a Python value once the graph has run: the frame's return value and
// the values side effects store. A small tree over graph outputs, existing objects and
// constants.
struct Rebuild {
  enum class Kind : uint8_t {
    kGraphOutput,  // tensor: graph output `index`
    kConstant,     // a Python constant or an object the tracer saw (`value`)
    kSource,       // an existing object read from the frame (`source`)
    kTuple,        // tuple(children), or a `value` (a torch.return_types type) over them
    kList,         // a new list(children)
    kDict,         // a new dict(zip(keys, children)), keys are constants
    kSize,         // torch.Size(children) (children are ints)
    kNull,         // the NULL value-stack slot below a callable (PUSH_NULL)
    kGetAttr,      // getattr(children[0], value) (a method looked up by name: x.item)
    kBoundMethod,  // a method object binding children[0] (self) to children[1] (func)
    kMakeFunction,  // a function made in the frame: code `value`, globals `globals`,
                    // children[0] defaults, children[1] keyword defaults (kConstant None
                    // when absent), children[2...] its closure cells (kFrameCell)
    kFrameCell,     // the running frame's cell `index` (cell and free variables); for a
                    // cell variable, children[0] is what to store in it first (kNull: empty)
    kItem,          // children[0] (a 0-dim tensor).item(): a captured scalar output
    kFrameLocal,    // the running frame's local `index` as it is, bound or not (a local
                    // the trace never touched: other paths to the same entry may differ)
    kGradRestore,  // the __exit__ of a `with torch.no_grad()`-style block: a callable
                   // that sets grad mode back to `value` (a bool)
    kErrorOnGraphBreakRestore,  // the same for `with torch._dynamo.error_on_graph_break()`
    kNullContextExit,           // the __exit__ of a `with contextlib.nullcontext()` block
    kNestedOffRestore,          // ... of `with disable_nested_graph_breaks()`: sets the
                                // config back to `value`
    kSymInt,       // a symbolic int (dynamic shapes): `sym` evaluated with the symbols'
                   // values on this call (TraceResult::symbols)
    kNewObject,    // an instance of class `value` the trace made: object.__new__(value),
                   // then its __dict__ entries `keys` set to children (no __init__ runs;
                   // the trace ran it), as upstream's side-effect replay rebuilds one
    kCall,         // children[0](*children[1 : n - keys.size()], **zip(keys, the rest)):
                   // an object the trace made by a call without side effects
                   // (functools.partial)
  };
  Kind kind = Kind::kConstant;
  int32_t index = -1;
  // For a kList, kDict, kTuple or kMakeFunction the trace made: which object it is. Every
  // Rebuild of one trace with the same id is one object when rebuilt (a list held by a
  // local and bound as `self` of `acc.append` on the stack); -1 for none.
  int32_t id = -1;
  vm::Value value;
  guards::SourcePtr source;
  std::vector<Rebuild> children;
  std::vector<vm::Value> keys;
  vm::Value globals;  // kMakeFunction
  sym::ExprPtr sym;   // kSymInt
};

// A mutation of pre-existing state, buffered during tracing and replayed in order after
// the graph runs.
struct SideEffect {
  enum class Kind : uint8_t {
    kStoreAttr,    // setattr(target, name, value)
    kStoreGlobal,  // globals[name] = value: the frame's globals, or the dict that target
                   // holds (kConstant) for another module's
    kReplaceList,  // target[:] = value (list mutated in place during tracing)
    kReplaceDict,  // target.clear(); target.update(value)
    kDelAttr,      // delattr(target, name)
    kCall,         // target(*value): a deferred call of a reorderable logging function
                   // (print); `value` is a kTuple of the arguments
    kStoreCell,    // cell.cell_contents = value (`nonlocal x; x = ...` on a free
                   // variable of the compiled frame). target is kSource with the kCell
                   // source of the variable, and the runtime writes the cell object in
                   // that slot of the running frame, not a cell saved at trace time: two
                   // closures of one code share cache entries, and each must update its
                   // own cell. (kCell sources name a cell's contents for guards and
                   // inputs; here the slot is what matters.)
  };
  Kind kind = Kind::kStoreAttr;
  Rebuild target;
  std::string name;
  Rebuild value;
};

// Why tracing stopped early, in upstream's words (reference §16): gb_type
// ("Call to `torch._dynamo.graph_break()`"), context, explanation, hints, and the user
// stack (outermost first, ending at the breaking line).
struct BreakReason {
  std::string gb_type;
  std::string context;
  std::string explanation;
  std::vector<std::string> hints;
  std::vector<vm::TraceEntry> user_stack;
  // Upstream's bare string reasons ("SKIPPED INLINING <code object ...>: ..."): the
  // record prints gb_type alone, without Explanation/Hint/context lines.
  bool bare = false;
};

// The top frame's values just before Stop::instruction (kStopped), to rebuild the frame
// from once the graph has run: one entry per local (nullopt: unbound) and per value
// stack slot (bottom first), and the grad mode there.
struct FrameValues {
  std::vector<std::optional<Rebuild>> locals;
  std::vector<Rebuild> stack;
  // The top frame's cell variables whose contents the trace set (nullopt: untouched),
  // written into the running frame's cells before it continues.
  std::vector<std::optional<Rebuild>> cells;
  bool grad_enabled = true;
  bool error_on_graph_break = false;
  // kReturn: whether the trace left error_on_graph_break other than it found it.
  bool error_on_graph_break_changed = false;
  // torch._dynamo.config.nested_graph_breaks to set for what runs next, when a
  // disable_nested_graph_breaks() block was entered or left in the trace.
  std::optional<bool> nested_graph_breaks;
};

// A frame the top frame inlined, as it stood when a nested trace stopped
// (TraceOptions::stop_at_count): the callee `function`, the instruction it was at, its
// values, and the contents of its own cells (cellvars; its free variables are the
// function's closure). For every frame but the innermost, `instruction` is the CALL
// into the next one, whose operands are already off `values.stack`.
struct InlinedFrame {
  vm::Value function;
  int32_t instruction = -1;
  FrameValues values;
  std::vector<std::optional<Rebuild>> cellvars;
};

// Each frame of the inline stack where a break happened (outermost first), as the
// partitioner judges nested resumption (nested_graph_breaks=True).
struct FrameAtBreak {
  vm::Value code;                // CodeObject
  int32_t instruction = -1;
  int64_t instruction_count = 0;  // the trace's instruction count when it started
  std::vector<std::string> generic_contexts;
  // Inlined frames: entered directly by the caller's CALL (its result is the CALL's
  // value) and a function that exists outside the trace (so it can be rebuilt).
  bool resumable_call = true;
  // Inside a torch._dynamo.disable_nested_graph_breaks region: the legacy regime.
  bool nested_disabled = false;
  // Inlined frames: the trace's instruction count at the frame's last resumable point
  // (empty stack, not in a try body, ops before), or -1: a nested step graph break.
  int64_t checkpoint_count = -1;
};

struct Stop {
  // kStopped: stopped where TraceOptions::stop_at asked, TraceResult::frame is filled.
  enum class Kind : uint8_t { kReturn, kBreak, kStopped };
  Kind kind = Kind::kReturn;
  BreakReason reason;        // kBreak
  int32_t instruction = -1;  // kBreak/kStopped: the top frame's instruction
  int32_t visit = 0;         // how many times the top frame ran `instruction` before
  bool inlined = false;      // kBreak: the break is inside a call the top frame inlined
  // kBreak: the user-defined context managers active in the top frame at the break
  // ("GenericContextWrappingVariable(Ctx)", outermost first); a break under one cannot
  // be resumed.
  std::vector<std::string> generic_contexts;
  // kBreak: the last resumable point before the break (top frame, empty value stack,
  // not inside a `try` body, `except` or `finally`, tensor ops traced before it), or
  // -1: where a step graph break compiles up to.
  int32_t checkpoint = -1;
  int32_t checkpoint_visit = 0;
  // kBreak: torch._dynamo.skip_frame() in the top frame: run it eagerly, no break record.
  bool skip_frame = false;
  // kBreak: torch._dynamo.step_unsupported(): a step graph break, never a resume.
  bool step_requested = false;
  // kBreak: error_on_graph_break in effect where the break happened (the leaf frame).
  bool error_on_graph_break = false;
  // kBreak: the inline stack at the break, outermost (the top frame) first.
  std::vector<FrameAtBreak> frames;
  // kBreak: the break is in the continuations of a nested break the entry starts with
  // (the runtime then runs them first and traces the frame on its own).
  bool in_continuation = false;
  // kBreak: inside a torch.compile(fullgraph=True) function called from the trace.
  bool fullgraph_region = false;
};


struct TraceResult {
  graph::Graph graph;
  // One source per placeholder, in placeholder order: where the runtime reads each
  // graph input from the frame.
  std::vector<guards::SourcePtr> graph_inputs;
  std::vector<guards::GuardSpec> guards;
  Rebuild return_value;  // kReturn only
  FrameValues frame;     // kStopped; for kReturn only grad_enabled (the mode at return)
  // kStopped by stop_at_count: the inlined frames below the top one, outermost first.
  std::vector<InlinedFrame> inlined;
  std::vector<SideEffect> side_effects;
  Stop stop;
  // Deferred calls to reorderable logging functions (print) are M4's; counted here.
  int num_instructions_traced = 0;
  // What this trace saw at its inputs (MergeSeen it into the code's record).
  SeenInputs seen;
  // Where each symbol of the graph is read (Rebuild::kSymInt evaluates with them).
  std::vector<guards::ShapeSymbols::Binding> symbols;
};

// Traces `frame` (the frame the hook was given, not yet run) from `entry`. Errors are
// Internal (wick's bug) only; everything the user's program does is a Stop.
absl::StatusOr<TraceResult> Trace(vm::Interpreter& interp, const vm::Frame& frame,
                                  int32_t entry, const TraceOptions& opts);

}  // namespace wick::frontend

#endif  // WICK_FRONTEND_FRONTEND_H_
