# jidasheng/bi-lstm-crf (bi_lstm_crf/model/model.py, crf.py): BiLSTM and BiGRU CRF taggers
# with packed padded sequences, the CRF forward algorithm (loss) and Viterbi decoding.
# The Adam steps are left to the autograd issue (M16).
import corpus_util as cu

cu.setup()

import torch
from bi_lstm_crf import BiRnnCrf

torch.manual_seed(0)
x = torch.randint(1, 50, (4, 12))
for row, n in enumerate((12, 9, 6, 3)):
    x[row, n:] = 0
y = torch.randint(0, 5, (4, 12))
for rnn in ("lstm", "gru"):
    torch.manual_seed(1)
    m = BiRnnCrf(vocab_size=50, tagset_size=5, embedding_dim=16, hidden_dim=32, num_rnn_layers=2,
                 rnn=rnn)
    m.eval()
    print(rnn, "params", sum(p.numel() for p in m.parameters()))
    with torch.no_grad():
        loss = m.loss(x, y)
        print(rnn, "loss", cu.num(loss.item()))
        scores, paths = m(x)
        print(rnn, "scores", [cu.num(v) for v in scores.tolist()])
        print(rnn, "paths", paths)
        cm = cu.compiled(m)
        cscores, cpaths = cm(x)
        cu.diff(rnn + " compiled scores", cscores, scores)
        print(rnn, "compiled paths equal", cpaths == paths)
        print(rnn, "compiled loss", cu.num(cu.compiled(m.loss)(x, y).item()))
