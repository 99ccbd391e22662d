// The guard tree: one manager node per distinct source, nested along source chains
// (L['self'] -> .fc1 -> .weight), globals under a "G" node, leaf checks on each node.
//
// Check order and reordering: a node runs its leaves in insertion order (the tracer
// emits cheap TYPE_MATCH-style checks first), then its children. Every failure bumps
// the failing leaf's and node's counters; when a child that was not first fails, it is
// moved forward past siblings that failed less often (an in-place insertion step, so no
// allocation and ties keep their order). Over many calls the siblings end up sorted by
// failure count, most failing first, which makes a failing check usually fail early.
// This mirrors upstream's GuardManager, which sorts its accessors by fail count.
#include "guards/guards.h"

#include <algorithm>
#include <memory>
#include <tuple>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "guards/internal/leaf.h"
#include "guards/internal/repr.h"
#include "guards/internal/resolve.h"
#include "guards/internal/torch_access.h"
#include "vm/object.h"

namespace wick::guards {

using internal::CheckContext;
using internal::Leaf;

namespace {

struct Node {
  enum class Access : uint8_t { kRoot, kGlobals, kSource };
  Access access = Access::kSource;
  SourcePtr source;                 // kSource only
  std::vector<const Leaf*> leaves;  // owned by GuardTree::Impl::leaves
  std::vector<const Leaf*> alias_leaves;  // NO_TENSOR_ALIASING naming this source (print)
  std::vector<std::unique_ptr<Node>> children;
  int64_t fail_count = 0;
};

// Moves children[i] forward past siblings that failed strictly less often.
void Promote(std::vector<std::unique_ptr<Node>>& children, size_t i) {
  while (i > 0 && children[i - 1]->fail_count < children[i]->fail_count) {
    std::swap(children[i - 1], children[i]);
    --i;
  }
}

// The accessor half of a manager line, as upstream's accessor repr() prints it.
std::string AccessorRepr(const Node& node, const Node* parent) {
  if (node.access == Node::Access::kGlobals) return "GlobalsGuardAccessor";
  const Source& s = *node.source;
  switch (s.kind()) {
    case Source::Kind::kLocal:
    case Source::Kind::kStack:
    case Source::Kind::kCell:
      // Cells print their cell index: the frame view does not say how many fast locals
      // precede them in CPython's localsplus numbering.
      return absl::StrCat("FrameLocalsGuardAccessor(key=", internal::StrRepr(s.name()),
                          ", framelocals_idx=", s.index(), ")");
    case Source::Kind::kGlobal:
      return absl::StrCat("DictGetItemGuardAccessor(", internal::StrRepr(s.name()), ")");
    case Source::Kind::kAttr:
      return absl::StrCat("GetAttrGuardAccessor(", s.name(), ")");
    case Source::Kind::kItem:
      break;
  }
  if (s.has_str_key()) {
    return absl::StrCat("DictGetItemGuardAccessor(", internal::StrRepr(s.name()), ")");
  }
  // The container kind comes from the parent's TYPE_MATCH when the tracer emitted one.
  const char* accessor = "GetItemGuardAccessor";
  for (const Leaf* leaf : parent->leaves) {
    if (leaf->spec().kind != GuardKind::kTypeMatch) continue;
    switch (leaf->spec().expected.as<vm::Type>()->layout()) {
      case vm::Layout::kList: accessor = "ListGetItemGuardAccessor"; break;
      case vm::Layout::kTuple: accessor = "TupleGetItemGuardAccessor"; break;
      case vm::Layout::kDict: accessor = "DictGetItemGuardAccessor"; break;
      default: break;
    }
  }
  return absl::StrCat(accessor, "(", s.index(), ")");
}

}  // namespace

struct GuardTree::Impl {
  std::vector<std::unique_ptr<Leaf>> leaves;
  Node root;
  // NO_TENSOR_ALIASING leaves: checked after the tree, so a tensor that fails its own
  // TENSOR_MATCH reports that first.
  std::vector<const Leaf*> epilogue;
  std::vector<const Leaf*> root_epilogue;  // shape guards, printed at the root's end
  mutable std::vector<int64_t> shape_values;  // room for the shape guards' symbols
  bool needs_torch = false;

