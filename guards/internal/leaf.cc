// Leaf guard checks, code parts and failure reasons (see leaf.h).
#include "guards/internal/leaf.h"

#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <vector>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "guards/internal/repr.h"
#include "guards/internal/resolve.h"
#include "tensor/dtype.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/runtime.h"

namespace wick::guards::internal {
namespace {

// id() of a value as upstream prints it: the object's address (inline values have no
// address; their payload stands in, which is as stable as CPython's small-int ids).
uint64_t IdOf(const vm::Value& v) {
  if (v.is_object()) return reinterpret_cast<uintptr_t>(v.object());
  return static_cast<uint64_t>(v.as_int());
}

std::string OptionalList(const std::vector<std::optional<int64_t>>& xs) {
  return "[" +
         absl::StrJoin(xs, ", ",
                       [](std::string* out, const std::optional<int64_t>& x) {
                         out->append(x.has_value() ? absl::StrCat(*x) : "None");
                       }) +
         "]";
}

std::string TensorTypeName(const TensorSpec& t) {
  if (t.type.is_object()) return t.type.as<vm::Type>()->name();
  return "Tensor";
}

std::string SourceName(const GuardSpec& spec) {
  return spec.source ? spec.source->Name() : "";
}

std::string MakeCode(const GuardSpec& spec) {
  std::string ref = SourceName(spec);
  switch (spec.kind) {
    case GuardKind::kTypeMatch:
      return absl::StrCat("___check_type_id(", ref, ", ", IdOf(spec.expected), ")");
    case GuardKind::kIdMatch:
      return absl::StrCat("___check_obj_id(", ref, ", ", IdOf(spec.expected), ")");
    case GuardKind::kEqualsMatch:
      return absl::StrCat(ref, " == ", ConstantRepr(spec.expected));
    case GuardKind::kNone:
      return absl::StrCat(ref, " is None");
    case GuardKind::kLength:
      return absl::StrCat("len(", ref, ") == ", spec.length);
    case GuardKind::kTensorMatch: {
      const TensorSpec& t = spec.tensor;
      // wick tensors live on the CPU; upstream's key set for a CPU tensor is this one
      // whether or not it requires grad.
      return absl::StrCat("check_tensor(", ref, ", ", TensorTypeName(t),
                          ", DispatchKeySet(CPU, BackendSelect, ADInplaceOrView, AutogradCPU)"
                          ", torch.",
                          tensor::DTypeName(t.dtype), ", device=None, requires_grad=",
                          t.requires_grad ? "True" : "False", ", size=", OptionalList(t.sizes),
                          ", stride=", OptionalList(t.strides), ")");
    }
    case GuardKind::kNoTensorAliasing:
      return absl::StrCat("check_no_aliasing(",
                          absl::StrJoin(spec.aliases, ", ",
                                        [](std::string* out, const SourcePtr& s) {
                                          out->append(s->Name());
                                        }),
                          ")");
    case GuardKind::kGlobalState:
      return "___check_global_state()";
    case GuardKind::kShapeEnv: {
      const ShapeSymbols* shape = spec.shape.get();
      return spec.relation.Python([shape](int32_t id) { return shape->Name(id); });
    }
    case GuardKind::kDictKeys:
      return absl::StrCat("list(dict.keys(", ref, ")) == [",
                          absl::StrJoin(spec.keys, ", ",
                                        [](std::string* out, const vm::Value& k) {
                                          out->append(ConstantRepr(k));
                                        }),
                          "]");
  }
  return "";
}

bool IsContainer(const vm::Value& v, vm::Layout* layout) {
  if (!v.is_object()) return false;
  *layout = v.object()->type()->layout();
  return *layout == vm::Layout::kList || *layout == vm::Layout::kTuple ||
         *layout == vm::Layout::kDict;
}

int64_t ContainerLength(const vm::Value& v, vm::Layout layout) {
  switch (layout) {
    case vm::Layout::kList: return static_cast<int64_t>(v.as<vm::List>()->items.size());
    case vm::Layout::kTuple: return static_cast<int64_t>(v.as<vm::Tuple>()->items.size());
    default: return v.as<vm::Dict>()->size();
  }
}

}  // namespace

absl::Status Leaf::Validate(const GuardSpec& spec) {
  if (spec.kind == GuardKind::kShapeEnv) {
    if (spec.shape == nullptr || spec.relation.lhs == nullptr || spec.relation.rhs == nullptr) {
      return absl::InvalidArgumentError("shape guard without symbols or relation");
    }
    for (const sym::ExprPtr& e : {spec.relation.lhs, spec.relation.rhs}) {
      for (int32_t id : sym::FreeSymbols(*e)) {
        if (id >= static_cast<int32_t>(spec.shape->symbols.size()) ||
            spec.shape->symbols[id].source == nullptr) {
          return absl::InvalidArgumentError("shape guard on an unbound symbol");
        }
      }
    }
    return absl::OkStatus();
  }
  if (spec.kind != GuardKind::kGlobalState && spec.kind != GuardKind::kNoTensorAliasing &&
      spec.source == nullptr) {
    return absl::InvalidArgumentError("guard spec without a source");
  }
  switch (spec.kind) {
    case GuardKind::kTypeMatch:
      if (!spec.expected.is_object() ||
          spec.expected.object()->type()->layout() != vm::Layout::kType) {
        return absl::InvalidArgumentError(
            absl::StrCat("TYPE_MATCH guard on ", SourceName(spec), " needs a type"));
      }
      break;
    case GuardKind::kEqualsMatch:
      if (!IsConstant(spec.expected)) {
        return absl::InvalidArgumentError(absl::StrCat(
            "EQUALS_MATCH guard on ", SourceName(spec),
            " needs None, a bool, int, float, str, range or a tuple of these; got ",
            spec.expected.is_object() ? spec.expected.object()->type()->name() : "?"));
      }
      break;
    case GuardKind::kNoTensorAliasing:
      if (spec.aliases.size() < 2) {
        return absl::InvalidArgumentError("NO_TENSOR_ALIASING needs at least two sources");
      }
      for (const SourcePtr& s : spec.aliases) {
        if (s == nullptr) return absl::InvalidArgumentError("NO_TENSOR_ALIASING: null source");
      }
      break;
    case GuardKind::kDictKeys:
      for (const vm::Value& k : spec.keys) {
        if (!IsConstant(k)) {
          return absl::InvalidArgumentError(absl::StrCat(
              "DICT_KEYS_MATCH guard on ", SourceName(spec), " needs constant keys"));
        }
      }
      break;
    case GuardKind::kTensorMatch:
      if (!spec.tensor.strides.empty() && spec.tensor.strides.size() != spec.tensor.sizes.size()) {
        return absl::InvalidArgumentError(absl::StrCat(
            "TENSOR_MATCH guard on ", SourceName(spec), ": sizes and strides differ in rank"));
      }
      break;
    default:
      break;
  }
  return absl::OkStatus();
}

Leaf::Leaf(GuardSpec spec) : spec_(std::move(spec)), code_(MakeCode(spec_)) {
  if (spec_.kind == GuardKind::kTypeMatch) expected_type_ = spec_.expected.as<vm::Type>();
  if (spec_.kind == GuardKind::kShapeEnv) shape_values_.resize(spec_.shape->symbols.size());
}

const char* Leaf::KindName() const { return GuardKindName(spec_.kind); }

}  // namespace wick::guards::internal

