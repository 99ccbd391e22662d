# jidasheng/bi-lstm-crf (bi_lstm_crf/model/model.py, crf.py): BiLSTM and BiGRU CRF taggers
# with packed padded sequences, the CRF forward algorithm (loss) and Viterbi decoding.
# Training (M16): 5 Adam steps on m.loss, eagerly and compiled, then Viterbi decoding.
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

# Training: 5 Adam steps on m.loss (the CRF forward algorithm minus the gold path score)
# for both RNNs, eagerly and with the loss compiled, then the Viterbi decode of the trained
# model. (Under wick the driver stops earlier, at Viterbi's Tensor.numpy().)


class Loss(torch.nn.Module):
    """m.loss as a module's forward, so that the compiled side compiles the loss."""

    def __init__(self, tagger):
        super().__init__()
        self.tagger = tagger

    def forward(self, xs, tags):
        return self.tagger.loss(xs, tags)


for rnn in ("lstm", "gru"):
    torch.manual_seed(1)
    m = BiRnnCrf(vocab_size=50, tagset_size=5, embedding_dim=16, hidden_dim=32, num_rnn_layers=2,
                 rnn=rnn)
    m.train()
    trained, _ = cu.train_both(rnn + " train", Loss(m), lambda ps: torch.optim.Adam(ps, lr=1e-3),
                               lambda fwd, step: fwd(x, y), steps=5, grad="tagger.crf.transitions")
    trained.eval()
    with torch.no_grad():
        scores, paths = trained.tagger(x)
        print(rnn, "trained scores", [cu.num(v) for v in scores.tolist()])
        print(rnn, "trained paths", paths)
