// The instruction translator: symbolic execution of one code object's bytecode over
// variable trackers (Dynamo's InstructionTranslator). The top frame and every inlined
// callee get their own Translator; they share one TraceState (Dynamo's OutputGraph):
// the graph being built, graph inputs, guards, side effects and global grad mode.
//
// Graph breaks travel as a Status whose code is kCancelled ("this trace stops here");
// the reason is stored in TraceState::pending_break. Every other non-OK status is an
// Internal error of the tracer. Neither ever escapes frontend::Trace.
#ifndef WICK_FRONTEND_INTERNAL_TRANSLATOR_H_
#define WICK_FRONTEND_INTERNAL_TRANSLATOR_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "frontend/frontend.h"
#include "frontend/internal/shape_env.h"
#include "frontend/internal/variable.h"
#include "graph/graph.h"
#include "guards/guards.h"
#include "vm/code.h"
#include "vm/interpreter.h"

namespace wick::frontend::internal {

class Translator;

// Objects of the torch/builtins world the tracer recognises by identity.
struct KnownObjects {
  vm::Value graph_break;    // torch._dynamo.graph_break
  vm::Value skip_frame;     // torch._dynamo.skip_frame
  vm::Value step_unsupported;  // torch._dynamo.step_unsupported
  vm::Value is_compiling;   // torch._dynamo.is_compiling
  vm::Value compiler_is_compiling;  // torch.compiler.is_compiling
  vm::Value no_grad, enable_grad;   // torch.no_grad / torch.enable_grad classes
  vm::Value set_grad_enabled, inference_mode;  // torch.set_grad_enabled / inference_mode
  vm::Value is_grad_enabled;
  vm::Value nn_module_type;  // torch.nn.Module
  vm::Value nn_natives;      // the torch._C._nn module
  vm::Value math_module;
  vm::Value operator_module;
  vm::Value tensor_type;     // torch.Tensor
  vm::Value finfo_type, iinfo_type;  // torch.finfo / torch.iinfo: folded like upstream
  vm::Value einsum;                  // torch.einsum (a native over the registry op)
  vm::Value torch_tensor;            // torch.tensor
  vm::Value grad_restore_type;  // torch._dynamo.eval_frame._GradModeRestore
  vm::Value eogb_type;          // torch._dynamo.error_on_graph_break (a class)
  vm::Value nullcontext_type;   // contextlib.nullcontext
  vm::Value ngb_off_type;       // torch._dynamo.eval_frame._NestedGraphBreaksOff
  vm::Value ngb_restore_type;   // torch._dynamo.eval_frame._NestedGraphBreaksRestore
  vm::Value eogb_restore_type;  // torch._dynamo.eval_frame._ErrorOnGraphBreakRestore
};

// An inlined frame's trackers where a stop_at_count trace stopped (InlinedFrame).
struct CapturedFrame {
  VarPtr function;
  int32_t instruction = -1;
  std::vector<VarPtr> locals, stack, cells;
};

struct TraceState {
  TraceState(vm::Interpreter& interp, const vm::Frame& frame, const TraceOptions& opts);

  vm::Interpreter& interp;
  vm::Runtime& rt;
  const vm::Frame& frame;
  vm::Dict* builtins;  // the frame's builtins (the interpreter's when the frame has none)
  const TraceOptions& opts;
  KnownObjects known;

