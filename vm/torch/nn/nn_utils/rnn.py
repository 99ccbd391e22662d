# torch.nn.utils.rnn: PackedSequence and the pack/pad helpers, with PyTorch 1.13's layout
# (time-major data, batch_sizes per step, sorted/unsorted permutations) and messages.
from collections import namedtuple

import torch


class PackedSequence(namedtuple("PackedSequence",
                                ["data", "batch_sizes", "sorted_indices", "unsorted_indices"])):
    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        if unsorted_indices is None:
            unsorted_indices = invert_permutation(sorted_indices)
        if batch_sizes is not None:
            return super().__new__(cls, data, batch_sizes, sorted_indices, unsorted_indices)
        # PackedSequence(data, batch_sizes) spelled as one tuple.
        return super().__new__(cls, data[0], data[1], sorted_indices, unsorted_indices)

    def to(self, *args, **kwargs):
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        return type(self)(data, self.batch_sizes, self.sorted_indices, self.unsorted_indices)

    @property
    def is_cuda(self):
        return False

    def is_pinned(self):
        return False


def invert_permutation(permutation):
    if permutation is None:
        return None
    output = torch.empty_like(permutation)
    output.scatter_(0, permutation, torch.arange(0, permutation.numel()))
    return output


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    if not isinstance(lengths, torch.Tensor):
        lengths = torch.as_tensor(lengths, dtype=torch.int64)
    else:
        lengths = lengths.to(torch.int64)
    if enforce_sorted:
        sorted_indices = None
    else:
        lengths, sorted_indices = torch.sort(lengths, descending=True)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    if batch_first:
        input = input.transpose(0, 1)
    n = lengths.tolist()
    if len(n) != input.size(1):
        raise RuntimeError("Expected `len(lengths)` to be equal to batch_size, but got " +
                           str(len(n)) + " (batch_size=" + str(input.size(1)) + ")")
    if n and n[-1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an "
                           "element in 'lengths' that is <= 0")
    for i in range(len(n) - 1):
        if n[i] < n[i + 1]:
            raise RuntimeError(
                "`lengths` array must be sorted in decreasing order when `enforce_sorted` is "
                "True. You can pass `enforce_sorted=False` to pack_padded_sequence and/or "
                "pack_sequence to sidestep this requirement if you do not need ONNX "
                "exportability.")
    if n and n[0] > input.size(0):
        raise RuntimeError("Expected sequence length to be larger than or equal to the "
                           "longest sequence length in lengths")
    steps = n[0] if n else 0
    batch_sizes = []
    pieces = []
    for t in range(steps):
        b = 0
        while b < len(n) and n[b] > t:
            b += 1
        batch_sizes.append(b)
        pieces.append(input[t, :b])
    data = torch.cat(pieces, 0)
    return PackedSequence(data, torch.tensor(batch_sizes, dtype=torch.int64), sorted_indices,
                          None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    sizes = sequence.batch_sizes.tolist()
    max_batch = sizes[0]
    max_len = len(sizes)
    if total_length is not None:
        if total_length < max_len:
            raise ValueError("Expected total_length to be at least the length of the longest "
                             "sequence in input, but got total_length=" + str(total_length) +
                             " and max sequence length being " + str(max_len))
        max_len = total_length
    data = sequence.data
    out = torch.full((max_len, max_batch) + tuple(data.shape[1:]), padding_value,
                     dtype=data.dtype)
    offset = 0
    lengths = [0] * max_batch
    for t, b in enumerate(sizes):
        out[t, :b] = data[offset:offset + b]
        offset += b
        for i in range(b):
            lengths[i] += 1
    lengths = torch.tensor(lengths, dtype=torch.int64)
    if batch_first:
        out = out.transpose(0, 1)
    if sequence.unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return out.index_select(batch_dim, sequence.unsorted_indices), \
            lengths[sequence.unsorted_indices]
    return out, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0):
    if isinstance(sequences, torch.Tensor):
        sequences = sequences.unbind(0)
    max_len = max(s.size(0) for s in sequences)
    trailing = tuple(sequences[0].shape[1:])
    out = torch.full((len(sequences), max_len) + trailing, padding_value,
                     dtype=sequences[0].dtype)
    for i, s in enumerate(sequences):
        out[i, :s.size(0)] = s
    return out if batch_first else out.transpose(0, 1)


def pack_sequence(sequences, enforce_sorted=True):
    lengths = torch.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths,
                                enforce_sorted=enforce_sorted)
