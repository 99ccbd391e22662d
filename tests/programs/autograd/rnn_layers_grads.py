# Gradients through nn.RNN / nn.LSTM / nn.GRU layers: multi-layer, bidirectional,
# batch_first, an initial state, and LSTM proj_size; the outputs and final states
# both feed the loss.
import torch
import torch.nn as nn

torch.manual_seed(0)
torch._dynamo.config.recompile_limit = 64


def r(t):
    return (torch.round(t.detach() * 1e4) / 1e4 + 0.0).tolist()


def run(name, mod, x, state=None):
    out, hn = mod(x) if state is None else mod(x, state)
    if isinstance(hn, tuple):
        loss = out.pow(2).sum() + hn[0].sum() + 0.5 * hn[1].sum()
    else:
        loss = out.pow(2).sum() + hn.sum()
    loss.backward()
    print(name, tuple(out.shape), round(loss.item(), 6))
    print("  x", r(x.grad.sum(tuple(range(x.dim() - 1)))))
    if state is not None:
        st = state[0] if isinstance(state, tuple) else state
        print("  h0", r(st.grad.sum(0)))
    for pname, p in mod.named_parameters():
        print("  " + pname, round(float(p.grad.sum()), 6) + 0.0)


def inp(*shape):
    return torch.randn(*shape, dtype=torch.float64, requires_grad=True)


torch.manual_seed(9)
run("rnn", nn.RNN(3, 4).double(), inp(5, 2, 3))
run("rnn_2l_relu", nn.RNN(3, 2, num_layers=2, nonlinearity="relu").double(), inp(4, 2, 3),
    inp(2, 2, 2))
run("lstm", nn.LSTM(3, 2).double(), inp(4, 2, 3))
run("lstm_bi_bf", nn.LSTM(3, 2, bidirectional=True, batch_first=True).double(), inp(2, 4, 3),
    (inp(2, 2, 2), inp(2, 2, 2)))
run("lstm_2l", nn.LSTM(2, 3, num_layers=2).double(), inp(3, 1, 2))
run("lstm_proj", nn.LSTM(3, 4, proj_size=2).double(), inp(3, 2, 3))
run("gru", nn.GRU(3, 2).double(), inp(4, 2, 3), inp(1, 2, 2))
run("gru_bi_2l", nn.GRU(2, 2, num_layers=2, bidirectional=True).double(), inp(3, 2, 2))
run("gru_unbatched", nn.GRU(3, 2).double(), inp(4, 3))
