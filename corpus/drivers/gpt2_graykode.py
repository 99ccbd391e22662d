# graykode/gpt-2-Pytorch (GPT2/model.py, config.py, utils.py): a tiny GPT-2, full forward,
# KV-cache prefill + decode, a state-dict round trip through load_weight, the LM loss.
# Training (M16): 3 Adam steps on the LM loss, eagerly and with the compiled forward.
import corpus_util as cu

cu.setup()

import torch
from GPT2.config import GPT2Config
from GPT2.model import GPT2LMHeadModel
from GPT2.utils import load_weight

torch.manual_seed(0)
config = GPT2Config(vocab_size_or_config_json_file=100, n_positions=64, n_ctx=64, n_embd=32,
                    n_layer=2, n_head=4)
model = GPT2LMHeadModel(config)
model.eval()
print("params", sum(p.numel() for p in model.parameters()))

ids = torch.randint(0, 100, (2, 12))
with torch.no_grad():
    logits, presents = model(ids)
cu.show("logits", logits)
print("presents", len(presents), tuple(presents[0].shape))

# KV cache: 11-token prefill, then the 12th token with past=.
with torch.no_grad():
    _, past = model(ids[:, :11])
    step_logits, step_presents = model(ids[:, 11:], past=past)
cu.show("decode", step_logits)
cu.diff("decode vs full", step_logits[:, -1], logits[:, -1])
print("decode presents", tuple(step_presents[1].shape))

# State dict round trip through load_weight (TF-style key renaming + set_tied).
sd = model.state_dict()
renamed = {}
for k, v in sd.items():
    if k.endswith("ln_1.weight"):
        k = k[:-len(".weight")] + ".g"
    elif k.endswith("ln_1.bias"):
        k = k[:-len(".bias")] + ".b"
    renamed[k] = v.clone()
torch.manual_seed(1)
model2 = GPT2LMHeadModel(config)
model2 = load_weight(model2, renamed)
model2.eval()
with torch.no_grad():
    logits2, _ = model2(ids)
cu.diff("load_weight", logits2, logits)
print("tied", model2.lm_head.decoder.weight is model2.transformer.wte.weight)

with torch.no_grad():
    loss = model(ids[:, :-1], lm_labels=ids[:, 1:].contiguous())
print("loss", cu.num(loss.item()))

# Compiled: the same forward and the cached decode through torch.compile.
cmodel = cu.compiled(model)
with torch.no_grad():
    clogits, cpresents = cmodel(ids)
    cu.diff("compiled forward", clogits, logits)
    cu.diff("compiled presents", cpresents[1], presents[1])
    cstep, _ = cmodel(ids[:, 11:], past=past)
    cu.diff("compiled decode", cstep, step_logits)
    closs = cmodel(ids[:, :-1], lm_labels=ids[:, 1:].contiguous())
print("compiled loss", cu.num(closs.item()))

# Training: 3 Adam steps on the LM loss, eagerly and with the compiled forward.
model.train()


def lm_loss(fwd, step):
    return fwd(ids[:, :-1], lm_labels=ids[:, 1:].contiguous())


tied_model, ctied = cu.train_both("train", model, lambda ps: torch.optim.Adam(ps, lr=1e-3), lm_loss,
                                  grad="transformer.h.0.attn.c_attn.weight")
print("tied after training", tied_model.lm_head.decoder.weight is tied_model.transformer.wte.weight,
      ctied.lm_head.decoder.weight is ctied.transformer.wte.weight)
