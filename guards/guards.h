// Guards: the assumptions a compiled entry was traced under, checked on every call
// before the entry may run. The tracer (frontend/) emits GuardSpecs against Sources;
// GuardTree::Build groups them into upstream's tree shape (one manager per source,
// accessors from the root: frame local, global, attribute, item, closure cell; leaf
// checks under each manager), removes duplicates, and keeps children ordered by how
// often they fail so a failing check usually fails first.
//
//   ASSIGN_OR_RETURN(std::unique_ptr<GuardTree> t, GuardTree::Build(specs));
//   if (t->Check(view)) { ...run the entry... }          // allocates nothing
//   else reasons = t->Explain(view);  // {"tensor 'x' size mismatch at index 0. expected 3, actual 4"}
//   guards_log << t->Print();         // "TREE_GUARD_MANAGER:\n+- RootGuardManager\n| +- ..."
#ifndef WICK_GUARDS_GUARDS_H_
#define WICK_GUARDS_GUARDS_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "guards/source.h"
#include "sym/expr.h"
#include "tensor/dtype.h"
#include "vm/value.h"

namespace wick::vm {
class Dict;
class Runtime;
}  // namespace wick::vm

namespace wick::guards {

// What a check reads: the frame's values at entry (before any instruction runs).
struct FrameView {
  vm::Runtime* rt = nullptr;
  const vm::Value* locals = nullptr;  // code->varnames order; Raised() = unbound
  int32_t num_locals = 0;
  const vm::Value* cells = nullptr;   // Cell objects: cellvars then freevars
  // (Source::Cell's index counts into this array; the tree prints it as the
  // framelocals_idx of the cell's FrameLocalsGuardAccessor.)
  int32_t num_cells = 0;
  const vm::Value* stack = nullptr;   // the value stack, bottom first (resume entries)
  int32_t num_stack = 0;
  vm::Dict* globals = nullptr;
  vm::Dict* builtins = nullptr;
};

// Resolves `source` against `frame` without allocating or running user code (instance
// and type dicts only, no descriptors or __getattr__); nullptr if the path does not
// exist. The pointer is borrowed from the frame or a container.
const vm::Value* Resolve(const Source& source, const FrameView& frame);

enum class GuardKind : uint8_t {
  kTypeMatch,         // type(v) is expected_type                 TYPE_MATCH
  kIdMatch,           // v is expected (functions, modules, classes) ID_MATCH
  kEqualsMatch,       // v == expected (int, float, bool, str, None, tuples of them)
  kNone,              // v is None                                 NONE_MATCH
  kLength,            // len(v) == length (list, tuple, dict)       LENGTH_CHECK
  kTensorMatch,       // dtype, sizes, strides, requires_grad       TENSOR_MATCH
  kNoTensorAliasing,  // the tensors at `aliases` share no storage  NO_TENSOR_ALIASING
  kGlobalState,       // grad mode (and later autocast) as traced   GLOBAL_STATE
  kDictKeys,          // a dict's keys, in order, equal `keys`      DICT_KEYS_MATCH
  kShapeEnv,          // a dynamic-shape fact over sizes and ints   LAMBDA_GUARD
                      // (upstream's SHAPE_ENV guards: "2 <= L['x'].size()[0]")
};

// Upstream's name of a guard kind ("TENSOR_MATCH", "ID_MATCH", ...).
const char* GuardKindName(GuardKind kind);

struct TensorSpec {
  // The exact Python type required (a Tensor subclass such as Parameter), as upstream's
  // check compares Py_TYPE. None: any Tensor or subclass instance passes.
  vm::Value type;
  tensor::DType dtype = tensor::DType::kFloat32;
  std::vector<std::optional<int64_t>> sizes;    // nullopt: dynamic dimension (M5)
  std::vector<std::optional<int64_t>> strides;  // nullopt: not checked
  bool requires_grad = false;
};

// The symbols of a dynamic-shape trace, as guards read them: symbol `i` is
// `symbols[i]`'s tensor size(dim) (or stride(dim)), or the int itself when dim is -1.
struct ShapeSymbols {
  struct Binding {
    SourcePtr source;
    int32_t dim = -1;
    bool stride = false;  // stride(dim) instead of size(dim)
  };
  std::vector<Binding> symbols;
  // "L['x'].size()[0]" / "L['x'].stride()[0]" / "L['n']": how guards print symbol `id`.
  std::string Name(int32_t id) const;
};

struct GuardSpec {
  GuardKind kind = GuardKind::kTypeMatch;
  SourcePtr source;  // null only for kGlobalState
  // kIdMatch / kEqualsMatch: the expected object or constant; kTypeMatch: the Type.
  vm::Value expected;
  int64_t length = 0;                // kLength
  TensorSpec tensor;                 // kTensorMatch
  std::vector<SourcePtr> aliases;    // kNoTensorAliasing
  bool grad_enabled = true;          // kGlobalState
  std::vector<vm::Value> keys;       // kDictKeys
  // kShapeEnv (source null): `relation` over the symbols `shape` binds.
  std::shared_ptr<const ShapeSymbols> shape;
  sym::Relation relation;
  // Where the tracer needed the assumption, printed after the check in the tree:
  // "# return x + 1  # f.py:2 in fn". Empty when not known.
  std::string user_code;
  std::string user_location;
};

class GuardTree {
 public:
  // Deduplicates `specs` (same kind, source and expected value; the first keeps its
  // user location) and builds the tree: managers in order of first appearance, leaves
  // in spec order under their source's manager, GLOBAL_STATE at the root, aliasing
  // checked after the tree. InvalidArgument for a spec that cannot be checked: no
  // source, TYPE_MATCH without a Type, EQUALS_MATCH or DICT_KEYS_MATCH on a value that
  // is not None/bool/int/float/str/tuple of these, aliasing with fewer than two sources,
  // sizes and strides of different rank.
  static absl::StatusOr<std::unique_ptr<GuardTree>> Build(std::vector<GuardSpec> specs);
  ~GuardTree();

