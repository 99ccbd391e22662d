# A chain of 8 cheap pointwise ops on a 4M-element (16 MiB) tensor: memory-bound. Fused,
# the chain reads x once and writes the result once (32 MiB per call), which the driver
# reports as a fraction of the machine's measured bandwidth. No transcendental functions:
# on this CPU a vectorized tanh or sigmoid alone costs more than moving the bytes, so
# they would measure the math library instead (layernorm_gelu has erf).
import torch
import torch.nn as nn

N = 4 * 1024 * 1024


class PointwiseChain(nn.Module):
    def forward(self, x):
        y = x * 0.5
        y = y + 1.0
        y = torch.relu(y)
        y = y * x
        y = y - 0.25
        y = torch.abs(y)
        y = torch.clamp(y, max=2.0)
        return y * 3.0


def make_model():
    return PointwiseChain()


def make_inputs():
    return (torch.randn(N),)


from _harness import run_model  # noqa: E402 (beside this script)


if __name__ == "__main__":
    run_model("pointwise_chain", make_model, make_inputs, batch=1, bytes_moved=2 * 4 * N)
