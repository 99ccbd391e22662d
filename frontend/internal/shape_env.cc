// The shape environment: symbols, guards on them, and symbolic output sizes (see
// shape_env.h; docs/m5.md is the map).
#include "frontend/internal/shape_env.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "frontend/internal/translator.h"
#include "guards/frame_view.h"
#include "logging/logging.h"
#include "vm/torch/torch.h"

namespace wick::frontend::internal {
namespace {

WICK_LOG_DEFINE_CHANNEL(shapes_log, "torch.fx.experimental.symbolic_shapes");

using sym::ExprPtr;
using sym::Rel;

// --- Symbol names ------------------------------------------------------------------
// Upstream names a symbol after its source: s{sha256(source name) mod 100}, the next
// free number on a collision ("L['x'].size()[0]" is s77).

uint32_t Rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

std::array<uint8_t, 32> Sha256(const std::string& text) {
  static constexpr uint32_t k[64] = {
      0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
      0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
      0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
      0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
      0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
      0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
      0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
      0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
      0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
      0xc67178f2};
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  std::string msg = text;
  const uint64_t bits = static_cast<uint64_t>(text.size()) * 8;
  msg.push_back(static_cast<char>(0x80));
  while (msg.size() % 64 != 56) msg.push_back('\0');
  for (int i = 7; i >= 0; --i) msg.push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
  for (size_t chunk = 0; chunk < msg.size(); chunk += 64) {
    uint32_t w[64];
    for (int i = 0; i < 16; ++i) {
      const auto* p = reinterpret_cast<const uint8_t*>(msg.data() + chunk + 4 * i);
      w[i] = (uint32_t{p[0]} << 24) | (uint32_t{p[1]} << 16) | (uint32_t{p[2]} << 8) | p[3];
    }
    for (int i = 16; i < 64; ++i) {
      const uint32_t s0 = Rotr(w[i - 15], 7) ^ Rotr(w[i - 15], 18) ^ (w[i - 15] >> 3);
      const uint32_t s1 = Rotr(w[i - 2], 17) ^ Rotr(w[i - 2], 19) ^ (w[i - 2] >> 10);
      w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
    for (int i = 0; i < 64; ++i) {
      const uint32_t t1 = hh + (Rotr(e, 6) ^ Rotr(e, 11) ^ Rotr(e, 25)) + ((e & f) ^ (~e & g)) +
                          k[i] + w[i];
      const uint32_t t2 = (Rotr(a, 2) ^ Rotr(a, 13) ^ Rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
      hh = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
  }
  std::array<uint8_t, 32> out;
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 4; ++j) out[4 * i + j] = static_cast<uint8_t>(h[i] >> (24 - 8 * j));
  }
  return out;
}

std::string NewSymbolName(ShapeEnv& env, const std::string& source_name) {
  int64_t n = 0;
  for (uint8_t byte : Sha256(source_name)) n = (n * 256 + byte) % 100;
  while (env.used_ids.count(n)) ++n;
  env.used_ids.insert(n);
  return absl::StrCat("s", n);
}

std::string Where(Translator& tx) {
  const std::string loc = tx.UserLocation();
  return loc.empty() ? "" : absl::StrCat(" at ", loc);
}

bool IsParameterOrBuffer(TraceState& st, const vm::Value& v, const guards::SourcePtr& source) {
  if (vm::IsParameterObject(st.rt, v)) return true;
  // Module buffers and attributes: upstream keeps nn.Module tensors static
  // (force_nn_module_property_static_shapes).
  const std::string name = source->Name();
  return name.find("._buffers[") != std::string::npos;
}

bool IsModuleAttribute(TraceState& st, const guards::SourcePtr& source) {
  if (source->kind() != guards::Source::Kind::kAttr || source->base() == nullptr) return false;
  guards::FrameView view = guards::FrameViewOf(st.rt, st.frame);
  view.builtins = st.builtins;  // the interpreter's when the frame has none
  const vm::Value* base = guards::Resolve(*source->base(), view);
  if (base == nullptr || st.known.nn_module_type.is_none() || !base->is_object()) return false;
  return st.rt.TypeOf(*base)->IsSubtypeOf(st.known.nn_module_type.as<vm::Type>());
}

// Whether a scalar at `source` is dynamic now, recording what the trace saw.
bool DynamicNumber(TraceState& st, double value, const guards::SourcePtr& source) {
  const TraceOptions& o = st.opts;
  const std::string name = source->Name();
  SeenInput now;
  now.number = value;
  st.seen[name] = now;
  if (o.dynamic == DynamicMode::kNone) return false;
  if (o.dynamic == DynamicMode::kAll || !o.assume_static_by_default) return true;
  if (!o.automatic_dynamic_shapes || o.seen == nullptr) return false;
  auto it = o.seen->find(name);
  if (it == o.seen->end()) return false;
  // A tensor before, a number now: dynamic at once, as upstream's frame-state merge
  // makes an input whose kind changed between calls.
  if (it->second.is_tensor) return true;
  return it->second.changed || it->second.number != value;
}

// A relation's canonical key (its sympy text).
void AddRelation(Translator& tx, sym::Relation r, bool log) {
  TraceState& st = tx.state();
  ShapeEnv& env = st.shape_env;
  const std::string key = r.Sympy();
  if (!env.relation_keys.insert(key).second) return;
  env.relations.push_back(std::move(r));
  if (log) env.log.push_back(absl::StrCat("eval ", key, " [guard added]", Where(tx)));
}

// Whether the relation follows from the 2 <= s range of a bare size symbol.
bool ImpliedByRange(const ShapeEnv& env, const sym::Relation& r) {
  std::optional<int64_t> c = sym::AsConstant(*r.rhs);
  const std::vector<int32_t> free = sym::FreeSymbols(*r.lhs);
  if (!c.has_value() || free.size() != 1 || !env.is_size[free[0]] ||
      !sym::Equal(*r.lhs, *env.exprs[free[0]])) {
    return false;
  }
  switch (r.rel) {
    case Rel::kGe: return *c <= 2;
    case Rel::kGt: return *c < 2;
    case Rel::kNe: return *c < 2;
    default: return false;
  }
}

}  // namespace

std::vector<DimKind> DynamicDims(TraceState& st, const vm::Value& v, const tensor::Tensor& t,
                                 const guards::SourcePtr& source) {
  const TraceOptions& o = st.opts;
  const auto sizes = t.sizes();
  std::vector<DimKind> kinds(sizes.size(), DimKind::kStatic);
  if (source == nullptr || IsParameterOrBuffer(st, v, source)) return kinds;
  const std::string name = source->Name();
  SeenInput now;
  now.is_tensor = true;
  for (int64_t s : sizes) now.sizes.push_back(s);
  st.seen[name] = now;
  if (o.dynamic == DynamicMode::kNone) return kinds;
  const std::vector<int64_t>* marked = vm::MarkedDynamicDims(st.rt, v);
  const std::vector<int64_t>* fixed = vm::MarkedStaticDims(st.rt, v);
  const SeenInput* before = nullptr;
  if (o.seen != nullptr && o.automatic_dynamic_shapes) {
    auto it = o.seen->find(name);
    if (it != o.seen->end() && it->second.is_tensor) before = &it->second;
  }
  const bool all = o.dynamic == DynamicMode::kAll || !o.assume_static_by_default;
  bool any = false;
  for (size_t i = 0; i < sizes.size(); ++i) {
    const int64_t d = static_cast<int64_t>(i);
    if (fixed != nullptr && std::count(fixed->begin(), fixed->end(), d)) continue;
    const bool is_marked = marked != nullptr && std::count(marked->begin(), marked->end(), d);
    const bool automatic = before != nullptr && (before->sizes.size() != sizes.size() ||
                                                 !before->sizes[i].has_value() ||
                                                 *before->sizes[i] != sizes[i]);
    DimKind k = is_marked || automatic ? DimKind::kDynamic
                : all                  ? DimKind::kDuck
                                       : DimKind::kStatic;
    // 0 and 1 stay static (upstream's 0/1 specialisation).
    if (sizes[i] < 2) k = DimKind::kStatic;
    kinds[i] = k;
    any |= k != DimKind::kStatic;
  }
  // A symbolic size makes the strides before it symbolic too; wick keeps dynamic inputs
  // to contiguous layouts (others compile static).
  if (any && !t.is_contiguous()) std::fill(kinds.begin(), kinds.end(), DimKind::kStatic);
  return kinds;
}

bool DynamicInt(TraceState& st, const vm::Value& v, const guards::SourcePtr& source) {
  if (source == nullptr || !v.is_int() || v.is_bool()) return false;
  if (!st.opts.allow_unspec_int_on_nn_module && IsModuleAttribute(st, source)) return false;
  return DynamicNumber(st, static_cast<double>(v.as_int()), source);
}

bool DynamicFloat(TraceState& st, const vm::Value& v, const guards::SourcePtr& source) {
  if (source == nullptr || !v.is_float() || st.opts.specialize_float) return false;
  if (IsModuleAttribute(st, source)) return false;
  const double x = v.as_float();
  if (x != x) return false;  // NaN never compares equal: keep it a constant
  return DynamicNumber(st, x, source);
}

sym::ExprPtr SizeSymbol(TraceState& st, const std::string& user_location,
                        const guards::SourcePtr& source, int32_t dim, int64_t hint,
                        graph::NodeId placeholder, bool duck_sized) {
  ShapeEnv& env = st.shape_env;
  const std::string at = user_location.empty() ? "" : " at " + user_location;
  const std::string where = absl::StrCat(source->Name(), ".size()[", dim, "]");
  auto duck = duck_sized ? env.duck.find(hint) : env.duck.end();
  if (duck != env.duck.end()) {
    env.aliases.push_back({{source, dim}, env.exprs[duck->second]});
    env.log.push_back(absl::StrCat("create_symbol ", sym::ToString(*env.exprs[duck->second]),
                                   " duck sized ", where));
    return env.exprs[duck->second];
  }
  const std::string name = NewSymbolName(env, where);
  const int32_t id = st.builder.AddSymbol({name, hint, placeholder, dim});
  env.exprs.push_back(sym::Symbol(id, name));
  if (duck_sized) env.duck.emplace(hint, id);
  env.by_source[where] = id;
  env.bindings.push_back({source, dim});
  env.is_size.push_back(true);
  env.log.push_back(
      absl::StrCat("create_symbol ", name, " = ", hint, " for ", where, " [2, int_oo]", at));
  return env.exprs.back();
}

void StrideEquals(TraceState& st, const guards::SourcePtr& source, int32_t dim,
                  sym::ExprPtr e) {
  guards::ShapeSymbols::Binding b{source, dim};
  b.stride = true;
  st.shape_env.aliases.push_back({b, std::move(e)});
}

sym::ExprPtr IntSymbol(TraceState& st, const std::string& user_location,
                       const guards::SourcePtr& source, int64_t hint,
                       graph::NodeId placeholder) {
  ShapeEnv& env = st.shape_env;
  const std::string at = user_location.empty() ? "" : " at " + user_location;
  auto it = env.by_source.find(source->Name());
  if (it != env.by_source.end()) return env.exprs[it->second];
  const std::string name = NewSymbolName(env, source->Name());
  const int32_t id = st.builder.AddSymbol({name, hint, placeholder, -1});
  env.exprs.push_back(sym::Symbol(id, name));
  env.by_source[source->Name()] = id;
  env.bindings.push_back({source, -1});
  env.is_size.push_back(false);
  env.log.push_back(absl::StrCat("create_symbol ", name, " = ", hint, " for ",
                                 source->Name(), " [-int_oo, int_oo]", at));
  return env.exprs.back();
}

int64_t HintOf(const TraceState& st, const sym::Expr& e) {
  return sym::Eval(e, st.builder.symbol_hints());
}

VarPtr MakeSymInt(const TraceState& st, sym::ExprPtr e) {
  if (std::optional<int64_t> c = sym::AsConstant(*e)) return MakeConstant(vm::Value::Int(*c));
  VarPtr v = MakeVar(VarKind::kSymInt);
  v->value = vm::Value::Int(HintOf(st, *e));
  v->sym = std::move(e);
  return v;
}

sym::ExprPtr AsExpr(const VarPtr& v) {
  if (v->is_symint()) return v->sym;
  if (v->is_constant() && v->value.is_int_like()) return sym::Int(v->value.as_int());
  return nullptr;
}

bool EvaluateRelation(Translator& tx, Rel rel, const ExprPtr& a, const ExprPtr& b) {
  TraceState& st = tx.state();
  sym::Relation r{rel, a, b};
  std::vector<int64_t> hints = st.builder.symbol_hints();
  const bool holds = r.Holds(hints);
  if (sym::FreeSymbols(*a).empty() && sym::FreeSymbols(*b).empty()) return holds;
  sym::Relation fact = holds ? r : sym::Negate(r);
  if (!ImpliedByRange(st.shape_env, fact)) AddRelation(tx, std::move(fact), true);
  return holds;
}

int64_t Specialize(Translator& tx, const ExprPtr& e) {
  const int64_t hint = HintOf(tx.state(), *e);
  if (!sym::FreeSymbols(*e).empty()) AddRelation(tx, {Rel::kEq, e, sym::Int(hint)}, true);
  return hint;
}

bool ContainsSymInt(const VarPtr& v) {
  if (v == nullptr) return false;
  if (v->is_symint() || v->float_input) return true;
  if (v->kind == VarKind::kTuple || v->kind == VarKind::kList || v->kind == VarKind::kSize ||
      v->kind == VarKind::kSlice) {
    for (const VarPtr& x : v->items) {
      if (ContainsSymInt(x)) return true;
    }
  }
  return false;
}

void SpecializeVar(Translator& tx, const VarPtr& v) {
  if (v == nullptr) return;
  if (v->float_input) {
    // Its value: an EQUALS_MATCH guard, as for a float that never changed.
    AddGuard(tx, guards::GuardKind::kEqualsMatch, v->source, v->value);
    v->kind = VarKind::kConstant;
    v->float_input = false;
    v->scalar_item = false;
    v->is_input = false;
    return;
  }
  if (v->is_symint()) {
    const int64_t hint = Specialize(tx, v->sym);
    v->kind = VarKind::kConstant;
    v->value = vm::Value::Int(hint);
    v->sym = nullptr;
    return;
  }
  if (v->kind == VarKind::kTuple || v->kind == VarKind::kList || v->kind == VarKind::kSize ||
      v->kind == VarKind::kSlice) {
    for (const VarPtr& x : v->items) SpecializeVar(tx, x);
  }
}

void FlushShapeLog(ShapeEnv& env) {
  for (const std::string& line : env.log) {
    WICK_LOG_TO(shapes_log, logging::Level::kInfo) << line;
  }
  env.log.clear();
}

void EmitShapeGuards(TraceState& st) {
  ShapeEnv& env = st.shape_env;
  if (env.bindings.empty()) return;
  // Graph symbols first (ids as in the graph), then the duck-sized aliases.
  auto symbols = std::make_shared<guards::ShapeSymbols>();
  symbols->symbols = env.bindings;
  const int32_t n = static_cast<int32_t>(env.bindings.size());
  std::vector<sym::Relation> relations;
  // Ranges of size symbols (2 <= s), the duck-sizing equalities, then the trace's facts.
  for (int32_t id = 0; id < n; ++id) {
    if (env.is_size[id]) relations.push_back({Rel::kLe, sym::Int(2), env.exprs[id]});
  }
  for (size_t k = 0; k < env.aliases.size(); ++k) {
    symbols->symbols.push_back(env.aliases[k].first);
    const int32_t alias_id = n + static_cast<int32_t>(k);
    relations.push_back({Rel::kEq, sym::Symbol(alias_id, "alias"), env.aliases[k].second});
  }
  relations.insert(relations.end(), env.relations.begin(), env.relations.end());
  for (sym::Relation& r : relations) {
    guards::GuardSpec g;
    g.kind = guards::GuardKind::kShapeEnv;
    g.shape = symbols;
    g.relation = std::move(r);
    st.guards.push_back(std::move(g));
  }
}

}  // namespace wick::frontend::internal
