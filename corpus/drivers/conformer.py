# sooftware/conformer (conformer/*.py): the Conformer encoder (Conv2d subsampling with
# length arithmetic, relative-position MHSA with _relative_shift, GLU + depthwise Conv1d
# + BatchNorm1d convolution module, half-step FFNs) and its log-softmax output; the CTC
# loss value. Backward through nn.CTCLoss is left to the autograd issue (M16).
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