namespace wick::guards {

const char* GuardKindName(GuardKind kind) {
  switch (kind) {
    case GuardKind::kTypeMatch: return "TYPE_MATCH";
    case GuardKind::kIdMatch: return "ID_MATCH";
    case GuardKind::kEqualsMatch: return "EQUALS_MATCH";
    case GuardKind::kNone: return "NONE_MATCH";
    case GuardKind::kLength: return "LENGTH_CHECK";
    case GuardKind::kTensorMatch: return "TENSOR_MATCH";
    case GuardKind::kNoTensorAliasing: return "NO_TENSOR_ALIASING";
    case GuardKind::kGlobalState: return "GLOBAL_STATE";
    case GuardKind::kDictKeys: return "DICT_KEYS_MATCH";
    case GuardKind::kShapeEnv: return "LAMBDA_GUARD";
  }
  return "?";
}

std::string ShapeSymbols::Name(int32_t id) const {
  if (id < 0 || id >= static_cast<int32_t>(symbols.size()) || symbols[id].source == nullptr) {
    return absl::StrCat("s?", id);
  }
  const Binding& b = symbols[id];
  if (b.dim < 0) return b.source->Name();
  return absl::StrCat(b.source->Name(), b.stride ? ".stride()[" : ".size()[", b.dim, "]");
}

}  // namespace wick::guards

