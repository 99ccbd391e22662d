# nn.MultiheadAttention and F.multi_head_attention_forward: seeded parameters, batch_first,
# bool/float/byte masks with key_padding_mask, need_weights / average_attn_weights,
# kdim/vdim, add_bias_kv, add_zero_attn, unbatched inputs, dropout, and the messages.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter("ignore")
torch.manual_seed(0)
mha = nn.MultiheadAttention(8, 2)
print(mha)
print([(n, tuple(p.shape)) for n, p in mha.named_parameters()])
print(mha.in_proj_weight[:2, :4].detach())

L, S, N, E = 3, 4, 2, 8
q = torch.randn(L, N, E)
kv = torch.randn(S, N, E)
with torch.no_grad():
    out, w = mha(q, kv, kv)
    print(out.shape, w.shape)
    print(out[0], w[0])
    out, w = mha(q, kv, kv, average_attn_weights=False)
    print(w.shape, w[1, 1])
    out2, none = mha(q, kv, kv, need_weights=False)
    print(none, torch.allclose(out, out2))
    causal = torch.triu(torch.ones(L, S, dtype=torch.bool), diagonal=1)
    kpm = torch.tensor([[False, False, False, True], [False, True, False, False]])
    out, w = mha(q, kv, kv, attn_mask=causal, key_padding_mask=kpm)
    print(out[1], w[1])
    fmask = torch.zeros(L, S)
    fmask[:, 0] = -1.5
    out, w = mha(q, kv, kv, attn_mask=fmask, key_padding_mask=kpm)
    print(w[0])
    out, w = mha(q, kv, kv, key_padding_mask=kpm.float() * -2.0)
    print(w[0])
    out, w = mha(q, kv, kv, attn_mask=causal.float() * -1e9)
    print(w[0])
    mask3 = torch.zeros(N * 2, L, S)
    mask3[1, :, 2] = float("-inf")
    print(mha(q, kv, kv, attn_mask=mask3, average_attn_weights=False)[1][0, 1])
    # Self-attention (one packed projection), unbatched input.
    print(mha(q, q, q)[0][2])
    print(mha(q[:, 0], kv[:, 0], kv[:, 0])[0].shape, mha(q[:, 0], kv[:, 0], kv[:, 0])[1].shape)

torch.manual_seed(1)
bf = nn.MultiheadAttention(4, 2, batch_first=True, kdim=3, vdim=5, bias=False)
print([(n, tuple(p.shape)) for n, p in bf.named_parameters()])
qb, kb, vb = torch.randn(2, 3, 4), torch.randn(2, 6, 3), torch.randn(2, 6, 5)
with torch.no_grad():
    out, w = bf(qb, kb, vb)
print(out.shape, w.shape, out[1])

torch.manual_seed(2)
extra = nn.MultiheadAttention(4, 1, add_bias_kv=True, add_zero_attn=True)
print(extra.bias_k, extra.bias_v.shape)
x = torch.randn(2, 1, 4)
with torch.no_grad():
    out, w = extra(x, x, x, key_padding_mask=torch.tensor([[False, True]]))
print(out, w)

torch.manual_seed(3)
drop = nn.MultiheadAttention(4, 2, dropout=0.5)
x = torch.randn(3, 1, 4)
with torch.no_grad():
    print(drop(x, x, x)[1])
    drop.eval()
    print(drop(x, x, x)[1])

# The functional form with separate projection weights.
torch.manual_seed(4)
wq, wk, wv = torch.randn(4, 4), torch.randn(4, 4), torch.randn(4, 4)
wo, bo = torch.randn(4, 4), torch.randn(4)
x = torch.randn(2, 1, 4)
out, w = F.multi_head_attention_forward(
    x, x, x, 4, 2, None, torch.zeros(12), None, None, False, 0.0, wo, bo, training=False,
    use_separate_proj_weight=True, q_proj_weight=wq, k_proj_weight=wk, v_proj_weight=wv)
print(out, w)


def show(fn):
    try:
        fn()
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: nn.MultiheadAttention(6, 4))
show(lambda: mha(q, kv, kv, attn_mask=torch.zeros(2, 2)))
show(lambda: mha(q, kv, kv, attn_mask=torch.zeros(3, 3, 4)))
show(lambda: mha(q, kv, kv, attn_mask=torch.zeros(L, S, dtype=torch.int32)))
show(lambda: mha(q, kv, kv, key_padding_mask=torch.zeros(N, S, dtype=torch.int64)))
show(lambda: mha(q, kv, kv, key_padding_mask=torch.zeros(N, 3, dtype=torch.bool)))
show(lambda: mha(q, kv[:, :, :4], kv))
show(lambda: mha(q[0, 0], kv, kv))
show(lambda: mha(q, kv[0], kv))
show(lambda: mha(q, kv, kv[:2]))
