# codertimo/BERT-pytorch (bert_pytorch/model/**): a tiny BERT with its padding mask,
# sinusoidal + segment embeddings, custom LayerNorm and MLM + NSP heads; the NLL losses.
# Training (M16): 3 Adam steps in train mode, eagerly and with the compiled forward.
import corpus_util as cu

cu.setup()

import torch
import torch.nn as nn
from bert_pytorch.model import BERT, BERTLM

torch.manual_seed(0)
bert = BERT(100, hidden=32, n_layers=2, attn_heads=4)
model = BERTLM(bert, 100)
model.eval()
print("params", sum(p.numel() for p in model.parameters()))

x = torch.randint(1, 100, (3, 16))
x[0, 12:] = 0
x[1, 8:] = 0
segment = torch.ones(3, 16, dtype=torch.long)
segment[:, 6:] = 2
segment[x == 0] = 0
mlm_labels = torch.randint(0, 100, (3, 16))
nsp_labels = torch.tensor([0, 1, 1])

with torch.no_grad():
    hidden = bert(x, segment)
    cu.show("hidden", hidden)
    nsp, mlm = model(x, segment)
    cu.show("nsp", nsp)
    cu.show("mlm", mlm)
    criterion = nn.NLLLoss(ignore_index=0)
    loss = nn.NLLLoss()(nsp, nsp_labels) + criterion(mlm.transpose(1, 2), mlm_labels)
    print("loss", cu.num(loss.item()))
    # the mask: dropping padded positions leaves the real tokens' outputs unchanged
    nsp2, mlm2 = model(x[:2, :14], segment[:2, :14])
    cu.diff("padding masked row 0", mlm2[0, :12], mlm[0, :12])
    cu.diff("padding masked row 1", mlm2[1, :8], mlm[1, :8])

    cmodel = cu.compiled(model)
    cnsp, cmlm = cmodel(x, segment)
    cu.diff("compiled nsp", cnsp, nsp)
    cu.diff("compiled mlm", cmlm, mlm)
    cnsp2, cmlm2 = cmodel(x[:2, :14], segment[:2, :14])
    cu.diff("compiled second input", cmlm2, mlm2)

# Training: 3 Adam steps on the NSP + MLM NLL losses in train mode (dropout; the steps
# reseed identically), eagerly and with the compiled forward.
model.train()


def bert_loss(fwd, step):
    nsp, mlm = fwd(x, segment)
    return (nn.NLLLoss()(nsp, nsp_labels)
            + nn.NLLLoss(ignore_index=0)(mlm.transpose(1, 2), mlm_labels))


cu.train_both("train", model, lambda ps: torch.optim.Adam(ps, lr=1e-3), bert_loss,
              grad="bert.transformer_blocks.0.attention.linear_layers.0.weight")
