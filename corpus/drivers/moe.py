# lucidrains/mixture-of-experts: Shazeer top-2 gating (einsum, topk, one_hot, exclusive
# cumsum capacity), dispatch/combine, batched experts, aux loss; flat and hierarchical.
# Training (M16): Adam steps on an MSE loss + aux behind TRAIN_EINSUM (off: a wick failure).
import corpus_util as cu

cu.setup()

import torch
from mixture_of_experts import MoE, HeirarchicalMoE, Experts

torch.manual_seed(0)
moe = MoE(dim=32, num_experts=8, hidden_dim=64, second_policy_eval='all')
x = torch.randn(2, 16, 32)
print("experts", type(moe.experts).__name__, tuple(moe.experts.w1.shape), tuple(moe.experts.w2.shape))

with torch.no_grad():
    # train mode: the 'random' second-expert policy draws from the generator
    out, aux = moe(x)
    cu.show("moe train out", out)
    print("moe train aux", cu.num(aux.item()))

    moe.eval()
    out, aux = moe(x)
    cu.show("moe eval out", out)
    print("moe eval aux", cu.num(aux.item()))

    dispatch, combine, loss = moe.gate(x)
    print("dispatch", tuple(dispatch.shape), "routed", int(dispatch.sum().item()))
    cu.show("combine", combine)

    cmoe = cu.compiled(moe)
    cout, caux = cmoe(x)
    cu.diff("compiled moe out", cout, out)
    print("compiled moe aux", cu.num(caux.item()))

    none_moe = MoE(dim=32, num_experts=4, hidden_dim=64, second_policy_eval='none')
    none_moe.eval()
    nout, naux = none_moe(x)
    cu.show("moe none out", nout)
    cnout, _ = cu.compiled(none_moe)(x)
    cu.diff("compiled moe none", cnout, nout)

torch.manual_seed(1)
hmoe = HeirarchicalMoE(dim=32, num_experts=(2, 4), hidden_dim=64, second_policy_eval='all')
with torch.no_grad():
    hout, haux = hmoe(x)
    cu.show("hmoe train out", hout)
    print("hmoe train aux", cu.num(haux.item()))
    hmoe.eval()
    hout, haux = hmoe(x)
    cu.show("hmoe eval out", hout)
    print("hmoe eval aux", cu.num(haux.item()))
    chout, chaux = cu.compiled(hmoe)(x)
    cu.diff("compiled hmoe out", chout, hout)
    print("compiled hmoe aux", cu.num(chaux.item()))

# Training: 3 Adam steps of an MSE loss plus the aux (load-balancing) loss, train mode (the
# 'random' second-expert policy draws from the reseeded generator), flat and hierarchical.
# wick: "RuntimeError: derivative for aten::einsum is not implemented" (gating, dispatch,
# combine and the experts are einsums); set True once einsum has a derivative.
TRAIN_EINSUM = True
torch.manual_seed(2)
target = torch.randn(2, 16, 32)


def moe_loss(fwd, step):
    out, aux = fwd(x)
    return torch.nn.functional.mse_loss(out, target) + aux


if TRAIN_EINSUM:
    moe.train()
    cu.train_both("moe train", moe, lambda ps: torch.optim.Adam(ps, lr=1e-3), moe_loss,
                  grad="experts.w1")
    hmoe.train()
    cu.train_both("hmoe train", hmoe, lambda ps: torch.optim.Adam(ps, lr=1e-3), moe_loss,
                  grad="experts.w1")