namespace wick::guards::internal {

std::string Leaf::VerboseCode() const {
  std::string extra;
  if (!spec_.user_code.empty()) extra = "  # " + spec_.user_code;
  if (!spec_.user_location.empty()) extra += "  # " + spec_.user_location;
  if (extra.empty()) return code_;  // upstream pads here too; trailing blanks dropped
  std::string out = code_;
  if (out.size() < 60) out.resize(60, ' ');
  return out + extra;
}

bool Leaf::Check(const vm::Value* value, const CheckContext& ctx) const {
  switch (spec_.kind) {
    case GuardKind::kTypeMatch:
      return ctx.frame->rt->TypeOf(*value) == expected_type_;
    case GuardKind::kIdMatch:
      return value->Is(spec_.expected);
    case GuardKind::kEqualsMatch:
      return ConstantEquals(*value, spec_.expected);
    case GuardKind::kNone:
      return value->is_none();
    case GuardKind::kLength: {
      vm::Layout layout;
      return IsContainer(*value, &layout) && ContainerLength(*value, layout) == spec_.length;
    }
    case GuardKind::kTensorMatch:
      return CheckTensor(*value, ctx);
    case GuardKind::kNoTensorAliasing:
      return CheckNoAliasing(ctx);
    case GuardKind::kGlobalState:
      return ctx.torch.grad_enabled == spec_.grad_enabled;
    case GuardKind::kDictKeys:
      return CheckDictKeys(*value);
    case GuardKind::kShapeEnv:
      return CheckShape(ctx);
  }
  return false;
}

bool BindShapeSymbols(const ShapeSymbols& symbols, const CheckContext& ctx, int64_t* values) {
  for (size_t i = 0; i < symbols.symbols.size(); ++i) {
    const ShapeSymbols::Binding& b = symbols.symbols[i];
    const vm::Value* v = Resolve(*b.source, *ctx.frame);
    if (v == nullptr) return false;
    if (b.dim < 0) {
      if (!v->is_int()) return false;
      values[i] = v->as_int();
      continue;
    }
    const tensor::Tensor* t = TensorOf(ctx.torch, *v);
    if (t == nullptr || b.dim >= t->dim()) return false;
    values[i] = b.stride ? t->strides()[b.dim] : t->sizes()[b.dim];
  }
  return true;
}

bool Leaf::CheckShape(const CheckContext& ctx) const {
  return BindShapeSymbols(*spec_.shape, ctx, shape_values_.data()) &&
         spec_.relation.Holds(shape_values_);
}

bool Leaf::CheckTensor(const vm::Value& v, const CheckContext& ctx) const {
  const tensor::Tensor* t = TensorOf(ctx.torch, v);
  if (t == nullptr) return false;
  const TensorSpec& s = spec_.tensor;
  if (s.type.is_object() && v.object()->type() != s.type.object()) return false;
  if (t->dtype() != s.dtype || t->requires_grad() != s.requires_grad) return false;
  tensor::IntSpan sizes = t->sizes();
  if (sizes.size() != s.sizes.size()) return false;
  tensor::IntSpan strides = t->strides();
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (s.sizes[i].has_value() && *s.sizes[i] != sizes[i]) return false;
    if (!s.strides.empty() && s.strides[i].has_value() && *s.strides[i] != strides[i]) {
      return false;
    }
  }
  return true;
}

bool Leaf::CheckNoAliasing(const CheckContext& ctx) const {
  // A handful of tensors: pairwise comparison beats any set, and allocates nothing.
  const size_t n = spec_.aliases.size();
  for (size_t i = 0; i < n; ++i) {
    const vm::Value* a = Resolve(*spec_.aliases[i], *ctx.frame);
    const tensor::Tensor* ta = a ? TensorOf(ctx.torch, *a) : nullptr;
    if (ta == nullptr) return false;
    for (size_t j = i + 1; j < n; ++j) {
      const vm::Value* b = Resolve(*spec_.aliases[j], *ctx.frame);
      const tensor::Tensor* tb = b ? TensorOf(ctx.torch, *b) : nullptr;
      if (tb == nullptr || a->Is(*b) || ta->is_same(*tb) || ta->shares_storage(*tb)) {
        return false;
      }
    }
  }
  return true;
}

