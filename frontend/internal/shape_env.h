// The shape environment of one trace (upstream's ShapeEnv, small): the symbols of a
// dynamic-shape trace, the facts about them the trace relied on, and the rules that
// give an op's output sizes as expressions over them (docs/m5.md).
//
// Symbols come from graph inputs: a dynamic dimension of a tensor input ("s77", read
// from L['x'].size()[0] on every call, 0/1 sizes stay static, equal sizes share one
// symbol: duck sizing) or a Python int input that changed between calls (read from
// L['n'] itself). Every decision a trace makes on a symbolic value (a comparison, a
// branch, a broadcast, a specialisation where no symbolic rule exists) is recorded as
// a relation that must hold on later calls; they become LAMBDA_GUARD leaves.
#ifndef WICK_FRONTEND_INTERNAL_SHAPE_ENV_H_
#define WICK_FRONTEND_INTERNAL_SHAPE_ENV_H_

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "frontend/internal/variable.h"
#include "graph/graph.h"
#include "guards/guards.h"
#include "sym/expr.h"
#include "tensor/op_registry.h"

namespace wick::frontend::internal {

class Translator;
struct TraceState;

struct ShapeEnv {
  // Per graph symbol (the same ids as graph::Graph::symbols()): where it is read, its
  // expression, and whether it is a size (range [2, inf)).
  std::vector<guards::ShapeSymbols::Binding> bindings;
  std::vector<sym::ExprPtr> exprs;
  std::vector<bool> is_size;
  // Sources whose value is an expression over the symbols: duck-sized sizes (equal to
  // an existing symbol) and the strides of dynamic inputs; guards check each equality.
  std::vector<std::pair<guards::ShapeSymbols::Binding, sym::ExprPtr>> aliases;
  std::vector<sym::Relation> relations;
  absl::flat_hash_set<std::string> relation_keys;
  std::map<int64_t, int32_t> duck;     // hint -> size symbol
  std::map<std::string, int32_t> by_source;  // source name -> graph symbol
  std::set<int64_t> used_ids;          // the N of each "sN" taken
  // The `dynamic` log records of this trace, written when it completes (a trace that
  // restarts with more inputs known logs nothing).
  std::vector<std::string> log;
};

// Writes the trace's `dynamic` log records.
void FlushShapeLog(ShapeEnv& env);

// Whether tensor input dimension `dim` of `t` (read from `source`) gets a symbol, by
// TraceOptions::dynamic, mark_dynamic/mark_static and automatic dynamic; records what
// the trace saw for the next compile (TraceResult::seen).
// upstream's DimDynamic: kDuck dims (dynamic=True's first compile) share a symbol with
// an earlier duck dim of the same size; kDynamic dims (automatic dynamic, mark_dynamic)
// always get a symbol of their own.
enum class DimKind : uint8_t { kStatic, kDuck, kDynamic };
std::vector<DimKind> DynamicDims(TraceState& st, const vm::Value& v, const tensor::Tensor& t,
                                 const guards::SourcePtr& source);
// Guards that stride `dim` of the tensor input at `source` equals `e` (a dynamic input's
// stride that depends on its symbolic sizes).
void StrideEquals(TraceState& st, const guards::SourcePtr& source, int32_t dim,
                  sym::ExprPtr e);
// A symbol for size `dim` of the tensor input at `placeholder`: a new one, or (duck
// sizing, `duck`) the one an earlier duck size with the same value got, with an
// equality guard.
sym::ExprPtr SizeSymbol(TraceState& st, const std::string& user_location,
                        const guards::SourcePtr& source, int32_t dim, int64_t hint,
                        graph::NodeId placeholder, bool duck);
// Whether the int at `source` becomes a symbolic input (automatic dynamic on a value
// change, dynamic=True); records what the trace saw. False for bools, nn.Module
// attributes (unless allow_unspec_int_on_nn_module) and with dynamic=False.
bool DynamicInt(TraceState& st, const vm::Value& v, const guards::SourcePtr& source);
// The same for a float (a symbolic float is a 0-dim float64 graph input).
bool DynamicFloat(TraceState& st, const vm::Value& v, const guards::SourcePtr& source);
// The symbolic int input at `source` (its placeholder made by the caller).
sym::ExprPtr IntSymbol(TraceState& st, const std::string& user_location,
                       const guards::SourcePtr& source, int64_t hint,
                       graph::NodeId placeholder);

int64_t HintOf(const TraceState& st, const sym::Expr& e);
VarPtr MakeSymInt(const TraceState& st, sym::ExprPtr e);  // a constant when e folds
// Evaluates `a rel b` on the hints and guards the outcome (nothing for constants).
bool EvaluateRelation(Translator& tx, sym::Rel rel, const sym::ExprPtr& a,
                      const sym::ExprPtr& b);
// Guards `e == hint` and returns the hint (upstream's guard_int).
int64_t Specialize(Translator& tx, const sym::ExprPtr& e);
// Turns a kSymInt (or tuples/lists/Sizes holding them) into constants, guarding each.
void SpecializeVar(Translator& tx, const VarPtr& v);
bool ContainsSymInt(const VarPtr& v);

// A tracker's int value as an expression (kSymInt, int/bool constant), or null.
sym::ExprPtr AsExpr(const VarPtr& v);

// Output sizes of call node `id` as expressions, derived from its arguments' (shape
// rules per op family; an op without a rule specialises the symbols it reads).
absl::Status PropagateSizes(Translator& tx, graph::NodeId id);

// The trace's shape guards (one kShapeEnv spec per relation), appended to st.guards.
void EmitShapeGuards(TraceState& st);

}  // namespace wick::frontend::internal

#endif  // WICK_FRONTEND_INTERNAL_SHAPE_ENV_H_
