// Embeds wick: a model script with a native function and a custom op, run eagerly and
// compiled on tensors that live in this program's own buffers. Prints what it checks
// and exits with status 1 on the first mismatch.
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "api/wick.h"

namespace {

constexpr char kModel[] = R"(import torch
import host

class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(16, 16)

    def forward(self, x):
        h = torch.ops.demo.soft_clip(self.proj(x), 2.0)
        return torch.nn.functional.gelu(h) + x

torch.manual_seed(0)
block = Block()

def forward(x):
    y = block(x)
    host.record(y.shape[0])      # a native function: a graph break when compiled
    return y.sum(dim=1)
)";

// demo::soft_clip(x, limit) = limit * tanh(x / limit), elementwise.
absl::StatusOr<wick::OpValue> SoftClipMeta(const wick::OpArgs& a) {
  return wick::OpValue(wick::Tensor::Meta(a.tensor(0).sizes(), a.tensor(0).dtype()));
}

absl::StatusOr<wick::OpValue> SoftClip(const wick::OpArgs& a) {
  absl::StatusOr<wick::Tensor> x = a.tensor(0).Contiguous();
  if (!x.ok()) return x.status();
  if (x->dtype() != wick::DType::kFloat32) return absl::InvalidArgumentError("float32 only");
  absl::StatusOr<wick::Tensor> y = wick::Tensor::Empty(x->sizes(), wick::DType::kFloat32);
  if (!y.ok()) return y.status();
  const float limit = static_cast<float>(a.double_(1));
  for (int64_t i = 0; i < x->numel(); ++i) {
    y->data<float>()[i] = limit * std::tanh(x->data<float>()[i] / limit);
  }
  return wick::OpValue(*y);
}

bool Check(bool ok, const std::string& what) {
  std::printf("%s: %s\n", ok ? "ok" : "FAILED", what.c_str());
  return ok;
}

int Run() {
  absl::Status op = wick::RegisterCustomOp("demo::soft_clip(Tensor x, float limit) -> Tensor",
                                           SoftClipMeta, SoftClip);
  if (!Check(op.ok(), "register demo::soft_clip " + op.ToString())) return 1;

  absl::StatusOr<std::unique_ptr<wick::Interpreter>> made = wick::Interpreter::Create();
  if (!Check(made.ok(), "create an interpreter")) return 1;
  wick::Interpreter& interp = **made;
  int64_t recorded = 0;
  absl::Status def = interp.DefineFunction(
      "host", "record",
      [&recorded](wick::Interpreter& in, absl::Span<const wick::Object> args)
          -> absl::StatusOr<wick::Object> {
        if (args.size() != 1) return absl::InvalidArgumentError("record(n) takes one int");
        absl::StatusOr<int64_t> n = args[0].ToInt();
        if (!n.ok()) return n.status();
        recorded += *n;
        return in.None();
      });
  if (!Check(def.ok(), "define host.record")) return 1;
  absl::StatusOr<wick::Object> model = interp.LoadModule("model", kModel);
  if (!Check(model.ok(), "load model.py " + model.status().ToString())) return 1;
  absl::StatusOr<wick::Object> forward = model->GetAttr("forward");
  absl::StatusOr<wick::Object> compiled = wick::Compile(*forward);
  if (!Check(compiled.ok(), "compile forward")) return 1;

  // Inputs in this program's memory, handed over without a copy.
  std::vector<float> input(8 * 16);
  for (size_t i = 0; i < input.size(); ++i) input[i] = std::sin(0.37f * static_cast<float>(i));
  absl::StatusOr<wick::Tensor> x = wick::WrapBuffer(input.data(), {8, 16}, wick::DType::kFloat32);
  if (!Check(x.ok(), "wrap the input buffer")) return 1;
  wick::Object arg = interp.FromTensor(*x);

  absl::StatusOr<wick::Object> eager = forward->Call({arg});
  if (!Check(eager.ok(), "eager call " + eager.status().ToString())) return 1;
  std::vector<float> want = *wick::ToVector(*eager->ToTensor());
  bool same = true;
  for (int call = 0; call < 3; ++call) {
    absl::StatusOr<wick::Object> got = compiled->Call({arg});
    if (!Check(got.ok(), "compiled call " + got.status().ToString())) return 1;
    std::vector<float> values = *wick::ToVector(*got->ToTensor());
    same &= values.size() == want.size();
    for (size_t i = 0; same && i < values.size(); ++i) {
      same &= std::fabs(values[i] - want[i]) <= 1e-5f + 1e-4f * std::fabs(want[i]);
    }
  }
  if (!Check(same, "compiled == eager on 3 calls")) return 1;
  if (!Check(recorded == 8 * 4, "host.record saw every call")) return 1;

  // A script error reaches the host as a status with Python's traceback.
  absl::StatusOr<wick::Object> bad = compiled->Call({interp.FromInt(3)});
  if (!Check(!bad.ok() && wick::ExceptionTypeOf(bad.status()) != "",
             "a bad argument is a Python exception: " + wick::ExceptionTypeOf(bad.status()))) {
    return 1;
  }
  std::printf("embed_demo: all checks passed\n");
  return 0;
}

}  // namespace

int main() { return Run(); }
