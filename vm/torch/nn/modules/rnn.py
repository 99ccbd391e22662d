# torch.nn.modules.rnn: RNN, LSTM and GRU (layers, bidirectional, batch_first, dropout
# between layers, initial states, packed sequences, unbatched input) and their cells.
# The arithmetic follows ATen's CPU RNN.cpp step for step (input projection precomputed
# for all steps, then per step linear(h, w_hh, b_hh) + projected input, the gate chunks
# in i, f, g, o order for LSTM and r, z, n for GRU), so results are PyTorch's.
import math

import torch
from torch.nn import functional as F
from torch.nn import init
from torch.nn.modules.module import Module, Parameter
from torch.nn.utils.rnn import PackedSequence

_GATES = {"LSTM": 4, "GRU": 3, "RNN_TANH": 1, "RNN_RELU": 1}


def _lstm_step(x_proj, state, w_hh, b_hh):
    h, c = state
    gates = F.linear(h, w_hh, b_hh) + x_proj
    i, f, g, o = gates.chunk(4, 1)
    i = i.sigmoid()
    f = f.sigmoid()
    g = g.tanh()
    o = o.sigmoid()
    cy = f * c + i * g
    return o * cy.tanh(), cy


def _gru_step(x_proj, h, w_hh, b_hh):
    xr, xz, xn = x_proj.chunk(3, 1)
    hr, hz, hn = F.linear(h, w_hh, b_hh).chunk(3, 1)
    r = (hr + xr).sigmoid()
    z = (hz + xz).sigmoid()
    n = (xn + hn * r).tanh()
    return (h - n) * z + n


def _rnn_step(x_proj, h, w_hh, b_hh, relu):
    pre = F.linear(h, w_hh, b_hh) + x_proj
    return pre.relu() if relu else pre.tanh()


