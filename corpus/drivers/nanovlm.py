# huggingface/nanoVLM (models/language_model.py, vision_transformer.py,
# modality_projector.py, config.py): a tiny SmolLM2-style decoder (RoPE, GQA, SwiGLU,
# dict KV cache, generate() under inference_mode), the SigLIP-style ViT and the
# pixel-shuffle projector. The attention modules choose scaled_dot_product_attention when
# F has it: the models are built without it (PyTorch 1.13's branch, with its warning
# lines), and where F has it (wick, torch >= 2) the SDPA branch is compared with the
# manual one. Training (M16): AdamW steps of the LM (TRAIN_REPEAT_INTERLEAVE) and of the
# ViT + projector (TRAIN_CONV_STRING_PADDING), both off: wick failures.
import corpus_util as cu

cu.setup()

import torch
import torch.nn.functional as F
from models.config import VLMConfig
from models.language_model import LanguageModel
from models.vision_transformer import ViT
from models.modality_projector import ModalityProjector

cfg = VLMConfig(vit_hidden_dim=64, vit_inter_dim=128, vit_patch_size=8, vit_img_size=64,
                vit_n_heads=4, vit_n_blocks=2, lm_hidden_dim=64, lm_inter_dim=160, lm_n_heads=4,
                lm_n_kv_heads=2, lm_n_blocks=2, lm_vocab_size=100,
                lm_max_position_embeddings=128, lm_use_tokens=True, mp_pixel_shuffle_factor=2)
print("config", cfg.vit_inter_dim, cfg.lm_vocab_size, len(cfg.vlm_extra_tokens),
      cfg.vlm_extra_tokens["r1c1"])
print("default config", VLMConfig().vit_inter_dim, VLMConfig().lm_vocab_size)

sdpa = getattr(F, "scaled_dot_product_attention", None)
if sdpa is not None:
    del F.scaled_dot_product_attention
torch.manual_seed(0)
lm = LanguageModel(cfg)
vit = ViT(cfg)
mp = ModalityProjector(cfg)
if sdpa is not None:
    F.scaled_dot_product_attention = sdpa
lm.eval()
vit.eval()
print("params", sum(p.numel() for p in lm.parameters()), sum(p.numel() for p in vit.parameters()),
      sum(p.numel() for p in mp.parameters()))
print("tied", lm.head.weight is lm.token_embedding.weight)


def set_sdpa(module, on):
    for m in module.modules():
        if hasattr(m, "sdpa"):
            m.sdpa = on


ids = torch.randint(0, 100, (2, 10))
img = torch.randn(2, 3, 64, 64)
with torch.no_grad():
    logits, cache = lm(ids)
    cu.show("logits", logits)
    print("cache", len(cache), sorted(cache[0].keys()), tuple(cache[0]["key"].shape))
    _, kv = lm(ids[:, :9])
    step, kv = lm(ids[:, 9:], kv_cache=kv, start_pos=9)
    cu.diff("decode vs full", step[:, -1], logits[:, -1])
    print("decode cache", tuple(kv[1]["value"].shape))
    mask = torch.ones(2, 10, dtype=torch.long)
    mask[1, 7:] = 0
    masked, _ = lm(ids, attention_mask=mask)
    cu.show("masked logits", masked[1, :7])

    feats = vit(img)
    cu.show("vit", feats)
    proj = mp(feats)
    cu.show("projector", proj)

    # SDPA branch (absent in PyTorch 1.13: the manual result stands in for it there)
    if sdpa is not None:
        set_sdpa(lm, True)
        set_sdpa(vit, True)
        s_logits, _ = lm(ids)
        s_masked, _ = lm(ids, attention_mask=mask)
        s_feats = vit(img)
        _, skv = lm(ids[:, :9])
        s_step, _ = lm(ids[:, 9:], kv_cache=skv, start_pos=9)
        set_sdpa(lm, False)
        set_sdpa(vit, False)
    else:
        s_logits, s_masked, s_feats, s_step = logits, masked, feats, step
    cu.diff("sdpa logits", s_logits, logits)
    cu.diff("sdpa masked", s_masked, masked)
    cu.diff("sdpa vit", s_feats, feats)
    cu.diff("sdpa decode", s_step, step)

gen = lm.generate(ids[:, :4], max_new_tokens=6)
print("generate", tuple(gen.shape), gen.tolist())
print("grad enabled after generate", torch.is_grad_enabled())

with torch.no_grad():
    clm = cu.compiled(lm)
    clogits, _ = clm(ids)
    cu.diff("compiled logits", clogits, logits)
    _, ckv = clm(ids[:, :9])
    cstep, _ = clm(ids[:, 9:], kv_cache=ckv, start_pos=9)
    cu.diff("compiled decode", cstep, step)
    cu.diff("compiled vit", cu.compiled(vit)(img), feats)
    cu.diff("compiled projector", cu.compiled(mp)(feats), proj)

# Training: 3 AdamW steps of the next-token cross-entropy on the language model (tied
# embeddings), and of an MSE loss on the projected ViT features, eagerly and with the
# compiled forward (the manual-attention branch the models were built with).
# wick: "RuntimeError: derivative for aten::repeat_interleave is not implemented" (GQA
# repeats the key/value heads); set True once repeat_interleave has a derivative.
TRAIN_REPEAT_INTERLEAVE = True
lm.train()
vit.train()


def lm_loss(fwd, step):
    out, _ = fwd(ids)
    return F.cross_entropy(out[:, :-1].reshape(-1, out.shape[-1]), ids[:, 1:].reshape(-1))


if TRAIN_REPEAT_INTERLEAVE:
    elm, clm_t = cu.train_both("lm train", lm, lambda ps: torch.optim.AdamW(ps, lr=1e-3), lm_loss,
                               grad="blocks.0.attn.q_proj.weight")
    print("tied after training", elm.head.weight is elm.token_embedding.weight,
          clm_t.head.weight is clm_t.token_embedding.weight)
# wick: "RuntimeError: derivative for aten::conv2d is not implemented" when the Conv2d has
# a string padding (the patch embedding's padding="valid"); set True once it has one.
TRAIN_CONV_STRING_PADDING = True
torch.manual_seed(2)
vit_target = torch.randn(2, 16, 64)
vlm = torch.nn.Sequential(vit, mp)
if TRAIN_CONV_STRING_PADDING:
    cu.train_both("vit train", vlm, lambda ps: torch.optim.AdamW(ps, lr=1e-3),
                  lambda fwd, step: F.mse_loss(fwd(img), vit_target),
                  grad="0.blocks.0.attn.qkv_proj.weight")
