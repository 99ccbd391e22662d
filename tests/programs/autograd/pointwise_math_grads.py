# Gradients of elementwise math: pow with a tensor exponent (and a zero base), lerp
# (scalar and tensor weights), where with broadcasting, clamp with tensor bounds,
# addcmul, addcdiv, erf, expm1 / log1p / log2 / log10, fmod / remainder, sign / round,
# trigonometric functions, reciprocal, square / abs at zero and maximum with ties.
import torch

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, fn, *ins):
    ins = [t.clone().double().requires_grad_() for t in ins]
    y = fn(*ins)
    w = torch.linspace(0.5, 1.5, y.numel(), dtype=torch.float64).view(y.shape)
    (y * w).sum().backward()
    print(name, y.grad_fn.name())
    print("  y", r(y))
    for t in ins:
        print("  g", r(t.grad))


a = torch.tensor([0.3, 1.5, 2.0, 0.7])
b = torch.tensor([-1.0, 0.5, 2.0, 3.0])
c = torch.tensor([0.2, -0.4, 0.9, -0.1])
run("pow_tt", torch.pow, a, b)
run("pow_zero_base", torch.pow, torch.tensor([0.0, 0.0, 2.0]), torch.tensor([2.0, 0.0, 1.0]))
run("pow_scalar_base", lambda e: torch.pow(2.0, e), b)
run("lerp_s", lambda x, y: torch.lerp(x, y, 0.3), a, b)
run("lerp_t", torch.lerp, a, b, c)
run("where_bc", lambda x, y: torch.where(torch.tensor([True, False, True, False]), x,
                                         y.view(1)), a, torch.tensor([2.0]))
run("clamp_t", lambda x, lo, hi: torch.clamp(x, lo, hi), b, c, a)
run("clamp_t_min", lambda x, lo: x.clamp(min=lo), b, c)
run("addcmul", lambda x, p, q: torch.addcmul(x, p, q, value=0.5), a, b, c)
run("addcdiv", lambda x, p, q: torch.addcdiv(x, p, q, value=-2.0), a, b, a)
run("erf", torch.erf, b)
run("expm1", torch.expm1, c)
run("log1p", torch.log1p, a)
run("log2", torch.log2, a)
run("log10", torch.log10, a)
run("fmod", lambda x, y: torch.fmod(x, y), b * 3, a)
run("remainder", lambda x, y: torch.remainder(x, y), b * 3, a)
run("sign_round", lambda x: x.sign() + x.round() + x.floor() + x.ceil() + x.trunc() + x, c)
run("reciprocal", torch.reciprocal, a)
run("sin_cos_tan", lambda x: x.sin() * x.cos() + x.tan(), c)
run("square_abs", lambda x: x.square() + x.abs(), torch.tensor([-1.0, 0.0, 2.0]))
run("maximum_ties", torch.maximum, torch.tensor([1.0, 2.0, 3.0]), torch.tensor([1.0, 3.0, 2.0]))