class RNNBase(Module):
    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True,
                 batch_first=False, dropout=0.0, bidirectional=False, proj_size=0,
                 device=None, dtype=None):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1
        if (not isinstance(dropout, (int, float)) or isinstance(dropout, bool) or
                not 0 <= dropout <= 1):
            raise ValueError("dropout should be a number in range [0, 1] representing the "
                             "probability of an element being zeroed")
        if not isinstance(hidden_size, int) or isinstance(hidden_size, bool):
            raise TypeError("hidden_size should be of type int, got: " +
                            type(hidden_size).__name__)
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable "
                             "projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")
        if proj_size != 0 and mode != "LSTM":
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if dropout > 0 and num_layers == 1:
            import warnings
            warnings.warn("dropout option adds dropout after all but last recurrent layer, so "
                          "non-zero dropout expects num_layers greater than 1, but got "
                          "dropout={} and num_layers={}".format(dropout, num_layers))
        gate_size = _GATES[mode] * hidden_size
        real_hidden = proj_size if proj_size > 0 else hidden_size
        self._flat_weights_names = []
        self._all_weights = []
        for layer in range(num_layers):
            for direction in range(num_directions):
                layer_input = input_size if layer == 0 else real_hidden * num_directions
                w_ih = Parameter(torch.empty((gate_size, layer_input), dtype=dtype))
                w_hh = Parameter(torch.empty((gate_size, real_hidden), dtype=dtype))
                b_ih = Parameter(torch.empty(gate_size, dtype=dtype))
                b_hh = Parameter(torch.empty(gate_size, dtype=dtype))
                if proj_size == 0:
                    params = (w_ih, w_hh, b_ih, b_hh) if bias else (w_ih, w_hh)
                else:
                    w_hr = Parameter(torch.empty((proj_size, hidden_size), dtype=dtype))
                    params = (w_ih, w_hh, b_ih, b_hh, w_hr) if bias else (w_ih, w_hh, w_hr)
                suffix = "_reverse" if direction == 1 else ""
                names = ["weight_ih_l{}{}", "weight_hh_l{}{}"]
                if bias:
                    names += ["bias_ih_l{}{}", "bias_hh_l{}{}"]
                if proj_size > 0:
                    names += ["weight_hr_l{}{}"]
                names = [n.format(layer, suffix) for n in names]
                for name, param in zip(names, params):
                    setattr(self, name, param)
                self._flat_weights_names.extend(names)
                self._all_weights.append(names)
        self.reset_parameters()

    @property
    def _flat_weights(self):
        return [getattr(self, n) for n in self._flat_weights_names]

    @property
    def all_weights(self):
        return [[getattr(self, n) for n in names] for names in self._all_weights]

    def flatten_parameters(self):
        pass

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def extra_repr(self):
        s = "{}, {}".format(self.input_size, self.hidden_size)
        if self.proj_size != 0:
            s += ", proj_size={}".format(self.proj_size)
        if self.num_layers != 1:
            s += ", num_layers={}".format(self.num_layers)
        if self.bias is not True:
            s += ", bias={}".format(self.bias)
        if self.batch_first is not False:
            s += ", batch_first={}".format(self.batch_first)
        if self.dropout != 0:
            s += ", dropout={}".format(self.dropout)
        if self.bidirectional is not False:
            s += ", bidirectional={}".format(self.bidirectional)
        return s

    # --- one layer, one direction --------------------------------------------------------

    def _weights(self, layer, direction):
        suffix = "_reverse" if direction == 1 else ""
        get = lambda n: getattr(self, n.format(layer, suffix))
        w_ih, w_hh = get("weight_ih_l{}{}"), get("weight_hh_l{}{}")
        b_ih = get("bias_ih_l{}{}") if self.bias else None
        b_hh = get("bias_hh_l{}{}") if self.bias else None
        w_hr = get("weight_hr_l{}{}") if self.proj_size > 0 else None
        return w_ih, w_hh, b_ih, b_hh, w_hr

    def _step(self, x_proj, state, w_hh, b_hh, w_hr):
        if self.mode == "LSTM":
            h, c = _lstm_step(x_proj, state, w_hh, b_hh)
            if w_hr is not None:
                h = F.linear(h, w_hr)
            return (h, c)
        if self.mode == "GRU":
            return _gru_step(x_proj, state, w_hh, b_hh)
        return _rnn_step(x_proj, state, w_hh, b_hh, self.mode == "RNN_RELU")

    def _run_dense(self, x, state, weights, reverse):
        # x: [T, B, I]; state: h or (h, c) of [B, H]. Returns ([T, B, H], final state).
        w_ih, w_hh, b_ih, b_hh, w_hr = weights
        proj = F.linear(x, w_ih, b_ih)
        steps = range(x.size(0) - 1, -1, -1) if reverse else range(x.size(0))
        outs = [None] * x.size(0)
        for t in steps:
            state = self._step(proj[t], state, w_hh, b_hh, w_hr)
            outs[t] = state[0] if self.mode == "LSTM" else state
        return torch.stack(outs, 0), state

    def _run_packed(self, data, sizes, state, weights, reverse):
        # data: [sum(sizes), I] time-major; sizes: python ints, non-increasing.
        w_ih, w_hh, b_ih, b_hh, w_hr = weights
        proj = F.linear(data, w_ih, b_ih)
        lstm = self.mode == "LSTM"
        slice_state = lambda s, a, b: (s[0][a:b], s[1][a:b]) if lstm else s[a:b]
        outs = []
        if not reverse:
            offset = 0
            last = sizes[0]
            done = []
            for b in sizes:
                if b < last:
                    done.append(slice_state(state, b, last))
                    state = slice_state(state, 0, b)
                last = b
                state = self._step(proj[offset:offset + b], state, w_hh, b_hh, w_hr)
                offset += b
                outs.append(state[0] if lstm else state)
            done.append(state)
            done.reverse()
            if lstm:
                final = (torch.cat([d[0] for d in done], 0), torch.cat([d[1] for d in done], 0))
            else:
                final = torch.cat(done, 0)
            return torch.cat(outs, 0), final
        full = state
        offset = data.size(0)
        last = sizes[-1]
        state = slice_state(full, 0, last)
        for b in reversed(sizes):
            if b > last:
                extra = slice_state(full, last, b)
                if lstm:
                    state = (torch.cat([state[0], extra[0]], 0),
                             torch.cat([state[1], extra[1]], 0))
                else:
                    state = torch.cat([state, extra], 0)
            state = self._step(proj[offset - b:offset], state, w_hh, b_hh, w_hr)
            offset -= b
            last = b
            outs.append(state[0] if lstm else state)
        outs.reverse()
        return torch.cat(outs, 0), state

    # --- forward ---------------------------------------------------------------------

    def _check_input(self, input, batch_sizes):
        expected = 2 if batch_sizes is not None else 3
        if input.dim() != expected:
            raise RuntimeError("input must have {} dimensions, got {}".format(
                expected, input.dim()))
        if self.input_size != input.size(-1):
            raise RuntimeError("input.size(-1) must be equal to input_size. Expected {}, "
                               "got {}".format(self.input_size, input.size(-1)))

    def _check_hidden(self, hx, expected, msg="Expected hidden size {}, got {}"):
        if tuple(hx.shape) != expected:
            raise RuntimeError(msg.format(tuple(expected), list(hx.shape)))

    def forward(self, input, hx=None):
        lstm = self.mode == "LSTM"
        num_directions = 2 if self.bidirectional else 1
        real_hidden = self.proj_size if self.proj_size > 0 else self.hidden_size
        packed = isinstance(input, PackedSequence)
        if packed:
            data, batch_sizes, sorted_indices, unsorted_indices = input
            sizes = batch_sizes.tolist()
            max_batch = sizes[0]
            is_batched = True
        else:
            batch_sizes = None
            name = "LSTM" if lstm else ("GRU" if self.mode == "GRU" else "RNN")
            if input.dim() not in (2, 3):
                raise ValueError("{}: Expected input to be 2-D or 3-D but received {}-D "
                                 "tensor".format(name, input.dim()))
            is_batched = input.dim() == 3
            if not is_batched:
                input = input.unsqueeze(1)
                if hx is not None:
                    if lstm:
                        if hx[0].dim() != 2 or hx[1].dim() != 2:
                            raise RuntimeError(
                                "For unbatched 2-D input, hx and cx should also be 2-D but "
                                "got ({}-D, {}-D) tensors".format(hx[0].dim(), hx[1].dim()))
                        hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
                    else:
                        if hx.dim() != 2:
                            raise RuntimeError("For unbatched 2-D input, hx should also be "
                                               "2-D but got {}-D tensor".format(hx.dim()))
                        hx = hx.unsqueeze(1)
            elif self.batch_first:
                input = input.transpose(0, 1)
            sorted_indices = unsorted_indices = None
            max_batch = input.size(1)
            data = input
        self._check_input(data, batch_sizes)
        if hx is None:
            h0 = torch.zeros(self.num_layers * num_directions, max_batch, real_hidden,
                             dtype=data.dtype)
            if lstm:
                hx = (h0, torch.zeros(self.num_layers * num_directions, max_batch,
                                      self.hidden_size, dtype=data.dtype))
            else:
                hx = h0
        elif sorted_indices is not None:
            if lstm:
                hx = (hx[0].index_select(1, sorted_indices), hx[1].index_select(1, sorted_indices))
            else:
                hx = hx.index_select(1, sorted_indices)
        if lstm:
            self._check_hidden(hx[0], (self.num_layers * num_directions, max_batch, real_hidden))
            self._check_hidden(hx[1], (self.num_layers * num_directions, max_batch,
                                       self.hidden_size), "Expected hidden[1] size {}, got {}")
        else:
            self._check_hidden(hx, (self.num_layers * num_directions, max_batch, real_hidden))
        layer_input = data
        finals = []
        for layer in range(self.num_layers):
            outs = []
            for direction in range(num_directions):
                k = layer * num_directions + direction
                state = (hx[0][k], hx[1][k]) if lstm else hx[k]
                weights = self._weights(layer, direction)
                if packed:
                    out, state = self._run_packed(layer_input, sizes, state, weights,
                                                  direction == 1)
                else:
                    out, state = self._run_dense(layer_input, state, weights, direction == 1)
                outs.append(out)
                finals.append(state)
            layer_input = outs[0] if num_directions == 1 else torch.cat(outs, -1)
            if self.dropout != 0 and self.training and layer < self.num_layers - 1:
                layer_input = F.dropout(layer_input, p=self.dropout, training=True)
        if lstm:
            h_n = torch.stack([s[0] for s in finals], 0)
            c_n = torch.stack([s[1] for s in finals], 0)
        else:
            h_n = torch.stack(finals, 0)
        if packed:
            output = PackedSequence(layer_input, batch_sizes, sorted_indices, unsorted_indices)
            if unsorted_indices is not None:
                if lstm:
                    h_n = h_n.index_select(1, unsorted_indices)
                    c_n = c_n.index_select(1, unsorted_indices)
                else:
                    h_n = h_n.index_select(1, unsorted_indices)
        else:
            output = layer_input
            if not is_batched:
                output = output.squeeze(1)
                h_n = h_n.squeeze(1)
                if lstm:
                    c_n = c_n.squeeze(1)
            elif self.batch_first:
                output = output.transpose(0, 1)
        return output, ((h_n, c_n) if lstm else h_n)