  Node* EnsureNode(const SourcePtr& source);
  Node* GlobalsNode();
  bool CheckNode(Node& node, const vm::Value* value, const CheckContext& ctx);
  void ExplainNode(const Node& node, const vm::Value* value, const CheckContext& ctx,
                   bool verbose, std::vector<std::string>* out) const;
  void PrintNode(const Node& node, int depth, absl::flat_hash_set<const Leaf*>* printed,
                 std::string* out) const;
  CheckContext Context(const FrameView& frame) const;
};

Node* GuardTree::Impl::GlobalsNode() {
  for (auto& child : root.children) {
    if (child->access == Node::Access::kGlobals) return child.get();
  }
  root.children.push_back(std::make_unique<Node>());
  root.children.back()->access = Node::Access::kGlobals;
  return root.children.back().get();
}

Node* GuardTree::Impl::EnsureNode(const SourcePtr& source) {
  Node* parent = source->base() != nullptr ? EnsureNode(source->base())
                 : source->kind() == Source::Kind::kGlobal ? GlobalsNode()
                                                           : &root;
  for (auto& child : parent->children) {
    if (child->source != nullptr && *child->source == *source) return child.get();
  }
  parent->children.push_back(std::make_unique<Node>());
  parent->children.back()->source = source;
  return parent->children.back().get();
}

CheckContext GuardTree::Impl::Context(const FrameView& frame) const {
  CheckContext ctx;
  ctx.frame = &frame;
  if (needs_torch) ctx.torch = internal::GetTorchTypes(*frame.rt);
  return ctx;
}

GuardTree::GuardTree() : impl_(std::make_unique<Impl>()) {
  impl_->root.access = Node::Access::kRoot;
}
GuardTree::~GuardTree() = default;

absl::StatusOr<std::unique_ptr<GuardTree>> GuardTree::Build(std::vector<GuardSpec> specs) {
  std::unique_ptr<GuardTree> tree(new GuardTree());
  Impl& impl = *tree->impl_;
  // The code part names the guard completely (kind, source and expected value), so
  // equal code means a duplicate; the first occurrence keeps its user location.
  absl::flat_hash_set<std::string> seen;
  // Upstream builds its tree from the guards sorted by Guard.sort_key: frame locals
  // before globals, then shorter source names first, then by name; guards on one
  // source keep their order. So fn(x, c)'s tree checks L['c'] before L['x'].
  auto key = [](const GuardSpec& g) {
    const std::string name = g.source != nullptr ? g.source->Name() : "";
    const bool global = !name.empty() && name[0] == 'G';
    // Guards without a source (grad mode, aliasing, shape) come after the tree's, as
    // upstream installs them; they print at the root or under their sources anyway.
    return std::make_tuple(g.source == nullptr ? 1 : 0, global ? 1 : 0, name.size(), name);
  };
  // (std::sort over positions: stable_sort's temporary buffer comes from the nothrow
  // operator new, which allocation-counting tests do not replace.)
  std::vector<std::pair<decltype(key(specs[0])), size_t>> order;
  order.reserve(specs.size());
  for (size_t i = 0; i < specs.size(); ++i) order.emplace_back(key(specs[i]), i);
  std::sort(order.begin(), order.end());
  std::vector<GuardSpec> sorted;
  sorted.reserve(specs.size());
  for (const auto& [k, i] : order) sorted.push_back(std::move(specs[i]));
  specs = std::move(sorted);
  for (GuardSpec& spec : specs) {
    absl::Status valid = Leaf::Validate(spec);
    if (!valid.ok()) return valid;
    auto leaf = std::make_unique<Leaf>(std::move(spec));
    if (!seen.insert(absl::StrCat(leaf->KindName(), ":", leaf->code())).second) continue;
    const GuardSpec& s = leaf->spec();
    if (s.kind == GuardKind::kTensorMatch || s.kind == GuardKind::kGlobalState ||
        s.kind == GuardKind::kNoTensorAliasing || s.kind == GuardKind::kShapeEnv) {
      impl.needs_torch = true;
    }
    if (s.kind == GuardKind::kShapeEnv) {
      // After the tree (a changed size reports as TENSOR_MATCH's mismatch first, as
      // upstream), printed at the root.
      impl.epilogue.push_back(leaf.get());
      impl.root_epilogue.push_back(leaf.get());
      impl.shape_values.resize(std::max(impl.shape_values.size(), s.shape->symbols.size()));
    } else if (s.kind == GuardKind::kNoTensorAliasing) {
      // Checked once after the tree; printed under each aliased source, as upstream does.
      impl.epilogue.push_back(leaf.get());
      for (const SourcePtr& a : s.aliases) impl.EnsureNode(a)->alias_leaves.push_back(leaf.get());
    } else if (s.source == nullptr) {
      impl.root.leaves.push_back(leaf.get());
    } else {
      impl.EnsureNode(s.source)->leaves.push_back(leaf.get());
    }
    impl.leaves.push_back(std::move(leaf));
  }
  return tree;
}

bool GuardTree::Impl::CheckNode(Node& node, const vm::Value* value, const CheckContext& ctx) {
  for (const Leaf* leaf : node.leaves) {
    if (!leaf->Check(value, ctx)) {
      ++leaf->fail_count;
      ++node.fail_count;
      return false;
    }
  }
  for (size_t i = 0; i < node.children.size(); ++i) {
    Node& child = *node.children[i];
    bool ok;
    if (child.access == Node::Access::kGlobals) {
      ok = CheckNode(child, nullptr, ctx);
    } else {
      const vm::Value* v = internal::Step(*child.source, value, *ctx.frame);
      if (v == nullptr) ++child.fail_count;  // the path is gone: this node fails
      ok = v != nullptr && CheckNode(child, v, ctx);
    }
    if (!ok) {
      ++node.fail_count;
      Promote(node.children, i);
      return false;
    }
  }
  return true;
}

bool GuardTree::Check(const FrameView& frame) const {
  CheckContext ctx = impl_->Context(frame);
  if (!impl_->CheckNode(impl_->root, nullptr, ctx)) return false;
  // Shape guards share one set of symbols: read them once, then test each relation.
  std::vector<int64_t>& values = impl_->shape_values;
  const ShapeSymbols* bound = nullptr;
  for (const Leaf* leaf : impl_->epilogue) {
    bool ok;
    if (leaf->spec().kind == GuardKind::kShapeEnv) {
      if (bound != leaf->spec().shape.get()) {
        bound = leaf->spec().shape.get();
        if (!internal::BindShapeSymbols(*bound, ctx, values.data())) {
          ++leaf->fail_count;
          return false;
        }
      }
      ok = leaf->spec().relation.Holds(values);
    } else {
      ok = leaf->Check(nullptr, ctx);
    }
    if (!ok) {
      ++leaf->fail_count;
      return false;
    }
  }
  return true;
}

void GuardTree::Impl::ExplainNode(const Node& node, const vm::Value* value,
                                  const CheckContext& ctx, bool verbose,
                                  std::vector<std::string>* out) const {
  for (const Leaf* leaf : node.leaves) {
    std::string reason = leaf->FailReason(value, ctx, verbose);
    if (!reason.empty()) out->push_back(internal::StripLocalScope(reason));
  }
  for (const auto& child : node.children) {
    if (child->access == Node::Access::kGlobals) {
      ExplainNode(*child, nullptr, ctx, verbose, out);
      continue;
    }
    const vm::Value* v = internal::Step(*child->source, value, *ctx.frame);
    if (v != nullptr) {
      ExplainNode(*child, v, ctx, verbose, out);
      continue;
    }
    // upstream's accessor failure texts (GetAttrGuardAccessor, DictGetItemGuardAccessor,
    // List/TupleGetItemGuardAccessor check_verbose).
    const Source& s = *child->source;
    std::string name = internal::StripLocalScope(s.Name());
    if (s.kind() == Source::Kind::kAttr) {
      out->push_back("getattr failed on source " + name);
    } else if (s.kind() == Source::Kind::kItem && !s.has_str_key()) {
      out->push_back("IndexError on " + name);
    } else {
      out->push_back("KeyError on " + name);
    }
  }
}

std::vector<std::string> GuardTree::Explain(const FrameView& frame,
                                            bool with_user_location) const {
  std::vector<std::string> out;
  CheckContext ctx = impl_->Context(frame);
  impl_->ExplainNode(impl_->root, nullptr, ctx, with_user_location, &out);
  for (const Leaf* leaf : impl_->epilogue) {
    std::string reason = leaf->FailReason(nullptr, ctx, with_user_location);
    if (!reason.empty()) out.push_back(internal::StripLocalScope(reason));
  }
  return out;
}

void GuardTree::Impl::PrintNode(const Node& node, int depth,
                                absl::flat_hash_set<const Leaf*>* printed,
                                std::string* out) const {
  std::string prefix;
  for (int i = 0; i < depth + 1; ++i) prefix += "| ";
  prefix += "+- ";
  for (const Leaf* leaf : node.leaves) {
    absl::StrAppend(out, prefix, leaf->KindName(), ": ", leaf->VerboseCode(), "\n");
  }
  for (const Leaf* leaf : node.alias_leaves) {
    // Upstream prints a relational guard in full once, then only its class name.
    if (printed->contains(leaf)) {
      absl::StrAppend(out, prefix, leaf->KindName(), "\n");
    } else {
      printed->insert(leaf);
      absl::StrAppend(out, prefix, leaf->KindName(), ": ", leaf->VerboseCode(), "\n");
    }
  }
  for (const auto& child : node.children) {
    std::string source = child->access == Node::Access::kGlobals ? "G" : child->source->Name();
    absl::StrAppend(out, prefix, "GuardManager: source=", source,
                    ", accessed_by=", AccessorRepr(*child, &node), "\n");
    PrintNode(*child, depth + 1, printed, out);
  }
}

std::string GuardTree::Print() const {
  std::string out = "TREE_GUARD_MANAGER:\n+- RootGuardManager\n";
  absl::flat_hash_set<const Leaf*> printed;  // membership only, never iterated
  impl_->PrintNode(impl_->root, 0, &printed, &out);
  for (const Leaf* leaf : impl_->root_epilogue) {
    absl::StrAppend(&out, "| +- ", leaf->KindName(), ": ", leaf->VerboseCode(), "\n");
  }
  return out;
}

int GuardTree::size() const { return static_cast<int>(impl_->leaves.size()); }

}  // namespace wick::guards
