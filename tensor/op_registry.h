// The op registry: every tensor op wick knows, registered once with its schema (in
// PyTorch's native_functions.yaml syntax), a meta function and an eager kernel. The VM's
// `torch` bindings, the tracer, the graph verifier and the backends all go through it.
//
//   registry.Register(
//       "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
//       MetaAdd, KernelAdd, {.method = true});
//   ASSIGN_OR_RETURN(Value out, OpRegistry::Global().Call("add", {a, b}, {{"alpha", 2}}));
//
// Binding follows Python's rules (positional, then keywords; keyword-only after `*`;
// defaults filled in) and PyTorch's coercions (a number passed for a Tensor becomes a
// 0-dim "wrapped number"; an int for a float; a single int for `int[N]`). Ops with
// several overloads (max, max.dim, max.other) are tried in registration order.
#ifndef WICK_TENSOR_OP_REGISTRY_H_
#define WICK_TENSOR_OP_REGISTRY_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "tensor/value.h"

namespace wick::tensor {

struct ArgType {
  enum class Base : uint8_t {
    kTensor, kScalar, kInt, kFloat, kBool, kDType, kString, kDevice, kLayout, kGenerator,
    kMemoryFormat
  };
  Base base = Base::kTensor;
  bool optional = false;  // `T?`: None accepted.
  bool list = false;      // `T[]`.
  int fixed_size = 0;     // `int[2]`: a single int is repeated to this length.
  bool optional_elements = false;  // `Tensor?[]` (advanced indexing).

  std::string ToString() const;
};

struct Argument {
  std::string name;
  ArgType type;
  std::optional<Value> default_value;
  bool keyword_only = false;
  char alias_set = 0;    // 'a' for `Tensor(a)` / `Tensor(a!)`, 0 if none.
  bool is_write = false; // `(a!)`: the op writes into this argument.
};

struct Return {
  std::string name;  // Empty unless named (`(Tensor values, Tensor indices)`).
  ArgType type;
  char alias_set = 0;
  bool is_write = false;
};

struct OpSchema {
  std::string name;      // "add"
  std::string overload;  // "Tensor" ("" for the default overload)
  std::vector<Argument> arguments;
  std::vector<Return> returns;

  std::string full_name() const { return overload.empty() ? name : name + "." + overload; }
  // The canonical text form (parses back to an equal schema).
  std::string ToString() const;
  int num_positional() const;
};

// Parses "name[.overload](args) -> returns". InvalidArgument with the column on error.
absl::StatusOr<OpSchema> ParseSchema(absl::string_view text);

// Typed, already-bound arguments of one call (one Value per schema argument, in order,
// defaults filled in). Accessors assume the schema's types; kernels rely on that.
class OpArgs {
 public:
  explicit OpArgs(absl::Span<const Value> values) : v_(values) {}
  size_t size() const { return v_.size(); }
  const Value& operator[](size_t i) const { return v_[i]; }
  bool is_none(size_t i) const { return v_[i].is_none(); }

  const Tensor& tensor(size_t i) const { return v_[i].to_tensor(); }
  // Undefined Tensor for None.
  Tensor optional_tensor(size_t i) const { return v_[i].is_none() ? Tensor() : tensor(i); }
  const std::vector<Tensor>& tensors(size_t i) const { return v_[i].to_tensor_list(); }
  Scalar scalar(size_t i) const { return v_[i].to_scalar(); }
  std::optional<Scalar> optional_scalar(size_t i) const {
    if (v_[i].is_none()) return std::nullopt;
    return scalar(i);
  }
  int64_t int_(size_t i) const { return v_[i].to_int(); }
  std::optional<int64_t> optional_int(size_t i) const {
    if (v_[i].is_none()) return std::nullopt;
    return v_[i].to_int();
  }
  double double_(size_t i) const { return v_[i].to_double(); }
  std::optional<double> optional_double(size_t i) const {
    if (v_[i].is_none()) return std::nullopt;
    return v_[i].to_double();
  }
  bool bool_(size_t i) const { return v_[i].to_bool(); }
  std::optional<bool> optional_bool(size_t i) const {
    if (v_[i].is_none()) return std::nullopt;
    return v_[i].to_bool();
  }
  IntSpan int_list(size_t i) const { return v_[i].to_int_list(); }
  std::optional<IntSpan> optional_int_list(size_t i) const {
    if (v_[i].is_none()) return std::nullopt;
    return IntSpan(v_[i].to_int_list());
  }
  const std::vector<double>& double_list(size_t i) const { return v_[i].to_double_list(); }
  std::optional<DType> optional_dtype(size_t i) const {
    if (v_[i].is_none()) return std::nullopt;
    return v_[i].to_dtype();
  }
  const std::string& string(size_t i) const { return v_[i].to_string(); }