  // True when every guard holds. Allocates nothing, runs no user code and raises
  // nothing: a path that no longer resolves fails its manager. Updates failure counts
  // and moves a failing manager ahead of siblings that failed less often (guards.cc).
  // frame.rt must be set; the first check of a Runtime that never used torch creates
  // vm/torch's state (once).
  bool Check(const FrameView& frame) const;
  // The failing guards' reasons in upstream's words, in check order, with upstream's
  // strip_local_scope applied (L['x'] prints as x), i.e. exactly what a recompile
  // message puts after "- 0/0: ". Every failing guard is listed (recompiles_verbose);
  // the plain `recompiles` log takes the first. Texts:
  //   "tensor 'x' size mismatch at index 0. expected 3, actual 4" (also stride, dtype
  //   "expected Float, actual Double", "requires_grad mismatch. expected
  //   requires_grad=0", "rank mismatch. expected 1, actual 2"), "c == 1",
  //   "len(xs) == 2", "n is None", "___check_type_id(p, <id>)", "___check_obj_id(f, <id>)",
  //   "check_no_aliasing(a, b)", "list(dict.keys(d)) == ['a', 'b']",
  //   "GLOBAL_STATE changed: grad_mode " (trailing blank as upstream), and for a path
  //   that no longer exists "getattr failed on source self.fc1" / "KeyError on d['k']" /
  //   "IndexError on xs[3]".
  // With `with_user_location`, guards whose reason is their code part come as upstream's
  // verbose code part instead: padded to 60 columns (before stripping) and followed by
  // "  # <user code>  # <file:line in fn>" when the spec has them, as newer releases
  // print in "last reason: 0/0: n == 0     ...  # return x + n  # f.py:3 in fn".
  // Allocates; call after Check failed.
  std::vector<std::string> Explain(const FrameView& frame,
                                   bool with_user_location = false) const;
  // Upstream's TREE_GUARD_MANAGER text (the `guards` artifact after "GUARDS:"): a
  // "TREE_GUARD_MANAGER:" line, "+- RootGuardManager", then one "| "-indented line per
  // manager ("GuardManager: source=L['x'], accessed_by=FrameLocalsGuardAccessor(key='x',
  // framelocals_idx=0)") and leaf ("TENSOR_MATCH: check_tensor(...)  # x + 1  # f.py:2 in
  // fn"); every line ends in "\n". Upstream's str() has one more, empty, line first.
  // ___check_type_id / ___check_obj_id print object addresses (as upstream prints id()),
  // and sibling order follows failure counts, so print right after Build for golden text.
  std::string Print() const;
  // Number of leaf checks (after deduplication).
  int size() const;

 private:
  GuardTree();
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace wick::guards

#endif  // WICK_GUARDS_GUARDS_H_
