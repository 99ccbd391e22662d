// The tensor-graph IR: what the tracer (frontend/) builds from a frame and what backends
// (codegen/) compile. A Graph is a list of nodes in execution order:
//
//   placeholder  an input tensor (or symbolic int later), read from the frame by `source`
//   call         one registry op (tensor::OpDef) over earlier nodes and constants
//   get_attr     a constant tensor the graph owns (a module parameter, a captured tensor)
//   output       the values the graph returns (exactly one, last)
//
// Every call node records two views of the same call: the *bound* arguments (one per
// schema argument, what kernels and meta functions take) and the *spelling* (how user
// code wrote it: `x + 1`, `torch.sin(x)`, `x.view(2, 3)`), which the printer renders in
// the style of FX's print_readable (the `graph_code` log artifact) and which custom
// backends see through the graph-module object.
//
//   GraphBuilder b("fn");
//   NodeId x = b.AddPlaceholder("L_x_", "L['x']", meta);
//   ASSIGN_OR_RETURN(NodeId y, b.AddCall(op, bound_args, spelling, loc));
//   b.SetOutput({y});
//   ASSIGN_OR_RETURN(Graph g, std::move(b).Finish());   // runs the verifier
//
// Node ids are dense and sequential (determinism: same trace, same dump).
#ifndef WICK_GRAPH_GRAPH_H_
#define WICK_GRAPH_GRAPH_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "sym/expr.h"
#include "tensor/dtype.h"
#include "tensor/op_registry.h"
#include "tensor/tensor.h"
#include "tensor/value.h"

namespace wick::graph {

using NodeId = int32_t;

// Reference to the value a node produces; `index` >= 0 selects element `index` of a
// node that produces a tensor list or tuple (e.g. `max.dim`, `split`).
struct ValueRef {
  NodeId node = -1;
  int32_t index = -1;
  bool operator==(const ValueRef& o) const { return node == o.node && index == o.index; }
};
// In a ref list bound to a `Tensor?[]` argument (advanced indexing), a None element.
inline constexpr ValueRef kNoneRef{};

// One argument of a call node: a constant (None, bool, int, float, str, dtype, int list,
// float list), a node value, or a list of node values (`Tensor[]` arguments such as
// torch.cat's). Constant tensors are never inline arguments: they are get_attr nodes.
class Arg {
 public:
  Arg() = default;  // None
  static Arg Constant(tensor::Value v);  // v must not hold a tensor
  static Arg Ref(ValueRef r);
  static Arg RefList(std::vector<ValueRef> rs);
  // Spelling only (never a bound argument): Python source printed verbatim, for what a
  // Value cannot hold, e.g. the index of `x[:, 0]`: "(slice(None, None, None), 0)", or
  // a tuple as written: "(2, 3)".
  static Arg Literal(std::string python_text);
  // A size-derived int (`x.view(x.shape[0], -1)` under dynamic shapes): an expression
  // over the graph's symbols, or an `int[]` whose elements are (constants fold to
  // sym::Int). Evaluated from the symbols' values on every call (MaterializeArgs).
  static Arg Sym(sym::ExprPtr e);
  static Arg SymList(std::vector<sym::ExprPtr> es);

  bool is_constant() const { return kind_ == Kind::kConstant; }
  bool is_sym() const { return kind_ == Kind::kSym || kind_ == Kind::kSymList; }
  bool is_sym_list() const { return kind_ == Kind::kSymList; }
  const std::vector<sym::ExprPtr>& sym() const { return sym_; }
  bool is_ref() const { return kind_ == Kind::kRef; }
  bool is_ref_list() const { return kind_ == Kind::kRefList; }
  bool is_literal() const { return kind_ == Kind::kLiteral; }
  const std::string& literal() const { return constant_.to_string(); }
  const tensor::Value& constant() const { return constant_; }
  ValueRef ref() const { return refs_[0]; }
  const std::vector<ValueRef>& refs() const { return refs_; }
  std::vector<ValueRef>& mutable_refs() { return refs_; }  // for passes that rewrite uses
  // Structural equality (constants compared by value, floats bitwise-equal or both NaN).
  bool operator==(const Arg& o) const;