 private:
  absl::Span<const Value> v_;
};

// A meta function or kernel. Returns a Tensor, a TensorList for tuple/list returns, or
// None for ops that return nothing. Meta functions receive meta tensors (or real ones)
// and must not read element data.
using OpFn = std::function<absl::StatusOr<Value>(const OpArgs&)>;

struct OpFlags {
  bool function = true;         // torch.<name>
  bool method = false;          // Tensor.<name>
  bool random = false;          // Draws from the generator: never CSE'd or folded.
  bool data_dependent = false;  // Output metadata depends on element values (nonzero).
  // A Python number may stand for a Tensor argument (made a 0-dim "wrapped number"), as
  // PyTorch's Scalar overloads allow for pointwise ops. Elsewhere a number where a Tensor
  // is due is a TypeError ("sum(): argument 'input' (position 1) must be Tensor, not
  // int"), as PyTorch's argument parser gives.
  bool numbers_as_tensors = false;
};

struct OpDef {
  OpSchema schema;
  OpFn meta;    // May be empty: the op cannot be traced into a graph.
  OpFn kernel;
  OpFlags flags;

  const std::string& name() const { return schema.name; }
  std::string full_name() const { return schema.full_name(); }
  // In-place ops (`add_`) write into `self`; views alias an input.
  bool is_inplace() const;
  bool is_view() const;
};

using Kwargs = std::vector<std::pair<std::string, Value>>;

struct BoundCall {
  const OpDef* op = nullptr;
  std::vector<Value> args;  // One per schema argument.
};

class OpRegistry {
 public:
  OpRegistry() = default;
  OpRegistry(const OpRegistry&) = delete;
  OpRegistry& operator=(const OpRegistry&) = delete;

  // The registry with every built-in op (tensor/ops/*); built on first use.
  static const OpRegistry& Global();

  // Adds an op. Errors on a malformed schema or a duplicate full name.
  absl::Status Register(absl::string_view schema, OpFn meta, OpFn kernel,
                        OpFlags flags = {});

  // nullptr if absent. `full_name` is "name" or "name.overload".
  const OpDef* Find(absl::string_view full_name) const;
  // All overloads of `name`, in registration order (empty if none).
  absl::Span<const OpDef* const> Overloads(absl::string_view name) const;
  // Every op, sorted by full name.
  std::vector<const OpDef*> All() const;

  // Picks the first overload of `name` the arguments bind to. TypeError-style
  // messages (base/python_error.h) when none does.
  absl::StatusOr<BoundCall> Bind(absl::string_view name, absl::Span<const Value> args,
                                 const Kwargs& kwargs = {}) const;
  // Bind, then run the kernel (or the meta function).
  absl::StatusOr<Value> Call(absl::string_view name, absl::Span<const Value> args,
                             const Kwargs& kwargs = {}) const;
  absl::StatusOr<Value> CallMeta(absl::string_view name, absl::Span<const Value> args,
                                 const Kwargs& kwargs = {}) const;

 private:
  std::vector<std::unique_ptr<OpDef>> ops_;
  absl::flat_hash_map<std::string, const OpDef*> by_full_name_;
  absl::flat_hash_map<std::string, std::vector<const OpDef*>> by_name_;
};

// Binds arguments to one op's schema (exposed for the tracer and for tests). A Python
// number binds to a Tensor parameter only for an op with flags.numbers_as_tensors.
absl::StatusOr<std::vector<Value>> BindArguments(const OpDef& op, absl::Span<const Value> args,
                                                 const Kwargs& kwargs);

// Python's name for a Value's type in messages: "Tensor", "int", "str", "NoneType", ...
absl::string_view ValueTypeName(const Value& v);

}  // namespace wick::tensor

#endif  // WICK_TENSOR_OP_REGISTRY_H_
