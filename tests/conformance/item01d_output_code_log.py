# env: TORCH_LOGS=output_code,perf_hints
# The default backend's lowered program is the output_code artifact: a linear with its
# relu as a post-op, a fused pointwise loop with a clamp, and a kernel step for what
# oneDNN does not lower (cat), with the buffer plan.
import torch
import torch.nn as nn

torch.manual_seed(0)


class M(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(16, 32)

    def forward(self, x):
        h = torch.relu(self.fc(x))
        y = torch.clamp(h * 0.5 + 1.0, max=2.0)
        return torch.cat([y, h], dim=0)


m = M()
x = torch.randn(8, 16)
print("compiled == eager:", torch.allclose(torch.compile(m)(x), m(x), atol=1e-6))