 private:
  enum class Kind : uint8_t { kConstant, kRef, kRefList, kLiteral, kSym, kSymList };
  Kind kind_ = Kind::kConstant;
  tensor::Value constant_;
  std::vector<ValueRef> refs_;
  std::vector<sym::ExprPtr> sym_;
};

// Metadata of a value flowing through the graph (what FX calls example_value /
// tensor_meta): a tensor's dtype, sizes, strides, requires_grad; or a list of them for
// list-returning ops. Produced by the registry's meta functions; never element data.
struct TensorMeta {
  tensor::DType dtype = tensor::DType::kFloat32;
  std::vector<int64_t> sizes;
  std::vector<int64_t> strides;
  bool requires_grad = false;
  // Under dynamic shapes: one expression per dimension (sym::Int for static ones);
  // empty when every size is static. `sizes` then holds the values while tracing.
  std::vector<sym::ExprPtr> sym_sizes;
  bool is_dynamic() const { return !sym_sizes.empty(); }
  // "f32[4, 3][3, 1]cpu": the annotation print_readable writes with strides and device;
  // "f32[s0, 3][3, 1]cpu" with symbolic sizes (strides of a contiguous tensor print as
  // expressions too: "[s1, 1]").
  std::string Annotation() const;
  static TensorMeta Of(const tensor::Tensor& t);
};

// How user code spelled a call, for printing and for graph-module introspection.
enum class CallStyle : uint8_t {
  kOperator,  // `a + b`, `-a`, `a @ b`, `a[idx]`: target is operator.add, operator.neg, ...
  kFunction,  // `torch.sin(x)`, `torch.nn.functional.relu(x)`: target is the qualified name
  kMethod,    // `x.sin()`, `x.view(2, 3)`: target is the method name; self is args[0]
};
struct Spelling {
  CallStyle style = CallStyle::kFunction;
  std::string target;  // "operator.add" / "torch.sin" / "sin"
  std::vector<Arg> args;                            // as written, positional
  std::vector<std::pair<std::string, Arg>> kwargs;  // as written, keyword
};

enum class NodeKind : uint8_t { kPlaceholder, kCall, kGetAttr, kOutput };
absl::string_view NodeKindName(NodeKind k);  // "placeholder", "call_function", ...

// Where a node came from in user code: the `# File: f.py:7 in fn, code: return x + 1`
// comment above it in print_readable.
struct NodeOrigin {
  std::string file;
  int32_t line = 0;
  std::string function;
  std::string code;  // the source line, stripped
};

// A symbol of a dynamic-shape graph (upstream's `s77`): where the runtime reads its
// value on every call. `id` (its index in Graph::symbols()) is its id in sym::Eval.
struct SymbolInfo {
  std::string name;          // "s77"
  int64_t hint = 0;          // its value while tracing
  NodeId placeholder = -1;   // the input it is read from
  // size(dim) of that tensor input; -1: the input is a symbolic Python int, passed as a
  // 0-dim int64 tensor, and the symbol is its value (its placeholder prints "Sym(s0)").
  int32_t dim = -1;
};

struct Node {
  NodeId id = -1;
  NodeKind kind = NodeKind::kCall;
  std::string name;  // unique within the graph: "l_x_", "add", "add_1", "l__self___weight"
  // kPlaceholder: forward()'s parameter name ("L_x_"); kGetAttr: the attribute name
  // ("L__self___weight"). `name` is derived from it the way FX does (snake_case, made
  // unique): "L_x_" -> "l_x_".
  std::string target;

  // kPlaceholder: the graph input's source as guards print it ("L['x']").
  std::string source;
  // kCall: the op and its bound arguments (one per schema argument, defaults filled).
  const tensor::OpDef* op = nullptr;
  std::vector<Arg> args;
  Spelling spelling;
  // kGetAttr: the constant tensor (a parameter, buffer or captured tensor) and its
  // qualified attribute name ("L__self___fc1_weight").
  tensor::Tensor attr;
  // kOutput: the returned values.
  std::vector<ValueRef> outputs;

  // Metadata of what the node produces: one entry for a tensor, one per element for
  // list/tuple results, empty for outputs and None-returning ops.
  std::vector<TensorMeta> meta;
  NodeOrigin origin;
};

class Graph {
 public:
  Graph() = default;
  Graph(Graph&&) = default;
  Graph& operator=(Graph&&) = default;
  Graph(const Graph&) = default;
  Graph& operator=(const Graph&) = default;

