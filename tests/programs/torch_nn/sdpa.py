# F.scaled_dot_product_attention, math path (the prelude supplies it on PyTorch 1.13).
import torch
import torch.nn.functional as F

torch.manual_seed(0)
q = torch.randn(1, 2, 3, 4)
k = torch.randn(1, 2, 3, 4)
v = torch.randn(1, 2, 3, 4)
print(F.scaled_dot_product_attention(q, k, v))
print(F.scaled_dot_product_attention(q, k, v, is_causal=True))
mask = torch.tensor([[True, False, True], [True, True, False], [False, True, True]])
print(F.scaled_dot_product_attention(q, k, v, attn_mask=mask).shape)
print(F.scaled_dot_product_attention(q, k, v, attn_mask=torch.zeros(3, 3)).sum())
