// Compiled == eager: each program's function is traced, the graph runs on the eager
// backend with inputs read from the frame by source (guards::Resolve), the return
// value is rebuilt, and its printed form must equal the eagerly computed result. This
// test (a leaf target) links codegen's eager backend only to execute the graphs.
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "codegen/backend.h"
#include "frontend/frontend.h"
#include "gtest/gtest.h"
#include "tensor/print/print.h"
#include "vm/builtins/builtins.h"
#include "vm/objects/dict.h"
#include "vm/protocol.h"
#include "vm/torch/nn/prelude.h"
#include "vm/torch/torch.h"

namespace wick::frontend {
namespace {

class ParityTest : public ::testing::Test {
 protected:
  ParityTest() : interp_(rt_) {
    vm::RegisterTorchNNPrelude();
    vm::InstallBuiltins(interp_);
    vm::InstallTorch(interp_);
    interp_.write_stderr = [this](absl::string_view s) { err_.append(s.data(), s.size()); };
  }

  vm::Value Global(const char* name) {
    const vm::Value* m = interp_.sys_modules()->GetStr("__main__");
    const vm::Value* v = m->as<vm::Module>()->dict->GetStr(name);
    return v == nullptr ? vm::Value() : *v;
  }

  // Printed form of a Python value (tensors printed by the tensor printer).
  std::string Show(const vm::Value& v) {
    if (const tensor::Tensor* t = vm::TensorOfObject(rt_, v)) return tensor::ToString(*t);
    if (rt_.IsTuple(v) || rt_.IsList(v)) {
      const std::vector<vm::Value>& items =
          rt_.IsTuple(v) ? v.as<vm::Tuple>()->items : v.as<vm::List>()->items;
      std::string out = "(";
      for (const vm::Value& x : items) absl::StrAppend(&out, Show(x), ", ");
      return out + ")";
    }
    std::string r;
    if (!vm::ReprString(rt_, v, &r)) r = rt_.PendingMessage();
    return r;
  }

  std::string ShowRebuild(const Rebuild& r, const std::vector<tensor::Tensor>& outs,
                          const guards::FrameView& view) {
    switch (r.kind) {
      case Rebuild::Kind::kGraphOutput: return tensor::ToString(outs[r.index]);
      case Rebuild::Kind::kConstant: return Show(r.value);
      case Rebuild::Kind::kSource: return Show(*guards::Resolve(*r.source, view));
      default: {
        std::string out = "(";
        for (const Rebuild& c : r.children) absl::StrAppend(&out, ShowRebuild(c, outs, view), ", ");
        return out + ")";
      }
    }
  }