  const std::string& name() const { return name_; }  // "__compiled_fn_1"
  void set_name(std::string n) { name_ = std::move(n); }
  absl::Span<const Node> nodes() const { return nodes_; }
  const Node& node(NodeId id) const { return nodes_[id]; }
  // Placeholder ids in input order, and the output node (last).
  std::vector<NodeId> placeholders() const;
  const Node& output() const { return nodes_.back(); }
  // Number of call nodes (CompileCounter's op_count).
  int num_calls() const;
  // Dynamic shapes: the symbols sizes and Arg::Sym arguments are expressions over.
  const std::vector<SymbolInfo>& symbols() const { return symbols_; }
  void set_symbols(std::vector<SymbolInfo> s) { symbols_ = std::move(s); }
  // The symbols' values for one call's inputs (in placeholder order); InvalidArgument
  // when an input lacks the dimension a symbol is read from.
  absl::StatusOr<std::vector<int64_t>> BindSymbols(
      absl::Span<const tensor::Tensor> inputs) const;

  // Mutation for passes: nodes are replaced wholesale and renumbered by Compact().
  std::vector<Node>& mutable_nodes() { return nodes_; }
  // Drops nodes whose kind is kCall with op == nullptr (erased by a pass), renumbers ids
  // and references densely, keeping order.
  void Compact();

 private:
  std::string name_;
  std::vector<Node> nodes_;
  std::vector<SymbolInfo> symbols_;
};

// Resolves bound call arguments to the Values a registry meta function or kernel takes:
// refs through `value_of(node)` (a Tensor, or a TensorList for list-producing nodes,
// indexed by ValueRef::index), ref lists to tensor lists (kNoneRef to an undefined
// tensor), and constants coerced to the schema type the way OpRegistry::Bind does (a
// number in a Tensor slot becomes a 0-dim wrapped number, an int in a float slot a
// float, one int in an `int[N]` slot N copies). Used by the builder (meta tensors) and
// by backends (real tensors).
// Arg::Sym arguments evaluate with `sym_values` (Graph::BindSymbols; the hints while
// tracing).
using NodeValueFn = std::function<const tensor::Value&(NodeId)>;
absl::StatusOr<std::vector<tensor::Value>> MaterializeArgs(
    const tensor::OpDef& op, absl::Span<const Arg> args, const NodeValueFn& value_of,
    absl::Span<const int64_t> sym_values = {});
// A constant coerced to schema argument `param`'s type (what MaterializeArgs does for
// one constant); backends precompute these once at compile time.
tensor::Value CoerceConstant(const tensor::Argument& param, const tensor::Value& v);

class GraphBuilder {
 public:
  explicit GraphBuilder(std::string graph_name);
  // `target` is forward()'s parameter name ("L_x_"); the node's name is FX's
  // snake_case of it, made unique ("l_x_").
  NodeId AddPlaceholder(std::string target, std::string source, TensorMeta meta);
  // `target` is the attribute name ("L__self___weight"); name "l__self___weight".
  // `origin`: where user code first read the attribute (its `# File:` comment).
  NodeId AddGetAttr(std::string target, tensor::Tensor value, NodeOrigin origin = {});
  // Runs the op's meta function on the arguments' metadata to fill the node's meta;
  // errors (shape mismatch, bad dtype) come back as the op would raise them eagerly.
  absl::StatusOr<NodeId> AddCall(const tensor::OpDef* op, std::vector<Arg> bound_args,
                                 Spelling spelling, NodeOrigin origin);
  void SetOutput(std::vector<ValueRef> outputs);
  // Dynamic shapes: a new symbol (its id is the number added before it); AddCall
  // evaluates Arg::Sym arguments with the symbols' hints.
  int32_t AddSymbol(SymbolInfo s);
  const std::vector<SymbolInfo>& symbols() const { return graph_.symbols(); }
  std::vector<int64_t> symbol_hints() const { return hints_; }
  // The symbolic sizes of node `id`'s value (element `index` of a list-producing node,
  // or -1), which the caller derived from its arguments'.
  void SetSymSizes(NodeId id, int32_t index, std::vector<sym::ExprPtr> sizes);
  const Node& node(NodeId id) const;
  // The meta tensor(s) of a node's value (what meta functions saw): a Tensor, a
  // TensorList, or None.
  const tensor::Value& meta_value(NodeId id) const { return meta_values_[id]; }
  // Call nodes added so far.
  int num_calls() const { return num_calls_; }
  // Verifies and returns the graph.
  absl::StatusOr<Graph> Finish() &&;

