# Gradients of reductions: prod (with one and two zeros), amax/amin (ties split evenly),
# max/min with dim (ties pick one), norm (p = 1, 2, inf, fro, dims), logsumexp, var/std
# with correction and unbiased, cumsum/cumprod (with a zero), mean over dims, sum with dtype.
import torch

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, fn, x):
    x = x.clone().double().requires_grad_()
    y = fn(x)
    w = torch.arange(1.0, y.numel() + 1, dtype=torch.float64).view(y.shape)
    (y * w).sum().backward()
    print(name, r(y), y.grad_fn.name())
    print("  ", r(x.grad))


a = torch.randn(3, 4, dtype=torch.float64)
z1 = torch.tensor([[2.0, 0.0, 3.0], [1.0, 2.0, 4.0]])
z2 = torch.tensor([[0.0, 0.0, 3.0], [-1.0, 2.0, 0.5]])
ties = torch.tensor([[1.0, 3.0, 3.0, 0.0], [2.0, 2.0, 2.0, -1.0]])
run("prod", lambda x: x.prod(), a)
run("prod_dim", lambda x: x.prod(1), a)
run("prod_zero", lambda x: x.prod(), z1)
run("prod_zero_dim", lambda x: x.prod(1, keepdim=True), z1)
run("prod_two_zeros", lambda x: x.prod(), z2)
run("prod_two_zeros_dim", lambda x: x.prod(0), z2)
run("amax_ties", lambda x: x.amax(1), ties)
run("amin_ties", lambda x: x.amin(), ties)
run("amax_dims", lambda x: x.amax((0, 1)), ties)
run("max_all_ties", lambda x: x.max(), ties)
run("max_dim_ties", lambda x: x.max(1)[0], ties)
run("min_dim_keep", lambda x: x.min(0, keepdim=True).values, ties)
run("norm", lambda x: x.norm(), a)
run("norm1", lambda x: x.norm(p=1, dim=1), a)
run("norm_inf", lambda x: torch.norm(x, float("inf"), dim=0), ties)
run("norm3", lambda x: x.norm(3, dim=1, keepdim=True), a)
run("norm_fro", lambda x: torch.norm(x, "fro"), a)
run("logsumexp", lambda x: x.logsumexp((0, 1)), a)
run("var0", lambda x: x.var(1, unbiased=False), a)
run("var_corr", lambda x: torch.var(x, 0, correction=2), a)
run("std_keep", lambda x: x.std(1, keepdim=True), a)
run("std_mean", lambda x: torch.std_mean(x, 0)[0] + torch.std_mean(x, 0)[1], a)
run("cumsum0", lambda x: x.cumsum(0), a)
run("cumprod", lambda x: x.cumprod(1), a)
run("cumprod_zero", lambda x: x.cumprod(1), z1)
run("mean_dims", lambda x: x.mean((0, 1)), a)
run("sum_dtype", lambda x: x.sum(0, dtype=torch.float32), a)