  graph::GraphBuilder builder;
  std::vector<guards::SourcePtr> graph_inputs;
  std::vector<guards::GuardSpec> guards;
  std::vector<SideEffect> side_effects_log;  // filled at the end
  // Pre-existing objects seen so far, by identity: the same object read through two
  // sources is one tracker (and one placeholder for tensors).
  std::map<const void*, VarPtr> seen_objects;
  struct AttrStore {
    VarPtr target;
    std::string name;
    VarPtr value;
  };
  std::vector<AttrStore> attr_stores;
  // STORE_GLOBAL: globals[name] = value, in order. `globals` is the dict written: the
  // frame's, or another module's that an inlined function of it writes (upstream
  // replays both as side effects).
  struct GlobalStore {
    std::string name;
    VarPtr value;
    vm::Dict* globals = nullptr;
  };
  std::vector<GlobalStore> global_stores;
  std::vector<VarPtr> mutated_containers;  // pre-existing lists/dicts changed in place
  std::vector<VarPtr> cell_stores;  // pre-existing cells written (nonlocal), in order
  bool grad_enabled = true;
  bool entry_grad_enabled = true;
  std::vector<guards::SourcePtr> tensor_input_sources;  // for NO_TENSOR_ALIASING
  std::optional<BreakReason> pending_break;
  int32_t break_depth = 0;     // frames on `stack` when pending_break was set
  bool stop_requested = false;  // reached TraceOptions::stop_at (status kCancelled)
  int32_t checkpoint = -1;      // Stop::checkpoint so far
  int32_t checkpoint_visit = 0;
  bool skip_frame = false;      // Stop::skip_frame
  bool step_requested = false;  // Stop::step_requested
  bool error_on_graph_break = false;  // in effect now (Stop::error_on_graph_break)
  bool break_error_on_graph_break = false;  // ...when pending_break was set
  std::vector<FrameAtBreak> break_frames;  // Stop::frames
  std::vector<CapturedFrame> captured;     // inlined frames at a stop_at_count stop
  // Tracing the vm::Continuation chain a resume entry starts with (Stop::in_continuation).
  bool in_continuation = false;
  // Inside `with disable_nested_graph_breaks()` blocks (FrameAtBreak::nested_disabled).
  int32_t nested_off_depth = 0;
  std::optional<bool> nested_config;  // FrameValues::nested_graph_breaks
  // Inside an inlined torch.compile(fullgraph=True) function (Stop::fullgraph_region).
  int32_t fullgraph_depth = 0;
  // Inside a torch._dynamo.nonstrict_trace function: graph_break() is not a break.
  int32_t nonstrict_depth = 0;
  bool break_fullgraph = false;
  bool break_in_continuation = false;
  // The translator whose CALL is calling now (set by CALL, taken by the callee that
  // inlines as that call's direct target; FrameAtBreak::resumable_call).
  Translator* direct_call = nullptr;
  // Deferred calls of reorderable logging functions: (function, arguments).
  std::vector<std::pair<VarPtr, std::vector<VarPtr>>> deferred_calls;
  // Graph inputs must precede every other node, but a parameter may first be read
  // after calls were added. Then the trace restarts (status kAborted) with every input
  // found so far registered up front: `inputs` carries them to the next attempt.
  struct KnownInput {
    vm::Value value;
    guards::SourcePtr source;
    std::string user_code, user_location;
  };
  std::vector<KnownInput> inputs;
  bool body_started = false;
  // The exception being raised symbolically (status kOutOfRange, see RaiseObserved).
  VarPtr raising;
  std::vector<Translator*> stack;  // innermost last
  // Dynamic shapes: symbols and their guards, and what the trace saw at its inputs.
  ShapeEnv shape_env;
  SeenInputs seen;
  std::map<std::string, VarPtr> scalar_inputs;  // symbolic int/float inputs by source
  int instructions = 0;
  int inline_depth = 0;
};

// The status that carries a graph break (see file comment).
bool IsBreak(const absl::Status& s);
// The status that asks Trace to start again with more inputs known (TraceState::inputs).
bool IsRestart(const absl::Status& s);
// Raises `type(message)` in the traced program: the innermost enclosing handler of
// the traced frames catches it (try/except traced like upstream); a trace with no
// handler for it stops with an "Observed exception" break.
absl::Status RaiseObserved(Translator& tx, vm::Type* type, std::string message);
// Raises the VM's pending exception (from folding an operation on constants).
absl::Status RaisePending(Translator& tx);
bool IsRaise(const absl::Status& s);
// Registers a tensor input found by an earlier attempt, before any other node.
void AddKnownInput(TraceState& st, const TraceState::KnownInput& in);

class Translator {
 public:
  Translator(TraceState& st, vm::CodeObject* code, Translator* parent);
  ~Translator();

  // Runs from `entry` until the code returns. Returns the returned tracker.
  absl::StatusOr<VarPtr> Run(int32_t entry);

