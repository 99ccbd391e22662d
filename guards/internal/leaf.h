// Leaf guards: one GuardSpec made checkable. A leaf knows its upstream kind name
// ("TENSOR_MATCH"), its code part ("L['n'] == 3", as upstream's guards.py writes it),
// how to check a resolved value without allocating, and how to say why a check failed
// in upstream's words (torch/csrc/dynamo/guards.cpp check_verbose).
#ifndef WICK_GUARDS_INTERNAL_LEAF_H_
#define WICK_GUARDS_INTERNAL_LEAF_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "guards/guards.h"
#include "guards/internal/torch_access.h"
#include "vm/value.h"

namespace wick::guards::internal {

// What every leaf check may read besides its value.
struct CheckContext {
  const FrameView* frame = nullptr;
  TorchTypes torch;  // valid when the tree has tensor or global-state leaves
};

class Leaf {
 public:
  // InvalidArgument when `spec` cannot be checked (see GuardTree::Build).
  static absl::Status Validate(const GuardSpec& spec);
  explicit Leaf(GuardSpec spec);

  // `value` is the resolved source (never null for sourced kinds); global-state and
  // aliasing leaves ignore it and read the context/frame.
  bool Check(const vm::Value* value, const CheckContext& ctx) const;
  // Why Check failed, unstripped (names still read L['x']); "" when it holds.
  // With `verbose`, a reason that is the code part comes as VerboseCode().
  std::string FailReason(const vm::Value* value, const CheckContext& ctx,
                         bool verbose = false) const;

  const GuardSpec& spec() const { return spec_; }
  // "TYPE_MATCH", "TENSOR_MATCH", ... (upstream's leaf guard class names).
  const char* KindName() const;
  // Upstream's code part: "___check_type_id(L['x'], 9306112)", "len(L['xs']) == 2".
  const std::string& code() const { return code_; }
  // The code part as the tree prints it: padded to 60 columns and followed by
  // "  # <user code>  # <file:line in fn>" when the spec knows where it came from.
  std::string VerboseCode() const;

  // Times Check returned false (feeds the tree's ordering and tests).
  mutable int64_t fail_count = 0;

 private:
  bool CheckTensor(const vm::Value& v, const CheckContext& ctx) const;
  std::string TensorFailReason(const vm::Value& v, const CheckContext& ctx) const;
  bool CheckNoAliasing(const CheckContext& ctx) const;
  bool CheckDictKeys(const vm::Value& v) const;
  bool CheckShape(const CheckContext& ctx) const;

  GuardSpec spec_;
  std::string code_;
  const vm::Type* expected_type_ = nullptr;  // kTypeMatch
  mutable std::vector<int64_t> shape_values_;  // kShapeEnv: room for its symbols
};

// Reads every symbol of `symbols` from the frame (sizes of tensors, ints); false when a
// source is gone or holds the wrong kind of value.
// `values` has room for every symbol (Check allocates nothing).
bool BindShapeSymbols(const ShapeSymbols& symbols, const CheckContext& ctx, int64_t* values);

// upstream's strip_local_scope: "L['x'].a" -> "x.a" (recompile messages print this).
std::string StripLocalScope(absl::string_view s);

}  // namespace wick::guards::internal

#endif  // WICK_GUARDS_INTERNAL_LEAF_H_