class RNN(RNNBase):
    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            self_nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self_nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if self_nonlinearity == "tanh":
            mode = "RNN_TANH"
        elif self_nonlinearity == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError("Unknown nonlinearity '{}'. Select from 'tanh' or 'relu'.".format(
                self_nonlinearity))
        super().__init__(mode, *args, **kwargs)
        self.nonlinearity = self_nonlinearity


class LSTM(RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)


class GRU(RNNBase):
    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)


class RNNCellBase(Module):
    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.weight_ih = Parameter(torch.empty((num_chunks * hidden_size, input_size),
                                               dtype=dtype))
        self.weight_hh = Parameter(torch.empty((num_chunks * hidden_size, hidden_size),
                                               dtype=dtype))
        if bias:
            self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, dtype=dtype))
            self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, dtype=dtype))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()

    def extra_repr(self):
        s = "{}, {}".format(self.input_size, self.hidden_size)
        if self.bias is not True:
            s += ", bias={}".format(self.bias)
        if getattr(self, "nonlinearity", "tanh") != "tanh":
            s += ", nonlinearity={}".format(self.nonlinearity)
        return s

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _prepare(self, input, hx, name):
        if input.dim() not in (1, 2):
            raise ValueError("{}: Expected input to be 1-D or 2-D but received {}-D "
                             "tensor".format(name, input.dim()))
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        return input, is_batched


class RNNCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None,
                 dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        input, is_batched = self._prepare(input, hx, "RNNCell")
        if hx is None:
            hx = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype)
        elif not is_batched:
            hx = hx.unsqueeze(0)
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError("Unknown nonlinearity: {}".format(self.nonlinearity))
        pre = F.linear(input, self.weight_ih, self.bias_ih)
        ret = _rnn_step(pre, hx, self.weight_hh, self.bias_hh, self.nonlinearity == "relu")
        return ret if is_batched else ret.squeeze(0)


class LSTMCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, dtype=dtype)

    def forward(self, input, hx=None):
        input, is_batched = self._prepare(input, hx, "LSTMCell")
        if hx is None:
            zeros = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype)
            hx = (zeros, zeros)
        elif not is_batched:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0))
        pre = F.linear(input, self.weight_ih, self.bias_ih)
        h, c = _lstm_step(pre, hx, self.weight_hh, self.bias_hh)
        return (h, c) if is_batched else (h.squeeze(0), c.squeeze(0))


class GRUCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, dtype=dtype)

    def forward(self, input, hx=None):
        input, is_batched = self._prepare(input, hx, "GRUCell")
        if hx is None:
            hx = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype)
        elif not is_batched:
            hx = hx.unsqueeze(0)
        pre = F.linear(input, self.weight_ih, self.bias_ih)
        ret = _gru_step(pre, hx, self.weight_hh, self.bias_hh)
        return ret if is_batched else ret.squeeze(0)
