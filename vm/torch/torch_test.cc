// Tests of the torch bindings through the object protocol (no interpreter needed): the
// module's functions, Tensor operators and methods, indexing, dtypes and torch.Size.
#include "vm/torch/torch.h"

#include <string>

#include "gtest/gtest.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"

namespace wick::vm {
namespace {

class TorchTest : public ::testing::Test {
 protected:
  TorchTest() : torch_(NewTorchModule(rt_)), nn_(NewTorchNNModule(rt_)) {}

  Value Attr(const Value& obj, const char* name) { return GetAttr(rt_, obj, name); }
  Value Torch(const char* name) { return Attr(torch_, name); }
  // repr(v), or the pending exception's "Type: message".
  std::string Show(const Value& v) {
    if (v.is_raised()) return rt_.PendingMessage();
    std::string s;
    if (!StrString(rt_, v, &s)) return rt_.PendingMessage();
    return s;
  }
  Value Ints(std::vector<int64_t> xs) {
    std::vector<Value> items;
    for (int64_t x : xs) items.push_back(Value::Int(x));
    return rt_.NewList(std::move(items));
  }
  Value Call0(const Value& f, Args args, const KwArgs& kw = {}) { return Call(rt_, f, args, kw); }

  Runtime rt_;
  Value torch_, nn_;
};

TEST_F(TorchTest, CreationAndPrinting) {
  Value t = Call0(Torch("tensor"), {Ints({1, 2, 3})});
  EXPECT_EQ(Show(t), "tensor([1, 2, 3])");
  EXPECT_EQ(Show(Call0(Torch("zeros"), {Value::Int(2), Value::Int(3)})),
            "tensor([[0., 0., 0.],\n        [0., 0., 0.]])");
  EXPECT_EQ(Show(Attr(t, "dtype")), "torch.int64");
  EXPECT_EQ(Show(Attr(t, "shape")), "torch.Size([3])");
  EXPECT_EQ(Show(Call0(Torch("arange"), {Value::Float(2.0)})), "tensor([0., 1.])");
  EXPECT_EQ(Show(Call0(Torch("tensor"), {Value::Float(2.5)})), "tensor(2.5000)");
}

TEST_F(TorchTest, OperatorsAndReflected) {
  Value t = Call0(Torch("tensor"), {Ints({1, 2, 3})});
  EXPECT_EQ(Show(BinaryOp(rt_, BinOp::kAdd, t, Value::Int(1))), "tensor([2, 3, 4])");
  EXPECT_EQ(Show(BinaryOp(rt_, BinOp::kSub, Value::Int(10), t)), "tensor([9, 8, 7])");
  EXPECT_EQ(Show(BinaryOp(rt_, BinOp::kTrueDiv, Value::Int(2), t)),
            "tensor([2.0000, 1.0000, 0.6667])");
  EXPECT_EQ(Show(BinaryOp(rt_, BinOp::kMul, t, Value::Float(0.5))),
            "tensor([0.5000, 1.0000, 1.5000])");
  EXPECT_EQ(Show(Compare(rt_, t, Value::Int(2), CmpOp::kGe)), "tensor([False,  True,  True])");
  EXPECT_EQ(Show(UnaryOperation(rt_, UnaryOp::kNeg, t)), "tensor([-1, -2, -3])");
  EXPECT_EQ(Truthy(rt_, t), -1);
  EXPECT_EQ(rt_.PendingMessage(),
            "RuntimeError: Boolean value of Tensor with more than one value is ambiguous");
  Value r = InPlaceOp(rt_, BinOp::kAdd, t, Value::Int(5));
  EXPECT_TRUE(r.Is(t));
  EXPECT_EQ(Show(t), "tensor([6, 7, 8])");
}

TEST_F(TorchTest, MethodsAndVarargs) {
  Value x = Call0(Torch("arange"), {Value::Int(6)});
  Value v = CallMethod(rt_, x, "view", {Value::Int(2), Value::Int(3)});
  EXPECT_EQ(Show(v), "tensor([[0, 1, 2],\n        [3, 4, 5]])");
  EXPECT_EQ(Show(CallMethod(rt_, v, "size", {})), "torch.Size([2, 3])");
  EXPECT_EQ(Show(CallMethod(rt_, v, "size", {Value::Int(-1)})), "3");
  EXPECT_EQ(Show(CallMethod(rt_, v, "size", {Value::Int(2)})),
            "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)");
  EXPECT_EQ(Show(CallMethod(rt_, v, "tolist", {})), "[[0, 1, 2], [3, 4, 5]]");
  EXPECT_EQ(Show(CallMethod(rt_, v, "sum", {})), "tensor(15)");
  Value m = CallMethod(rt_, v, "max", {Value::Int(1)});
  EXPECT_EQ(Show(m),
            "torch.return_types.max(\nvalues=tensor([2, 5]),\nindices=tensor([2, 2]))");
  EXPECT_EQ(Show(Attr(m, "indices")), "tensor([2, 2])");
  EXPECT_EQ(Show(CallMethod(rt_, x, "backward", {})),
            "RuntimeError: element 0 of tensors does not require grad and does not have a "
            "grad_fn");
}

TEST_F(TorchTest, Indexing) {
  Value x = CallMethod(rt_, Call0(Torch("arange"), {Value::Int(24)}), "view",
                       {Value::Int(2), Value::Int(3), Value::Int(4)});
  Value key = rt_.NewTuple({Value::Int(1), rt_.NewSlice(Value::None(), Value::None(),
                                                        Value::Int(2)), Value::Int(3)});
  EXPECT_EQ(Show(GetItem(rt_, x, key)), "tensor([15, 23])");
  EXPECT_EQ(Show(Attr(GetItem(rt_, x, rt_.NewTuple({Value::None(), rt_.Ellipsis()})), "shape")),
            "torch.Size([1, 2, 3, 4])");
  EXPECT_EQ(Show(GetItem(rt_, x, Value::Int(2))),
            "IndexError: index 2 is out of bounds for dimension 0 with size 2");
  Value step = rt_.NewSlice(Value::None(), Value::None(), Value::Int(-1));
  EXPECT_EQ(Show(GetItem(rt_, x, step)), "ValueError: step must be greater than zero");
  Value y = Call0(Torch("zeros"), {Value::Int(4)});
  ASSERT_TRUE(SetItem(rt_, y, Ints({1, 3}), Value::Float(2.5)));
  ASSERT_TRUE(SetItem(rt_, y, Value::Int(0), Value::Int(7)));
  EXPECT_EQ(Show(y), "tensor([7.0000, 2.5000, 0.0000, 2.5000])");
}

TEST_F(TorchTest, DTypesSizeDevice) {
  EXPECT_TRUE(Torch("float").Is(Torch("float32")));
  EXPECT_EQ(Show(Torch("long")), "torch.int64");
  Value s = Call0(Torch("Size"), {Ints({2, 3})});
  EXPECT_EQ(Show(s), "torch.Size([2, 3])");
  EXPECT_EQ(Equal(rt_, s, rt_.NewTuple({Value::Int(2), Value::Int(3)})), 1);
  EXPECT_EQ(Show(CallMethod(rt_, s, "numel", {})), "6");
  Value dev = Call0(Torch("device"), {rt_.NewStr("cpu")});
  EXPECT_EQ(Show(dev), "cpu");
  // Other devices can be named (scripts set `device = torch.device("cuda")`), not used.
  Value cuda = Call0(Torch("device"), {rt_.NewStr("cuda")});
  EXPECT_EQ(Show(cuda), "cuda");
  EXPECT_EQ(Equal(rt_, cuda, dev), 0);
  EXPECT_EQ(Show(Call0(Torch("device"), {rt_.NewStr("foo")})).substr(0, 28),
            "RuntimeError: Expected one o");
}

TEST_F(TorchTest, NNNatives) {
  Value idx = Call0(Torch("tensor"), {Ints({2, 0})});
  Value w = CallMethod(rt_, Call0(Torch("arange"), {Value::Float(6.0)}), "view",
                       {Value::Int(3), Value::Int(2)});
  EXPECT_EQ(Show(Call0(Attr(nn_, "embedding"), {idx, w})), "tensor([[4., 5.],\n        [0., 1.]])");
  Value p = Call0(Attr(nn_, "Parameter"), {Call0(Torch("ones"), {Value::Int(2)})});
  EXPECT_EQ(Show(p), "Parameter containing:\ntensor([1., 1.], requires_grad=True)");
  EXPECT_EQ(Show(Call0(Attr(nn_, "dropout"), {w, Value::Float(1.5)})),
            "ValueError: dropout probability has to be between 0 and 1, but got 1.5");
}

}  // namespace
}  // namespace wick::vm
