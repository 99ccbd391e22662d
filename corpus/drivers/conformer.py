# sooftware/conformer (conformer/*.py): the Conformer encoder (Conv2d subsampling with
# length arithmetic, relative-position MHSA with _relative_shift, GLU + depthwise Conv1d
# + BatchNorm1d convolution module, half-step FFNs) and its log-softmax output; the CTC
# loss value. Training (M16): 3 Adam steps with nn.CTCLoss, eager and compiled.
import corpus_util as cu

cu.setup()

import torch
import torch.nn as nn
from conformer import Conformer

torch.manual_seed(0)
model = Conformer(num_classes=10, input_dim=40, encoder_dim=32, num_encoder_layers=2,
                  num_attention_heads=4, conv_kernel_size=7)
print("params", model.count_parameters() if hasattr(model, "count_parameters")
      else sum(p.numel() for p in model.parameters()))
feats = torch.randn(3, 64, 40)
lengths = torch.tensor([64, 60, 50])
targets = torch.randint(1, 10, (3, 6))
target_lengths = torch.tensor([6, 5, 4])
with torch.no_grad():
    model.update_dropout(0.0)
    out, out_lengths = model(feats, lengths)  # train mode: BatchNorm batch statistics
    cu.show("train log-probs", out)
    print("lengths", out_lengths.tolist())
    ctc = nn.CTCLoss()(out.transpose(0, 1), targets, out_lengths, target_lengths)
    print("ctc", cu.num(ctc.item()))
    model.eval()
    out, out_lengths = model(feats, lengths)
    cu.show("eval log-probs", out)
    cout, clengths = cu.compiled(model)(feats, lengths)
    cu.diff("compiled eval", cout, out)
    print("compiled lengths", clengths.tolist())

# Training: 3 Adam steps in train mode (dropout 0.1, BatchNorm; the steps reseed
# identically), eagerly and with the compiled forward, on nn.CTCLoss.
def train_loss(fwd, step):
    out, out_lengths = fwd(feats, lengths)
    return nn.CTCLoss()(out.transpose(0, 1), targets, out_lengths, target_lengths)


torch.manual_seed(0)
fresh = Conformer(num_classes=10, input_dim=40, encoder_dim=32, num_encoder_layers=2,
                  num_attention_heads=4, conv_kernel_size=7)
fresh.train()
cu.train_both("ctc train", fresh, lambda ps: torch.optim.Adam(ps, lr=1e-3), train_loss,
              grad="encoder.conv_subsample.sequential.0.weight")