  std::vector<VarPtr>& locals() { return locals_; }
  // A value on the value stack of a resume entry's frame, bottom first.
  void PushEntryValue(VarPtr v) { stack_.push_back(std::move(v)); }
  std::vector<VarPtr>& cells() { return cells_; }
  void set_globals(vm::Dict* g, bool is_frame_globals) {
    globals_ = g;
    frame_globals_ = is_frame_globals;
  }
  // The top frame reads its locals from the live frame on first use (so unused
  // arguments get no guards and no placeholders, like Dynamo's lazy trackers).
  void set_lazy_frame(const vm::Frame* f) {
    lazy_frame_ = f;
    materialized_.assign(locals_.size(), false);
  }
  vm::CodeObject* code() const { return code_; }
  vm::Dict* globals() const { return globals_; }
  // Whether globals() are the compiled frame's (globals there have guardable sources).
  bool frame_globals() const { return frame_globals_; }
  // Local `i` (read from the live frame on first use in the top frame); null when unbound.
  absl::StatusOr<VarPtr> ReadLocal(int32_t i);
  int32_t current() const { return current_; }
  Translator* parent() const { return parent_; }
  // Inlined frames: the function being run, and whether its caller's CALL called it
  // directly (FrameAtBreak::resumable_call).
  VarPtr function;
  // A generator expression being inlined: its yielded values, collected as upstream's
  // generator inlining does (the expression runs to exhaustion, giving an iterator).
  std::vector<VarPtr>* yields = nullptr;
  bool direct_call = false;
  // The name graph node origins give this frame (TraceOptions::top_name for the top
  // frame; a continuation's upstream resume-function name); empty: the code's name.
  std::string origin_name;
  // Entered inside a disable_nested_graph_breaks region (FrameAtBreak::nested_disabled).
  bool nested_disabled = false;
  int64_t current_count() const { return current_count_; }
  // How many times the top frame has run instruction `i` before (0 while running it
  // the first time).
  int32_t visits(int32_t i) const { return visits_.empty() ? 0 : visits_[i] - 1; }
  const std::vector<VarPtr>& stack() const { return stack_; }
  // User-defined context managers whose __enter__ is running (inlined) in this frame: a
  // break there is a break under that manager, as once its `with` block is entered.
  const std::vector<const vm::Type*>& entering() const { return entering_; }
  // Top frame: whether local `i` was read or written by the trace (else it still holds
  // the frame's own value).
  bool touched(int32_t i) const { return materialized_.empty() || materialized_[i]; }
  // An inlined continuation reads its locals from `values` (items of a list reached
  // at `source`; `unbound` marks an unbound one) on first use too, so dead locals get
  // neither guards nor graph inputs.
  void set_lazy_list(const std::vector<vm::Value>* values, guards::SourcePtr source,
                     vm::Value unbound) {
    lazy_list_ = values;
    lazy_list_source_ = std::move(source);
    lazy_unbound_ = std::move(unbound);
    materialized_.assign(locals_.size(), false);
  }

  // Stops the trace with a graph break (always returns the break status).
  absl::Status Break(std::string gb_type, std::string context, std::string explanation,
                     std::vector<std::string> hints = {});
  // "# return x + 1  # f.py:2 in fn" parts for the instruction being traced.
  std::string UserCode() const;
  std::string UserLocation() const;
  graph::NodeOrigin Origin() const;
  vm::TraceEntry Where() const;

  TraceState& state() { return st_; }

 private:
  absl::Status Step(const vm::Instruction& in);
  // Top frame, before running instruction current_: counts the visit, notes
  // checkpoints, and returns false where TraceOptions::stop_at asks to stop.
  bool TopFrameStep();
  // Whether the frame could continue eagerly from current_ (a checkpoint).
  bool AtResumablePoint() const;
  absl::Status StepStackOps(const vm::Instruction& in, bool* handled);
  absl::Status StepNames(const vm::Instruction& in, bool* handled);
  absl::Status StepOperators(const vm::Instruction& in, bool* handled);
  absl::Status StepBuilds(const vm::Instruction& in, bool* handled);
  absl::Status StepControl(const vm::Instruction& in, bool* handled);
  absl::Status StepCalls(const vm::Instruction& in, bool* handled);
  absl::Status Branch(const vm::Instruction& in);
  // `assert <tensor>, "msg"` at current_: records torch._assert_async and sets
  // *is_assert; leaves the trace alone for any other tensor branch.
  absl::Status TraceTensorAssert(const VarPtr& cond, bool* is_assert);
  absl::Status LoadFast(int32_t i);
  absl::Status StepExceptions(const vm::Instruction& in, bool* handled);
  // Routes a symbolic exception to this frame's handler; false when there is none.
  bool Unwind();
  absl::Status FormatValue(int32_t arg);
  absl::Status EnterUserContext(const VarPtr& mgr);
  absl::Status BuildString(int32_t n);
  absl::Status UnpackEx(int32_t arg);

