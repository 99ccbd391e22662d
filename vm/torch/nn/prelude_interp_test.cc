// The prelude inside wick: a program using torch.nn runs in the interpreter and prints
// exactly what CPython 3.11 + PyTorch 1.13 print for it (expected text produced by
// validate_against_torch.py --run-program, which matches real torch.nn on this program).
#include <string>

#include "gtest/gtest.h"
#include "vm/builtins/builtins.h"
#include "vm/interpreter.h"
#include "vm/runtime.h"
#include "vm/torch/nn/prelude.h"
#include "vm/torch/torch.h"

namespace wick::vm {
namespace {

constexpr const char* kProgram = R"py(
import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.norm = nn.LayerNorm(dim)
        self.scale = nn.Parameter(torch.ones(dim))
        self.register_buffer("steps", torch.zeros(1))

    def forward(self, x):
        return self.norm(self.proj(x)) * self.scale


torch.manual_seed(0)
net = nn.Sequential(Block(2), nn.GELU(approximate="tanh"), nn.ModuleDict({"out": nn.Linear(2, 1)}))
print(net)
print([name for name, _ in net.named_parameters()])
print(list(net.state_dict().keys()))
print(net[0].proj.weight)
with torch.no_grad():
    print(net[2]["out"](net[1](net[0](torch.tensor([[1.0, -2.0]])))))
print(net.eval() is net, [m.training for m in net.modules()])
try:
    net[0].missing
except AttributeError as e:
    print("AttributeError:", e)
try:
    net.load_state_dict({"0.scale": torch.ones(3)})
except RuntimeError as e:
    print("RuntimeError:", e)
print(net.load_state_dict(net.state_dict()), net.compile())
)py";

constexpr const char* kExpected = R"out(
Sequential(
  (0): Block(
    (proj): Linear(in_features=2, out_features=2, bias=True)
    (norm): LayerNorm((2,), eps=1e-05, elementwise_affine=True)
  )
  (1): GELU(approximate='tanh')
  (2): ModuleDict(
    (out): Linear(in_features=2, out_features=1, bias=True)
  )
)
['0.scale', '0.proj.weight', '0.proj.bias', '0.norm.weight', '0.norm.bias', '2.out.weight', '2.out.bias']
['0.scale', '0.steps', '0.proj.weight', '0.proj.bias', '0.norm.weight', '0.norm.bias', '2.out.weight', '2.out.bias']
Parameter containing:
tensor([[-0.0053,  0.3793],
        [-0.5820, -0.5204]], requires_grad=True)
tensor([[0.4111]])
True [False, False, False, False, False, False, False]
AttributeError: 'Block' object has no attribute 'missing'
RuntimeError: Error(s) in loading state_dict for Sequential:
	Missing key(s) in state_dict: "0.steps", "0.proj.weight", "0.proj.bias", "0.norm.weight", "0.norm.bias", "2.out.weight", "2.out.bias". 
	size mismatch for 0.scale: copying a param with shape torch.Size([3]) from checkpoint, the shape in current model is torch.Size([2]).
<All keys matched successfully> None
)out";

TEST(PreludeInterpTest, ModuleProgramMatchesPyTorch) {
  RegisterTorchNNPrelude();
  Runtime rt;
  Interpreter interp(rt);
  InstallBuiltins(interp);
  InstallTorch(interp);
  std::string out, err;
  interp.write_stdout = [&](absl::string_view s) { out.append(s.data(), s.size()); };
  interp.write_stderr = [&](absl::string_view s) { err.append(s.data(), s.size()); };
  int status = interp.RunMain(std::string(kProgram).substr(1), "nn_program.py", {"nn_program.py"});
  EXPECT_EQ(status, 0) << err;
  EXPECT_EQ(out, std::string(kExpected).substr(1));
}

}  // namespace
}  // namespace wick::vm
