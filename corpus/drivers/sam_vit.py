# facebookresearch/segment-anything (modeling/image_encoder.py, common.py, transformer.py,
# mask_decoder.py copied into a package of their own): the ViTDet-style image encoder
# with windowed attention and decomposed relative positions, get_rel_pos's interpolate
# branch, the TwoWayTransformer and the MaskDecoder. Backward is left to M16.
import corpus_util as cu

cu.setup()

from functools import partial

import torch
import torch.nn as nn
from sam_modeling.image_encoder import ImageEncoderViT, get_rel_pos, window_partition
from sam_modeling.mask_decoder import MaskDecoder
from sam_modeling.transformer import TwoWayTransformer

torch.manual_seed(0)
enc = ImageEncoderViT(img_size=64, patch_size=8, embed_dim=64, depth=3, num_heads=4, out_chans=32,
                      norm_layer=partial(nn.LayerNorm, eps=1e-6), use_rel_pos=True,
                      rel_pos_zero_init=False, window_size=3, global_attn_indexes=(2,))
enc.eval()
print("encoder params", sum(p.numel() for p in enc.parameters()))
img = torch.randn(2, 3, 64, 64)

with torch.no_grad():
    emb = enc(img)
    cu.show("image embedding", emb)
    windows, pad_hw = window_partition(torch.randn(2, 8, 8, 4), 3)
    print("windows", tuple(windows.shape), pad_hw)
    rel = get_rel_pos(5, 5, torch.randn(7, 16))
    cu.show("rel pos interpolated", rel)

torch.manual_seed(1)
dec = MaskDecoder(transformer_dim=32,
                  transformer=TwoWayTransformer(depth=2, embedding_dim=32, mlp_dim=64, num_heads=4),
                  iou_head_hidden_dim=32)
dec.eval()
print("decoder params", sum(p.numel() for p in dec.parameters()))
image_pe = torch.randn(1, 32, 8, 8)
sparse = torch.randn(3, 2, 32)
dense = torch.randn(3, 32, 8, 8)
with torch.no_grad():
    masks, iou = dec(image_embeddings=emb[:1], image_pe=image_pe, sparse_prompt_embeddings=sparse,
                     dense_prompt_embeddings=dense, multimask_output=True)
    cu.show("masks", masks)
    cu.show("iou", iou)
    one, one_iou = dec(image_embeddings=emb[:1], image_pe=image_pe,
                       sparse_prompt_embeddings=sparse, dense_prompt_embeddings=dense,
                       multimask_output=False)
    print("single mask", tuple(one.shape), tuple(one_iou.shape))

    cu.diff("compiled encoder", cu.compiled(enc)(img), emb)
    cdec = cu.compiled(dec)
    cmasks, ciou = cdec(image_embeddings=emb[:1], image_pe=image_pe,
                        sparse_prompt_embeddings=sparse, dense_prompt_embeddings=dense,
                        multimask_output=True)
    cu.diff("compiled masks", cmasks, masks)
    cu.diff("compiled iou", ciou, iou)