  VarPtr Pop();
  void Push(VarPtr v) { stack_.push_back(std::move(v)); }
  VarPtr& Top(int n = 1) { return stack_[stack_.size() - n]; }
  std::vector<VarPtr> PopN(size_t n);

  TraceState& st_;
  vm::CodeObject* code_;
  Translator* parent_;
  vm::Dict* globals_ = nullptr;
  bool frame_globals_ = false;
  std::vector<VarPtr> stack_;
  std::vector<const vm::Type*> entering_;
  std::vector<VarPtr> locals_;
  std::vector<VarPtr> cells_;
  const vm::Frame* lazy_frame_ = nullptr;
  const std::vector<vm::Value>* lazy_list_ = nullptr;
  guards::SourcePtr lazy_list_source_;
  vm::Value lazy_unbound_;
  std::vector<bool> materialized_;
  std::vector<vm::Value> kw_names_;
  int32_t current_ = 0;
  int32_t next_ = 0;
  std::vector<int32_t> visits_;  // top frame: runs of each instruction so far
  int64_t current_count_ = 0;    // TraceState::instructions when current_ started
  int64_t checkpoint_count_ = -1;  // inlined frames: current_count_ at the last checkpoint
  VarPtr returned_;
  VarPtr handled_;  // the exception being handled (sys.exc_info()), or null
};

// --- Helpers shared by the translator's files (ops.cc, calls.cc, wrap.cc) ---------------

// A tracker for a pre-existing object `v` found at `source` (null: no guardable
// place), installing the guards the trace now depends on (VariableBuilder).
absl::StatusOr<VarPtr> Wrap(Translator& tx, const vm::Value& v, guards::SourcePtr source);
// Adds a guard for `source` with the current user location.
void AddGuard(Translator& tx, guards::GuardKind kind, const guards::SourcePtr& source,
              vm::Value expected = vm::Value());

// Attribute `name` of class `cls` (found on it or a base, value `a`), read through the
// class or an instance of it. The program can rebind it between calls, so it is guarded
// at `cls_source`.name (ID_MATCH/EQUALS_MATCH as Wrap picks); a Python class the frame
// cannot name stops the trace. Builtin classes are immutable and need no guard.
absl::StatusOr<VarPtr> WrapClassAttr(Translator& tx, const vm::Value& a,
                                     const guards::SourcePtr& cls_source, const vm::Value& cls,
                                     const std::string& name);
// `t.shape` / `t.size()`: a torch.Size tracker, symbolic ints for dynamic sizes.
VarPtr SizeOf(const TraceState& st, const VarPtr& t);
// Attribute read `obj.name` (LOAD_ATTR / LOAD_METHOD).
absl::StatusOr<VarPtr> GetAttr(Translator& tx, const VarPtr& obj, const std::string& name);
// Attribute write `obj.name = v` (buffered as a side effect).
// The field names of a namedtuple class (collections.namedtuple, typing.NamedTuple): a
// heap subclass of tuple whose `_fields` is a tuple; nullptr for anything else.
const vm::Tuple* NamedTupleFields(vm::Runtime& rt, vm::Type* t);
absl::Status SetAttr(Translator& tx, const VarPtr& obj, const std::string& name, VarPtr v);
// object.__setattr__(obj, name, v): the store without the class's __setattr__ or
// descriptors (a new object's attribute, or a buffered store on an existing one).
absl::Status SetAttrRaw(Translator& tx, const VarPtr& obj, const std::string& name, VarPtr v);

// Calls `fn(*args, **kwargs)` symbolically.
absl::StatusOr<VarPtr> Call(Translator& tx, const VarPtr& fn, std::vector<VarPtr> args,
                            std::vector<std::pair<std::string, VarPtr>> kwargs);
// Calls `type(obj).<dunder>(obj, *args)` when the type defines it in Python (user
// classes, nn containers); *found is false when it does not.
absl::StatusOr<VarPtr> CallDunder(Translator& tx, const VarPtr& obj, const char* dunder,
                                  std::vector<VarPtr> args, bool* found);
// `super()` (zero arguments: read from `tx`'s frame like CPython) or `super(type, obj)`.
absl::StatusOr<VarPtr> MakeSuper(Translator& tx, const std::vector<VarPtr>& args);
// Attribute read on a super() tracker: the MRO after its class, bound to its object.
absl::StatusOr<VarPtr> SuperGetAttr(Translator& tx, const VarPtr& sup, const std::string& name);
// `import name` (IMPORT_NAME) of an already imported module (imports.cc).
absl::StatusOr<VarPtr> ImportName(Translator& tx, const std::string& name, const VarPtr& level,
                                  const VarPtr& fromlist);
// Sets of constants (sets.cc): `{a, b}`, set comprehensions, `{*a, *b}`.
bool IsSetConstant(vm::Runtime& rt, const Var& v);
// A class of torch's own Python modules (torch.nn layers, torch.autograd.Function).
bool IsTorchLibraryClass(vm::Runtime& rt, vm::Type* cls);
absl::StatusOr<VarPtr> BuildSet(Translator& tx, const std::vector<VarPtr>& items);
absl::Status SetAdd(Translator& tx, const VarPtr& set, const VarPtr& item);
absl::Status SetUpdate(Translator& tx, const VarPtr& set, const VarPtr& iterable);
// Inlines a Python function (existing or made in the trace).
absl::StatusOr<VarPtr> InlineFunction(Translator& tx, const VarPtr& fn,
                                      std::vector<VarPtr> args,
                                      std::vector<std::pair<std::string, VarPtr>> kwargs);

// Operators: a <op> b, unary, comparisons, subscripts, truth.
absl::StatusOr<VarPtr> BinaryOp(Translator& tx, vm::BinOp op, bool inplace, const VarPtr& a,
                                const VarPtr& b);
absl::StatusOr<VarPtr> UnaryOp(Translator& tx, vm::Opcode op, const VarPtr& v);
absl::StatusOr<VarPtr> CompareOp(Translator& tx, vm::CmpOp op, const VarPtr& a,
                                 const VarPtr& b);
// A dict key as eager hashes it: `key` itself, or for a plain tuple tracker whose items
// all are constants (d[(id(m), "weight")]) one constant tuple.
VarPtr DictKey(vm::Runtime& rt, const VarPtr& key);
absl::StatusOr<VarPtr> GetItem(Translator& tx, const VarPtr& obj, const VarPtr& key);
absl::Status SetItem(Translator& tx, const VarPtr& obj, const VarPtr& key, VarPtr v);
// bool(v) for control flow; breaks on tensors ("Data-dependent branching").
absl::StatusOr<bool> Truth(Translator& tx, const VarPtr& v);
// The elements of an iterable tracker (tuple, list, range, dict keys, str...), or a break.
absl::StatusOr<std::vector<VarPtr>> Unpack(Translator& tx, const VarPtr& v);

// Calls registry op `name` with trackers as the eager bindings would, adding a node.
// `spelling` says how the user wrote it (its args are filled from `args`/`kwargs` when
// left empty). `op`, when given, is the op itself, bound by its schema instead of
// looking `name` up (functions allowed in graphs, whose ops are not in the registry).
absl::StatusOr<VarPtr> CallTensorOp(Translator& tx, const std::string& name,
                                    std::vector<VarPtr> args,
                                    std::vector<std::pair<std::string, VarPtr>> kwargs,
                                    graph::CallStyle style, std::string target,
                                    const tensor::OpDef* op = nullptr);
// torch.compiler.allow_in_graph: a call to marked function `fn` as one graph node that
// calls the function when the graph runs (graph_functions.cc).
bool IsAllowedInGraph(vm::Runtime& rt, const vm::Value& fn);
absl::StatusOr<VarPtr> CallAllowedInGraph(Translator& tx, const VarPtr& fn,
                                          std::vector<VarPtr> args,
                                          std::vector<std::pair<std::string, VarPtr>> kwargs);
// A fresh Python value equal to a tracker made only of constants (constants, and
// tuples/lists/Sizes of them); false when it holds anything else.
bool ReifyConstant(vm::Runtime& rt, const VarPtr& v, vm::Value* out);
// Whether every argument is a constant (or a tuple/list of them) and there are no
// keyword arguments (calls.cc).
bool AllConstant(const std::vector<VarPtr>& args,
                 const std::vector<std::pair<std::string, VarPtr>>& kwargs);
// Runs a pure builtin (or a method of a constant) on constant arguments (calls.cc).
absl::StatusOr<VarPtr> FoldCall(Translator& tx, const vm::Value& fn,
                                const std::vector<VarPtr>& args);
// slice(start, stop, step) parts as trackers, a constant slice's or a BUILD_SLICE one's
// (subscript.cc).
std::vector<VarPtr> SliceParts(const VarPtr& x);
// tensor[key]: basic indexing and advanced indexing by integer tensors (subscript.cc).
absl::StatusOr<VarPtr> TensorSubscript(Translator& tx, const VarPtr& self, const VarPtr& key);
// x[key] = v on a tensor tracker: basic indexing writes through the view (copy_ of a
// tensor, fill_ of a number), a boolean mask of x's shape is masked_fill_, integer
// tensor indices alone are index_put_; anything else breaks.
absl::Status TensorSetItem(Translator& tx, const VarPtr& self, const VarPtr& key, VarPtr v);
// A builtin function or type called over trackers (builtin_calls.cc).
absl::StatusOr<VarPtr> CallBuiltin(Translator& tx, const std::string& name, const vm::Value& fn,
                                   std::vector<VarPtr> args,
                                   std::vector<std::pair<std::string, VarPtr>> kwargs);
// operator.<name>(...) as the tracker operation it names (builtin_calls.cc).
absl::StatusOr<VarPtr> CallOperatorModule(Translator& tx, const std::string& name,
                                          const std::vector<VarPtr>& args,
                                          const std::vector<std::pair<std::string, VarPtr>>& kwargs);
// A tracker as a registry argument for spelling ("as written").
absl::StatusOr<graph::Arg> SpellArg(Translator& tx, const VarPtr& v);

// Switches the traced grad mode to `enabled`, recording upstream's
// torch._C._set_grad_enabled node when it changes.
// `force`: record the node even when the mode does not change (a resume entry
// re-entering the grad-mode blocks the break cut, as upstream's resume functions do).
absl::Status SetGradMode(Translator& tx, bool enabled, bool force = false);

// --- Calls the tracer does not simply inline (special_calls.cc) ------------------------

// The Python type of a tracker's value (calls.cc), or null when it has none.
vm::Type* TypeOfVar(TraceState& st, const Var& v);
// print and other builtins without a rule: upstream's "Failed to trace builtin operator".
absl::Status BreakUnsupportedBuiltin(Translator& tx, const std::string& name,
                                     const std::vector<VarPtr>& args);
// A native function without a rule: "Attempted to call function marked as skipped".
absl::Status BreakSkippedBuiltin(Translator& tx, const vm::Value& v);
// torch._dynamo.skip_frame(msg).
absl::StatusOr<VarPtr> SkipFrame(Translator& tx, const std::vector<VarPtr>& args);
// Whether `v` is in config.reorderable_logging_functions; DeferCall records a call of
// one to replay after the graph.
bool IsReorderable(TraceState& st, const vm::Value& v);
absl::StatusOr<VarPtr> DeferCall(Translator& tx, const VarPtr& fn, std::vector<VarPtr> args,
                                 const std::vector<std::pair<std::string, VarPtr>>& kwargs);
// A torch.compiler.disable'd function: the break at its call (OK for any other).
absl::Status CheckDisabled(Translator& tx, const vm::Value& v);
// Whether `v` is a function marked by torch._dynamo.nonstrict_trace.
bool IsNonstrict(vm::Runtime& rt, const vm::Value& v);

// Marks a pre-existing container as mutated (its final state is replayed).
void NoteMutation(Translator& tx, const VarPtr& container);

}  // namespace wick::frontend::internal

#endif  // WICK_FRONTEND_INTERNAL_TRANSLATOR_H_