bool Leaf::CheckDictKeys(const vm::Value& v) const {
  if (!v.is_object() || v.object()->type()->layout() != vm::Layout::kDict) return false;
  const vm::Dict* d = v.as<vm::Dict>();
  if (d->size() != static_cast<int64_t>(spec_.keys.size())) return false;
  size_t pos = 0;
  const vm::Dict::Entry* e = nullptr;
  for (const vm::Value& k : spec_.keys) {
    if (!d->Next(&pos, &e) || !ConstantEquals(e->key, k)) return false;
  }
  return true;
}

std::string Leaf::FailReason(const vm::Value* value, const CheckContext& ctx,
                             bool verbose) const {
  if (Check(value, ctx)) return "";
  switch (spec_.kind) {
    case GuardKind::kTensorMatch:
      return TensorFailReason(*value, ctx);
    case GuardKind::kGlobalState:
      // upstream's GlobalStateGuard::reason(): each changed field's name and a space.
      return "GLOBAL_STATE changed: grad_mode ";
    default:
      return verbose ? VerboseCode() : code_;
  }
}

std::string Leaf::TensorFailReason(const vm::Value& v, const CheckContext& ctx) const {
  const std::string name = SourceName(spec_);
  const TensorSpec& s = spec_.tensor;
  const tensor::Tensor* t = TensorOf(ctx.torch, v);
  if (t == nullptr || (s.type.is_object() && v.object()->type() != s.type.object())) {
    // Byte for byte upstream's text, stray quote included.
    return absl::StrCat("expected type of '", name, "' to be a tensor type, ' but found ",
                        TypeRepr(ctx.frame->rt->TypeOf(v)));
  }
  std::ostringstream r;
  r << "tensor '" << name << "' ";
  tensor::IntSpan sizes = t->sizes();
  tensor::IntSpan strides = t->strides();
  if (t->dtype() != s.dtype) {
    r << "dtype mismatch. expected " << tensor::ScalarTypeName(s.dtype) << ", actual "
      << tensor::ScalarTypeName(t->dtype());
  } else if (t->requires_grad() != s.requires_grad) {
    r << "requires_grad mismatch. expected requires_grad=" << (s.requires_grad ? 1 : 0);
  } else if (sizes.size() != s.sizes.size()) {
    r << "rank mismatch. expected " << s.sizes.size() << ", actual " << sizes.size();
  } else {
    for (size_t i = 0; i < sizes.size(); ++i) {
      if (s.sizes[i].has_value() && *s.sizes[i] != sizes[i]) {
        r << "size mismatch at index " << i << ". expected " << *s.sizes[i] << ", actual "
          << sizes[i];
        break;
      }
      if (!s.strides.empty() && s.strides[i].has_value() && *s.strides[i] != strides[i]) {
        r << "stride mismatch at index " << i << ". expected " << *s.strides[i]
          << ", actual " << strides[i];
        break;
      }
    }
  }
  if (ctx.torch.parameter != nullptr && v.object()->type()->IsSubtypeOf(ctx.torch.parameter)) {
    r << ". Guard failed on a parameter, consider using "
         "torch._dynamo.config.force_parameter_static_shapes = False "
         "to allow dynamism on parameters.";
  }
  return r.str();
}

namespace {

// Matches upstream's pattern L\[\s*['"](.*?)['"]\s*\] at `i`: returns one past the
// closing bracket and sets *content, or npos.
size_t MatchLocalRef(absl::string_view s, size_t i, absl::string_view* content) {
  if (s.substr(i, 2) != "L[") return absl::string_view::npos;
  size_t j = i + 2;
  while (j < s.size() && s[j] == ' ') ++j;
  if (j >= s.size() || (s[j] != '\'' && s[j] != '"')) return absl::string_view::npos;
  for (size_t k = j + 1; k < s.size(); ++k) {  // shortest content (non-greedy group)
    if (s[k] != '\'' && s[k] != '"') continue;
    size_t m = k + 1;
    while (m < s.size() && s[m] == ' ') ++m;
    if (m < s.size() && s[m] == ']') {
      *content = s.substr(j + 1, k - j - 1);
      return m + 1;
    }
  }
  return absl::string_view::npos;
}

}  // namespace

std::string StripLocalScope(absl::string_view s) {
  std::string out;
  size_t i = 0;
  while (i < s.size()) {
    absl::string_view content;
    size_t end = MatchLocalRef(s, i, &content);
    if (end == absl::string_view::npos) {
      out.push_back(s[i++]);
    } else {
      out.append(content.data(), content.size());
      i = end;
    }
  }
  return out;
}

}  // namespace wick::guards::internal
