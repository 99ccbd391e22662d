# nn.Transformer and the encoder/decoder stacks: seeded parameters, reprs, post- and
# pre-norm, string and callable activations, masks, generate_square_subsequent_mask,
# batch_first, the zeros PyTorch's nested-tensor path leaves at padded positions, and a
# compiled encoder giving the eager values without graph breaks.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F

warnings.simplefilter("ignore")

torch.manual_seed(0)
layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.0)
print(layer)
enc = nn.TransformerEncoder(layer, num_layers=2, norm=nn.LayerNorm(8))
print([n for n, _ in enc.named_parameters()][:6], len(list(enc.parameters())))
print(torch.equal(enc.layers[0].linear1.weight, enc.layers[1].linear1.weight))
src = torch.randn(5, 2, 8)
with torch.no_grad():
    out = enc(src)
    print(out[0])
    mask = nn.Transformer.generate_square_subsequent_mask(5)
    print(mask)
    print(enc(src, mask=mask)[4])
    kpm = torch.tensor([[False] * 5, [False, False, False, True, True]])
    print(enc(src, src_key_padding_mask=kpm)[:, 1])

torch.manual_seed(1)
pre = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, activation="gelu", norm_first=True,
                                 batch_first=True)
with torch.no_grad():
    print(pre(torch.randn(2, 3, 8))[1])
custom = nn.TransformerEncoderLayer(8, 4, 16, dropout=0.0, activation=torch.tanh)
print(custom.activation_relu_or_gelu, pre.activation_relu_or_gelu, layer.activation_relu_or_gelu)
try:
    nn.TransformerEncoderLayer(8, 2, activation="swish")
except RuntimeError as e:
    print(e)

# Eval mode, batch_first, bool padding mask, no grad: padded positions come back as zeros
# (PyTorch runs this case on nested tensors), before the final norm.
torch.manual_seed(2)
bf_layer = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, batch_first=True)
stack = nn.TransformerEncoder(bf_layer, 2).eval()
xs = torch.randn(2, 4, 8)
pad = torch.tensor([[False, False, True, True], [False, False, False, False]])
with torch.no_grad():
    print(stack(xs, src_key_padding_mask=pad)[0])
    print(stack(xs, src_key_padding_mask=torch.tensor([[True, False, False, False],
                                                         [False] * 4]))[0, 0])
    stack2 = nn.TransformerEncoder(bf_layer, 1, enable_nested_tensor=False).eval()
    print(stack2(xs, src_key_padding_mask=pad)[0, 3])

torch.manual_seed(3)
dec_layer = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0)
dec = nn.TransformerDecoder(dec_layer, 2)
memory = torch.randn(5, 2, 8)
tgt = torch.randn(3, 2, 8)
with torch.no_grad():
    print(dec(tgt, memory, tgt_mask=nn.Transformer.generate_square_subsequent_mask(3))[2])
    nf = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, norm_first=True)
    print(nf(tgt, memory, memory_key_padding_mask=torch.tensor([[False] * 4 + [True]] * 2))[0])

torch.manual_seed(4)
model = nn.Transformer(d_model=8, nhead=2, num_encoder_layers=2, num_decoder_layers=1,
                       dim_feedforward=16, dropout=0.0)
print(model.encoder.layers[0].self_attn.in_proj_weight[0, :4].detach(), model.decoder.norm)
print(sum(p.numel() for p in model.parameters()))
with torch.no_grad():
    y = model(torch.randn(6, 2, 8), torch.randn(4, 2, 8),
              tgt_mask=model.generate_square_subsequent_mask(4))
print(y[3])
for bad in [lambda: model(torch.randn(6, 2, 8), torch.randn(4, 3, 8)),
            lambda: model(torch.randn(6, 2, 8), torch.randn(4, 2, 6))]:
    try:
        bad()
    except RuntimeError as e:
        print(e)

# Training mode draws dropout masks from the global generator in PyTorch's order.
torch.manual_seed(5)
drop_layer = nn.TransformerEncoderLayer(4, 2, 8, dropout=0.5)
with torch.no_grad():
    print(drop_layer(torch.randn(2, 1, 4)))

# Compiled encoder == eager encoder, no graph breaks.
torch.manual_seed(6)
cenc = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2).eval()
compiled = torch.compile(cenc)
x = torch.randn(5, 2, 8)
m = nn.Transformer.generate_square_subsequent_mask(5)
with torch.no_grad():
    eager = cenc(x, mask=m)
    with torch._dynamo.error_on_graph_break(True):
        got = compiled(x, mask=m)
print(torch.allclose(eager, got, atol=1e-6), got[4, 1])
