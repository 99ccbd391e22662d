# Gradients of the activation modules at points that include their kinks and
# thresholds: ELU, SELU, CELU, GELU, SiLU, Mish, Softplus (beta, threshold), Hardswish,
# Hardsigmoid, Hardtanh, ReLU6, LeakyReLU, LogSigmoid, Tanhshrink, Softsign, Threshold,
# Sigmoid and Tanh.
import torch
import torch.nn as nn

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64

pts = torch.tensor([-4.0, -3.0, -1.5, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0, 3.0, 6.0, 25.0],
                   dtype=torch.float64)


def run(name, mod):
    x = pts.clone().requires_grad_()
    y = mod(x)
    y.backward(torch.linspace(0.5, 2.0, 12, dtype=torch.float64))
    print(name, y.grad_fn.name())
    print("  y", [round(v, 5) + 0.0 for v in y.tolist()])
    print("  g", [round(v, 5) + 0.0 for v in x.grad.tolist()])


run("elu", nn.ELU())
run("elu_a", nn.ELU(alpha=0.5))
run("selu", nn.SELU())
run("celu", nn.CELU(alpha=2.0))
run("gelu", nn.GELU())
run("gelu_tanh", nn.GELU(approximate="tanh"))
run("silu", nn.SiLU())
run("mish", nn.Mish())
run("softplus", nn.Softplus())
run("softplus_bt", nn.Softplus(beta=2.0, threshold=3.0))
run("hardswish", nn.Hardswish())
run("hardsigmoid", nn.Hardsigmoid())
run("hardtanh", nn.Hardtanh(-2.0, 1.0))
run("relu6", nn.ReLU6())
run("leaky", nn.LeakyReLU(0.1))
run("logsigmoid", nn.LogSigmoid())
run("tanhshrink", nn.Tanhshrink())
run("softsign", nn.Softsign())
run("threshold", nn.Threshold(0.5, -1.0))
run("sigmoid", nn.Sigmoid())
run("tanh", nn.Tanh())