  // Runs `program`, then checks that `fn(*args)` traced and run compiled equals eager.
  void ExpectParity(const std::string& program, const char* fn_name,
                    std::vector<const char*> arg_names) {
    ASSERT_EQ(interp_.RunMain(program, "prog.py", {"prog.py"}), 0) << err_;
    std::vector<vm::Value> args;
    for (const char* a : arg_names) args.push_back(Global(a));
    vm::Function* f = Global(fn_name).as<vm::Function>();
    vm::CodeObject* code = f->code_object();
    std::vector<vm::Value> locals(code->varnames.size(), vm::Value::Raised());
    for (size_t i = 0; i < args.size(); ++i) locals[i] = args[i];
    std::vector<vm::Value> cells;
    for (size_t i = 0; i < code->cellvars.size(); ++i) {
      int32_t a = code->cell2arg.empty() ? -1 : code->cell2arg[i];
      cells.push_back(rt_.NewCell(a >= 0 ? locals[a] : vm::Value::Raised()));
    }
    vm::Frame frame;
    frame.code = code;
    frame.function = f;
    frame.globals = f->globals.as<vm::Dict>();
    frame.builtins = interp_.builtins();
    frame.locals = locals.data();
    frame.cells = cells.data();
    absl::StatusOr<TraceResult> r = Trace(interp_, frame, 0, {});
    ASSERT_TRUE(r.ok()) << r.status();
    ASSERT_EQ(r->stop.kind, Stop::Kind::kReturn) << r->stop.reason.gb_type << " "
                                                 << r->stop.reason.context;
    guards::FrameView view;
    view.rt = &rt_;
    view.locals = locals.data();
    view.num_locals = static_cast<int32_t>(locals.size());
    view.cells = cells.data();
    view.num_cells = static_cast<int32_t>(cells.size());
    view.globals = frame.globals;
    view.builtins = frame.builtins;
    std::vector<tensor::Tensor> inputs;
    for (const guards::SourcePtr& s : r->graph_inputs) {
      const vm::Value* v = guards::Resolve(*s, view);
      ASSERT_NE(v, nullptr) << s->Name();
      inputs.push_back(*vm::TensorOfObject(rt_, *v));
    }
    std::unique_ptr<codegen::Backend> backend = codegen::MakeEagerBackend();
    absl::StatusOr<std::unique_ptr<codegen::CompiledGraph>> c = backend->Compile(r->graph);
    ASSERT_TRUE(c.ok()) << c.status();
    absl::StatusOr<std::vector<tensor::Tensor>> outs = (*c)->Run(inputs);
    ASSERT_TRUE(outs.ok()) << outs.status();
    std::string compiled = ShowRebuild(r->return_value, *outs, view);
    vm::Value eager = interp_.CallFunction(f, args, {});
    ASSERT_FALSE(eager.is_raised()) << rt_.PendingMessage();
    EXPECT_EQ(compiled, Show(eager));
  }

  vm::Runtime rt_;
  vm::Interpreter interp_;
  std::string err_;
};

TEST_F(ParityTest, OperatorsWithScalarsAndPromotion) {
  ExpectParity(R"(
import torch
def f(x, i):
    return x + 1, 2 - x, 3 / x, 2 ** x, x // 2, -x, x * 2.5, i * 3 + x, x > 1, x % 3
x = torch.tensor([1.0, 2.0, 3.0])
i = torch.tensor([1, 2, 3])
)", "f", {"x", "i"});
}

TEST_F(ParityTest, IndexingAndMethods) {
  ExpectParity(R"(
import torch
def f(x):
    y = x[0] + x[:, 1:].sum() + x[None, ..., -1].mean()
    return y, x.view(3, 2), x.T @ x, x.size(1) * x
x = torch.arange(6.0).view(2, 3)
)", "f", {"x"});
}

TEST_F(ParityTest, MlpModule) {
  ExpectParity(R"(
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fc2 = nn.Linear(8, 8)
        self.norm = nn.LayerNorm(8)
        self.out = nn.Sequential(nn.Linear(8, 3), nn.ReLU())
    def forward(self, x):
        h = F.gelu(self.fc1(x))
        h = self.norm(torch.relu(self.fc2(h)) + h)
        return F.softmax(self.out(h), dim=-1)
m = MLP()
x = torch.randn(5, 4)
def run(x):
    return m(x)
)", "run", {"x"});
}

TEST_F(ParityTest, EmbeddingDropoutEvalClosuresAndLoops) {
  ExpectParity(R"(
import torch
import torch.nn as nn
torch.manual_seed(0)
emb = nn.Embedding(10, 4)
drop = nn.Dropout(0.3)
drop.eval()
def f(ids, scale):
    def bump(t, k=2):
        return t * k + scale
    h = drop(emb(ids))
    outs = []
    for i, w in enumerate([1.0, 0.5]):
        outs.append(bump(h[i]) * w)
    return torch.cat(outs, dim=0), torch.stack(outs).sum(0)
ids = torch.tensor([[1, 2, 3], [4, 5, 6]])
scale = 0.25
)", "f", {"ids", "scale"});
}

}  // namespace
}  // namespace wick::frontend