 private:
  NodeId Append(Node n);
  std::string UniqueName(absl::string_view candidate);

  Graph graph_;
  std::vector<Node> nodes_;
  std::vector<tensor::Value> meta_values_;  // parallel to nodes_
  std::vector<int64_t> hints_;              // symbol hints, by id
  int num_calls_ = 0;
  // FX's _Namespace state (graph/internal/names.h).
  absl::flat_hash_set<std::string> used_names_;
  absl::flat_hash_map<std::string, int64_t> base_counts_;
};

// Structural checks: ids dense and ordered, references point backwards to nodes that
// produce values, placeholders first, one output last, call arguments bind to the op's
// schema, names unique. InternalError naming the node on failure.
absl::Status Verify(const Graph& g);

// FX print_readable text (class GraphModule(torch.nn.Module): def forward(self, ...)),
// with `include_stride` / `include_device` annotations, `# File:` origin comments and
// the `;  x = None` last-use clears, exactly as PyTorch prints it.
std::string PrintReadable(const Graph& g);
// The Python code of `forward` only (what `gm.code` returns).
std::string PythonCode(const Graph& g);
// FX's tabular `graph` artifact form (opcode / name / target / args / kwargs).
std::string PrintTabular(const Graph& g);
// Graphviz text of the graph (`wick run --dot DIR`): one box per node labelled with its
// name, op and metadata (placeholders and outputs shaped apart), an edge per input.
std::string ToDot(const Graph& g);
// The `graph_sizes` artifact text (OutputGraph.get_graph_sizes): "TRACED GRAPH TENSOR
// SIZES\n===== {name} =====\n" then "{node}: {tuple(size)}\n" for every node whose
// value is one tensor.
std::string GraphSizes(const Graph& g);
// A compact, round-trippable text form for tests, one node per line:
//
//   graph __compiled_fn_1 {
//     %l_x_ = placeholder L_x_ "L['x']" : f32[4, 3][3, 1]cpu
//     %l__self___w = get_attr L__self___w : f32[3][1]cpu = [1.0, 2.0, 3.0]
//     %add = add.Tensor(%l_x_, 1, 1) ~ op operator.add(%l_x_, 1) @ "f.py":7 "fn" "x + 1"  # f32[4, 3][3, 1]cpu
//     %max_1 = max.dim(%add, 1, False) ~ fn torch.max(%add, dim=1)  # f32[4][1]cpu, i64[4][1]cpu
//     return %add, %max_1.1
//   }
//
//   graph     := 'graph' NAME '{' line* '}'
//   line      := '%' NAME '=' (placeholder | get_attr | call) | 'return' refs
//   placeholder := 'placeholder' TARGET STRING ':' meta
//   get_attr  := 'get_attr' TARGET ':' meta '=' '[' scalar,* ']'     (row-major data)
//   call      := OP '(' arg,* ')' ['~' STYLE TARGET '(' (arg | KEY '=' arg),* ')']
//                ['@' STRING ':' INT STRING STRING]                 (file:line fn code)
//   meta      := DTYPE '[' int,* ']' '[' int,* ']' 'cpu' ['requires_grad']
//   arg       := ref | '{' (ref | 'None'),* '}' | constant          ({...}: a Tensor[] list)
//              | 'py' STRING                                        (Arg::Literal, spelling only)
//   ref       := '%' NAME ['.' INT]                                 (.i: list element i)
//   constant  := None | True | False | INT | FLOAT | STRING | torch.DTYPE | '[' int,* ']'
//              | 'float' '[' float,* ']'
//   STYLE     := 'op' | 'fn' | 'method';  OP is the registry's full name (add.Tensor).
//
// `#` starts a comment (Dump writes each call's metadata there). Parse rebuilds the
// graph through GraphBuilder (call metadata recomputed by meta functions, then
// verified) and keeps the dumped node names, so Dump(*Parse(Dump(g))) == Dump(g);
// get_attr tensors come back contiguous. Errors are InvalidArgument with the line.
// Dynamic-shape graphs dump (sizes like f32[s0, 6], arguments as sym"[s0, -1]") but do
// not parse back: the text form has no symbol table.
std::string Dump(const Graph& g);
absl::StatusOr<Graph> Parse(absl::string_view text);

}  // namespace wick::graph

#endif  // WICK_GRAPH_GRAPH_H_
