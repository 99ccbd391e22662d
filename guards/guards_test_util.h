// Test fixture for guards/: a Runtime with torch state, a frame of locals, cells,
// globals and builtins the tests fill, and helpers that make tensors, classes and
// instances and build guard specs.
#ifndef WICK_GUARDS_GUARDS_TEST_UTIL_H_
#define WICK_GUARDS_GUARDS_TEST_UTIL_H_

#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "guards/guards.h"
#include "guards/source.h"
#include "tensor/tensor.h"
#include "vm/objects/dict.h"
#include "vm/objects/objects.h"
#include "vm/protocol.h"
#include "vm/runtime.h"
#include "vm/torch/torch.h"

namespace wick::guards::testing {

class GuardsTest : public ::testing::Test {
 protected:
  GuardsTest()
      : globals_(rt_.NewDict()), builtins_(rt_.NewDict()) {
    vm::GetTorchCheckState(rt_);  // create the torch types up front
  }
  ~GuardsTest() override {
    locals_.clear();
    cells_.clear();
  }

  // The frame as a FrameView over the current locals/cells vectors.
  FrameView View() {
    FrameView v;
    v.rt = &rt_;
    v.locals = locals_.data();
    v.num_locals = static_cast<int32_t>(locals_.size());
    v.cells = cells_.data();
    v.num_cells = static_cast<int32_t>(cells_.size());
    v.globals = globals_.as<vm::Dict>();
    v.builtins = builtins_.as<vm::Dict>();
    return v;
  }

  vm::Value Tensor(std::vector<int64_t> sizes,
                   tensor::DType dtype = tensor::DType::kFloat32) {
    return vm::NewTensorObject(rt_, tensor::Tensor::Empty(sizes, dtype).value());
  }
  vm::Value Transposed(const vm::Value& t) {
    const tensor::Tensor& x = vm::TensorOfTensorObject(t);
    std::vector<int64_t> sizes(x.sizes().rbegin(), x.sizes().rend());
    std::vector<int64_t> strides(x.strides().rbegin(), x.strides().rend());
    return vm::NewTensorObject(rt_, tensor::Tensor::View(x, sizes, strides, 0));
  }
  vm::Value Str(const char* s) { return rt_.NewStr(s); }
  // class `name` (module __main__) with no methods.
  vm::Value Class(const char* name) {
    vm::Value ns = rt_.NewDict();
    ns.as<vm::Dict>()->SetStr(rt_, rt_.names().module, rt_.NewStr("__main__"));
    return vm::Value::Steal(rt_.NewClass(name, rt_.types().object, ns.as<vm::Dict>()));
  }
  vm::Value Instance(const vm::Value& cls) { return vm::Call(rt_, cls, {}); }
  void SetAttr(const vm::Value& obj, const char* name, vm::Value v) {
    ASSERT_TRUE(vm::SetAttr(rt_, obj, rt_.Intern(name), v));
  }
  void SetGlobal(const char* name, vm::Value v) {
    globals_.as<vm::Dict>()->SetStr(rt_, rt_.Intern(name), std::move(v));
  }
  vm::Value TypeOf(const vm::Value& v) { return vm::Value::Borrow(rt_.TypeOf(v)); }

  static GuardSpec Spec(GuardKind kind, SourcePtr source) {
    GuardSpec s;
    s.kind = kind;
    s.source = std::move(source);
    return s;
  }
  static GuardSpec Equals(SourcePtr source, vm::Value v) {
    GuardSpec s = Spec(GuardKind::kEqualsMatch, std::move(source));
    s.expected = std::move(v);
    return s;
  }
  // TENSOR_MATCH for the contiguous float32 tensor of `sizes`.
  static GuardSpec TensorMatch(SourcePtr source, std::vector<int64_t> sizes) {
    GuardSpec s = Spec(GuardKind::kTensorMatch, std::move(source));
    int64_t stride = 1;
    s.tensor.sizes.resize(sizes.size());
    s.tensor.strides.resize(sizes.size());
    for (size_t i = sizes.size(); i-- > 0;) {
      s.tensor.sizes[i] = sizes[i];
      s.tensor.strides[i] = stride;
      stride *= sizes[i];
    }
    return s;
  }
  std::unique_ptr<GuardTree> Build(std::vector<GuardSpec> specs) {
    auto tree = GuardTree::Build(std::move(specs));
    EXPECT_TRUE(tree.ok()) << tree.status();
    return tree.ok() ? std::move(tree).value() : nullptr;
  }

  vm::Runtime rt_;
  vm::Value globals_, builtins_;
  std::vector<vm::Value> locals_;
  std::vector<vm::Value> cells_;
};

}  // namespace wick::guards::testing

#endif  // WICK_GUARDS_GUARDS_TEST_UTIL_H_
